package audit

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/compaudit/compaudit/internal/termsafe"
)

// Text handling shared by the Markdown and HTML writers: sanitising, one-line
// folding, truncation, escaping, and the marks that highlight what changed.

// rwSanitize makes transcript text safe to show: ANSI escape sequences are removed,
// other control characters become their visible Unicode control pictures (␇ for
// BEL), bidirectional overrides become a visible [U+202E] marker, tabs become spaces
// and every line break becomes \n. Invalid UTF-8 becomes U+FFFD.
func rwSanitize(s string) string {
	if s == "" {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		c, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case c == utf8.RuneError && size <= 1:
			b.WriteRune('\uFFFD')
		case c == 0x1b:
			i += rwAnsiLen(s[i:])
			continue
		case c == 0x9b: // C1 CSI
			i += rwCsiLen(s[i:], size)
			continue
		case c == '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				break
			}
			b.WriteByte('\n')
		case c == '\n':
			b.WriteByte('\n')
		case c == '\t':
			b.WriteByte(' ')
		case c < 0x20:
			b.WriteRune(0x2400 + c)
		case c == 0x7f:
			b.WriteRune('\u2421')
		case c >= 0x80 && c < 0xa0:
			b.WriteRune('\uFFFD')
		case c == 0x2028 || c == 0x2029:
			b.WriteByte('\n')
		case termsafe.Invisible(c):
			// bidirectional controls, zero-width and tag characters, word joiners: named,
			// so the only invisible characters left in a report are the writers' own
			fmt.Fprintf(&b, "[U+%04X]", c)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// rwAnsiLen is the length of the escape sequence at the start of s (s[0] is ESC).
func rwAnsiLen(s string) int {
	if len(s) < 2 {
		return 1
	}
	switch s[1] {
	case '[':
		return rwCsiLen(s, 2)
	case ']', 'P', '_', '^', 'X': // OSC, DCS, APC, PM, SOS: up to BEL or ST
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
			if s[j] == '\n' { // unterminated: stop at the line end
				return j
			}
		}
		return len(s)
	case '(', ')', '*', '+', '#', '%':
		if len(s) >= 3 {
			return 3
		}
		return len(s)
	}
	if s[1] >= 0x20 && s[1] < 0x7f {
		return 2
	}
	return 1
}

// rwCsiLen is the length of a CSI sequence whose parameters start at offset start.
func rwCsiLen(s string, start int) int {
	for j := start; j < len(s); j++ {
		c := s[j]
		if c >= 0x40 && c <= 0x7e {
			return j + 1
		}
		if c < 0x20 || c > 0x7e {
			return j
		}
	}
	return len(s)
}

// rwOneLine folds line breaks into a visible ↵ marker.
func rwOneLine(s string) string {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	out := lines[:0]
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, " ↵ ")
}

// rwTruncate shortens s to at most n runes, at a word boundary when one is near,
// marking the cut with an ellipsis.
func rwTruncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)
	cut := n - 1
	for j := cut; j > n*3/4; j-- {
		if rs[j] == ' ' {
			cut = j
			break
		}
	}
	return strings.TrimRight(string(rs[:cut]), " ") + "…"
}

// mdCell renders transcript text for a table cell: sanitised, on one line, shortened
// to n runes, escaped.
func mdCell(s string, n int) string {
	return mdEscRaw(rwTruncate(rwOneLine(rwSanitize(s)), n))
}

// mdEsc renders any report string for Markdown: sanitised, on one line, escaped.
func mdEsc(s string) string {
	return mdEscRaw(rwOneLine(rwSanitize(s)))
}

// mdEscRaw escapes already sanitised one-line text for GitHub-flavoured Markdown:
// inline markup, HTML, table pipes, math dollars and entity ampersands are
// backslash-escaped, a leading block marker is neutralised, and @mentions are broken
// with a word joiner so a report never pings anyone.
func mdEscRaw(s string) string { return mdEscRawMid(s, true) }

