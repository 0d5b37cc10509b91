package classify

import (
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/classify/lexicon"
)

// Pasted prose: users paste what someone else wrote (a reviewer's comment, a bot's
// finding, an issue's body) and ask about it around it ("let me know what effort it
// is to fix this:", "Can we do this?"). The pasted paragraph speaks of the code in
// the third person and to no one; the user's own words around it speak as I, we or
// you, or ask. Its sentences are what the user forwards, not the user's rules or
// requests: a summary that keeps the gist has not dropped an order of the user's.
// Only a message with both kinds of paragraph counts, or one that is a titled item
// pasted whole: a message that is one long impersonal paragraph is the user
// describing the problem.

// pastedProseWords: a paragraph this long, with no word of a speaker or an addressee,
// reads as pasted.
const pastedProseWords = 35

// pastedProse returns the byte ranges of the paragraphs of a user message that read
// as someone else's prose (see above); nil when the message has no paragraph of the
// user's own beside them.
func pastedProse(text string) [][2]int {
	ps := paragraphs(text)
	if titledItem(text, ps) {
		return ps
	}
	var pasted, terminal, run [][2]int
	own := false
	runWords, runProse := 0, false
	flush := func(forwarded bool) {
		// a run of impersonal paragraphs the user then calls someone else's text ("<a
		// finding>\n\nConsider testing:\n\n<a list>\n\nI think this is good
		// feedback") is one pasted text: long enough together, prose somewhere in it;
		// otherwise each paragraph is judged alone
		for _, p := range run {
			if forwarded && runWords >= pastedProseWords && runProse ||
				len(strings.Fields(text[p[0]:p[1]])) >= pastedProseWords && prosey(text[p[0]:p[1]]) {
				pasted = append(pasted, p)
			}
		}
		run, runWords, runProse = nil, 0, false
	}
	for _, p := range ps {
		body := text[p[0]:p[1]]
		switch k := terminalPaste(body); {
		case k >= 0:
			// a terminal's screen, pasted: its prompts are no one's order here
			flush(false)
			terminal = append(terminal, [2]int{p[0] + k, p[1]})
		case speaks(body):
			flush(namesForwarded(body))
			own = true
			if k, ok := pastedAfterLeadIn(body); ok {
				pasted = append(pasted, [2]int{p[0] + k, p[1]}) // "I think this was just fixed, right: <the comment>"
			}
		default:
			run, runWords, runProse = append(run, p), runWords+len(strings.Fields(body)), runProse || prosey(body)
		}
	}
	flush(false)
	if !own {
		return terminal
	}
	return append(pasted, terminal...)
}

// terminalPaste: where, in a paragraph, a terminal's screen the user pasted starts
// (-1 for none): a line that opens on a shell's or an agent CLI's prompt glyph ("❯ make
// it faster", "$ npm test"), or the sentence that quotes one ("The transcript: ❯ make
// it faster"). What follows is not the user's own words.
func terminalPaste(p string) int {
	at := 0
	for _, line := range strings.SplitAfter(p, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "❯ ") || strings.HasPrefix(t, "$ ") && len(t) > 2 && (isLetter(t[2]) || t[2] == '.' || t[2] == '/') {
			return at
		}
		if i := strings.Index(line, " ❯ "); i > 0 {
			if j := strings.LastIndex(line[:i], ". "); j >= 0 {
				return at + j + 2 // (from the sentence that quotes the prompt)
			}
			return at
		}
		at += len(line)
	}
	return -1
}

// pastedAfterLeadIn: the paragraph opens with a short question or remark of the user's that
// ends in a colon, and goes on with someone else's prose on the same line ("can you
// check this: The retry budget resets on every tick..."); k is where that prose
// starts.
func pastedAfterLeadIn(p string) (int, bool) {
	i := strings.Index(p, ": ")
	if i < 0 || strings.Contains(p[:i], "\n") {
		return 0, false
	}
	lead, rest := p[:i], p[i+2:]
	if len(strings.Fields(lead)) > leadInWords || !speaks(lead) || speaks(rest) ||
		len(strings.Fields(rest)) < pastedProseWords || !prosey(rest) {
		return 0, false
	}
	return i + 2, true
}

// leadInWords: a lead-in is at most this many words.
const leadInWords = 15

// titledItem: the whole message is an item someone else wrote, pasted as it stood: a
// title line (a few words, no sentence's end), then impersonal prose, and no word of
// the user's own anywhere (a review bot's finding, an issue with its title).
func titledItem(text string, ps [][2]int) bool {
	if len(ps) < 2 || speaks(text) {
		return false
	}
	title := strings.TrimSpace(text[ps[0][0]:ps[0][1]])
	if strings.Contains(title, "\n") || len(strings.Fields(title)) > 12 || strings.ContainsAny(title[len(title)-1:], ".!?:;") {
		return false
	}
	words := 0
	for _, p := range ps[1:] {
		if body := text[p[0]:p[1]]; prosey(body) {
			words += len(strings.Fields(body))
		}
	}
	return words >= titledItemWords
}

// titledItemWords: the prose under a pasted item's title runs at least this long.
const titledItemWords = 20

// paragraphs are the blank-line separated blocks of text, trimmed.
func paragraphs(text string) [][2]int {
	var out [][2]int
	start := -1
	pos := 0
	for _, l := range strings.SplitAfter(text, "\n") {
		if strings.TrimSpace(l) == "" {
			if start >= 0 {
				out = append(out, [2]int{start, pos})
				start = -1
			}
		} else if start < 0 {
			start = pos
		}
		pos += len(l)
	}
	if start >= 0 {
		out = append(out, [2]int{start, pos})
	}
	return out
}

// speaks: the paragraph has a word of a speaker or an addressee (the lexicon's
// speaker category), or asks.
func speaks(p string) bool {
	if strings.Contains(p, "?") {
		return true
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(p), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\'' && r != '’'
	}) {
		if lexicon.Default().IsWord(strings.ReplaceAll(w, "’", "'"), "speaker") {
			return true
		}
	}
	return false
}

// prosey: sentences in Latin script, not a list, a table or a log (those have their
// own readers), so that the speaker test above means something.
func prosey(p string) bool {
	t := strings.TrimSpace(p)
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "```") {
		return false
	}
	letters, latin := 0, 0
	for _, r := range t {
		if unicode.IsLetter(r) {
			letters++
			if unicode.In(r, unicode.Latin) {
				latin++
			}
		}
	}
	return letters > 0 && latin*10 >= letters*9 && strings.Count(t, ". ")+strings.Count(t, ".\n") >= 1
}

// markPasted marks the facts that lie in the pasted paragraphs ps.
func markPasted(fs []Fact, ps [][2]int) {
	for i := range fs {
		for _, p := range ps {
			if fs[i].Start >= p[0] && fs[i].End <= p[1] {
				fs[i].Pasted = true
			}
		}
	}
}

// namesForwarded: the user's paragraph names what came before it as someone else's
// text (the lexicon's forwarded category: feedback, comment, review, suggestion).
func namesForwarded(p string) bool { return lexicon.Default().Has(p, "forwarded") }
