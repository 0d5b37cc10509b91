// Package perturb generates labelled perturbations of faithful compaction summaries (in
// the FactCC manner): one planted change per case, each with the failure family an audit
// must report, and meaning-preserving rewrites as traps an audit must stay quiet on.
//
// Every word the site finders look for or write comes from the suite's own lists
// (lists/*.txt), never from the engine's lexicon. The package imports only sessions.
package perturb

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"strings"

	"github.com/compaudit/compaudit/sessions"
)

// Families an audit reports (the names of report/v1).
const (
	Mutation          = "mutation"
	Addition          = "addition"
	EpistemicCollapse = "epistemic_collapse"
	ProvenanceLoss    = "provenance_loss"
)

// Text is one corpus text: a faithful summary.
type Text struct {
	Name string
	Body string
}

// Change is the one planted change of a case.
type Change struct {
	Kind string `json:"kind"`
	// Families are the families a finding may report it under (two where both readings are fair).
	Families []string `json:"families,omitempty"`
	// Trap marks a meaning-preserving rewrite: nothing at warning or above may be reported.
	Trap bool `json:"trap,omitempty"`
	// Variant says which list entry or sub-kind made the change.
	Variant string `json:"variant,omitempty"`
	// Start and End are the byte range of Old in the source text; New replaces it.
	Start int    `json:"start"`
	End   int    `json:"end"`
	Old   string `json:"old"`
	New   string `json:"new"`
	// Line is the 1-based line of the change in the source text.
	Line int `json:"line"`
	// SourceAnchor occurs once in the source text and covers the original span
	// ("" for an insertion); SummaryAnchor occurs once in the changed summary and covers
	// the new span (or, for a deletion, the words either side of it).
	SourceAnchor  string `json:"source_anchor,omitempty"`
	SummaryAnchor string `json:"summary_anchor,omitempty"`
}

// Case is one generated session: a source text S and a summary S' with one change.
type Case struct {
	ID      string `json:"id"`
	Corpus  string `json:"corpus"`
	Source  string `json:"source"`
	Summary string `json:"summary"`
	Change  Change `json:"change"`
}

// Session builds the case's session: message m1 (assistant) holds S; round 1 (c1) is a
// verbatim summary of m1; round 2 (c2) summarises c1 as S'.
func (c Case) Session() *sessions.Session {
	s := &sessions.Session{
		ID: "perturb-" + strings.ReplaceAll(c.ID, "/", "-"), Path: "perturb/" + c.ID, Format: sessions.NativeFormat,
		Messages: []sessions.Message{{ID: "m1", Role: sessions.RoleAssistant, Text: c.Source}},
		Compactions: []sessions.Compaction{
			{ID: "c1", Round: 1, Sources: []string{"m1"}, Summary: c.Source},
			{ID: "c2", Round: 2, Parent: "c1", Sources: []string{"c1"}, Summary: c.Summary},
		},
	}
	s.Index()
	return s
}