// mdEscRawMid is mdEscRaw for a piece of a line: block markers are neutralised only
// when the piece starts the line.
func mdEscRawMid(s string, start bool) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i, c := range s {
		switch c {
		case '\\', '`', '*', '_', '[', ']', '<', '>', '|', '~', '&', '$', '{', '}':
			b.WriteByte('\\')
			b.WriteRune(c)
		case '#', '+', '-', '=':
			if i == 0 && start {
				b.WriteByte('\\')
			}
			b.WriteRune(c)
		case '@':
			b.WriteRune(c)
			if i+1 < len(s) && rwIsWordByte(s[i+1]) {
				b.WriteRune('\u2060')
			}
		default:
			b.WriteRune(c)
		}
	}
	out := b.String()
	if !start {
		return out
	}
	// A leading ordered-list marker ("1. ", "2) ") would start a list.
	j := 0
	for j < len(out) && out[j] >= '0' && out[j] <= '9' {
		j++
	}
	if j > 0 && j < len(out) && (out[j] == '.' || out[j] == ')') {
		out = out[:j] + "\\" + out[j:]
	}
	return out
}

func rwIsWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func mdGlyph(family string) string {
	return "`" + FamilyGlyph(family) + "`"
}

func mdSeverity(s string) string {
	switch s {
	case SevError:
		return "⛔ **error**"
	case SevWarning:
		return "⚠️ warning"
	case SevInfo:
		return "ℹ️ info"
	case "":
		return "none"
	}
	return mdEsc(s)
}

// rwSeg is a run of quoted text; Mark runs are what changed between the two sides.
type rwSeg struct {
	T    string
	Mark bool
	// Key marks a value the finding's detail quotes: the window slides to it first.
	Key bool
}

var rwQuoted = regexp.MustCompile(`"([^"\n]{1,80})"`)

// rwKeys are the values a finding's detail quotes ("5432" became "6432").
func rwKeys(detail string) []string {
	var out []string
	for _, m := range rwQuoted.FindAllStringSubmatch(detail, 8) {
		out = append(out, m[1])
	}
	return out
}

// rwMarks lists what to highlight in self, a finding's side, against other, the
// finding's other side: exact tokens whose value the other side does not carry, the
// modality cue when the force differs, qualifiers the other side lost. A side with no
// counterpart (an addition's summary) marks its exact tokens.
func rwMarks(self, other *Side, summarySide bool) []string {
	if self == nil || (other == nil && !summarySide) {
		return nil // an omission's lost fact: nothing to contrast it with
	}
	var out []string
	norms := map[string]bool{}
	if other != nil {
		for _, t := range other.Tokens {
			norms[t.Norm] = true
		}
	}
	for _, t := range self.Tokens {
		if t.Raw != "" && !norms[t.Norm] {
			out = append(out, t.Raw)
		}
	}
	if other == nil {
		return out
	}
	if self.Modality.Cue != "" && (self.Modality.Level != other.Modality.Level || self.Modality.Negative != other.Modality.Negative) {
		out = append(out, self.Modality.Cue)
	}
	have := map[string]bool{}
	for _, q := range other.Qualifiers {
		have[strings.ToLower(q)] = true
	}
	for _, q := range self.Qualifiers {
		if q != "" && !have[strings.ToLower(q)] {
			out = append(out, q)
		}
	}
	return out
}

// rwSegments splits text at every whole-word, ASCII-case-insensitive occurrence of
// the marks (longest first, no overlaps).
func rwSegments(text string, marks []string, keys ...string) []rwSeg {
	if len(marks)+len(keys) == 0 || text == "" {
		return []rwSeg{{T: text}}
	}
	isKey := map[string]bool{}
	for _, k := range keys {
		isKey[rwASCIILower(strings.TrimSpace(k))] = true
	}
	ms := append(append([]string(nil), marks...), keys...)
	sort.SliceStable(ms, func(i, j int) bool { return len(ms[i]) > len(ms[j]) })
	lower := rwASCIILower(text)
	taken := make([]bool, len(text))
	type span struct{ a, b int }
	var spans []span
	for _, m := range ms {
		m = rwASCIILower(strings.TrimSpace(m))
		if m == "" {
			continue
		}
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], m)
			if i < 0 {
				break
			}
			a, b := from+i, from+i+len(m)
			from = b
			if (a > 0 && rwIsWordByte(lower[a-1]) && rwIsWordByte(lower[a])) || (b < len(lower) && rwIsWordByte(lower[b]) && rwIsWordByte(lower[b-1])) {
				continue
			}
			free := true
			for k := a; k < b; k++ {
				if taken[k] {
					free = false
					break
				}
			}
			if !free {
				continue
			}
			for k := a; k < b; k++ {
				taken[k] = true
			}
			spans = append(spans, span{a, b})
		}
	}
	if len(spans) == 0 {
		return []rwSeg{{T: text}}
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].a < spans[j].a })
	var out []rwSeg
	at := 0
	for _, s := range spans {
		if s.a > at {
			out = append(out, rwSeg{T: text[at:s.a]})
		}
		out = append(out, rwSeg{T: text[s.a:s.b], Mark: true, Key: isKey[lower[s.a:s.b]]})
		at = s.b
	}
	if at < len(text) {
		out = append(out, rwSeg{T: text[at:]})
	}
	return out
}

