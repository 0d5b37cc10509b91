// Package diffview turns an audited round into aligned, marked, width-fitted lines:
// pure functions of (round, width, theme) to rows. Source facts go left, summary facts
// right; a paired row holds both, an omission leaves the right side empty and an
// addition the left. Inside paired findings the characters that changed are
// emphasised (go-diff, widened to whole exact tokens); fenced code is highlighted with
// chroma underneath the emphasis. Every transcript string is sanitised before it is
// measured or drawn.
//
// A Doc renders one item at a time and caches the result per width, so a viewer draws
// only the rows it shows: the cost of a frame does not depend on the number of facts.
package diffview

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/themes"
)

// Mode is the layout of a row.
type Mode int

const (
	// SideBySide puts source facts left and summary facts right.
	SideBySide Mode = iota
	// Stacked puts the summary fact under its source fact, for narrow terminals.
	Stacked
)

func (m Mode) String() string {
	if m == Stacked {
		return "stacked"
	}
	return "side-by-side"
}

// AutoWidth is the width under which the automatic layout stacks the panes.
const AutoWidth = 100

// Auto returns the layout for a terminal width.
func Auto(width int) Mode {
	if width < AutoWidth {
		return Stacked
	}
	return SideBySide
}

// Item is one aligned row: a source fact, a summary fact, or both.
type Item struct {
	// Pair is the index of the row in the round's pairs.
	Pair    int
	Source  *classify.Fact
	Summary *classify.Fact
	// Finding is the finding on this row (nil for none) and FindingIndex its index in
	// Round.Findings (or Round.Cumulative in the cumulative view), -1 for none.
	Finding      *audit.Finding
	FindingIndex int
	Score        float64
	// Reported is set in the cumulative view when the row's loss is not in the round's
	// own cumulative list because the per-round audit already reported it: Finding is
	// then that earlier report and ReportedIn its round number.
	Reported   bool
	ReportedIn int
}

// Family is the row's failure family ("" for a row without a finding).
func (it *Item) Family() string {
	if it.Finding != nil {
		return it.Finding.Family
	}
	return ""
}

// Severity is the row's finding severity ("" for none).
func (it *Item) Severity() string {
	if it.Finding != nil {
		return it.Finding.Severity
	}
	return ""
}

// Class is the row's class: the finding's, else the source (or summary) fact's primary.
func (it *Item) Class() classify.Class {
	if it.Finding != nil && it.Finding.Class != "" {
		return it.Finding.Class
	}
	if it.Source != nil {
		return it.Source.Primary()
	}
	if it.Summary != nil {
		return it.Summary.Primary()
	}
	return ""
}

// HasClass reports whether either fact of the row (or its finding) carries c.
func (it *Item) HasClass(c classify.Class) bool {
	if it.Finding != nil && it.Finding.Class == c {
		return true
	}
	return (it.Source != nil && it.Source.Has(c)) || (it.Summary != nil && it.Summary.Has(c))
}

