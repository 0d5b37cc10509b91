package classify

import (
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/compaudit/compaudit/classify/lexicon"
	"github.com/compaudit/compaudit/internal/textmemo"
)

// Status classes of a fact's cues, with their negations read: "not done" is open,
// "no longer failing" passed, "not chosen" rejected.
const (
	StOpen     = "open"
	StDone     = "done"
	StFailed   = "failed"
	StPassed   = "passed"
	StRejected = "rejected"
	StChosen   = "chosen"
)

// statusOrder fixes a bit for each status class.
var statusOrder = [...]string{StOpen, StDone, StFailed, StPassed, StRejected, StChosen}

// statusCache holds the status classes of the texts seen, as bits of statusOrder.
var statusCache = textmemo.New(1<<17, statusBits)

// StatusClasses lists the status classes a fact states (a new map the caller may change).
func StatusClasses(f *Fact) map[string]bool {
	bits := statusCache.Get(f.Text)
	out := map[string]bool{}
	for i, c := range statusOrder {
		if bits&(1<<i) != 0 {
			out[c] = true
		}
	}
	return out
}

// statusBits reads the status classes of a text's cues.
func statusBits(text string) uint8 {
	var out uint8
	set := func(c string) {
		for i, x := range statusOrder {
			if x == c {
				out |= 1 << i
			}
		}
	}
	hits := lexicon.Default().Find(text)
	negated := func(h lexicon.Hit) bool {
		for _, x := range hits {
			if x.Category == "negation" && x.End <= h.Start && h.Start-x.End <= 12 {
				return true
			}
		}
		return false
	}
	for _, h := range hits {
		if conditional(text, hits, h) || counterfactual(text, hits, h) || h.Category == "done" && nounCompound(text, h) {
			continue // "stays open until the load test passes": a condition, not a status; "the working tree": a thing
		}
		if c := hitStatus(text, h, negated(h)); c != "" {
			set(c)
			if c == StRejected && contrastCue(h.Phrase) {
				set(StChosen) // "X instead of Y" rejects Y and chooses X
			}
		}
	}
	anyNeg := false
	for _, h := range hits {
		anyNeg = anyNeg || h.Category == "negation"
	}
	switch done, part := countedShare(text); {
	case part:
		set(StOpen) // "1,200 of 5,000 tenants migrated": a part of the whole
	case done || universalDone(text) && !anyNeg && out&(1<<0) == 0: // statusOrder[0] is StOpen
		set(StDone) // "40 of 40", "All 40 shards are rebalanced"
	}
	return out
}

// ContrastCues are the rejections that name the option taken in its place ("X
// instead of Y", "X rather than Y").
var ContrastCues = []string{"instead of", "rather than"}

func contrastCue(phrase string) bool { return slices.Contains(ContrastCues, strings.ToLower(phrase)) }

// conditional: cue h sits in a clause opened by until, unless or if: it states the
// condition the claim waits on, not the claim's status.
func conditional(text string, hits []lexicon.Hit, h lexicon.Hit) bool {
	for _, q := range hits {
		if q.Category != "qualifier" || q.End > h.Start || !conditionCue(q) {
			continue
		}
		if !strings.ContainsAny(text[q.End:h.Start], ",.;:!?()\n") {
			return true
		}
	}
	return false
}

// counterfactual: cue h sits in the consequent of a conditional, in the would-form ("If
// we wanted it for auto-commit too, we'd need a tree hash"): a need under a
// supposition, not open work.
func counterfactual(text string, hits []lexicon.Hit, h lexicon.Hit) bool {
	opened := false
	for _, q := range hits {
		if q.Category == "qualifier" && q.End <= h.Start && conditionCue(q) && strings.EqualFold(q.Phrase, "if") {
			opened = true
			break
		}
	}
	if !opened {
		return false
	}
	ws := strings.Fields(strings.ToLower(text[:h.Start]))
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-3; k-- {
		w := strings.Trim(ws[k], ",.;:()\"'")
		if w == "would" || strings.HasSuffix(w, "'d") || strings.HasSuffix(w, "’d") {
			return true
		}
	}
	return false
}

// conditionCue: a qualifier that opens a condition ("until", "unless", "if"; not
// "when", which as often dates a fact as conditions it, nor a "[pending]" tag).
func conditionCue(q lexicon.Hit) bool {
	switch q.Attr("kind") {
	case "until":
		return !strings.EqualFold(q.Phrase, "pending")
	case "unless":
		return true
	case "if":
		switch strings.ToLower(q.Phrase) {
		case "if", "provided", "provided that", "in case", "as soon as":
			return true
		}
	}
	return false
}

// passWords are the "result" cues that say a check passed.
var passWords = map[string]bool{"pass": true, "passing": true, "passed": true, "passes": true, "succeeded": true, "succeeds": true, "green": true, "works": true, "worked": true}

