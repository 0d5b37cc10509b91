package audit

import (
	"fmt"
	"runtime"
	"sort"
	"sync"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/sessions"
)

// Options tune an audit.
type Options struct {
	// Version is written into the report.
	Version string
}

// RoleSummary is the role given to facts of a compaction summary.
const RoleSummary = "summary"

// Run audits every compaction round of s. It is deterministic: the same session
// gives the same report.
func Run(s *sessions.Session, opt Options) *Report {
	r := &Report{Schema: Schema, Tool: "compaudit", Version: opt.Version, Session: s.ID, File: s.Path, Format: s.Format, Encoding: TokenEncoding, Warnings: append([]string{}, s.Warnings...)}
	s.Index() // lookups are read-only from here on, so rounds can be audited in parallel
	ex := newExtractor(s)
	ex.prefetch()
	// each round is judged on its own (its facts are already extracted): the rounds run
	// side by side and land in their own slots, so the report is the same as in order
	rounds := s.Rounds()
	r.Rounds = make([]Round, len(rounds))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, runtime.GOMAXPROCS(0)))
	for i, c := range rounds {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, c *sessions.Compaction) {
			defer func() { <-sem; wg.Done() }()
			r.Rounds[i] = auditRound(s, c, ex)
		}(i, c)
	}
	wg.Wait()
	r.Invariants = trackInvariants(s, r, ex)
	r.Checks = runChecks(s, r, ex)
	r.Summary = summarize(s, r)
	return r
}

// extractor caches the facts of each message and summary.
type extractor struct {
	s     *sessions.Session
	mu    sync.RWMutex
	facts map[string][]classify.Fact
	dfMu  sync.Mutex
	msgDF map[string]int // in how many messages each content word occurs (built on first use)
}

// prefetch extracts every message and summary, spread over the CPUs.
func (e *extractor) prefetch() {
	var ids []string
	for _, m := range e.s.Messages {
		ids = append(ids, m.ID)
	}
	for _, c := range e.s.Compactions {
		ids = append(ids, c.ID)
	}
	out := make([][]classify.Fact, len(ids))
	var wg sync.WaitGroup
	workers := max(1, runtime.GOMAXPROCS(0))
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(ids); i += workers {
				out[i] = e.extract(ids[i])
			}
		}(w)
	}
	wg.Wait()
	e.mu.Lock()
	for i, id := range ids {
		if _, ok := e.facts[id]; !ok {
			e.facts[id] = out[i]
		}
	}
	e.mu.Unlock()
}

// messageDF: in how many of the session's messages w occurs.
func (e *extractor) messageDF(w string) int {
	e.dfMu.Lock()
	defer e.dfMu.Unlock()
	if e.msgDF == nil {
		e.msgDF = map[string]int{}
		for _, m := range e.s.Messages {
			seen := map[string]bool{}
			for _, f := range e.of(m.ID) {
				for _, x := range f.Words {
					if !seen[x] {
						seen[x] = true
						e.msgDF[x]++
					}
				}
			}
		}
	}
	return e.msgDF[w]
}

func newExtractor(s *sessions.Session) *extractor {
	return &extractor{s: s, facts: map[string][]classify.Fact{}}
}

// of returns the facts of a message or compaction id.
func (e *extractor) of(id string) []classify.Fact {
	e.mu.RLock()
	fs, ok := e.facts[id]
	e.mu.RUnlock()
	if ok {
		return fs
	}
	fs = e.extract(id)
	e.mu.Lock()
	e.facts[id] = fs
	e.mu.Unlock()
	return fs
}

// extract classifies the text of a message or compaction id (nil when unknown).
func (e *extractor) extract(id string) []classify.Fact {
	var fs []classify.Fact
	if c := e.s.Compaction(id); c != nil {
		if !c.Opaque {
			fs = classify.Extract(id, RoleSummary, c.Summary)
		}
	} else if m := e.s.Message(id); m != nil {
		role := m.Role
		if m.Kind == sessions.KindToolCall || m.Kind == sessions.KindToolResult || m.Kind == sessions.KindImage {
			role = "tool" // a tool call's input is an action's record, read like tool output
		}
		fs = classify.Extract(id, role, m.Text)
	}
	return fs
}

