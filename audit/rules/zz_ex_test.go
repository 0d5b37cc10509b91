package rules_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
)

func TestZZEx(t *testing.T) {
	src := os.Getenv("ZSRC")
	if src == "" {
		t.Skip()
	}
	ex := rule.Example{Source: strings.Split(src, "|"), Summary: os.Getenv("ZSUM")}
	r := audit.Run(session(ex), audit.Options{Workers: 1})
	for _, rd := range r.Rounds {
		for _, f := range rd.Findings {
			s, m := "", ""
			if f.Source != nil {
				s = f.Source.Text
			}
			if f.Summary != nil {
				m = f.Summary.Text
			}
			fmt.Printf("F %s %s imp=%.2f %q | %q | %s\n", f.Severity, f.Rule, f.Importance, s, m, f.Why)
		}
	}
}