// hitStatus is the status class cue h gives text, negated or not ("" for none).
func hitStatus(text string, h lexicon.Hit, n bool) string {
	switch h.Category {
	case "open", "partial":
		if !n {
			return StOpen
		}
	case "done":
		return byNegation(n, StOpen, StDone)
	case "failed":
		if zeroBefore(text, h.Start) {
			return "" // "0 errors", "failed=0": none failed
		}
		return byNegation(n, StPassed, StFailed)
	case "result":
		if passWords[h.Phrase] {
			return byNegation(n, StFailed, StPassed)
		}
	case "rejected":
		if !n {
			return StRejected
		}
	case "chosen":
		if passiveParticiple(text, h.End) {
			return ""
		}
		return byNegation(n, StOpen, StChosen) // "not picked yet": undecided
	}
	return ""
}

// byNegation is ifNeg when n, else ifNot.
func byNegation(n bool, ifNeg, ifNot string) string {
	if n {
		return ifNeg
	}
	return ifNot
}

// shareRe finds a counted share: "1,200 of 5,000", "7 out of 9", "3/5 shards".
var shareRe = regexp.MustCompile(`(?i)\b(\d[\d,]*)\s*(?:of|out of|/)\s*(\d[\d,]*)\b`)

// countedShare: the text counts a share of a whole: all of it (done) or a part (part).
// A date or a version ("1/2/2026", "3/4 of an inch") is no share: the match must not
// sit inside a longer run of digits and slashes.
func countedShare(text string) (done, part bool) {
	for _, m := range shareRe.FindAllStringSubmatchIndex(text, -1) {
		if m[1] < len(text) && (text[m[1]] == '/' || text[m[1]] == '.' && m[1]+1 < len(text) && isDigit(text[m[1]+1])) || m[0] > 0 && (text[m[0]-1] == '/' || text[m[0]-1] == '.') {
			continue
		}
		x, errX := strconv.Atoi(strings.ReplaceAll(text[m[2]:m[3]], ",", ""))
		y, errY := strconv.Atoi(strings.ReplaceAll(text[m[4]:m[5]], ",", ""))
		if errX != nil || errY != nil || y == 0 || x > y {
			continue
		}
		if x == y {
			done = true
		} else {
			part = true
		}
	}
	return done && !part, part
}

// universalDone: a claim that all of something reached an end state, its subject
// opened by a universal quantifier and its verb a passive perfect ("All 40 shards are
// rebalanced", "every replica has been upgraded").
func universalDone(text string) bool {
	ws := strings.Fields(strings.ToLower(strings.TrimLeft(text, "-*• ")))
	if len(ws) < 3 || ws[0] != "all" && ws[0] != "every" && ws[0] != "each" {
		return false
	}
	for k := 1; k+1 < len(ws) && k <= 5; k++ {
		switch ws[k] {
		case "are", "were", "is", "was", "got":
			return participle(ws[k+1])
		case "have", "has":
			if k+2 < len(ws) && ws[k+1] == "been" {
				return participle(ws[k+2])
			}
		}
	}
	return false
}

func participle(w string) bool {
	w = strings.Trim(w, ".,;:!")
	return len(w) > 3 && (strings.HasSuffix(w, "ed") || strings.HasSuffix(w, "en") || w == "done" || w == "built" || w == "sent")
}

// zeroBefore: the word at i counts zero ("0 errors", "no failures" is a negation).
func zeroBefore(text string, i int) bool {
	j := i - 1
	for j >= 0 && text[j] == ' ' {
		j--
	}
	if j >= 0 && text[j] == '0' && (j == 0 || !isDigit(text[j-1])) {
		return true
	}
	rest := text[i:]
	for k := 0; k < len(rest) && k < 16; k++ {
		if rest[k] == '=' || rest[k] == ':' {
			t := strings.TrimLeft(rest[k+1:], " ")
			return strings.HasPrefix(t, "0") && (len(t) == 1 || !isDigit(t[1]))
		}
		if rest[k] == ' ' {
			break
		}
	}
	return false
}

// partialCount finds "N of M" (and "N out of M"; de "von", fr "sur", es/pt "de") with
// both numbers written out, N a number of its own (not the tail of "v1.2").
var partialCount = regexp.MustCompile(`(?i)(?:^|[^\w.,])(\d+)\s+(?:of|out of|von|sur|de)\s+(\d+)\b`)

// PartialCount: the text counts some of a whole, fewer than all ("7 of 9 resolvers
// switched", "12 out of 30 shards migrated"): the work it counts is partly done.
func PartialCount(text string) bool {
	for _, m := range partialCount.FindAllStringSubmatch(text, -1) {
		n, err1 := strconv.Atoi(m[1])
		d, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil && d > 1 && n < d {
			return true
		}
	}
	return false
}
