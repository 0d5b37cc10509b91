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
