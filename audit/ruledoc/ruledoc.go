// Package ruledoc shows the engine's rule registry to people and tools, the way linters
// document their checks: the list of rules, one rule with its doc and examples, JSON,
// and the Markdown reference (docs/rules.md). Examples can be run through the audit,
// so the text says what each one does in this build, not only what it should do.
package ruledoc

import (
	"fmt"
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/sessions"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// Schema names the JSON document `compaudit rules --format json` writes.
const Schema = "compaudit.rules/v1"

// Roles are the roles an example's source line may start with ("role: text").
var Roles = []string{"user", "assistant", "thinking", "tool", "call", "system"}

// StageDoc says what a rule of each stage looks at.
var StageDoc = map[rule.Stage]string{
	rule.StagePair:  "a source fact and the summary fact aligned to it",
	rule.StageLost:  "a source fact the summary does not carry",
	rule.StageClaim: "a summary fact, against what the sources support",
	rule.StageRound: "the round as a whole",
}

// Outcome is what an example gives when the audit runs on it.
type Outcome struct {
	// Fired: the rule reported a finding on the example.
	Fired bool `json:"fired"`
	// Severity and Detail are those of the rule's worst finding on the example.
	Severity string `json:"severity,omitempty"`
	Detail   string `json:"detail,omitempty"`
}

// Example is one of a rule's examples: the declared case and, when run, its outcome.
type Example struct {
	Source  []string `json:"source"`
	Summary string   `json:"summary"`
	// Fires is what the rule declares: fire on it, or stay quiet.
	Fires   bool     `json:"fires"`
	Outcome *Outcome `json:"outcome,omitempty"`
}

// Entry is one rule as documented.
type Entry struct {
	ID     string `json:"id"`
	Family string `json:"family"`
	Stage  string `json:"stage"`
	Doc    string `json:"doc"`
	// ExampleSeverity is the highest severity its examples reach in this build ("" when
	// they were not run or none fired). A finding's own severity depends on the fact.
	ExampleSeverity string    `json:"example_severity,omitempty"`
	Examples        []Example `json:"examples"`
}

// Rules returns every registered rule in report order: by family (omission, mutation,
// addition, epistemic collapse, provenance loss), then by id.
func Rules() []*rule.Rule {
	all := rule.All()
	slices.SortStableFunc(all, func(a, b *rule.Rule) int { return familyIndex(a.Family) - familyIndex(b.Family) })
	return all
}

func familyIndex(f string) int {
	if i := slices.Index(audit.Families, f); i >= 0 {
		return i
	}
	return len(audit.Families)
}

// UnknownError is a selector that names no rule.
type UnknownError struct {
	Arg     string
	Suggest string // the closest id or family prefix ("" when nothing is close)
}

func (e *UnknownError) Error() string {
	msg := fmt.Sprintf("no rule %q", e.Arg)
	if e.Suggest != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", e.Suggest)
	}
	return msg
}

// Select returns the rules the selectors name, in the order named, each once: an id
// ("mutation/unit-change"), a rule's name when one rule has it ("unit-change"), a
// prefix of ids ("mutation/", "collapse"), or a family name ("epistemic_collapse").
// No selector means every rule.
func Select(args []string) ([]*rule.Rule, error) {
	all := Rules()
	if len(args) == 0 {
		return all, nil
	}
	var out []*rule.Rule
	seen := map[string]bool{}
	for _, a := range args {
		got := match(all, strings.ToLower(strings.TrimSpace(a)))
		if len(got) == 0 {
			return nil, &UnknownError{Arg: a, Suggest: Suggest(a)}
		}
		for _, r := range got {
			if !seen[r.ID] {
				seen[r.ID] = true
				out = append(out, r)
			}
		}
	}
	return out, nil
}

func match(all []*rule.Rule, a string) []*rule.Rule {
	if a == "" {
		return nil
	}
	if r := rule.Get(a); r != nil {
		return []*rule.Rule{r}
	}
	var named []*rule.Rule
	for _, r := range all {
		if _, name, _ := strings.Cut(r.ID, "/"); name == a {
			named = append(named, r)
		}
	}
	if len(named) == 1 {
		return named // "unit-change": the one rule of that name
	}
	fam := strings.ReplaceAll(strings.ReplaceAll(a, "-", "_"), " ", "_") // "epistemic-collapse"
	var out []*rule.Rule
	for _, r := range all {
		if strings.HasPrefix(r.ID, a) || r.Family == fam || r.Family+"/" == fam {
			out = append(out, r)
		}
	}
	return out
}

