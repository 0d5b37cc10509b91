package diffview

import (
	"regexp"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/classify"
	"github.com/rivo/uniseg"
	"github.com/sergi/go-diff/diffmatchpatch"
)

// attr is how one piece of text is drawn.
type attr struct {
	emph  uint8  // changed characters of a mutated pair: 1 on the source side, 2 on the summary side
	match bool   // a search match
	faint bool   // code fences, placeholders
	fg    string // chroma colour ("" for the default)
}

// cell is one grapheme cluster with its width and attribute.
type cell struct {
	s string
	w int
	a attr
}

// span is a byte range [a, b) of a fact's text.
type span = Span

// Span is a byte range [A, B) of a fact's text.
type Span struct{ A, B int }

// maxDiffBytes bounds the char diff: longer pairs are emphasised whole.
const maxDiffBytes = 8000

// Emphasis returns the byte ranges of a (source) and b (summary) that differ, widened
// to whole exact tokens: when a change touches a token (18.2 vs 18, 01947 vs 1947) the
// whole token is emphasised on both sides, so the eye lands on the values that changed.
func Emphasis(a, b string, ta, tb []classify.Token) (ea, eb []span) {
	if a == b {
		return nil, nil
	}
	if len(a)+len(b) > maxDiffBytes {
		return []span{{A: 0, B: len(a)}}, []span{{A: 0, B: len(b)}}
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 50 * time.Millisecond
	diffs := dmp.DiffMain(a, b, false)
	diffs = dmp.DiffCleanupSemantic(diffs)
	pa, pb := 0, 0
	var ma, mb []point // where the other side changed, for zero-width changes
	for _, d := range diffs {
		n := len(d.Text)
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			pa += n
			pb += n
		case diffmatchpatch.DiffDelete:
			ea = append(ea, span{A: pa, B: pa + n})
			mb = append(mb, newPoint(pb, d.Text))
			pa += n
		case diffmatchpatch.DiffInsert:
			eb = append(eb, span{A: pb, B: pb + n})
			ma = append(ma, newPoint(pa, d.Text))
			pb += n
		}
	}
	ea = widen(a, trimSpace(a, ea), ma, ta)
	eb = widen(b, trimSpace(b, eb), mb, tb)
	return ea, eb
}

// point is a position where the other side inserted or deleted text; glued says the
// change touches its neighbours without a space (".2" deleted right after "18").
type point struct {
	p           int
	left, right bool
}

func newPoint(p int, changed string) point {
	return point{p: p, left: changed != "" && changed[0] != ' ', right: changed != "" && changed[len(changed)-1] != ' '}
}

// trimSpace drops emphasis on pure whitespace changes.
func trimSpace(s string, sp []span) []span {
	out := sp[:0]
	for _, x := range sp {
		if strings.TrimSpace(s[x.A:x.B]) != "" {
			out = append(out, x)
		}
	}
	return out
}

// widen extends spans to whole words (Unicode word boundaries, so "18.2" is one word
// and each ideograph is its own) and to every exact token they touch, adds the words
// and tokens at which the other side changed, then merges them.
func widen(s string, sp []span, pts []point, toks []classify.Token) []span {
	n := len(s)
	words := wordSpans(s)
	grow := func(x span) span {
		for _, w := range words {
			if w.A < x.B && x.A < w.B {
				x.A = min(x.A, w.A)
				x.B = max(x.B, w.B)
			}
		}
		return x
	}
	for i := range sp {
		sp[i] = grow(sp[i])
	}
	// a change just after punctuation ("18." then "2." deleted) belongs to the word
	// before the punctuation
	for _, x := range pts {
		if x.left && x.p > 0 && x.p <= n && strings.IndexByte(".,:;!?)]", s[x.p-1]) >= 0 {
			pts = append(pts, point{p: x.p - 1, left: true})
		}
	}
	for _, x := range pts {
		for _, w := range words {
			if (w.A < x.p && x.p < w.B) || (x.p == w.B && x.left) || (x.p == w.A && x.right) {
				sp = append(sp, w)
			}
		}
	}
	for _, t := range toks {
		if t.End <= t.Start || t.End > n {
			continue
		}
		for i := range sp {
			if t.Start < sp[i].B && sp[i].A < t.End {
				sp[i].A = min(sp[i].A, t.Start)
				sp[i].B = max(sp[i].B, t.End)
			}
		}
		for _, x := range pts {
			if (t.Start < x.p && x.p < t.End) || (x.p == t.End && x.left) || (x.p == t.Start && x.right) {
				sp = append(sp, span{A: t.Start, B: t.End})
			}
		}
	}
	return merge(sp)
}