// rwTruncateSegs shortens segments to n runes in all, like rwTruncate. When the first
// mark would fall past the cut, the window slides to it and an ellipsis opens the text.
func rwTruncateSegs(segs []rwSeg, n int) []rwSeg {
	segs = rwSlideToMark(segs, n)
	total := 0
	for _, s := range segs {
		total += utf8.RuneCountInString(s.T)
	}
	if total <= n {
		return segs
	}
	var out []rwSeg
	left := n - 1
	for _, s := range segs {
		c := utf8.RuneCountInString(s.T)
		if c <= left {
			out = append(out, s)
			left -= c
			continue
		}
		if left > 0 && !s.Mark {
			cut := rwTruncate(s.T, left+1)
			out = append(out, rwSeg{T: strings.TrimSuffix(cut, "…"), Mark: s.Mark})
		}
		break
	}
	if len(out) > 0 && !out[len(out)-1].Mark {
		out[len(out)-1].T = strings.TrimRight(out[len(out)-1].T, " ")
	}
	return append(out, rwSeg{T: "…"})
}

func rwASCIILower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}

// rwInvariantLine sums up the invariant timeline in one sentence.
func rwInvariantLine(n, dropped, flagged, para, unknown int) string {
	s := rwPlural(n, "invariant", "invariants") + " tracked: "
	switch {
	case dropped == 0:
		s += "none dropped"
	case flagged == dropped && dropped == 1:
		s += "1 dropped without a retirement event"
	case flagged == dropped:
		s += fmt.Sprintf("%d dropped, all without a retirement event", dropped)
	case flagged == 0:
		s += fmt.Sprintf("%d dropped, each after a retirement event", dropped)
	default:
		s += fmt.Sprintf("%d dropped, %d of them without a retirement event", dropped, flagged)
	}
	if para > 0 {
		s += fmt.Sprintf("; %d paraphrased in some round (paraphrased is not verbatim)", para)
	}
	if unknown > 0 {
		s += fmt.Sprintf("; %s unknown in opaque rounds", rwPlural(unknown, "state", "states"))
	}
	return s + "."
}

// rwUnknownStates counts invariant states that opaque rounds leave unknown.
func rwUnknownStates(r *Report) int {
	n := 0
	for _, inv := range r.Invariants {
		for _, st := range inv.States {
			if st.State == StateOpaque {
				n++
			}
		}
	}
	return n
}

// rwSlideToMark drops leading text when the first marked segment would not fit in n
// runes, keeping about a third of the window as context before it.
func rwSlideToMark(segs []rwSeg, n int) []rwSeg {
	key := false
	for _, s := range segs {
		key = key || s.Key
	}
	at := 0
	for i, s := range segs {
		c := utf8.RuneCountInString(s.T)
		if !s.Mark || (key && !s.Key) {
			at += c
			continue
		}
		if at+c <= n-2 {
			return segs
		}
		keep := n / 3
		if keep > at {
			keep = at
		}
		var out []rwSeg
		// Keep the last keep runes before the mark, from a word start when one is near.
		var before []rune
		for _, p := range segs[:i] {
			before = append(before, []rune(p.T)...)
		}
		tail := before[len(before)-keep:]
		for j := 0; j < len(tail) && j < keep/2; j++ {
			if tail[j] == ' ' {
				tail = tail[j+1:]
				break
			}
		}
		out = append(out, rwSeg{T: "…" + string(tail)})
		return append(out, segs[i:]...)
	}
	return segs
}
