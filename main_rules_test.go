package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/audit/ruledoc"
)

const rulesDoc = "docs/rules.md"

// TestRulesList: every rule on one line with its id and doc, exit 0, nothing on stderr.
func TestRulesList(t *testing.T) {
	out, errOut, code := cli("rules")
	if code != exitOK || errOut != "" {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	all := rule.All()
	for _, r := range all {
		n := 0
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) > 2 && f[0] == r.ID {
				n++
				if !strings.HasSuffix(l, r.Doc) {
					t.Errorf("%s: line %q does not end with its doc", r.ID, l)
				}
				if sev := f[1]; sev != "error" && sev != "warning" && sev != "info" && sev != "-" {
					t.Errorf("%s: severity column %q", r.ID, sev)
				}
			}
		}
		if n != 1 {
			t.Errorf("%s listed %d times", r.ID, n)
		}
	}
	if !strings.Contains(out, "rules. 'compaudit rules ID'") {
		t.Errorf("no closing hint:\n%s", out)
	}
}

// TestRulesOne: one rule's doc and every example, each with its verdict.
func TestRulesOne(t *testing.T) {
	r := rule.All()[0]
	out, errOut, code := cli("rules", r.ID)
	if code != exitOK || errOut != "" {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	if !strings.HasPrefix(out, r.ID+" · ") {
		t.Errorf("does not start with the id:\n%s", out)
	}
	if !strings.Contains(strings.Join(strings.Fields(out), " "), r.Doc) {
		t.Errorf("lacks the doc %q:\n%s", r.Doc, out)
	}
	fires, quiet := 0, 0
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.Contains(l, "· fires ("):
			fires++
		case strings.HasSuffix(l, "· stays quiet"):
			quiet++
		}
	}
	wantF, wantQ := 0, 0
	for _, ex := range r.Examples {
		if ex.Fires {
			wantF++
		} else {
			wantQ++
		}
		if !strings.Contains(out, strings.Join(strings.Fields(ex.Summary), " ")) {
			t.Errorf("lacks the summary %q", ex.Summary)
		}
	}
	if fires != wantF || quiet != wantQ {
		t.Errorf("%d firing and %d quiet verdicts, want %d and %d:\n%s", fires, quiet, wantF, wantQ, out)
	}
}

// TestRulesPrefix: a family prefix shows that family's rules and no other.
func TestRulesPrefix(t *testing.T) {
	for _, sel := range []string{"mutation/", "mutation"} {
		out, _, code := cli("rules", sel)
		if code != exitOK {
			t.Fatalf("%s: code %d", sel, code)
		}
		for _, r := range rule.All() {
			shown := strings.Contains(out, "\n"+r.ID+" · ") || strings.HasPrefix(out, r.ID+" · ")
			if shown != (r.Family == rule.Mutation) {
				t.Errorf("rules %s: %s shown %v", sel, r.ID, shown)
			}
		}
	}
}

// TestRulesUnknown: exit 2, one line on stderr naming the closest id, nothing on stdout.
func TestRulesUnknown(t *testing.T) {
	r := rule.All()[0]
	typo := r.ID[:len(r.ID)-1]
	if len(typo) > 2 {
		typo = typo[:len(typo)-2] + typo[len(typo)-1:] + "x"
	}
	for _, c := range []struct{ arg, want string }{
		{typo, `did you mean "` + r.ID + `"`},
		{"omision/", `did you mean "omission/"`},
		{"zzzz-qqqq-wwww", `no rule "zzzz-qqqq-wwww"; run 'compaudit rules'`},
		{"\x1b[31mred", `no rule "\x1b[31mred"`}, // quoted: the escape is shown, not sent
	} {
		out, errOut, code := cli("rules", c.arg)
		if code != exitUsage || out != "" {
			t.Errorf("%q: code %d, stdout %q", c.arg, code, out)
		}
		if strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "\x1b") || !strings.HasPrefix(errOut, "compaudit rules: ") || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: stderr %q, want one line with %q", c.arg, errOut, c.want)
		}
	}
	if _, errOut, code := cli("rules", "--format", "yaml"); code != exitUsage || !strings.Contains(errOut, "unknown format") {
		t.Errorf("--format yaml: code %d, stderr %q", code, errOut)
	}
	if _, _, code := bin(t, "rules", "no/such-rule"); code != exitUsage {
		t.Errorf("binary: code %d, want 2", code)
	}
}

