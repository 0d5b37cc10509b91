package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "at most 5" became "at least 5": the same value with the opposite bound.
var _ = rule.Register(&rule.Rule{
	ID:       "mutation/bound-changed",
	Doc:      "The summary keeps a bound's value but turns it around (at most to at least, before to after).",
	Stage:    rule.StagePair,
	Anchored: true,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		for _, a := range f.Bounds {
			opp := opposite[a.Kind]
			if opp == "" {
				continue
			}
			if hasBound(g, a.Kind, a.Values) || keepsCue(g, a) {
				continue // (the same cue kept: the opposite one bounds something else)
			}
			for _, b := range g.Bounds {
				if b.Kind == opp && sharesValue(a.Values, b.Values) && !complementBound(a, b, g) && samePredicate(f, a, g, b) {
					return rule.NewHit(p.Src, p.Sum, 0.9, "the bound turned from "+a.Cue+" to "+b.Cue,
						rule.Slot{Name: "bound", Source: a.Clause, Summary: b.Clause}), true
				}
			}
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"user: Retry at most 3 times per job."}, Summary: "Retry at least 3 times per job.", Fires: true},
		{Source: []string{"user: Run the backfill before 06:00."}, Summary: "Run the backfill after 06:00.", Fires: true},
		{Source: []string{"user: Retry at most 3 times per job."}, Summary: "Retries are capped at 3 per job.", Fires: false},
		// the limit stated from the other side, as the condition of what happens past it
		{Source: []string{"user: Keep the export under 40 minutes or we cancel it."}, Summary: "Cancel the export if it runs over 40 minutes.", Fires: false},
		{Source: []string{"user: Keep the export under 40 minutes or we cancel it."}, Summary: "Keep the export over 40 minutes.", Fires: true},
		// the cue kept; the opposite word bounds something else
		{Source: []string{"assistant: First week on the new scheduler: 3 missed runs, 410 on time."}, Summary: "First week after the switch: 3 missed runs, 410 on time.", Fires: false},
		// the two bounds qualify two different events
		{Source: []string{"assistant: The smoke test was written before the cache fix landed in #318."}, Summary: "Fixed the smoke test, which was failing after merging the cache fix from #318.", Fires: false},
		{Source: []string{"assistant: The smoke test must run before the cache fix lands in #318."}, Summary: "The smoke test must run after the cache fix lands in #318.", Fires: true},
	},
})

// samePredicate: the two bounds qualify the same thing: the words right before their
// cues are one word, or the summary's is a word the source holds. "written before the
// fix landed" and "failing after merging the fix" bound two different events.
func samePredicate(f *classify.Fact, a classify.Bound, g *classify.Fact, b classify.Bound) bool {
	wa, wb := wordBefore(f.Text, a.Cue), wordBefore(g.Text, b.Cue)
	if wa == "" || wb == "" {
		return true
	}
	sa, sb := classify.Stem(wa), classify.Stem(wb)
	return sa == sb || hasWord(f, sb)
}

// wordBefore is the word right before the first whole-word occurrence of cue in text
// (lower-case, trimmed), "" when none.
func wordBefore(text, cue string) string {
	low, c := strings.ToLower(text), strings.ToLower(cue)
	for at := 0; ; {
		i := strings.Index(low[at:], c)
		if i < 0 || c == "" {
			return ""
		}
		i += at
		end := i + len(c)
		if (i == 0 || !isWordByte(low[i-1])) && (end == len(low) || !isWordByte(low[end])) {
			ws := strings.Fields(low[:i])
			if len(ws) == 0 {
				return ""
			}
			return strings.Trim(ws[len(ws)-1], ",.;:()\"'`*_")
		}
		at = end
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '_'
}

var opposite = map[string]string{"atmost": "atleast", "atleast": "atmost", "before": "after", "after": "before"}

func sharesValue(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// keepsCue: g has a bound of a's kind in a's own words ("first", "at most").
func keepsCue(g *classify.Fact, a classify.Bound) bool {
	for _, b := range g.Bounds {
		if b.Kind == a.Kind && strings.EqualFold(b.Cue, a.Cue) {
			return true
		}
	}
	return false
}

// hasBound: g has a bound of this kind over one of these values.
func hasBound(g *classify.Fact, kind string, values []string) bool {
	for _, b := range g.Bounds {
		if b.Kind == kind && (len(values) == 0 || sharesValue(values, b.Values)) {
			return true
		}
	}
	return false
}
