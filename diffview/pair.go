package diffview

import (
	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/themes"
)

// Free-standing text drawing for the detail and pager views: the same cells, wrapping,
// sanitising and emphasis as the rows, without a Doc.

func painter(st *themes.Styles) *Doc {
	return &Doc{st: st, styles: map[attr]lipgloss.Style{}}
}

// PairLines draws a (the source side) and b (the summary side) wrapped at width, with
// the spans that differ emphasised, as a mutated row shows them.
func PairLines(st *themes.Styles, a, b string, ta, tb []classify.Token, width int) (la, lb []string) {
	ea, eb := Emphasis(a, b, ta, tb)
	return TextLines(st, a, width, 1, ea), TextLines(st, b, width, 2, eb)
}

// TextLines draws text wrapped at width (at least 1 cell), with emph drawn as changed
// characters of side ek (1 source, 2 summary) or, for ek 0, as search matches.
func TextLines(st *themes.Styles, text string, width int, ek uint8, emph []Span) []string {
	ls, _ := MarkedLines(st, text, width, ek, emph)
	return ls
}

// MarkedLines is TextLines that also returns the line where the first span starts
// (-1 when there is none), so a pager can open there.
func MarkedLines(st *themes.Styles, text string, width int, ek uint8, emph []Span) ([]string, int) {
	d := painter(st)
	var cs []cell
	if ek == 0 {
		cs = cells(text, 0, nil, emph, nil, nil)
	} else {
		cs = cells(text, ek, emph, nil, nil, nil)
	}
	if st.Theme.Mono && ek != 0 {
		cs = markEmphasis(cs)
	}
	width = max(1, width)
	lines := wrap(cs, width)
	out := make([]string, len(lines))
	at := -1
	for i, ln := range lines {
		out[i] = d.paint(ln, width)
		if at < 0 {
			for _, c := range ln {
				if c.a.emph != 0 || c.a.match {
					at = i
					break
				}
			}
		}
	}
	return out, at
}
