package classify

import "regexp"

// The line regexps of split.go are anchored at the line's first non-blank character;
// these guards test that character first, so the regexp runs only on lines it can
// match (most lines of tool output match none). Each guard is implied by its regexp.

// lead is the first byte of s that is not blank as the regexps' \s reads it (0: none).
func lead(s string) byte {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\f', '\r', ' ':
			continue
		}
		return s[i]
	}
	return 0
}

// guarded: the regexp matches s, tried only when s's first non-blank byte can start it.
func guarded(re *regexp.Regexp, s string, can func(c byte) bool) bool {
	return can(lead(s)) && re.MatchString(s)
}

func upper(c byte) bool { return c >= 'A' && c <= 'Z' }
func digit(c byte) bool { return c >= '0' && c <= '9' }

func isFence(s string) bool {
	return guarded(reFence, s, func(c byte) bool { return c == '`' || c == '~' })
}

func isBullet(s string) bool {
	return guarded(reBullet, s, func(c byte) bool {
		return c == '-' || c == '*' || c == '+' || c == 0xE2 /* • */ || digit(c) || c >= 'a' && c <= 'z' || c == '(' || c >= 'A' && c <= 'E'
	})
}

func isHRule(s string) bool {
	return guarded(reHRule, s, func(c byte) bool { return c == '-' || c == '*' || c == '_' || c == '=' })
}

func isXMLOnly(s string) bool { return guarded(reXMLOnly, s, func(c byte) bool { return c == '<' }) }
func isXMLLine(s string) bool { return guarded(reXMLLine, s, func(c byte) bool { return c == '<' }) }
func isHeading(s string) bool { return guarded(reHeading, s, func(c byte) bool { return c == '#' }) }

func isNumHeading(s string) bool {
	return guarded(reNumHeading, s, func(c byte) bool { return digit(c) || upper(c) })
}

func isLabelLine(s string) bool {
	return guarded(reLabelLine, s, func(c byte) bool { return c == '*' || upper(c) })
}

func isTableSep(s string) bool {
	return guarded(reTableSep, s, func(c byte) bool { return c == '|' || c == ':' || c == '-' })
}