// Items lists the rows of r: the per-round alignment, or the cumulative one (original
// messages against this summary). Indices out of range are treated as "none".
//
// In the cumulative view a pair's Finding index refers to the engine's full list of
// cumulative findings, which the report does not keep: only the novel ones
// (Round.Cumulative, losses the per-round audit did not already report) are there. So
// cumulative rows are matched to Round.Cumulative by their texts, and a row whose loss
// was already reported per round shows no finding here.
//
// With e (the report's rounds up to r, and its invariants), a cumulative row whose
// loss a per-round audit already reported is marked with that finding (Reported set),
// so the cumulative view marks every loss (see carry.go).
func Items(r *audit.Round, cumulative bool, e *Earlier) []Item {
	pairs, src, findings := r.Pairs, r.SourceFacts, r.Findings
	var byText map[string]int
	if cumulative && !CumulativeIsRound(r) {
		pairs, src, findings = r.CumulativePairs, r.CumulativeFacts, r.Cumulative
		byText = make(map[string]int, len(findings))
		for i := len(findings) - 1; i >= 0; i-- {
			if f := findings[i].Source; f != nil {
				byText[f.Text] = i
				if findings[i].Summary != nil {
					byText[f.Text+"\x00"+findings[i].Summary.Text] = i
				}
			}
		}
	}
	out := make([]Item, 0, len(pairs))
	for i, p := range pairs {
		it := Item{Pair: i, FindingIndex: -1, Score: p.Score}
		if p.Source >= 0 && p.Source < len(src) {
			it.Source = &src[p.Source]
		}
		if p.Summary >= 0 && p.Summary < len(r.SummaryFacts) {
			it.Summary = &r.SummaryFacts[p.Summary]
		}
		if it.Source == nil && it.Summary == nil {
			continue
		}
		fi := -1
		if byText == nil {
			fi = p.Finding
		} else if it.Source != nil && p.Finding >= 0 {
			ok := false
			if it.Summary != nil {
				fi, ok = byText[it.Source.Text+"\x00"+it.Summary.Text]
			}
			if !ok {
				if fi, ok = byText[it.Source.Text]; !ok {
					fi = -1
				}
			}
		}
		if fi >= 0 && fi < len(findings) {
			it.Finding = &findings[fi]
			it.FindingIndex = fi
		} else if byText != nil && it.Source != nil {
			if f, round := e.lossOf(r, it.Source, it.Summary, p.Finding >= 0); f != nil {
				it.Finding, it.Reported, it.ReportedIn = f, true, round
			}
		}
		out = append(out, it)
	}
	return out
}

// CumulativeIsRound reports whether the round's cumulative alignment is its per-round
// one (a first round over raw messages only): then its findings are the round's.
func CumulativeIsRound(r *audit.Round) bool {
	if len(r.CumulativeFacts) == 0 {
		return len(r.CumulativePairs) == 0 || len(r.Pairs) == len(r.CumulativePairs) && len(r.CumulativePairs) > 0 && &r.CumulativePairs[0] == &r.Pairs[0]
	}
	return len(r.SourceFacts) > 0 && &r.CumulativeFacts[0] == &r.SourceFacts[0]
}

type lineKey struct {
	i, w int
	m    Mode
}

type sideCells struct{ l, r []cell }

// Doc is a round prepared for drawing.
type Doc struct {
	Items      []Item
	Cumulative bool

	st      *themes.Styles
	query   *regexp.Regexp
	styles  map[attr]lipgloss.Style
	cells   map[int]*sideCells
	lines   map[lineKey][]string
	gutterW int
	glyphs  map[string]string
	marks   map[string]string
}

// maxCache bounds the per-width line cache; past it the cache starts afresh.
const maxCache = 8192

// NewDoc prepares r (per-round, or cumulative) for drawing with st; e (may be nil)
// is the rest of the report the cumulative view marks losses from (see Items).
func NewDoc(r *audit.Round, cumulative bool, st *themes.Styles, e *Earlier) *Doc {
	d := &Doc{Items: Items(r, cumulative, e), Cumulative: cumulative, st: st}
	g := 0
	for i := range d.Items {
		if s := d.Items[i].Source; s != nil {
			if w := Width(Sanitize(s.Message)) + 1 + len(roleShort(s.Role)); w > g {
				g = w
			}
		}
	}
	if g > 0 {
		g++ // a space before the text
	}
	if g > 16 {
		g = 16
	}
	d.gutterW = g
	d.reset()
	return d
}

func (d *Doc) reset() {
	d.styles = map[attr]lipgloss.Style{}
	d.cells = map[int]*sideCells{}
	d.lines = map[lineKey][]string{}
	d.glyphs = map[string]string{}
	d.marks = map[string]string{}
}

// SetQuery sets the search pattern whose matches are highlighted (case-insensitive,
// literal). An empty query clears it.
func (d *Doc) SetQuery(q string) {
	if q == "" {
		if d.query == nil {
			return
		}
		d.query = nil
	} else {
		re := regexp.MustCompile("(?i)" + regexp.QuoteMeta(q))
		if d.query != nil && d.query.String() == re.String() {
			return
		}
		d.query = re
	}
	d.reset()
}

