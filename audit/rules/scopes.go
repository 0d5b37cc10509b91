package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// determiners are negations of a noun ("no snapshot", "none of"): they deny the
// clause, not the word after them.
var determiners = map[string]bool{"no": true, "none": true, "nothing": true, "neither": true, "nobody": true, "no one": true}

// negatedHeads counts, per governed word, the verbal negations (not, never, without,
// a prohibition) that govern it.
func negatedHeads(f *classify.Fact) map[string]int {
	out := map[string]int{}
	for _, s := range f.Scopes {
		if verbalNegation(s) {
			out[s.Head]++
		}
	}
	// "unchanged", "non-blocking": the prefix denies its base
	for _, w := range strings.Fields(lower(f.Text)) {
		if st, ok := classify.NegatedStem(strings.Trim(w, ",.;:!?\"'`*()")); ok {
			out[st]++
		}
	}
	return out
}

// verbalNegation: the scope denies the word it governs (not, never, without, a
// prohibition), not a whole clause by a determiner ("no", "none").
func verbalNegation(s classify.Scope) bool {
	return s.Kind == "neg" && !determiners[s.Cue] || s.Kind == "deontic" && s.Neg
}

// deniedInClause: a determiner negation ("no", "none") opens the clause word w is in.
func deniedInClause(f *classify.Fact, w string) bool {
	cut := strings.FieldsFunc(lower(f.Text), func(r rune) bool { return r == ';' || r == '.' || r == ',' || r == ':' })
	return afterCue(cut, w, func(x string) bool { return determiners[x] })
}

// negatedBefore: w stands in f after a negation of its own clause ("do not take 2.4
// from the mirror"): a summary that puts the negation on w ("not the mirror's 2.4")
// moves the same denial from the verb to its object.
func negatedBefore(f *classify.Fact, w string) bool {
	lx := lexicon.Default()
	return afterCue(clauses(lower(f.Text)), w, func(x string) bool { return lx.IsWord(x, "negation") })
}

// afterCue: in one of the clauses, a word cue accepts comes before a word whose stem
// is w.
func afterCue(clauses []string, w string, cue func(string) bool) bool {
	for _, clause := range clauses {
		seen := false
		for _, x := range strings.Fields(clause) {
			x = strings.Trim(x, "\"'`*()")
			if cue(x) {
				seen = true
			} else if seen && classify.Stem(x) == w {
				return true
			}
		}
	}
	return false
}

// clauses cuts text at semicolons, commas and line breaks, and at full stops and
// colons that a space follows ("2.4.1" and "node:22" stay whole).
func clauses(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == ';' || c == ',' || c == '\n', (c == '.' || c == ':') && (i+1 == len(text) || text[i+1] == ' '):
			out = append(out, text[start:i])
			start = i + 1
		}
	}
	return append(out, text[start:])
}

// clauseStart is where the clause holding offset at begins, read backwards by the
// convention clauses follows (brackets, ! and ? cut here too): after the last comma,
// semicolon, bracket or line break before it, or after a full stop or colon that a
// space follows ("node:22" and "v1.2" are one word).
func clauseStart(text string, at int) int {
	for i := at - 1; i >= 0; i-- {
		switch text[i] {
		case ',', ';', '(', ')', '!', '?', '\n':
			return i + 1
		case '.', ':':
			if i+1 < at && text[i+1] == ' ' {
				return i + 1
			}
		}
	}
	return 0
}

// prohibitionOn: a deontic prohibition governs w.
func prohibitionOn(f *classify.Fact, w string) bool {
	for _, s := range f.Scopes {
		if s.Kind == "deontic" && s.Neg && s.Head == w {
			return true
		}
	}
	return false
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

// heldWords counts the words of ws that f holds.
func heldWords(f *classify.Fact, ws []string) int {
	n := 0
	for _, w := range ws {
		if hasWord(f, w) {
			n++
		}
	}
	return n
}

// hedged: a hedge word governs part of the fact.
func hedged(f *classify.Fact) bool {
	return slices.ContainsFunc(f.Scopes, func(s classify.Scope) bool { return s.Kind == "hedge" })
}