// wordSpans lists the byte ranges of s's words (letters or digits in them).
func wordSpans(s string) []span {
	var out []span
	pos, state := 0, -1
	rest := s
	for len(rest) > 0 {
		var w string
		w, rest, state = uniseg.FirstWordInString(rest, state)
		if strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0 {
			out = append(out, span{A: pos, B: pos + len(w)})
		}
		pos += len(w)
	}
	return out
}

func merge(sp []span) []span {
	if len(sp) < 2 {
		return sp
	}
	sort.Slice(sp, func(i, j int) bool { return sp[i].A < sp[j].A })
	out := []span{sp[0]}
	for _, x := range sp[1:] {
		last := &out[len(out)-1]
		if x.A <= last.B {
			if x.B > last.B {
				last.B = x.B
			}
			continue
		}
		out = append(out, x)
	}
	return out
}

// matches returns the byte ranges of s that q matches.
func matches(q *regexp.Regexp, s string) []span {
	if q == nil {
		return nil
	}
	var out []span
	for _, m := range q.FindAllStringIndex(s, 64) {
		if m[1] > m[0] {
			out = append(out, span{A: m[0], B: m[1]})
		}
	}
	return out
}

// colorRun is a chroma token's byte range and colour.
type colorRun struct {
	a, b int
	fg   string
}

// highlight tokenises fenced code with chroma and returns coloured byte ranges. The
// fence lines themselves are left to the caller (drawn faint).
func highlight(text, lang, style string) []colorRun {
	if style == "" {
		return nil
	}
	body, off := text, 0
	if strings.HasPrefix(strings.TrimSpace(text), "```") {
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			if lang == "" {
				lang = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(text[:i]), "`~"))
			}
			body, off = text[i+1:], i+1
		}
		if j := strings.LastIndex(body, "```"); j >= 0 {
			body = body[:j]
		}
	}
	var lx chroma.Lexer
	if lang != "" {
		lx = lexers.Get(lang)
	}
	if lx == nil {
		return nil
	}
	st := chromastyles.Get(style)
	it, err := chroma.Coalesce(lx).Tokenise(nil, body)
	if err != nil {
		return nil
	}
	var out []colorRun
	pos := off
	for tok := it(); tok != chroma.EOF; tok = it() {
		n := len(tok.Value)
		e := st.Get(tok.Type)
		if e.Colour.IsSet() && n > 0 && pos+n <= len(text) && text[pos:pos+n] == tok.Value {
			out = append(out, colorRun{pos, pos + n, e.Colour.String()})
		}
		pos += n
		if pos > len(text) {
			break
		}
	}
	return out
}

// fenceSpans marks the ``` lines of a code fact faint.
func fenceSpans(text string) []span {
	var out []span
	pos := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			out = append(out, span{A: pos, B: pos + len(strings.TrimRight(line, "\n"))})
		}
		pos += len(line)
	}
	return out
}

// cells splits text into sanitised grapheme cells carrying attributes. Newlines are
// kept as cells with s == "\n" (hard breaks).
func cells(text string, ek uint8, emph, match, faint []span, colors []colorRun) []cell {
	// boundaries where the attribute may change
	cuts := []int{0, len(text)}
	for _, s := range [][]span{emph, match, faint} {
		for _, x := range s {
			cuts = append(cuts, x.A, x.B)
		}
	}
	for _, c := range colors {
		cuts = append(cuts, c.a, c.b)
	}
	sort.Ints(cuts)
	in := func(sp []span, p int) bool {
		for _, x := range sp {
			if p >= x.A && p < x.B {
				return true
			}
		}
		return false
	}
	out := make([]cell, 0, len(text))
	ci := 0
	for i := 0; i+1 < len(cuts); i++ {
		a, b := cuts[i], cuts[i+1]
		if a >= b || a < 0 || b > len(text) {
			continue
		}
		at := attr{match: in(match, a), faint: in(faint, a)}
		if in(emph, a) {
			at.emph = ek
		}
		for ci < len(colors) && colors[ci].b <= a {
			ci++
		}
		if ci < len(colors) && colors[ci].a <= a && a < colors[ci].b {
			at.fg = colors[ci].fg
		}
		piece := text[a:b]
		// split on newlines, sanitise the rest
		for {
			nl := strings.IndexByte(piece, '\n')
			part := piece
			if nl >= 0 {
				part = piece[:nl]
			}
			if part != "" {
				graphemes(SanitizeText(part), func(cl string, w int) {
					out = append(out, cell{cl, w, at})
				})
			}
			if nl < 0 {
				break
			}
			out = append(out, cell{"\n", 0, at})
			piece = piece[nl+1:]
		}
	}
	return out
}