// Matches reports whether row i matches the current query.
func (d *Doc) Matches(i int) bool {
	if d.query == nil || i < 0 || i >= len(d.Items) {
		return false
	}
	it := &d.Items[i]
	return (it.Source != nil && d.query.MatchString(it.Source.Text)) ||
		(it.Summary != nil && d.query.MatchString(it.Summary.Text)) ||
		(it.Source != nil && d.query.MatchString(it.Source.Message))
}

func roleShort(role string) string {
	switch role {
	case "user":
		return "user"
	case "assistant":
		return "asst"
	case "tool":
		return "tool"
	case "system":
		return "sys"
	case "summary":
		return "sum"
	case "":
		return ""
	}
	r := Sanitize(role)
	if len(r) > 4 {
		r = r[:4]
	}
	return r
}

// sides returns the cells of row i's two facts, computing them once.
func (d *Doc) sides(i int) *sideCells {
	if sc, ok := d.cells[i]; ok {
		return sc
	}
	it := &d.Items[i]
	sc := &sideCells{}
	var ea, eb []span
	if it.Source != nil && it.Summary != nil && it.Family() != "" && it.Family() != audit.Omission && it.Family() != audit.Addition {
		ea, eb = Emphasis(it.Source.Text, it.Summary.Text, it.Source.Tokens, it.Summary.Tokens)
	}
	chroma := d.st.Theme.Chroma
	if d.st.Theme.Mono {
		chroma = ""
	}
	side := func(f *classify.Fact, ek uint8, em []span) []cell {
		if f == nil {
			return nil
		}
		var faint []span
		var colors []colorRun
		if f.Code || strings.HasPrefix(strings.TrimSpace(f.Text), "```") {
			faint = fenceSpans(f.Text)
			colors = highlight(f.Text, f.Lang, chroma)
		}
		cs := cells(f.Text, ek, em, matches(d.query, f.Text), faint, colors)
		if d.st.Theme.Mono {
			cs = markEmphasis(cs)
		}
		return cs
	}
	sc.l = side(it.Source, 1, ea)
	sc.r = side(it.Summary, 2, eb)
	if len(d.cells) > maxCache {
		d.cells = map[int]*sideCells{}
	}
	d.cells[i] = sc
	return sc
}

// Layout is the column arithmetic of one width.
type Layout struct {
	Width  int
	Mode   Mode
	Mark   int // cursor + family glyph + severity glyph + space
	Gutter int
	Left   int // side by side: the source text column
	Sep    int
	Right  int // side by side: the summary text column; stacked: the text column
}

// LayoutFor computes the columns of width in mode.
func (d *Doc) LayoutFor(width int, mode Mode) Layout {
	l := Layout{Width: width, Mode: mode, Mark: MarkWidth}
	if width < 6 {
		l.Mark = 0
	}
	g := d.gutterW
	if width < 50 {
		g = 0
	} else if g > width/6 {
		g = width / 6
	}
	l.Gutter = g
	if mode == SideBySide {
		l.Sep = 3
		avail := width - l.Mark - l.Gutter - l.Sep
		if avail < 2 {
			avail = 2
		}
		l.Left = avail / 2
		l.Right = avail - l.Left
		return l
	}
	l.Right = width - l.Mark - l.Gutter
	if l.Right < 1 {
		l.Right = 1
	}
	return l
}

// MarkWidth is the width of a row's mark column: the cursor, the family glyph, the
// severity glyph and a space.
const MarkWidth = 4

// glyph is the row's family and severity glyphs (two cells). A loss the per-round audit
// already reported (cumulative view) draws its severity faint.
func (d *Doc) glyph(it *Item) string {
	family, sev := it.Family(), it.Severity()
	k := family + "\x00" + sev
	if it.Reported {
		k += "\x00r"
	}
	if g, ok := d.glyphs[k]; ok {
		return g
	}
	if family == "" {
		d.glyphs[k] = "  "
		return "  "
	}
	g := d.st.Family(family).Render(Fit(d.st.FamilyGlyph(family), 1))
	sg := d.st.Severity(sev)
	if it.Reported {
		sg = d.st.Faint
	}
	g += sg.Render(Fit(d.st.SeverityGlyph(sev), 1))
	d.glyphs[k] = g
	return g
}

