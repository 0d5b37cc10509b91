package audit

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/sessions"
)

func TestZZAdd(t *testing.T) {
	file := os.Getenv("ZZ_FILE")
	if file == "" {
		t.Skip()
	}
	s, _ := sessions.ReadFile(file)
	r := Run(s, Options{})
	for _, rd := range r.Rounds {
		if fmt.Sprint(rd.Round) != os.Getenv("ZZ_ROUND") {
			continue
		}
		j := newJudge(rd.SourceFacts, rd.SummaryFacts)
		for k := range j.sum {
			g := &j.sum[k]
			if !strings.Contains(g.Text, os.Getenv("ZZ_TEXT")) {
				continue
			}
			cands := j.rev.candidates(g)
			v, ok := j.unsupportedAction(g, cands)
			fmt.Println("ctx", g.Context, "plan", rePlanContext.MatchString(g.Context), "verb", v, ok)
			f, ok2 := j.addition(k, map[int]bool{})
			fmt.Println("addition", ok2, f.Detail)
		}
	}
}
