package audit

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/sessions"
)

// go test ./audit -run TestZZDebug -v  with ZZ_FILE, ZZ_ROUND, ZZ_TEXT
func TestZZDebug(t *testing.T) {
	file := os.Getenv("ZZ_FILE")
	if file == "" {
		t.Skip()
	}
	s, err := sessions.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	r := Run(s, Options{})
	for _, rd := range r.Rounds {
		if fmt.Sprint(rd.Round) != os.Getenv("ZZ_ROUND") {
			continue
		}
		j := newJudge(rd.SourceFacts, rd.SummaryFacts)
		for k := range rd.SummaryFacts {
			g := &rd.SummaryFacts[k]
			if !strings.Contains(g.Text, os.Getenv("ZZ_TEXT")) {
				continue
			}
			fmt.Println("SUM", g.Text, g.Words)
			for n, c := range j.rev.candidates(g) {
				if n > 8 {
					break
				}
				f := &rd.SourceFacts[c.j]
				fmt.Printf("  rev %.2f cov %.2f fwd %.2f %s %s %q %v\n", c.score, c.coverage, j.fwd.pairCoverage(f, k), f.Message, f.Role, f.Text, f.Words)
			}
		}
	}
}