// wrap breaks cells into lines of at most w cells, at spaces when it can.
func wrap(cs []cell, w int) [][]cell {
	if w < 1 {
		w = 1
	}
	var lines [][]cell
	var cur []cell
	curW := 0
	lastSpace := -1
	flush := func() {
		lines = append(lines, cur)
		cur = nil
		curW = 0
		lastSpace = -1
	}
	for _, c := range cs {
		if c.s == "\n" {
			flush()
			continue
		}
		if c.w > w { // a wide cluster in a 1-cell column
			c = cell{"…", 1, c.a}
		}
		if curW+c.w > w {
			if c.s == " " {
				flush()
				continue
			}
			if lastSpace > 0 {
				rest := append([]cell(nil), cur[lastSpace+1:]...)
				cur = cur[:lastSpace]
				flush()
				cur = rest
				for _, x := range rest {
					curW += x.w
				}
			} else {
				flush()
			}
		}
		if c.s == " " {
			lastSpace = len(cur)
		}
		cur = append(cur, c)
		curW += c.w
	}
	if len(cur) > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// paint renders a line of cells with st, padded to w cells.
func (d *Doc) paint(line []cell, w int) string {
	var b strings.Builder
	used := 0
	for i := 0; i < len(line); {
		j := i
		var seg strings.Builder
		for j < len(line) && line[j].a == line[i].a {
			seg.WriteString(line[j].s)
			used += line[j].w
			j++
		}
		b.WriteString(d.styleFor(line[i].a).Render(seg.String()))
		i = j
	}
	if used < w {
		b.WriteString(strings.Repeat(" ", w-used))
	}
	return b.String()
}

func (d *Doc) styleFor(a attr) lipgloss.Style {
	if st, ok := d.styles[a]; ok {
		return st
	}
	st := d.st.Text
	if a.fg != "" && !d.st.Theme.Mono {
		st = st.Foreground(lipgloss.Color(a.fg))
	}
	if a.faint {
		st = d.st.Faint
	}
	if a.emph != 0 {
		if a.emph == 1 {
			st = st.Inherit(d.st.Del)
		} else {
			st = st.Inherit(d.st.Ins)
		}
		if d.st.Theme.Mono {
			st = st.Bold(true).Underline(true)
		}
	}
	if a.match {
		st = d.st.Match
	}
	d.styles[a] = st
	return st
}

// markEmphasis brackets emphasised runs the way wdiff does ("[-18.2-]" on the source
// side, "{+18+}" on the summary side), for the mono theme, where emphasis must survive
// without colour or attributes.
func markEmphasis(cs []cell) []cell {
	has := false
	for _, c := range cs {
		if c.a.emph != 0 {
			has = true
			break
		}
	}
	if !has {
		return cs
	}
	out := make([]cell, 0, len(cs)+8)
	open := uint8(0)
	closeRun := func(a attr) {
		if open == 1 {
			out = append(out, cell{"-", 1, a}, cell{"]", 1, a})
		} else if open == 2 {
			out = append(out, cell{"+", 1, a}, cell{"}", 1, a})
		}
		open = 0
	}
	for i, c := range cs {
		if c.a.emph != open || c.s == "\n" {
			if open != 0 {
				closeRun(cs[i-1].a)
			}
			if c.a.emph == 1 && c.s != "\n" {
				out = append(out, cell{"[", 1, c.a}, cell{"-", 1, c.a})
				open = 1
			} else if c.a.emph == 2 && c.s != "\n" {
				out = append(out, cell{"{", 1, c.a}, cell{"+", 1, c.a})
				open = 2
			}
		}
		out = append(out, c)
	}
	if open != 0 {
		closeRun(cs[len(cs)-1].a)
	}
	return out
}
