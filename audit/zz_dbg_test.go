package audit_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/perturb"
)

func TestDbgPerturb(t *testing.T) {
	kind := os.Getenv("DBG_KIND")
	if kind == "" {
		t.Skip()
	}
	corpus, _ := perturb.LoadCorpus("perturb/testdata/corpus")
	cases, _ := perturb.Generate(corpus, kind, 8, 1)
	for _, c := range cases {
		s := c.Session()
		r := audit.Run(s, audit.Options{})
		fmt.Printf("=== %s: %q -> %q\n", c.Change.Kind, c.Change.Old, c.Change.New)
		for _, f := range r.Rounds[1].Findings {
			src, sum := "", ""
			if f.Source != nil {
				src = f.Source.Text
			}
			if f.Summary != nil {
				sum = f.Summary.Text
			}
			if len(src) > 90 {
				src = src[:90]
			}
			if len(sum) > 90 {
				sum = sum[:90]
			}
			fmt.Printf("   %-7s %-28s %s | %s || %s\n", f.Severity, f.Rule, src, sum, f.Detail)
		}
	}
}