// Norm is the normal form both sides of a match are compared in: lower case, no `*` or
// backtick, every run of white space one blank, trimmed.
func Norm(s string) string {
	s = strings.ToLower(s)
	s = strings.NewReplacer("*", "", "`", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// AtSite reports whether a finding whose sides quote sourceText and summaryText points
// at the planted change: its summary side contains SummaryAnchor, or its source side
// contains SourceAnchor (both in Norm form; an empty side or anchor never matches).
func (ch Change) AtSite(sourceText, summaryText string) bool {
	if ch.SummaryAnchor != "" && summaryText != "" && strings.Contains(Norm(summaryText), Norm(ch.SummaryAnchor)) {
		return true
	}
	return ch.SourceAnchor != "" && sourceText != "" && strings.Contains(Norm(sourceText), Norm(ch.SourceAnchor))
}

// Accepts reports whether family is one the change may be reported under.
func (ch Change) Accepts(family string) bool {
	for _, f := range ch.Families {
		if f == family {
			return true
		}
	}
	return false
}

// Kind is one perturbation kind.
type Kind struct {
	Name     string
	Families []string
	Trap     bool
	Doc      string
	// allowCode lets the kind change text inside `inline code` (ids and paths only).
	allowCode bool
	find      func(d *doc) []site
}

// site is one candidate change in a text.
type site struct {
	start, end int
	repl       string
	families   []string // overrides the kind's families when set
	note       string
	// anchor overrides the summary anchor (insertions: the inserted claim).
	anchor string
	// multiLine allows a change across lines (reorderings).
	multiLine bool
	// head allows a change on a heading line (heading rewording).
	head bool
}

// Kinds lists every kind, planted kinds first, in a stable order.
func Kinds() []Kind { return append(append([]Kind{}, planted...), traps...) }

// KindByName returns the kind named name.
func KindByName(name string) (Kind, bool) {
	for _, k := range Kinds() {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// Generate builds up to n cases of kind from corpus, the same for the same seed: it
// collects every valid site of every text, then takes texts in a seeded order, one site
// a text in turn, so the cases spread over the corpus.
func Generate(corpus []Text, kind string, n int, seed uint64) ([]Case, error) {
	if listErr != nil {
		return nil, listErr
	}
	k, ok := KindByName(kind)
	if !ok {
		return nil, fmt.Errorf("perturb: no kind %q", kind)
	}
	texts := append([]Text{}, corpus...)
	sort.Slice(texts, func(i, j int) bool { return texts[i].Name < texts[j].Name })
	per := make([][]Case, len(texts))
	for i, t := range texts {
		per[i] = k.cases(parse(t.Name, t.Body))
	}
	h := fnv.New64a()
	h.Write([]byte(kind))
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	order := rng.Perm(len(texts))
	for _, i := range order {
		rng.Shuffle(len(per[i]), func(a, b int) { per[i][a], per[i][b] = per[i][b], per[i][a] })
	}
	var out []Case
	for round := 0; len(out) < n; round++ {
		took := false
		for _, i := range order {
			if round < len(per[i]) && len(out) < n {
				c := per[i][round]
				c.ID = fmt.Sprintf("%s/%02d", kind, len(out)+1)
				out = append(out, c)
				took = true
			}
		}
		if !took {
			break
		}
	}
	return out, nil
}

// cases turns the kind's sites in d into cases, dropping the ones that cannot be
// planted cleanly: outside prose, across lines, no-ops, or with no unique anchor.
func (k Kind) cases(d *doc) []Case {
	var out []Case
	seen := map[string]bool{}
	for _, s := range k.find(d) {
		c, ok := k.build(d, s)
		if !ok || seen[c.Summary] {
			continue
		}
		seen[c.Summary] = true
		out = append(out, c)
	}
	return out
}

func (k Kind) build(d *doc, s site) (Case, bool) {
	if !k.applies(d, s) {
		return Case{}, false
	}
	old := d.text[s.start:s.end]
	li := d.lineAt(s.start)
	summary := d.text[:s.start] + s.repl + d.text[s.end:]
	fam := k.Families
	if len(s.families) > 0 {
		fam = s.families
	}
	ch := Change{Kind: k.Name, Families: fam, Trap: k.Trap, Variant: s.note, Start: s.start, End: s.end, Old: old, New: s.repl, Line: li + 1}
	if !k.anchor(&ch, d, s, summary) {
		return Case{}, false
	}
	return Case{Corpus: d.name, Source: d.text, Summary: summary, Change: ch}, true
}

// applies reports whether site s is a change k may make in d: in range, a real
// change, on one plain line (unless multi-line), and outside code unless allowed.
func (k Kind) applies(d *doc, s site) bool {
	if s.start < 0 || s.end < s.start || s.end > len(d.text) {
		return false
	}
	if d.text[s.start:s.end] == s.repl {
		return false
	}
	l := d.lines[d.lineAt(s.start)]
	if l.fence || l.boiler || l.head != s.head || !s.multiLine && (s.end > l.end || !s.head && s.end > s.start && s.start < l.body) {
		return false
	}
	return k.allowCode || !d.inCode(s.start, s.end)
}

// anchor sets the change's source and summary anchors (the words that differ, not
// what old and new share). It reports false when the change cannot be anchored
// unambiguously.
func (k Kind) anchor(ch *Change, d *doc, s site, summary string) bool {
	old := ch.Old
	p, q := commonEnds(old, s.repl)
	if old != "" {
		ch.SourceAnchor, _ = anchorAt(d.text, d.norm, s.start+p, s.end-q)
	}
	sumNorm := Norm(summary)
	if s.anchor != "" {
		if strings.Count(sumNorm, Norm(s.anchor)) != 1 || strings.Contains(d.norm, Norm(s.anchor)) {
			return false
		}
		ch.SummaryAnchor = s.anchor
	} else {
		ch.SummaryAnchor, _ = anchorAt(summary, sumNorm, s.start+p, s.start+len(s.repl)-q)
	}
	if !k.Trap && ch.SummaryAnchor == "" && ch.SourceAnchor == "" {
		return false
	}
	// a change that leaves an anchor also present on the other side is ambiguous
	return !(ch.SummaryAnchor != "" && old != "" && s.repl != "" && containsWhole(d.norm, Norm(ch.SummaryAnchor)) && !k.Trap)
}

// commonEnds returns the lengths of the longest common prefix and suffix of a and b
// that do not overlap.
func commonEnds(a, b string) (int, int) {
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	q := 0
	for q < len(a)-p && q < len(b)-p && a[len(a)-1-q] == b[len(b)-1-q] {
		q++
	}
	return p, q
}

// containsWhole reports whether needle occurs in hay with no word character (or a
// decimal point followed by one) glued to either end.
func containsWhole(hay, needle string) bool {
	for i := 0; ; {
		j := strings.Index(hay[i:], needle)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(needle)
		left := a == 0 || !isWord(rune(hay[a-1]))
		right := b == len(hay) || !isWord(rune(hay[b])) && !(strings.ContainsRune(".,", rune(hay[b])) && b+1 < len(hay) && isWord(rune(hay[b+1])))
		if left && right {
			return true
		}
		i = a + 1
	}
}
