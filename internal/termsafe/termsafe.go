// Package termsafe is the one place that decides which characters may reach a
// terminal. Every line compaudit prints (stdout, stderr, tables, prompts, the TUI)
// goes through Line or Text, and report streams through Writer, so that no byte read
// from a transcript (an ANSI or OSC escape, a C1 control, a bidirectional override, a
// newline inside an id) is interpreted by the terminal. It imports nothing of
// compaudit's, so every package may use it.
package termsafe

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// TabWidth is how many spaces a tab becomes in Line and Text.
const TabWidth = 4

// visible returns the printable form of r, and false when r prints as itself.
// Control characters become their Unicode control pictures (ESC is "␛"), so an escape
// sequence in a transcript shows as "␛[31m" instead of colouring the terminal; C1
// controls, bidirectional overrides and invisible format characters become "⟨U+202E⟩".
// n is the rune's length in the input: an invalid byte decodes as U+FFFD of length 1
// (and is shown as U+FFFD), a real U+FFFD as length 3 (and prints as itself).
func visible(r rune, n int) (string, bool) {
	switch {
	case r == '\t':
		return strings.Repeat(" ", TabWidth), true
	case r == utf8.RuneError && n <= 1:
		return "\uFFFD", true
	case r < 0x20:
		return string(rune(0x2400 + r)), true
	case r == 0x7f:
		return "␡", true
	}
	if Invisible(r) {
		return fmt.Sprintf("⟨U+%04X⟩", r), true
	}
	return "", false
}

// Invisible reports whether r is a C1 control or a character that prints nothing or
// changes the direction or meaning of the text around it: soft hyphen, zero-width
// characters, direction marks, embeddings, overrides and isolates, line and
// paragraph separators, the BOM, interlinear annotations and tag characters.
func Invisible(r rune) bool {
	switch {
	case r >= 0x80 && r < 0xa0:
		return true
	case r == 0xad, // soft hyphen
		r == 0x61c,                   // Arabic letter mark
		r >= 0x200b && r <= 0x200c,   // zero-width space, non-joiner
		r >= 0x200e && r <= 0x200f,   // LRM, RLM
		r >= 0x2028 && r <= 0x202e,   // line/paragraph separators, embeddings and overrides
		r >= 0x2060 && r <= 0x206f,   // word joiner, invisible operators, isolates
		r == 0xfeff,                  // zero-width no-break space / BOM
		r >= 0xfff9 && r <= 0xfffb,   // interlinear annotations
		r >= 0xe0000 && r <= 0xe007f: // tag characters
		return true
	}
	return false
}

// Line makes s safe to print on one terminal line: every control character and
// escape sequence is shown in a visible form (newlines too, as "␊"), tabs become
// spaces, and invisible or direction-changing characters are named. The result
// contains no byte that a terminal would interpret.
func Line(s string) string { return sanitize(s, false) }

// Text is Line for multi-line text: newlines stay newlines ("\r\n" becomes "\n"),
// everything else is made visible.
func Text(s string) string {
	return sanitize(strings.ReplaceAll(s, "\r\n", "\n"), true)
}

// Safe reports whether s holds nothing Line would change, newlines and tabs aside.
func Safe(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r == '\n' || r == '\t' {
			continue
		}
		if _, ok := visible(r, n); ok {
			return false
		}
	}
	return true
}

