package ruledoc

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/sessions"
)

func ids(rs []*rule.Rule) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.ID
	}
	return out
}

// anyRule is a registered rule of the family, so the tests follow the registry.
func anyRule(t *testing.T, family string) *rule.Rule {
	t.Helper()
	for _, r := range Rules() {
		if r.Family == family {
			return r
		}
	}
	t.Fatalf("no %s rule registered", family)
	return nil
}

func TestRulesInReportOrder(t *testing.T) {
	rs := Rules()
	if len(rs) != len(rule.All()) {
		t.Fatalf("Rules lists %d, the registry holds %d", len(rs), len(rule.All()))
	}
	for i := 1; i < len(rs); i++ {
		a, b := rs[i-1], rs[i]
		fa, fb := familyIndex(a.Family), familyIndex(b.Family)
		if fa > fb || fa == fb && a.ID >= b.ID {
			t.Errorf("%s before %s: want family order, then id", a.ID, b.ID)
		}
	}
}

func TestSelect(t *testing.T) {
	r := anyRule(t, audit.Mutation)
	_, name, _ := strings.Cut(r.ID, "/")
	for _, sel := range []string{r.ID, strings.ToUpper(r.ID), " " + r.ID + " "} {
		got, err := Select([]string{sel})
		if err != nil || !slices.Equal(ids(got), []string{r.ID}) {
			t.Errorf("Select(%q) = %v, %v; want [%s]", sel, ids(got), err, r.ID)
		}
	}
	if n := len(Select0(t, name)); n < 1 {
		t.Errorf("Select(%q) (a rule's name) selected nothing", name)
	}
	// a family: by id prefix, with or without the slash, and by family name
	var want []string
	for _, x := range Rules() {
		if x.Family == audit.EpistemicCollapse {
			want = append(want, x.ID)
		}
	}
	for _, sel := range []string{"collapse/", "collapse", "epistemic_collapse", "epistemic-collapse"} {
		if got := ids(Select0(t, sel)); !slices.Equal(got, want) {
			t.Errorf("Select(%q) = %v, want %v", sel, got, want)
		}
	}
	// in the order named, each once
	o := anyRule(t, audit.Omission)
	got := ids(Select0(t, o.ID, r.ID, o.ID))
	if !slices.Equal(got, []string{o.ID, r.ID}) {
		t.Errorf("Select(o, m, o) = %v, want [%s %s]", got, o.ID, r.ID)
	}
	if got := Select0(t); len(got) != len(Rules()) {
		t.Errorf("Select() = %d rules, want all %d", len(got), len(Rules()))
	}
}

// Select0 selects and fails the test on an error.
func Select0(t *testing.T, args ...string) []*rule.Rule {
	t.Helper()
	rs, err := Select(args)
	if err != nil {
		t.Fatalf("Select(%q): %v", args, err)
	}
	return rs
}

func TestSelectUnknown(t *testing.T) {
	r := anyRule(t, audit.Mutation)
	typo := strings.Replace(r.ID, "mutation", "mutaton", 1)
	for _, c := range []struct{ arg, suggest string }{
		{typo, r.ID},
		{"mutaton/", "mutation/"},
		{"colapse", "collapse/"},
		{"xyzzy-plugh-frobnicate", ""},
		{"", ""},
	} {
		_, err := Select([]string{c.arg})
		var ue *UnknownError
		if !errors.As(err, &ue) {
			t.Errorf("Select(%q): err %v, want an UnknownError", c.arg, err)
			continue
		}
		if ue.Suggest != c.suggest {
			t.Errorf("Select(%q): suggests %q, want %q", c.arg, ue.Suggest, c.suggest)
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "did you mean") != (c.suggest == "") {
			t.Errorf("Select(%q): message %q", c.arg, msg)
		}
	}
	// one unknown selector among known ones fails the whole selection
	if _, err := Select([]string{r.ID, "nope/nothing-like-it"}); err == nil {
		t.Error("a known and an unknown selector: no error")
	}
}

func TestSuggestByName(t *testing.T) {
	r := anyRule(t, audit.ProvenanceLoss)
	_, name, _ := strings.Cut(r.ID, "/")
	if got := Suggest(strings.ToUpper(name)); got != r.ID {
		t.Errorf("Suggest(%q) = %q, want %q", name, got, r.ID)
	}
	if got := Suggest(name[:len(name)-1] + "x"); got == "" {
		t.Errorf("Suggest of a one-letter slip of %q suggests nothing", name)
	}
}

