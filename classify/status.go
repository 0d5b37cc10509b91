package classify

import (
	"strings"

	"github.com/compaudit/compaudit/classify/lexicon"
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

// StatusClasses lists the status classes a fact states.
func StatusClasses(f *Fact) map[string]bool {
	out := map[string]bool{}
	neg := map[int]bool{}
	for _, s := range f.Scopes {
		if s.Kind == "neg" {
			neg[s.Start] = true
		}
	}
	hits := lexicon.Default().Find(f.Text)
	negated := func(h lexicon.Hit) bool {
		for _, x := range hits {
			if x.Category == "negation" && x.End <= h.Start && h.Start-x.End <= 12 {
				return true
			}
		}
		return false
	}
	for _, h := range hits {
		n := negated(h)
		switch h.Category {
		case "open", "partial":
			if !n {
				out[StOpen] = true
			}
		case "done":
			if n {
				out[StOpen] = true
			} else {
				out[StDone] = true
			}
		case "failed":
			if zeroBefore(f.Text, h.Start) {
				continue // "0 errors", "failed=0": none failed
			}
			if n {
				out[StPassed] = true
			} else {
				out[StFailed] = true
			}
		case "result":
			switch h.Phrase {
			case "pass", "passing", "passed", "passes", "succeeded", "succeeds", "green", "works", "worked":
				if n {
					out[StFailed] = true
				} else {
					out[StPassed] = true
				}
			}
		case "rejected":
			if !n {
				out[StRejected] = true
			}
		case "chosen":
			if passiveParticiple(f.Text, h.End) {
				continue
			}
			if n {
				out[StOpen] = true // "not picked yet": undecided
			} else {
				out[StChosen] = true
			}
		}
	}
	return out
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
