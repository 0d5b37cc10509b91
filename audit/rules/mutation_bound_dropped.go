package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "no earlier than 14 May" became "on 14 May"; "at most 6 replicas" became "6
// replicas": the value survives, the bound on it does not, so a limit reads as a fact.
var _ = rule.Register(&rule.Rule{
	ID:       "mutation/bound-dropped",
	Doc:      "The summary keeps a bounded value (at most, at least, before, after, until, not before) but states it without its bound, as if exact.",
	Stage:    rule.StagePair,
	Anchored: true,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		for _, a := range f.Bounds {
			if boundSide[a.Kind] == "" {
				continue
			}
			x, ok := boundedValue(f, a)
			if !ok {
				continue
			}
			t, ok := tokenByNorm(g, x.Norm)
			if !ok || boundedOn(g, a, x.Norm) || openEnded(g.Text, t) {
				continue
			}
			return rule.NewHit(p.Src, p.Sum, 0.85, "the bound "+a.Cue+" is gone: "+t.Raw+" reads as exact",
				rule.Slot{Name: "bound", Source: a.Clause, Summary: t.Raw}), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"user: The beta ships no earlier than 2027-01-18; marketing needs the slot."}, Summary: "The beta ships on 2027-01-18.", Fires: true},
		{Source: []string{"user: Run at most 6 replicas of the indexer in staging."}, Summary: "Run 6 replicas of the indexer in staging.", Fires: true},
		{Source: []string{"user: Run at most 6 replicas of the indexer in staging."}, Summary: "The indexer is capped at 6 replicas in staging.", Fires: false},
		{Source: []string{"user: The beta ships no earlier than 2027-01-18."}, Summary: "The beta ships on 2027-01-18 or later.", Fires: false},
		{Source: []string{"user: Keep at least 3 brokers in the quorum."}, Summary: "Keep 3+ brokers in the quorum.", Fires: false},
		{Source: []string{"assistant: The index rebuild took 41 minutes."}, Summary: "The index rebuild took 41 minutes.", Fires: false},
	},
})

// boundSide groups the bound kinds into upper and lower limits: "before" and "at
// most" both cap a value, "after" and "at least" both floor it.
var boundSide = map[string]string{"atmost": "upper", "before": "upper", "until": "upper", "atleast": "lower", "after": "lower"}

// tokenByNorm is g's value with this normal form.
func tokenByNorm(g *classify.Fact, norm string) (classify.Token, bool) {
	for _, t := range g.Tokens {
		if t.Norm == norm {
			return t, true
		}
	}
	return classify.Token{}, false
}

// boundedValue is the value a bound governs directly: the first value of its clause,
// right after the cue ("at most 6", "not before 14 May"). Only an explicit bound
// counts: a phrase of two words or more ("at most", "no later than"), or before,
// after and until on a date or a time. A one-word comparative ("over 2s", "max 30")
// is as often restated by a verb ("exceeds", "maxes out at") as by a bound.
func boundedValue(f *classify.Fact, a classify.Bound) (classify.Token, bool) {
	off := strings.Index(f.Text, a.Clause)
	if off < 0 || len(a.Cue) > len(a.Clause) {
		return classify.Token{}, false
	}
	from, to := off+len(a.Cue), off+len(a.Clause)
	for _, t := range f.Tokens {
		if t.Start < from || t.Start >= to {
			continue
		}
		if !boundable[t.Kind] || strings.Trim(f.Text[from:t.Start], " ~") != "" {
			return classify.Token{}, false // the clause does not open on a quantity
		}
		dated := t.Kind == classify.TokDate || t.Kind == classify.TokTime
		if len(strings.Fields(a.Cue)) >= 2 || dated && (a.Kind == "before" || a.Kind == "after" || a.Kind == "until") {
			return t, true
		}
		return classify.Token{}, false
	}
	return classify.Token{}, false
}

// boundable are the value kinds a bound limits: quantities, dates and times.
var boundable = map[string]bool{classify.TokNumber: true, classify.TokCount: true, classify.TokDuration: true, classify.TokSize: true,
	classify.TokPercent: true, classify.TokMoney: true, classify.TokDate: true, classify.TokTime: true}

// boundedOn: g bounds the value (on either side: a bound turned round is
// bound-changed's to report), or uses the same cue.
func boundedOn(g *classify.Fact, a classify.Bound, norm string) bool {
	for _, b := range g.Bounds {
		if boundSide[b.Kind] != "" && slices.Contains(b.Values, norm) || strings.EqualFold(b.Cue, a.Cue) {
			return true
		}
	}
	return false
}

var orComparative = map[string]bool{"more": true, "less": true, "fewer": true, "later": true, "earlier": true, "sooner": true,
	"above": true, "below": true, "over": true, "under": true, "higher": true, "lower": true, "greater": true, "after": true, "before": true}

// openEnded: the summary writes the bound into the value ("3+", "6 or fewer", "18:00
// or later", "≤ 6").
func openEnded(text string, t classify.Token) bool {
	if t.End > len(text) || t.Start < 0 {
		return false
	}
	after := strings.ToLower(strings.TrimSpace(text[t.End:]))
	before := strings.TrimSpace(text[:t.Start])
	if strings.HasPrefix(after, "+") || strings.HasSuffix(before, "≤") || strings.HasSuffix(before, "≥") ||
		strings.HasSuffix(before, "<") || strings.HasSuffix(before, ">") || strings.HasSuffix(before, "<=") || strings.HasSuffix(before, ">=") {
		return true
	}
	ws := strings.Fields(after)
	for k := 0; k+1 < len(ws) && k < 3; k++ {
		if ws[k] == "or" && orComparative[strings.Trim(ws[k+1], ",.;:)")] {
			return true // "6 or fewer", "2027-01-18 or later", "3 replicas or more"
		}
	}
	return false
}
