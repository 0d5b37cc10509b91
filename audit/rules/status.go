package rules

import (
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// Status classes of a fact's cues, with their negations read: "not done" is open,
// "no longer failing" passed, "not chosen" rejected.
const (
	stOpen     = "open"
	stDone     = "done"
	stFailed   = "failed"
	stPassed   = "passed"
	stRejected = "rejected"
	stChosen   = "chosen"
)

// statusClasses lists the status classes a fact states.
func statusClasses(f *classify.Fact) map[string]bool {
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
				out[stOpen] = true
			}
		case "done":
			if n {
				out[stOpen] = true
			} else {
				out[stDone] = true
			}
		case "failed":
			if n {
				out[stPassed] = true
			} else {
				out[stFailed] = true
			}
		case "result":
			switch h.Phrase {
			case "pass", "passing", "passed", "passes", "succeeded", "succeeds", "green", "works", "worked":
				if n {
					out[stFailed] = true
				} else {
					out[stPassed] = true
				}
			}
		case "rejected":
			if !n {
				out[stRejected] = true
			}
		case "chosen":
			if n {
				out[stOpen] = true // "not picked yet": undecided
			} else {
				out[stChosen] = true
			}
		}
	}
	return out
}

// moved reports whether the summary replaced status class from (held by the source
// and gone from the summary) with to (new in the summary).
func moved(fs, gs map[string]bool, from, to string) bool {
	return fs[from] && !gs[from] && gs[to] && !fs[to]
}