// TestRulesJSON: every rule, each example with its outcome, deterministic.
func TestRulesJSON(t *testing.T) {
	out, errOut, code := cli("rules", "--format", "json")
	if code != exitOK || errOut != "" {
		t.Fatalf("code %d, stderr %q", code, errOut)
	}
	var doc struct {
		Schema string          `json:"schema"`
		Rules  []ruledoc.Entry `json:"rules"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Schema != ruledoc.Schema || len(doc.Rules) != len(rule.All()) {
		t.Fatalf("schema %q, %d rules (registry %d)", doc.Schema, len(doc.Rules), len(rule.All()))
	}
	for _, e := range doc.Rules {
		r := rule.Get(e.ID)
		if r == nil || e.Doc != r.Doc || e.Family != r.Family || len(e.Examples) != len(r.Examples) {
			t.Errorf("%s does not match the registry", e.ID)
			continue
		}
		for _, x := range e.Examples {
			if x.Outcome == nil {
				t.Errorf("%s: an example without its outcome", e.ID)
			}
		}
	}
	again, _, _ := cli("rules", "--format", "json")
	if again != out {
		t.Error("two runs give different JSON")
	}
	one, _, _ := cli("rules", "--format=json", doc.Rules[0].ID)
	if err := json.Unmarshal([]byte(one), &doc); err != nil || len(doc.Rules) != 1 {
		t.Errorf("one rule as JSON: %d rules, %v", len(doc.Rules), err)
	}
}

// TestRulesDocUpToDate fails when docs/rules.md no longer says what the registry holds.
func TestRulesDocUpToDate(t *testing.T) {
	want, _, code := cli("rules", "--format", "md")
	if code != exitOK {
		t.Fatalf("code %d", code)
	}
	got, err := os.ReadFile(rulesDoc)
	if err != nil {
		t.Fatalf("%v (run 'go generate .' to write it)", err)
	}
	if !bytes.Equal(got, []byte(want)) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(want, "\n")
		line := 0
		for line < len(gl) && line < len(wl) && gl[line] == wl[line] {
			line++
		}
		t.Fatalf("%s is out of date with the rule registry (first difference at line %d); run 'go generate .' (or 'go run . rules --format md -o %s')", rulesDoc, line+1, rulesDoc)
	}
	for _, r := range rule.All() {
		if !strings.Contains(string(got), "### `"+r.ID+"`") {
			t.Errorf("%s has no section for %s", rulesDoc, r.ID)
		}
	}
}

// TestRulesOutFile: -o writes the file atomically and says so on stderr.
func TestRulesOutFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rules.md")
	out, errOut, code := cli("rules", "--format", "md", "-o", path)
	if code != exitOK || out != "" || !strings.Contains(errOut, "wrote "+path) {
		t.Fatalf("code %d, stdout %q, stderr %q", code, out, errOut)
	}
	want, _, _ := cli("rules", "--format", "md")
	if got, err := os.ReadFile(path); err != nil || string(got) != want {
		t.Errorf("file differs from stdout (%v)", err)
	}
	if _, errOut, code := cli("rules", "-o", filepath.Join(t.TempDir(), "no", "such", "dir", "x")); code != exitUsage || strings.Count(errOut, "\n") != 1 {
		t.Errorf("unwritable -o: code %d, stderr %q", code, errOut)
	}
}

// TestTUIRuleDoc: the detail view gets each rule's doc from the registry (and nothing
// for an id the registry does not hold).
func TestTUIRuleDoc(t *testing.T) {
	if tuiRuleDoc == nil {
		t.Fatal("tuiRuleDoc is not wired")
	}
	for _, r := range rule.All() {
		if d := tuiRuleDoc(r.ID); !strings.HasPrefix(d, r.Doc) {
			t.Errorf("%s: %q", r.ID, d)
		}
	}
	if d := tuiRuleDoc("omission/not-a-rule"); d != "" {
		t.Errorf("unknown id: %q", d)
	}
}
