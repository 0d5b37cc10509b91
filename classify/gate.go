package classify

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode"
)

// Rx is a regular expression with a literal gate: the words every match must begin
// with, read off the pattern's syntax tree. Most facts contain none of a cue's words,
// so a substring test on the lower-cased text skips the regexp engine entirely.
type Rx struct {
	re   *regexp.Regexp
	lits []string // lower-cased; nil when the pattern cannot be gated
	id   int      // its gates in the shared literal automaton (litgate.go)
}

// MustRx compiles pattern and derives its gate.
func MustRx(pattern string) *Rx {
	r := &Rx{re: regexp.MustCompile(pattern)}
	if tree, err := syntax.Parse(pattern, syntax.Perl); err == nil {
		if lits, ok := firstLits(tree.Simplify()); ok {
			r.lits = lits
		}
	}
	r.id = register(pattern, needSets(pattern), r.lits)
	return r
}

// rx compiles a case-insensitive gated pattern.
func rx(s string) *Rx { return MustRx(`(?i)` + s) }

func (r *Rx) gate(s string) bool { return scanOf(s).pass(r.id, r.lits) }

// litGate: one of lits occurs in l (always, when there are no lits).
func litGate(l string, lits []string) bool {
	if lits == nil {
		return true
	}
	for _, lit := range lits {
		if strings.Contains(l, lit) {
			return true
		}
	}
	return false
}

// MatchString reports whether s contains a match.
func (r *Rx) MatchString(s string) bool { return r.gate(s) && r.re.MatchString(s) }

// FindStringIndex returns the first match's bounds, or nil.
func (r *Rx) FindStringIndex(s string) []int {
	if !r.gate(s) {
		return nil
	}
	return r.re.FindStringIndex(s)
}

// FindAllString returns all matches.
func (r *Rx) FindAllString(s string, n int) []string {
	if !r.gate(s) {
		return nil
	}
	return r.re.FindAllString(s, n)
}

// FindAllStringIndex returns all matches' bounds.
func (r *Rx) FindAllStringIndex(s string, n int) [][]int {
	if !r.gate(s) {
		return nil
	}
	return r.re.FindAllStringIndex(s, n)
}

// FindStringSubmatch returns the first match and its groups.
func (r *Rx) FindStringSubmatch(s string) []string {
	if !r.gate(s) {
		return nil
	}
	return r.re.FindStringSubmatch(s)
}

// FindAllStringSubmatch returns every match and its groups.
func (r *Rx) FindAllStringSubmatch(s string, n int) [][]string {
	if !r.gate(s) {
		return nil
	}
	return r.re.FindAllStringSubmatch(s, n)
}

// String returns the pattern.
func (r *Rx) String() string { return r.re.String() }

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 0x80 {
			return strings.ToLower(s)
		}
	}
	return s
}

// firstLits returns the literal strings one of which must start every match.
func firstLits(re *syntax.Regexp) ([]string, bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil, false
		}
		return []string{strings.ToLower(string(re.Rune))}, true
	case syntax.OpCapture:
		return firstLits(re.Sub[0])
	case syntax.OpConcat:
		for _, sub := range re.Sub {
			switch sub.Op {
			case syntax.OpWordBoundary, syntax.OpNoWordBoundary, syntax.OpBeginLine, syntax.OpBeginText, syntax.OpEmptyMatch:
				continue
			}
			return firstLits(sub)
		}
		return nil, false
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			l, ok := firstLits(sub)
			if !ok {
				return nil, false
			}
			out = append(out, l...)
		}
		return out, true
	case syntax.OpCharClass:
		// a small class of letters ([vV], [sS]) gates on each of them
		var out []string
		for k := 0; k+1 < len(re.Rune); k += 2 {
			lo, hi := re.Rune[k], re.Rune[k+1]
			if hi-lo > 3 {
				return nil, false
			}
			for c := lo; c <= hi; c++ {
				if !unicode.IsLetter(c) && !unicode.IsPunct(c) {
					return nil, false
				}
				out = append(out, strings.ToLower(string(c)))
			}
		}
		return out, len(out) > 0
	case syntax.OpPlus:
		return firstLits(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return firstLits(re.Sub[0])
		}
	}
	return nil, false
}

// gated sets r's gate by hand, for patterns whose first literal the syntax tree does
// not pin down (optional prefixes, anchors). Every match must contain one of words.
func gated(r *Rx, words ...string) *Rx {
	r.lits = words
	setLits(r.id, words)
	return r
}