// TestRunExamples: the first firing and the first quiet example of every rule do what
// they declare when run the way `compaudit rules` runs them.
func TestRunExamples(t *testing.T) {
	for _, r := range Rules() {
		done := map[bool]bool{}
		for _, ex := range r.Examples {
			if done[ex.Fires] {
				continue
			}
			done[ex.Fires] = true
			o := Run(r.ID, ex)
			if o.Fired != ex.Fires {
				t.Errorf("%s: fired %v, declared %v (%q → %q)", r.ID, o.Fired, ex.Fires, ex.Source, ex.Summary)
			}
			if o.Fired && (audit.SeverityRank(o.Severity) == 0 || o.Detail == "") {
				t.Errorf("%s: a firing outcome without severity or detail: %+v", r.ID, o)
			}
			if !o.Fired && (o.Severity != "" || o.Detail != "") {
				t.Errorf("%s: a quiet outcome with a finding: %+v", r.ID, o)
			}
		}
	}
}

func TestEntries(t *testing.T) {
	r := anyRule(t, audit.Omission)
	plain := Entries([]*rule.Rule{r}, false)[0]
	if plain.ID != r.ID || plain.Doc != r.Doc || plain.Stage != r.Stage.String() || len(plain.Examples) != len(r.Examples) || plain.ExampleSeverity != "" {
		t.Fatalf("entry %+v does not document %s", plain, r.ID)
	}
	for _, x := range plain.Examples {
		if x.Outcome != nil {
			t.Errorf("not run, yet an outcome: %+v", x)
		}
	}
	ran := Entries([]*rule.Rule{r}, true)[0]
	worst := ""
	for _, x := range ran.Examples {
		if x.Outcome == nil {
			t.Fatalf("run, yet no outcome: %+v", x)
		}
		if audit.SeverityRank(x.Outcome.Severity) > audit.SeverityRank(worst) {
			worst = x.Outcome.Severity
		}
	}
	if ran.ExampleSeverity != worst || worst == "" {
		t.Errorf("example severity %q, want the examples' worst %q", ran.ExampleSeverity, worst)
	}
}

func TestSessionOfExample(t *testing.T) {
	s := Session(rule.Example{Source: []string{"user: a: b", "thinking: hmm", "tool: exit 1"}, Summary: "sum"})
	if len(s.Messages) != 3 || len(s.Compactions) != 1 || s.Compactions[0].Summary != "sum" || len(s.Compactions[0].Sources) != 3 {
		t.Fatalf("session %+v", s)
	}
	m := s.Messages
	if m[0].Role != "user" || m[0].Text != "a: b" || m[1].Role != sessions.RoleAssistant || m[1].Kind != sessions.KindThinking || m[2].Kind != sessions.KindToolResult {
		t.Errorf("messages %+v", m)
	}
}

func TestStages(t *testing.T) {
	for _, st := range stageOrder() {
		if StageDoc[st] == "" || stageDoc(st.String()) != StageDoc[st] {
			t.Errorf("stage %s has no description", st)
		}
	}
	for _, r := range Rules() {
		if !slices.Contains(stageOrder(), r.Stage) {
			t.Errorf("%s runs in stage %v, which the docs do not describe", r.ID, r.Stage)
		}
	}
}

func TestBrief(t *testing.T) {
	for _, r := range Rules() {
		b := Brief(r.ID)
		if !strings.HasPrefix(b, r.Doc) || !strings.Contains(b, "for example: “") || !strings.Contains(b, "'compaudit rules "+r.ID+"'") {
			t.Errorf("Brief(%s) = %q", r.ID, b)
		}
	}
	for _, id := range []string{"", "nope/none", "mutation/", "mutation"} {
		if b := Brief(id); b != "" {
			t.Errorf("Brief(%q) = %q, want \"\" (not one rule's id)", id, b)
		}
	}
}

func TestJSONDeterministic(t *testing.T) {
	es := Entries(Rules()[:3], true)
	var a, b bytes.Buffer
	if err := WriteJSON(&a, es); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSON(&b, Entries(Rules()[:3], true)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two runs give different JSON")
	}
	var doc struct {
		Schema string  `json:"schema"`
		Rules  []Entry `json:"rules"`
	}
	if err := json.Unmarshal(a.Bytes(), &doc); err != nil || doc.Schema != Schema || len(doc.Rules) != 3 || doc.Rules[0].ID != es[0].ID {
		t.Errorf("decoded %+v, %v", doc, err)
	}
	var empty bytes.Buffer
	_ = WriteJSON(&empty, nil)
	if !strings.Contains(empty.String(), `"rules": []`) {
		t.Errorf("no rules: %s", empty.String())
	}
}
