package audit_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/perturb"
	"github.com/compaudit/compaudit/sessions"
)

func TestDbgPerturb(t *testing.T) {
	kind := os.Getenv("DBG_KIND")
	if kind == "" {
		t.Skip()
	}
	corpus, _ := perturb.LoadCorpus("perturb/testdata/corpus")
	cases, _ := perturb.Generate(corpus, kind, 12, 1)
	for _, c := range cases {
		r := audit.Run(c.Session(), audit.Options{})
		fmt.Printf("=== %s: %q -> %q\n", c.Change.Kind, c.Change.Old, c.Change.New)
		for _, f := range r.Rounds[1].Findings {
			if f.Severity == "info" {
				continue
			}
			src, sum := "", ""
			if f.Source != nil {
				src = f.Source.Text
			}
			if f.Summary != nil {
				sum = f.Summary.Text
			}
			fmt.Printf("   %-7s %-28s %.90s | %.90s || %s\n", f.Severity, f.Rule, src, sum, f.Detail)
		}
	}
}

func TestDbgMisses(t *testing.T) {
	kind := os.Getenv("DBG_MISS")
	if kind == "" {
		t.Skip()
	}
	corpus, _ := perturb.LoadCorpus("perturb/testdata/corpus")
	cases, _ := perturb.Generate(corpus, kind, 30, 1)
	for _, c := range cases {
		r := audit.Run(c.Session(), audit.Options{})
		found := false
		for _, f := range r.Rounds[1].Findings {
			if f.Severity != "info" && c.Change.Accepts(f.Family) && c.Change.AtSite(sideText(f.Source), sideText(f.Summary)) {
				found = true
			}
		}
		if found {
			continue
		}
		if d := os.Getenv("DBG_DUMP"); d != "" {
			_ = sessions.WriteNative(fmt.Sprintf("%s/%s.json", d, strings.ReplaceAll(c.ID, "/", "-")), c.Session())
		}
		fmt.Printf("=== %q -> %q (new in source: %v)\n  line: %.160s\n", c.Change.Old, c.Change.New, strings.Contains(strings.ToLower(c.Source), strings.ToLower(c.Change.New)), lineOf(c))
		for _, f := range r.Rounds[1].Findings {
			if f.Severity == "info" && f.Importance < 0.2 {
				continue
			}
			fmt.Printf("   %-7s %-28s %.70s | %.70s || %.80s\n", f.Severity, f.Rule, sideText(f.Source), sideText(f.Summary), f.Detail)
		}
	}
}

func lineOf(c perturb.Case) string {
	s := c.Session().Compactions[1].Summary
	i := c.Change.Start
	if i > len(s) {
		i = len(s)
	}
	a := strings.LastIndex(s[:i], "\n") + 1
	b := strings.Index(s[i:], "\n")
	if b < 0 {
		return s[a:]
	}
	return s[a : i+b]
}
