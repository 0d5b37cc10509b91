package rules

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "The user said: \"also drop the staging bucket\"": nobody said it.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/invented-quote",
	Doc:   "The summary quotes someone's words (a user message it lists, a line given in quotation marks) that no message of the round holds, verbatim or nearly.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Code || g.Section != classify.SecUserMessages && g.Provenance.Source != "user" {
			return rule.Hit{}, false
		}
		piece, cut, ok := mainQuote(g.Text)
		if !ok || cut || r.Mentions(piece) {
			return rule.Hit{}, false // ("[log output]": the summary says it cut the message)
		}
		for _, s := range r.Support[k] {
			if s.Match.Cover >= QuoteHeld {
				return rule.Hit{}, false // the words are there, reworded or cut
			}
		}
		if heldRuns(r, piece) >= QuoteHeld {
			return rule.Hit{}, false // the message is there, spread over several facts
		}
		return rule.NewHit(-1, k, 0.85, "no message holds these quoted words", rule.Slot{Name: "quote", Summary: oneLine(piece)}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: Move the gallery images to the CDN.", "assistant: Moved them."}, Summary: "All user messages:\n- \"Move the gallery images to the CDN.\"\n- \"and delete the old bucket once you are done\"", Fires: true},
		{Source: []string{"user: Move the gallery images to the CDN.", "assistant: Moved them."}, Summary: "All user messages:\n- \"Move the gallery images to the CDN.\"", Fires: false},
		// a quote cut short or lightly reworded is still the user's
		{Source: []string{"user: Move the gallery images to the CDN, and the thumbnails too, but leave the PDFs where they are."}, Summary: "All user messages:\n- \"Move the gallery images to the CDN... leave the PDFs where they are\"", Fires: false},
		{Source: []string{"user: please move the gallery images over to the cdn and the thumbnails as well"}, Summary: "All user messages:\n- \"Please move the gallery images to the CDN, and the thumbnails as well.\"", Fires: false},
		{Source: []string{"user: Move the gallery images to the CDN."}, Summary: "The user said: \"rotate the CDN keys every Friday\"", Fires: true},
		// a long message quoted whole spans several of the source's facts
		{Source: []string{"user: ok, next thing. Move the gallery images to the CDN; keep the thumbnails local. Which cache headers would you set ?"}, Summary: "All user messages:\n- \"ok, next thing. Move the gallery images to the CDN; keep the thumbnails local. Which cache headers would you set?\"", Fires: false},
		// a message of several lines and list items quoted on one line
		{Source: []string{"user: ship it, but let's look at the logs afterwards;\n\nthe staging run shows:\n1. images moved to the CDN\n2. cache headers set\n3. but the thumbnails still come from the old bucket\n4. no errors in the log"}, Summary: "All user messages:\n- \"ship it, but let's look at the logs afterwards; the staging run shows: 1. images moved to the CDN 2. cache headers set 3. but the thumbnails still come from the old bucket 4. no errors in the log\"", Fires: false},
		{Source: []string{"user: Implement the plan in docs/cdn.md: step 1 moves the images, step 2 purges the old cache, step 3 flips DNS."}, Summary: "All user messages:\n- \"Implement the plan in docs/cdn.md: [the three-step CDN plan]\"", Fires: false},
	},
})

// reListNumber is a list item's number inside a line ("showing: 1. the commit 2. ...").
var reListNumber = regexp.MustCompile(`(?:^|\s)\d{1,2}[.)]\s`)

// QuoteHeld: a quoted line whose best source holds at least this share of its words is
// that source, quoted loosely.
var QuoteHeld = 0.5

// mainQuote is the longest piece of a quotation that makes most of the text (a listed
// message, a line in quotation marks), when there is one of at least four words and
// every quotation of the text is closed; cut says the quotation holds the writer's
// insertion in brackets ("[log output]"), so the writer says it cut the message.
func mainQuote(text string) (string, bool, bool) {
	if strings.Count(text, "\"")%2 == 1 || strings.Count(text, "“") != strings.Count(text, "”") {
		return "", false, false // a piece of a longer quotation (the rest is in other facts)
	}
	best, cut := "", false
	for _, q := range rule.Quotations(text) {
		if 5*len(q) < 3*len(strings.TrimSpace(text)) {
			continue
		}
		for _, p := range rule.QuotePieces(q) {
			if len(p) > len(best) {
				best, cut = p, strings.Contains(q, "[")
			}
		}
	}
	return best, cut, len(strings.Fields(best)) >= 4
}

// heldRuns is the share of the quote's runs of four words that some source fact holds
// in that order (case, punctuation and spacing aside).
func heldRuns(r *rule.Round, quote string) float64 {
	runs := wordRuns(quote)
	if len(runs) == 0 {
		return 1
	}
	have := r.Memo("rules.sourceRuns", func() any {
		// the runs of each message's facts read in a row: a quote runs on across the
		// message's line breaks and list items ("...afterwards; manual testing shows:
		// 1. the commit ...")
		m := map[string]bool{}
		var b strings.Builder
		flush := func() {
			for _, x := range wordRuns(b.String()) {
				m[x] = true
			}
			b.Reset()
		}
		for i := range r.Src {
			if i > 0 && r.Src[i].Message != r.Src[i-1].Message {
				flush()
			}
			b.WriteString(r.Src[i].Text)
			b.WriteByte(' ')
		}
		flush()
		return m
	}).(map[string]bool)
	n := 0
	for _, x := range runs {
		if have[x] {
			n++
		}
	}
	return float64(n) / float64(len(runs))
}

// wordRuns are the runs of four consecutive words of a text, lower-cased, letters
// and digits only, list numbers ("1.", "2)") left out.
func wordRuns(text string) []string {
	text = reListNumber.ReplaceAllString(text, " ")
	ws := strings.FieldsFunc(strings.ToLower(text), func(c rune) bool { return !unicode.IsLetter(c) && !unicode.IsDigit(c) })
	var out []string
	for i := 0; i+4 <= len(ws); i++ {
		out = append(out, strings.Join(ws[i:i+4], " "))
	}
	return out
}
