package classify

import (
	"regexp"
	"slices"
	"strings"
)

// Options offered as a labelled list ("A. delete old chunks", "(b) move the buffer",
// "Option 4: cache per tenant") are often chosen or ruled out by their label alone, in
// the same message or a later one: "B is out: it breaks the retention policy", "I'd go
// with option 4", "B) yeah, let's go json", "(b) and not (a)". ResolveOptions carries
// such a choice to the option it names, so the option's own fact holds its status.

// optionLabel reads the label an option item opens on ("a", "b", "4"), or "".
func optionLabel(text string) string {
	t := strings.TrimLeft(text, "*_ \t")
	if m := reOptionWord.FindStringSubmatch(t); m != nil {
		return strings.ToLower(m[1])
	}
	if len(t) < 4 {
		return ""
	}
	switch {
	case t[0] == '(' && t[2] == ')' && (isLetterAE(t[1]) || t[1] >= '1' && t[1] <= '9'):
		return strings.ToLower(t[1:2])
	case isUpperAE(t[0]) && (t[1] == '.' || t[1] == ')') && t[2] == ' ':
		return strings.ToLower(t[:1])
	case t[0] >= 'a' && t[0] <= 'e' && t[1] == ')' && t[2] == ' ':
		return t[:1]
	}
	return ""
}

func isUpperAE(c byte) bool  { return c >= 'A' && c <= 'E' }
func isLetterAE(c byte) bool { return isUpperAE(c) || c >= 'a' && c <= 'e' }

var (
	reOptionWord = regexp.MustCompile(`^(?i:option)\s+([A-Ea-e1-9])\b`)
	// a label as a choice names it: "B", "(b)", "option 4", "option B"
	labelRef = `(\([a-eA-E1-9]\)|(?i:option)\s+[a-eA-E1-9]\b|\b[A-E]\b)`
	// the cues that rule an option out or choose one, before its label
	rejectCues = `reject(?:ing|ed)?|ruling out|rule out|ruled out|not|against|drop(?:ping)?|skip(?:ping)?`
	chooseCues = `go(?:ing)? with|went with|pick(?:ing)?|choose|chose|prefer|opt for|settle on|let's do|take`
	reReject   = regexp.MustCompile(`(?i:\b(?:` + rejectCues + `)\s+)` + labelRef)
	reChoose   = regexp.MustCompile(`(?i:\b(?:recommend(?:ing)?|` + chooseCues + `)\s+)` + labelRef)
	// after a numbered list of options, a bare number after the cue names an item
	numRef      = `(?:(?i:option|number|#)\s*)?([1-9])\b`
	reRejectNum = regexp.MustCompile(`(?i:\b(?:forget|no|` + rejectCues + `)\s+)` + numRef)
	reChooseNum = regexp.MustCompile(`(?i:\b(?:` + chooseCues + `)\s+)` + numRef)
	// "yes, do 2", "do 1 then": a bare number ending the order names an item too
	// ("do 3 retries" counts something)
	reDoNum = regexp.MustCompile(`(?i:\b(?:do|doing)\s+)([1-9])(?:\s*$|\s*[.,;!)]|\s+(?i:then|first|please|now|and)\b)`)
)

// refLabel normalises a label reference ("(b)" -> "b", "option 4" -> "4").
func refLabel(ref string) string {
	ref = strings.Trim(ref, "() ")
	if f := strings.Fields(ref); len(f) == 2 {
		ref = f[1]
	}
	return strings.ToLower(ref)
}

// ResolveOptions sets, over facts in the order they were said, the choice status of
// each labelled option that a later fact chooses or rules out by its label. An option
// that states its own choice keeps it; the latest list with a label is the one meant.
func ResolveOptions(fs []Fact) {
	items := map[string]int{}
	numbered := false
	for i := range fs {
		f := &fs[i]
		if f.Code {
			continue
		}
		l := optionLabel(f.Text)
		if l == "" && f.Item != "" && strings.Contains(strings.ToLower(f.Context), "option") {
			l, numbered = f.Item, true // "Options:" then "1. ...", "2. ..."
		}
		if l != "" {
			if k, ok := items[l]; ok && f.Origin == OriginUser && fs[k].Message != f.Message && reOptionReply.MatchString(strings.TrimLeft(f.Text, "*_ ")) {
				setChoice(fs, items, l, f, StatusChosen) // "B) yeah let's go json": the reply picks B
				f.Picks = append(f.Picks, k)
				continue
			}
			if prev, ok := items[l]; ok && fs[prev].Message != f.Message {
				clear(items) // a new list: earlier labels no longer name anything
			}
			items[l] = i
			if reReject.FindStringIndex(f.Text) == nil && reChoose.FindStringIndex(f.Text) == nil {
				continue // the option itself, not a choice about another
			}
		}
		if len(items) == 0 {
			continue
		}
		if numbered && f.Origin == OriginUser {
			// a numbered list of options: "forget 3", "go with 2" name an item
			applyChoice(fs, items, f, reRejectNum, StatusRejected)
			applyChoice(fs, items, f, reChooseNum, StatusChosen)
			applyChoice(fs, items, f, reDoNum, StatusChosen)
		}
		if !mayNameLabel(f.Text) {
			continue
		}
		applyChoice(fs, items, f, reReject, StatusRejected)
		applyChoice(fs, items, f, reChoose, StatusChosen)
	}
}

// mayNameLabel: a cheap test before the label regexps, which would otherwise run on
// every fact after an option list: a bracket, the word "option", or a lone A to E.
func mayNameLabel(t string) bool {
	if strings.Contains(t, "(") || strings.Contains(t, "ption") || strings.Contains(t, "PTION") {
		return true
	}
	for i := 0; i < len(t); i++ {
		if isUpperAE(t[i]) && (i == 0 || !isLetter(t[i-1])) && (i+1 == len(t) || !isLetter(t[i+1])) {
			return true
		}
	}
	return false
}

// reOptionReply: a reply that opens on a bare label, then its reason.
var reOptionReply = regexp.MustCompile(`^(?:\([a-eA-E1-9]\)|[a-eA-E]\))\s`)

func applyChoice(fs []Fact, items map[string]int, f *Fact, re *regexp.Regexp, status string) {
	for _, m := range re.FindAllStringSubmatch(f.Text, -1) {
		l := refLabel(m[1])
		setChoice(fs, items, l, f, status)
		if k, ok := items[l]; ok && &fs[k] != f && !slices.Contains(f.Picks, k) {
			f.Picks = append(f.Picks, k)
		}
	}
}

// setChoice gives option l the status, unless it is the fact itself or already has one.
func setChoice(fs []Fact, items map[string]int, l string, by *Fact, status string) {
	k, ok := items[l]
	if !ok || &fs[k] == by || fs[k].Status.Choice != "" {
		return
	}
	fs[k].Status.Choice = status
}
