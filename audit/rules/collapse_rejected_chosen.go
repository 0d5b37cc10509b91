package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A rejected option comes back as the plan.
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/rejected-chosen",
	Doc:   "The summary presents as chosen an option the source rejected or ruled out.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		// the claims' own choice slots: the first choice cue of each, so a reason's
		// "won't be approved" or "the user agreed" does not decide what the claim chose
		if p.Match.Cover < 0.45 || f.Status.Choice != classify.StatusRejected || g.Status.Choice != classify.StatusChosen {
			return rule.Hit{}, false
		}
		if chosen, rejected, ok := contrastSides(f.Text); ok && (heldWords(g, rejected) == 0 || heldWords(g, chosen) > 0) {
			return rule.Hit{}, false // "X instead of Y" chose X: the summary keeps X, or never names Y
		}
		return rule.NewHit(p.Src, p.Sum, 0.9, "a rejected option is presented as chosen",
			rule.Slot{Name: "choice", Source: classify.StatusRejected, Summary: classify.StatusChosen}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: We ruled out Redis Streams for the job queue."}, Summary: "Decided to use Redis Streams for the job queue.", Fires: true},
		{Source: []string{"user: We ruled out Redis Streams for the job queue."}, Summary: "Redis Streams was rejected for the job queue.", Fires: false},
		{Source: []string{"assistant: For the base image, tag pins were rejected in favour of digest pins."}, Summary: "For the base image, tag pins were chosen in favour of digest pins.", Fires: true},
		{Source: []string{"assistant: We ruled out the nightly snapshot; it won't be approved by storage, so we keep the hourly diff."}, Summary: "We went with the nightly snapshot; it won't be approved by storage, so we keep the hourly diff.", Fires: true},
		{Source: []string{"assistant: Tag pins: rejected in favour of digest pins, and the team agreed."}, Summary: "Tag pins rejected in favour of digest pins (team agreed).", Fires: false},
		// "X instead of Y" chose X and rejected Y
		{Source: []string{"user: Ship the brochure on 120gsm matte instead of the 90gsm gloss."}, Summary: "Decided: the brochure ships on 120gsm matte.", Fires: false},
		{Source: []string{"user: Ship the brochure on 120gsm matte instead of the 90gsm gloss."}, Summary: "Decided: the brochure ships on the 90gsm gloss.", Fires: true},
	},
})

// contrastSides reads "X instead of Y" and "X rather than Y": the terms of the word
// that ends the chosen side just before the cue (a noun phrase's head: "120gsm matte"
// gives matte), and of the first three words after it, the rejected side.
func contrastSides(text string) (chosen, rejected []string, ok bool) {
	low := lower(text)
	for _, c := range classify.ContrastCues {
		cue := " " + c + " "
		at := strings.Index(low, cue)
		if at < 0 {
			continue
		}
		before := strings.TrimRight(text[:at], " ,;") // ("falls back to the disk cache, instead of ...")
		after := strings.Fields(text[at+len(cue):])
		if len(after) > 3 {
			after = after[:3]
		}
		a := strings.Join(after, " ")
		rejected = classify.Terms(a, classify.Values(a))
		ws := strings.Fields(before)
		for k := len(ws) - 1; k >= 0 && k >= len(ws)-3 && len(chosen) == 0; k-- {
			w := strings.Trim(ws[k], ",;:.()`*\"'")
			chosen = classify.Terms(w, classify.Values(w)) // (the last content word: "times out" gives time)
		}
		return chosen, rejected, len(chosen) > 0 && len(rejected) > 0
	}
	return nil, nil, false
}