func (d *Doc) gutter(f *classify.Fact, w int) string {
	if w <= 0 {
		return ""
	}
	if f == nil {
		return strings.Repeat(" ", w)
	}
	txt := Sanitize(f.Message)
	if r := roleShort(f.Role); r != "" {
		txt += " " + r
	}
	return d.st.Faint.Render(Fit(txt, w-1)) + " "
}

// Lines renders row i at width in mode. Every line is exactly width cells wide and
// starts with one plain space (the cursor column, which a viewer may replace).
func (d *Doc) Lines(i, width int, mode Mode) []string {
	if i < 0 || i >= len(d.Items) || width <= 0 {
		return nil
	}
	k := lineKey{i, width, mode}
	if ls, ok := d.lines[k]; ok {
		return ls
	}
	ls := d.render(i, width, mode)
	if len(d.lines) > maxCache {
		d.lines = map[lineKey][]string{}
	}
	d.lines[k] = ls
	return ls
}

// Height is the number of lines row i takes at width in mode.
func (d *Doc) Height(i, width int, mode Mode) int { return len(d.Lines(i, width, mode)) }

func (d *Doc) render(i, width int, mode Mode) []string {
	it := &d.Items[i]
	sc := d.sides(i)
	l := d.LayoutFor(width, mode)
	if l.Mark == 0 {
		// too narrow for anything but text
		var out []string
		for _, ln := range wrap(append(append([]cell(nil), sc.l...), sc.r...), width) {
			out = append(out, " "+d.paint(ln, width-1))
		}
		return fitAll(out, width)
	}
	mark := func(first bool) string {
		if first {
			return " " + d.glyph(it) + " "
		}
		return "    "
	}
	var out []string
	if mode == SideBySide {
		left := wrap(sc.l, l.Left)
		right := wrap(sc.r, l.Right)
		if it.Source == nil {
			left = nil
		}
		if it.Summary == nil {
			right = nil
		}
		n := max(len(left), len(right), 1)
		sep := d.st.Border.Render(" │ ")
		for j := 0; j < n; j++ {
			var b strings.Builder
			b.WriteString(mark(j == 0))
			if j == 0 {
				b.WriteString(d.gutter(it.Source, l.Gutter))
			} else {
				b.WriteString(strings.Repeat(" ", l.Gutter))
			}
			if j < len(left) {
				b.WriteString(d.paint(left[j], l.Left))
			} else {
				b.WriteString(strings.Repeat(" ", l.Left))
			}
			b.WriteString(sep)
			if j < len(right) {
				b.WriteString(d.paint(right[j], l.Right))
			} else {
				b.WriteString(strings.Repeat(" ", l.Right))
			}
			out = append(out, b.String())
		}
		return fitAll(out, width)
	}
	first := true
	if it.Source != nil {
		for j, ln := range wrap(sc.l, l.Right) {
			g := strings.Repeat(" ", l.Gutter)
			if j == 0 {
				g = d.gutter(it.Source, l.Gutter)
			}
			out = append(out, mark(first)+g+d.paint(ln, l.Right))
			first = false
		}
	}
	if it.Summary != nil {
		for j, ln := range wrap(sc.r, l.Right) {
			g := strings.Repeat(" ", l.Gutter)
			if j == 0 && l.Gutter > 0 {
				g = d.st.Faint.Render(Fit("  ⇒", l.Gutter))
			}
			m := mark(first)
			if !first && j == 0 && l.Gutter == 0 {
				m = "  " + d.st.Faint.Render("⇒") + " "
			}
			out = append(out, m+g+d.paint(ln, l.Right))
			first = false
		}
	}
	return fitAll(out, width)
}

func fitAll(ls []string, w int) []string {
	for i, s := range ls {
		if Width(s) != w {
			ls[i] = Fit(s, w)
		}
	}
	return ls
}

// Render draws every row of r at width (for reports and golden tests).
func Render(r *audit.Round, cumulative bool, width int, mode Mode, st *themes.Styles) []string {
	d := NewDoc(r, cumulative, st, nil)
	var out []string
	for i := range d.Items {
		out = append(out, d.Lines(i, width, mode)...)
	}
	return out
}
