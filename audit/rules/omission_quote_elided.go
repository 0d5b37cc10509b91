package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A quotation of the user's message with an elision ("...") where the user said
// what they chose or required.
var _ = rule.Register(&rule.Rule{
	ID:    "omission/quote-elided",
	Doc:   "The summary quotes the user's message with an elision, and the words it cut hold a choice, rule or request of the user's that the summary states nowhere else: the quote reads as the user's whole say and is not.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if f.Origin != classify.OriginUser {
			return rule.Hit{}, false
		}
		for _, gap := range elidedGaps(f.Text, g.Text) {
			if cut, ok := bindingCut(r, p.Sum, gap); ok {
				return rule.NewHit(p.Src, p.Sum, 0.8, "the summary's quote of the user cuts \""+cut+"\"",
					rule.Slot{Name: "elided", Source: cut, Summary: "…"}), true
			}
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"user: please write up the kiln schedule options and what we picked (I'd go with the slow cone-6 ramp for now) and keep the page in the studio wiki"},
			Summary: "All user messages:\n- \"please write up the kiln schedule options and what we picked... keep the page in the studio wiki\"", Fires: true},
		{Source: []string{"user: Reprint the March invoices for the Lisbon office, and never send them by email this time, then archive the batch."},
			Summary: "All user messages:\n- \"Reprint the March invoices for the Lisbon office... then archive the batch.\"", Fires: true},
		// the cut words are stated elsewhere in the summary
		{Source: []string{"user: please write up the kiln schedule options and what we picked (I'd go with the slow cone-6 ramp for now) and keep the page in the studio wiki"},
			Summary: "Decision: the slow cone-6 ramp for now (the user's pick).\nAll user messages:\n- \"please write up the kiln schedule options and what we picked... keep the page in the studio wiki\"", Fires: false},
		// the cut words are an aside that binds nobody
		{Source: []string{"user: Can you rerun the tile export for the harbour map (sorry, my laptop died again) and upload the zip to the shared drive?"},
			Summary: "All user messages:\n- \"Can you rerun the tile export for the harbour map... and upload the zip to the shared drive?\"", Fires: false},
		// a quote with no elision, or of someone else's words
		{Source: []string{"user: please write up the kiln schedule options and what we picked (I'd go with the slow cone-6 ramp for now) and keep the page in the studio wiki"},
			Summary: "All user messages:\n- \"please write up the kiln schedule options and what we picked (I'd go with the slow cone-6 ramp for now) and keep the page in the studio wiki\"", Fires: false},
		{Source: []string{"assistant: I will write up the kiln schedule options and what we picked (I'd go with the slow cone-6 ramp for now) and keep the page in the studio wiki"},
			Summary: "The assistant said: \"I will write up the kiln schedule options and what we picked... keep the page in the studio wiki\"", Fires: false},
	},
})

// elidedGaps are the stretches of source text a quotation in summary text leaves out
// at an elision: between two of its pieces that source holds, and after the last such
// piece when an elision follows it (the quote went on past what it kept). They are in
// the source's case when lower-casing keeps its length, else lower-case.
func elidedGaps(source, summary string) []string {
	low := strings.ToLower(source)
	text := low
	if len(low) == len(source) {
		text = source
	}
	var gaps []string
	for _, q := range quotations(summary) {
		ps := rule.QuotePieces(q)
		if len(ps) < 2 && !endsElided(q) {
			continue // no elision
		}
		at, end := 0, -1
		for _, pc := range ps {
			lp := strings.ToLower(pc)
			j := -1
			if len(lp) >= minQuotePiece {
				if j = strings.Index(low[at:], lp); j >= 0 {
					j += at
				}
			}
			if end >= 0 {
				if j >= 0 {
					gaps = append(gaps, text[end:j])
				} else {
					gaps = append(gaps, text[end:]) // the quote resumes past this fact
				}
			}
			end = -1
			if j >= 0 {
				end, at = j+len(lp), j+len(lp)
			}
		}
		if end >= 0 && end < len(low) && endsElided(q) {
			gaps = append(gaps, text[end:])
		}
	}
	return gaps
}

func endsElided(q string) bool {
	q = strings.TrimSpace(q)
	return strings.HasSuffix(q, "...") || strings.HasSuffix(q, "…")
}

// minQuotePiece: a quoted piece shorter than this is too short to place in the source.
const minQuotePiece = 12

// bindingCut: the cut words (gap) hold a claim of the user's that binds (a choice, a
// rule, a request) and that no summary fact but the quoting one (k) holds most of. It
// returns the claim's words.
func bindingCut(r *rule.Round, k int, gap string) (string, bool) {
	gap = strings.Trim(gap, " ,.;:()-–—\"'\n\t")
	if len(strings.Fields(gap)) < 4 {
		return "", false
	}
	for _, c := range classify.Extract("quote", "user", gap) {
		if c.Act != classify.ActRule && c.Act != classify.ActDecision && c.Act != classify.ActRequest {
			continue
		}
		ws := classify.Terms(c.Text, c.Tokens)
		if len(ws) < 2 || heldElsewhere(r, k, ws) {
			continue
		}
		return balanced(strings.TrimSpace(c.Text)), true
	}
	return "", false
}

// balanced drops the brackets of text that open or close outside it ("for now) but
// keep it" -> "for now but keep it").
func balanced(text string) string {
	if strings.Count(text, "(") == strings.Count(text, ")") {
		return text
	}
	return strings.Join(strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(text)), " ")
}

// heldElsewhere: a summary fact other than k holds most of the terms ws.
func heldElsewhere(r *rule.Round, k int, ws []string) bool {
	for j := range r.Sum {
		if j != k && 5*heldWords(&r.Sum[j], ws) >= 3*len(ws) {
			return true
		}
	}
	return false
}
