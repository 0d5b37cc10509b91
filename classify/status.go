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

// statusOrder fixes a bit for each status class.
var statusOrder = [...]string{StOpen, StDone, StFailed, StPassed, StRejected, StChosen}

// statusCache holds the status classes of the texts seen, as bits of statusOrder.
var statusCache = newMemo[uint8](1 << 17)

// StatusClasses lists the status classes a fact states (a new map the caller may change).
func StatusClasses(f *Fact) map[string]bool {
	bits := statusCache.get(f.Text, statusBits)
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
		n := negated(h)
		switch h.Category {
		case "open", "partial":
			if !n {
				set(StOpen)
			}
		case "done":
			if n {
				set(StOpen)
			} else {
				set(StDone)
			}
		case "failed":
			if zeroBefore(text, h.Start) {
				continue // "0 errors", "failed=0": none failed
			}
			if n {
				set(StPassed)
			} else {
				set(StFailed)
			}
		case "result":
			switch h.Phrase {
			case "pass", "passing", "passed", "passes", "succeeded", "succeeds", "green", "works", "worked":
				if n {
					set(StFailed)
				} else {
					set(StPassed)
				}
			}
		case "rejected":
			if !n {
				set(StRejected)
			}
		case "chosen":
			if passiveParticiple(text, h.End) {
				continue
			}
			if n {
				set(StOpen) // "not picked yet": undecided
			} else {
				set(StChosen)
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
