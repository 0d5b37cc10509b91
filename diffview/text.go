package diffview

import (
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/lexers"
	chromastyles "github.com/alecthomas/chroma/v2/styles"
	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/classify"
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
type span struct{ a, b int }

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
		return []span{{0, len(a)}}, []span{{0, len(b)}}
	}
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 50 * time.Millisecond
	diffs := dmp.DiffMain(a, b, false)
	diffs = dmp.DiffCleanupSemantic(diffs)
	pa, pb := 0, 0
	for _, d := range diffs {
		n := len(d.Text)
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			pa += n
			pb += n
		case diffmatchpatch.DiffDelete:
			ea = append(ea, span{pa, pa + n})
			pa += n
		case diffmatchpatch.DiffInsert:
			eb = append(eb, span{pb, pb + n})
			pb += n
		}
	}
	ea = widen(trimSpace(a, ea), ta, len(a))
	eb = widen(trimSpace(b, eb), tb, len(b))
	return ea, eb
}

// trimSpace drops emphasis on pure whitespace changes.
func trimSpace(s string, sp []span) []span {
	out := sp[:0]
	for _, x := range sp {
		if strings.TrimSpace(s[x.a:x.b]) != "" {
			out = append(out, x)
		}
	}
	return out
}

// widen extends spans to cover every token they touch, then merges them.
func widen(sp []span, toks []classify.Token, n int) []span {
	for i := range sp {
		for _, t := range toks {
			if t.End <= t.Start || t.End > n {
				continue
			}
			if t.Start < sp[i].b && sp[i].a < t.End || (sp[i].a == sp[i].b && sp[i].a >= t.Start && sp[i].a <= t.End) {
				if t.Start < sp[i].a {
					sp[i].a = t.Start
				}
				if t.End > sp[i].b {
					sp[i].b = t.End
				}
			}
		}
	}
	return merge(sp)
}

func merge(sp []span) []span {
	if len(sp) < 2 {
		return sp
	}
	sort.Slice(sp, func(i, j int) bool { return sp[i].a < sp[j].a })
	out := []span{sp[0]}
	for _, x := range sp[1:] {
		last := &out[len(out)-1]
		if x.a <= last.b {
			if x.b > last.b {
				last.b = x.b
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
			out = append(out, span{m[0], m[1]})
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
			out = append(out, span{pos, pos + len(strings.TrimRight(line, "\n"))})
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
			cuts = append(cuts, x.a, x.b)
		}
	}
	for _, c := range colors {
		cuts = append(cuts, c.a, c.b)
	}
	sort.Ints(cuts)
	in := func(sp []span, p int) bool {
		for _, x := range sp {
			if p >= x.a && p < x.b {
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
