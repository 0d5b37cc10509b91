package classify

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// Each guard answers what its regexp answers, on lines built from the characters the
// regexps care about.
func TestLineGuardsMatchRegexps(t *testing.T) {
	guards := map[*regexp.Regexp]func(string) bool{
		reFence: isFence, reBullet: isBullet, reHRule: isHRule, reXMLOnly: isXMLOnly, reXMLLine: isXMLLine,
		reHeading: isHeading, reNumHeading: isNumHeading, reLabelLine: isLabelLine, reTableSep: isTableSep,
	}
	parts := []string{" ", "  ", "\t", "\v", "\u00a0", "`", "```", "~~~", "-", "--", "*", "**", "+", "•", "_", "=", "#", "##", "<", ">", "</", "|", ":", ".", ")", "1", "12", "a", "b", "A", "Z", "Title", "x-y", "go", "é"}
	rng := rand.New(rand.NewPCG(1, 2))
	hits := 0
	for n := 0; n < 40000; n++ {
		var b strings.Builder
		for k := rng.IntN(8); k >= 0; k-- {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		line := b.String()
		for re, g := range guards {
			want := re.MatchString(line)
			if g(line) != want {
				t.Fatalf("%s on %q: guard %v, regexp %v", re, line, !want, want)
			}
			if want {
				hits++
			}
		}
	}
	if hits < 1000 {
		t.Fatalf("only %d matching lines: the lines do not exercise the regexps", hits)
	}
}
