package audit

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/sessions"
)

func TestZZMut(t *testing.T) {
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
		j.best = make([]match, len(j.src))
		for i := range j.src {
			if !strings.Contains(j.src[i].Text, os.Getenv("ZZ_SRC")) {
				continue
			}
			for k := range j.sum {
				if !strings.Contains(j.sum[k].Text, os.Getenv("ZZ_SUM")) {
					continue
				}
				f, g := &j.src[i], &j.sum[k]
				fmt.Println("F", f.Tokens, "\nG", g.Tokens)
				for _, tk := range f.Tokens {
					fmt.Println(" t", tk.Raw, "rivals", rivalsOf(tk, f, g, 0.7))
					for _, x := range rivalsOf(tk, f, g, 0.7) {
						fmt.Println("   approx", approximation(tk, x), "later", j.backedLater(i, x), "else", j.backedElsewhere(i, x, g, f, tk), "change", changeClaim(f, g, x))
					}
				}
				d, ok := j.mutation(i, f, g, match{j: k, score: 0.7, coverage: 0.7})
				fmt.Println("mutation:", d, ok)
			}
		}
	}
}