// Suggest returns the id or family prefix closest to a mistyped selector: a rule whose
// name (the part after the slash) it spells, one it is part of, else the fewest edits
// away when that is at most half its length.
func Suggest(arg string) string {
	a := strings.ToLower(strings.TrimSpace(arg))
	if a == "" {
		return ""
	}
	all := Rules()
	for _, r := range all {
		if _, name, _ := strings.Cut(r.ID, "/"); name == a {
			return r.ID
		}
	}
	for _, r := range all {
		if strings.Contains(r.ID, a) {
			return r.ID
		}
	}
	dmp := diffmatchpatch.New()
	dist := func(x, y string) int { return dmp.DiffLevenshtein(dmp.DiffMain(x, y, false)) }
	best, bestD := "", len([]rune(a))/2+1
	try := func(c string, d int) {
		if d < bestD {
			best, bestD = c, d
		}
	}
	for _, p := range prefixes(all) {
		try(p, min(dist(a, p), dist(a, strings.TrimSuffix(p, "/"))))
	}
	for _, r := range all {
		_, name, _ := strings.Cut(r.ID, "/")
		try(r.ID, min(dist(a, r.ID), dist(a, name)))
	}
	return best
}

// prefixes lists the id prefixes ("omission/", "collapse/", ...) in family order.
func prefixes(all []*rule.Rule) []string {
	var out []string
	for _, r := range all {
		p, _, _ := strings.Cut(r.ID, "/")
		if !slices.Contains(out, p+"/") {
			out = append(out, p+"/")
		}
	}
	return out
}

// Entries documents the rules; with run, every example goes through the audit and
// carries its outcome.
func Entries(rs []*rule.Rule, run bool) []Entry {
	out := make([]Entry, len(rs))
	for i, r := range rs {
		e := Entry{ID: r.ID, Family: r.Family, Stage: r.Stage.String(), Doc: r.Doc, Examples: make([]Example, len(r.Examples))}
		for k, ex := range r.Examples {
			x := Example{Source: slices.Clone(ex.Source), Summary: ex.Summary, Fires: ex.Fires}
			if run {
				o := Run(r.ID, ex)
				x.Outcome = &o
				if audit.SeverityRank(o.Severity) > audit.SeverityRank(e.ExampleSeverity) {
					e.ExampleSeverity = o.Severity
				}
			}
			e.Examples[k] = x
		}
		out[i] = e
	}
	return out
}

// Run audits an example and reports what rule id found on it.
func Run(id string, ex rule.Example) Outcome {
	rep := audit.Run(Session(ex), audit.Options{Workers: 1})
	var o Outcome
	for _, rd := range rep.Rounds {
		for _, f := range rd.Findings {
			if f.Rule != id {
				continue
			}
			if !o.Fired || audit.SeverityRank(f.Severity) > audit.SeverityRank(o.Severity) {
				o = Outcome{Fired: true, Severity: f.Severity, Detail: f.Detail}
			}
		}
	}
	return o
}

// Session builds the one-round session an example describes: each source line is
// "role: text" (user, assistant, thinking, tool, system, or call: a tool call, its
// text opening with the tool's name, "Task:\nsubagent_type: Explore"), then one
// compaction whose summary is the example's summary. The rules' tests and
// `compaudit rules` share it.
func Session(ex rule.Example) *sessions.Session {
	s := &sessions.Session{ID: "example", Format: "test"}
	var ids []string
	for i, line := range ex.Source {
		role, text, _ := strings.Cut(line, ": ")
		m := sessions.Message{ID: fmt.Sprintf("m%d", i+1), Role: role, Text: text}
		switch role {
		case "thinking":
			m.Role, m.Kind = sessions.RoleAssistant, sessions.KindThinking
		case "tool":
			m.Kind = sessions.KindToolResult
		case "call":
			name, _, _ := strings.Cut(text, ":")
			m.ID, m.Role, m.Kind, m.Name = m.ID+".call", sessions.RoleAssistant, sessions.KindToolCall, name
		}
		s.Messages = append(s.Messages, m)
		ids = append(ids, m.ID)
	}
	s.Compactions = []sessions.Compaction{{ID: "c1", Round: 1, Sources: ids, Summary: ex.Summary}}
	s.Index()
	return s
}