// collect concatenates the facts of ids, renumbering them.
func (e *extractor) collect(ids []string) []classify.Fact {
	var out []classify.Fact
	for _, id := range ids {
		for _, f := range e.of(id) {
			f.Index = len(out)
			out = append(out, f)
		}
	}
	return out
}

func auditRound(s *sessions.Session, c *sessions.Compaction, ex *extractor) Round {
	rd := Round{Round: c.Round, ID: c.ID, Parent: c.Parent, Opaque: c.Opaque, Depth: s.Depth(c),
		Policy: c.Policy, Model: c.Model, Trigger: c.Trigger,
		Sources: append([]string{}, c.Sources...), NewMessages: s.NewMessages(c),
		Findings: []Finding{}, Cumulative: []Finding{}}
	if rd.Parent == "" {
		if ps := s.ParentCompactions(c); len(ps) > 0 {
			rd.Parent = ps[0].ID
		}
	}
	if rd.NewMessages == nil {
		rd.NewMessages = []string{}
	}
	rd.Tokens = roundTokens(s, c)
	if c.Opaque {
		rd.Survival = []Survival{}
		rd.CumulativeSurvival = []Survival{}
		rd.Counts = countFindings(nil)
		return rd
	}
	src := ex.collect(c.Sources)
	sum := ex.collect([]string{c.ID})
	j := newJudge(src, sum)
	rd.SourceFacts, rd.SummaryFacts = src, sum
	rd.Findings, rd.Pairs = j.run()
	retiredOmissions(s, c, rd.Findings)
	rd.Survival = survival(src, rd.Pairs, rd.Findings)

	// Cumulative: the original messages against this summary.
	orig := s.OriginalMessages(c)
	if c.Round > 1 || len(orig) != len(rd.NewMessages) {
		of := ex.collect(orig)
		cj := newJudge(of, sum)
		cj.cumulative = true
		cf, cp := cj.run()
		rd.CumulativeFacts, rd.CumulativePairs = of, cp
		rd.CumulativeSurvival = survival(of, cp, cf)
		rd.Cumulative = novelCumulative(cf, rd.Findings)
	} else {
		rd.CumulativeFacts, rd.CumulativePairs = src, rd.Pairs
		rd.CumulativeSurvival = rd.Survival
	}
	rd.Counts = countFindings(rd.Findings)
	return rd
}

// retiredOmissions lowers to info the omissions of facts that state a manifest
// invariant retired at or before this round: its disappearance is expected.
func retiredOmissions(s *sessions.Session, c *sessions.Compaction, fs []Finding) {
	if s.Manifest == nil || len(s.Manifest.Events) == 0 {
		return
	}
	last := s.LastSourceIndex(c)
	for _, inv := range s.Manifest.Invariants {
		at, reason, ok := retirement(s, inv.ID)
		if !ok || at > last {
			continue
		}
		iw := classify.ContentWords(inv.Text)
		for k := range fs {
			f := &fs[k]
			if f.Family != Omission || f.Source == nil || f.Severity == SevInfo {
				continue
			}
			if wordShare(iw, classify.ContentWords(f.Source.Text)) >= 0.6 {
				f.Severity = SevInfo
				f.Invariant = inv.ID
				f.Detail += fmt.Sprintf("; invariant %s was retired (%s)", inv.ID, reason)
			}
		}
	}
}

// wordShare is the share of a's words found in b.
func wordShare(a, b []string) float64 {
	if len(a) == 0 {
		return 0
	}
	have := map[string]bool{}
	for _, w := range b {
		have[w] = true
	}
	n := 0
	for _, w := range a {
		if have[w] {
			n++
		}
	}
	return float64(n) / float64(len(a))
}

// novelCumulative keeps the cumulative omissions and mutations (warning or worse) of
// facts the per-round audit did not already report: losses that bled through rounds.
func novelCumulative(cum, perRound []Finding) []Finding {
	seen := map[string]bool{}
	for _, f := range perRound {
		if f.Source != nil {
			seen[f.Source.Text] = true
		}
	}
	out := []Finding{}
	for _, f := range cum {
		if f.Family != Omission && f.Family != Mutation {
			continue
		}
		if SeverityRank(f.Severity) < SeverityRank(SevWarning) || f.Source == nil || seen[f.Source.Text] {
			continue
		}
		out = append(out, f)
	}
	return out
}

