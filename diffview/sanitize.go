package diffview

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"
)

// TabWidth is how many spaces a tab becomes.
const TabWidth = 4

// visible returns the printable form of r, and false when r prints as itself.
// Control characters become their Unicode control pictures (ESC is "␛"), so an escape
// sequence in a transcript shows as "␛[31m" instead of colouring the terminal; C1
// controls, bidirectional overrides and invisible format characters become "⟨U+202E⟩".
func visible(r rune) (string, bool) {
	switch {
	case r == '\t':
		return strings.Repeat(" ", TabWidth), true
	case r == utf8.RuneError:
		return "\uFFFD", true
	case r < 0x20:
		return string(rune(0x2400 + r)), true
	case r == 0x7f:
		return "␡", true
	case r >= 0x80 && r < 0xa0:
		return fmt.Sprintf("⟨U+%04X⟩", r), true
	case r == 0xad, // soft hyphen
		r >= 0x200b && r <= 0x200c,   // zero-width space, non-joiner
		r >= 0x200e && r <= 0x200f,   // LRM, RLM
		r >= 0x2028 && r <= 0x202e,   // line/paragraph separators, embeddings and overrides
		r >= 0x2060 && r <= 0x206f,   // word joiner, invisible operators, isolates
		r == 0xfeff,                  // zero-width no-break space / BOM
		r >= 0xfff9 && r <= 0xfffb,   // interlinear annotations
		r >= 0xe0000 && r <= 0xe007f: // tag characters
		return fmt.Sprintf("⟨U+%04X⟩", r), true
	}
	return "", false
}

// Sanitize makes s safe to print on one terminal line: every control character and
// escape sequence is shown in a visible form (newlines too, as "␊"), tabs become
// spaces, and invisible or direction-changing characters are named. The result
// contains no byte that a terminal would interpret.
func Sanitize(s string) string {
	return sanitize(s, false)
}

// SanitizeText is Sanitize for multi-line text: newlines stay newlines ("\r\n" becomes
// "\n"), everything else is made visible.
func SanitizeText(s string) string {
	return sanitize(strings.ReplaceAll(s, "\r\n", "\n"), true)
}

func sanitize(s string, keepNewlines bool) string {
	clean := true
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == '\n' && keepNewlines {
			i += n
			continue
		}
		if _, ok := visible(r); ok {
			clean = false
			break
		}
		i += n
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r == '\n' && keepNewlines {
			b.WriteByte('\n')
			continue
		}
		if v, ok := visible(r); ok {
			b.WriteString(v)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

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