func sanitize(s string, keepNewlines bool) string {
	clean := true
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == '\n' && keepNewlines {
			i += n
			continue
		}
		if _, ok := visible(r, n); ok {
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
		if v, ok := visible(r, n); ok {
			b.WriteString(v)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Writer passes a text stream (a Markdown or HTML report, a listing) to w with every
// character a terminal would interpret made visible, as Text does; newlines and tabs
// pass as they are. A rune split across two writes is held until the second. Close
// flushes a trailing incomplete rune (as U+FFFD); it does not close w.
type Writer struct {
	w    io.Writer
	json bool
	// joiner passes U+2060 WORD JOINER: the report writers insert it to keep a
	// Markdown renderer from linking a URL or an @mention, after making every
	// invisible character of the transcript visible.
	joiner bool
	carry  []byte
	buf    []byte
}

// NewWriter returns a Writer for plain text (reports, listings).
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// NewJSONWriter returns a Writer for a JSON document: DEL, C1 controls and invisible
// characters (which JSON allows raw inside strings) become \u escapes, so the
// document means the same and no longer moves a terminal. Carriage returns and other
// C0 controls cannot occur raw in valid JSON; they are escaped the same way.
func NewJSONWriter(w io.Writer) *Writer { return &Writer{w: w, json: true} }

// Write filters p; it reports len(p) on success.
func (t *Writer) Write(p []byte) (int, error) {
	data := p
	if len(t.carry) > 0 {
		data = append(append([]byte{}, t.carry...), p...)
		t.carry = t.carry[:0]
	}
	t.buf = t.buf[:0]
	for i := 0; i < len(data); {
		c := data[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' {
			t.buf = append(t.buf, c)
			i++
			continue
		}
		if c >= 0x80 && !utf8.FullRune(data[i:]) {
			t.carry = append(t.carry, data[i:]...)
			break
		}
		r, n := utf8.DecodeRune(data[i:])
		i += n
		t.buf = t.appendRune(t.buf, r, n)
	}
	if _, err := t.w.Write(t.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (t *Writer) appendRune(b []byte, r rune, n int) []byte {
	if r == utf8.RuneError && n <= 1 {
		if t.json {
			return append(b, `\ufffd`...)
		}
		return append(b, "\uFFFD"...)
	}
	if r >= 0x20 && r != 0x7f && (!Invisible(r) || r == 0x2060 && t.joiner) {
		return utf8.AppendRune(b, r)
	}
	if t.json {
		if r > 0xffff {
			r1, r2 := utf16.EncodeRune(r)
			return fmt.Appendf(b, `\u%04x\u%04x`, r1, r2)
		}
		return fmt.Appendf(b, `\u%04x`, r)
	}
	v, _ := visible(r, n)
	return append(b, v...)
}

// Close writes out a trailing incomplete rune, if any.
func (t *Writer) Close() error {
	if len(t.carry) == 0 {
		return nil
	}
	t.carry = t.carry[:0]
	s := "\uFFFD"
	if t.json {
		s = `\ufffd`
	}
	_, err := io.WriteString(t.w, s)
	return err
}

// Hostile are strings that try to move, recolour, retitle or reorder a terminal; the
// tests of every printer use them.
var Hostile = []string{
	"\x1b[2J\x1b[H",              // clear the screen, cursor home
	"\x1b]0;pwned\x07",           // OSC: set the window title
	"\x1b]8;;http://evil\x1b\\x", // OSC 8 hyperlink
	"\x1bP+q\x1b\\",              // DCS
	"\u009b31m",                  // C1 CSI
	"\u009d0;t\u009c",            // C1 OSC ... ST
	"abc\u202edcba",              // right-to-left override
	"\u2066isolate\u2069",        // bidi isolate
	"zero\u200bwidth\ufeff",      // zero-width characters
	"line\nbreak\rreturn",        // a newline and a carriage return
	"tab\there",                  // a tab
	"del\x7f\x08back",            // DEL, backspace
	"bell\x07nul\x00",            // BEL, NUL
	"tag\U000E0041\U000E007F",    // tag characters
	"sep\u2028para\u2029",        // line and paragraph separators
	"bad\xff\xfeutf8",            // invalid UTF-8
}

// Document filters a whole rendered document: JSON ("json") through a JSON writer,
// anything else (Markdown, HTML, text) through a text writer; a report ("md", "brief",
// "html") keeps its writer's word joiners. Every writer of a report
// or a converted session uses it, so a file and stdout get the same bytes.
func Document(format string, data []byte) []byte {
	var b strings.Builder
	b.Grow(len(data))
	w := NewWriter(&b)
	switch format {
	case "json":
		w = NewJSONWriter(&b)
	case "md", "markdown", "brief", "html":
		w.joiner = true
	}
	_, _ = w.Write(data)
	_ = w.Close()
	return []byte(b.String())
}