func countFindings(fs []Finding) Counts {
	c := Counts{ByFamily: map[string]int{}, BySeverity: map[string]int{}}
	for _, f := range Families {
		c.ByFamily[f] = 0
	}
	for _, s := range []string{SevError, SevWarning, SevInfo} {
		c.BySeverity[s] = 0
	}
	for _, f := range fs {
		c.ByFamily[f.Family]++
		c.BySeverity[f.Severity]++
	}
	return c
}

// survival counts, per class, the source facts kept (paired, and not mutated or
// collapsed) of the total.
func survival(src []classify.Fact, pairs []Pair, fs []Finding) []Survival {
	kept := make([]bool, len(src))
	for _, p := range pairs {
		if p.Source >= 0 && p.Summary >= 0 {
			kept[p.Source] = true
		}
	}
	for _, f := range fs {
		if f.Source != nil && f.Family != Addition && SeverityRank(f.Severity) >= SeverityRank(SevWarning) {
			kept[f.Source.Fact] = false
		}
	}
	var out []Survival
	for _, cl := range classify.AllClasses {
		sv := Survival{Class: cl}
		for i := range src {
			if src[i].Has(cl) {
				sv.Total++
				if kept[i] {
					sv.Kept++
				}
			}
		}
		out = append(out, sv)
	}
	return out
}

func summarize(s *sessions.Session, r *Report) Summary {
	sm := Summary{Rounds: len(r.Rounds), Messages: len(s.Messages), ByFamily: map[string]int{}, BySeverity: map[string]int{}}
	for _, f := range Families {
		sm.ByFamily[f] = 0
	}
	for _, sv := range []string{SevError, SevWarning, SevInfo} {
		sm.BySeverity[sv] = 0
	}
	worst := 0
	for _, rd := range r.Rounds {
		if rd.Opaque {
			sm.OpaqueRounds++
		}
		for _, f := range rd.Findings {
			sm.Findings++
			sm.ByFamily[f.Family]++
			sm.BySeverity[f.Severity]++
			if SeverityRank(f.Severity) > worst {
				worst = SeverityRank(f.Severity)
			}
		}
	}
	for _, inv := range r.Invariants {
		if inv.Flagged {
			sm.Flagged++
		}
	}
	for _, c := range r.Checks {
		if !c.Passed {
			sm.FailedChecks++
		}
	}
	switch worst {
	case 3:
		sm.Worst = SevError
	case 2:
		sm.Worst = SevWarning
	case 1:
		sm.Worst = SevInfo
	default:
		sm.Worst = "none"
	}
	return sm
}

// sortFindings orders findings worst first, then by family, then by position.
func sortFindings(fs []Finding) {
	fam := map[string]int{}
	for i, f := range Families {
		fam[f] = i
	}
	pos := func(f Finding) (int, int) {
		a, b := 1<<30, 1<<30
		if f.Source != nil {
			a = f.Source.Fact
		}
		if f.Summary != nil {
			b = f.Summary.Fact
		}
		return a, b
	}
	sort.SliceStable(fs, func(i, j int) bool {
		if x, y := SeverityRank(fs[i].Severity), SeverityRank(fs[j].Severity); x != y {
			return x > y
		}
		if fam[fs[i].Family] != fam[fs[j].Family] {
			return fam[fs[i].Family] < fam[fs[j].Family]
		}
		a1, b1 := pos(fs[i])
		a2, b2 := pos(fs[j])
		if a1 != a2 {
			return a1 < a2
		}
		return b1 < b2
	})
}

func side(f *classify.Fact) *Side {
	return &Side{Text: f.Text, Message: f.Message, Role: f.Role, Fact: f.Index, Classes: f.Classes, Tokens: f.Tokens,
		Status: f.Status, Provenance: f.Provenance, Modality: f.Modality, Qualifiers: f.Qualifiers}
}
