package rules

import (
	"slices"

	"github.com/compaudit/compaudit/classify"
)

// negatedHeads counts, per governed word, the negations that govern it.
func negatedHeads(f *classify.Fact) map[string]int {
	out := map[string]int{}
	for _, s := range f.Scopes {
		if s.Kind == "neg" {
			out[s.Head]++
		}
	}
	return out
}

// deonticOn is the strongest deontic cue governing head w (ok false when none).
func deonticOn(f *classify.Fact, w string) (classify.Scope, bool) {
	var best classify.Scope
	ok := false
	for _, s := range f.Scopes {
		if s.Kind == "deontic" && s.Head == w && (!ok || s.Force > best.Force) {
			best, ok = s, true
		}
	}
	return best, ok
}

// forceClass groups deontic force into what a reader hears: an order (must, never,
// need to, required), a recommendation (should, avoid), a wish (prefer, try to).
func forceClass(force int) int {
	switch {
	case force >= 3:
		return 3
	case force == 2:
		return 2
	case force == 1:
		return 1
	}
	return 0
}

func hasWord(f *classify.Fact, w string) bool { return slices.Contains(f.Words, w) }
