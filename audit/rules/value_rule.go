package rules

import (
	"fmt"

	"github.com/compaudit/compaudit/audit/rule"
)

// valueRule registers a mutation rule for one kind of value difference.
func valueRule(id, kind, doc, verb string, strength float64, ex []rule.Example) *rule.Rule {
	r := &rule.Rule{ID: id, Doc: doc, Stage: rule.StagePair, Examples: ex, Anchored: true}
	r.Pair = func(rd *rule.Round, p rule.Pair) (rule.Hit, bool) {
		g := &rd.Sum[p.Sum]
		for _, d := range valueDiffs(rd, p.Src, g) {
			if d.kind != kind {
				continue
			}
			detail := fmt.Sprintf("%s %q %s %q", d.src.Kind, d.src.Raw, verb, d.sum.Raw)
			return rule.NewHit(p.Src, p.Sum, strength, detail, rule.Slot{Name: slot(d.src), Source: d.src.Raw, Summary: d.sum.Raw}), true
		}
		return rule.Hit{}, false
	}
	return rule.Register(r)
}

// exact marks a value rule rule.Exact.
func exact(r *rule.Rule) *rule.Rule {
	r.Exact = true
	return r
}
