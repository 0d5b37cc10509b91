package diffview

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/compaudit/compaudit/internal/termsafe"
	"github.com/rivo/uniseg"
)

// TabWidth is how many spaces a tab becomes.
const TabWidth = termsafe.TabWidth

// Sanitize makes s safe to print on one terminal line: every control character and
// escape sequence is shown in a visible form (newlines too, as "␊"), tabs become
// spaces, and invisible or direction-changing characters are named. The result
// contains no byte that a terminal would interpret. (It is termsafe.Line, the one
// function every printer of compaudit uses.)
func Sanitize(s string) string { return termsafe.Line(s) }

// SanitizeText is Sanitize for multi-line text: newlines stay newlines ("\r\n" becomes
// "\n"), everything else is made visible.
func SanitizeText(s string) string { return termsafe.Text(s) }

// Width is the number of terminal cells s occupies, measured as Lip Gloss measures
// (grapheme clusters, East Asian wide characters as two cells, zero-width as none).
func Width(s string) int { return ansi.StringWidth(s) }

// Fit truncates or pads s (which may hold styles) to exactly w cells.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = ansi.Truncate(s, w, "…")
		sw = ansi.StringWidth(s)
	}
	if sw < w {
		s += strings.Repeat(" ", w-sw)
	}
	return s
}

// graphemes calls f for every grapheme cluster of s with its width in cells.
func graphemes(s string, f func(cluster string, width int)) {
	state := -1
	for len(s) > 0 {
		var cl string
		cl, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
		f(cl, ansi.StringWidth(cl))
	}
}
