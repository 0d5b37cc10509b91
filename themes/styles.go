package themes

import "github.com/charmbracelet/lipgloss"

// Styles are the Lip Gloss styles derived from a Theme. Build them with NewStyles; the
// zero value renders plain text.
type Styles struct {
	Theme Theme

	Text     lipgloss.Style
	Faint    lipgloss.Style
	Border   lipgloss.Style
	Title    lipgloss.Style
	Key      lipgloss.Style
	Selected lipgloss.Style // applied to the selected row's text cells
	Del      lipgloss.Style // changed characters on the source side
	Ins      lipgloss.Style // changed characters on the summary side
	Match    lipgloss.Style // search matches
	Warn     lipgloss.Style // flags in the header (depth over 2, over target)
	Status   lipgloss.Style // the status line

	family   map[string]lipgloss.Style
	state    map[string]lipgloss.Style
	severity map[string]lipgloss.Style
}

func fg(s lipgloss.Style, col lipgloss.TerminalColor) lipgloss.Style {
	if col == nil {
		return s
	}
	return s.Foreground(col)
}

func bg(s lipgloss.Style, col lipgloss.TerminalColor) lipgloss.Style {
	if col == nil {
		return s
	}
	return s.Background(col)
}

// NewStyles derives the styles of t.
func NewStyles(t Theme) *Styles {
	s := &Styles{Theme: t, family: map[string]lipgloss.Style{}, state: map[string]lipgloss.Style{}, severity: map[string]lipgloss.Style{}}
	base := lipgloss.NewStyle()
	s.Text = fg(base, t.Text)
	s.Faint = fg(base, t.Faint)
	s.Border = fg(base, t.Border)
	s.Title = fg(base.Bold(true), t.Accent)
	s.Key = fg(base.Bold(true), t.Accent)
	s.Status = fg(base, t.Faint)
	if t.Mono {
		s.Faint = base.Faint(true)
		s.Selected = base.Reverse(true)
		s.Del = base.Bold(true).Underline(true)
		s.Ins = base.Bold(true).Underline(true)
		s.Match = base.Reverse(true)
		s.Warn = base.Bold(true)
	} else {
		s.Selected = bg(base, t.SelBg)
		s.Del = bg(base.Bold(true), t.Del)
		s.Ins = bg(base.Bold(true), t.Ins)
		s.Match = bg(fg(base, t.MatchFg), t.MatchBg)
		s.Warn = fg(base.Bold(true), t.Severity["warning"].Color)
	}
	for k, m := range t.Family {
		st := fg(base.Bold(k != Clean), m.Color)
		s.family[k] = st
	}
	for k, m := range t.State {
		s.state[k] = fg(base.Bold(k == "dropped"), m.Color)
	}
	for k, m := range t.Severity {
		s.severity[k] = fg(base.Bold(k == "error"), m.Color)
	}
	return s
}

// Family is the style of a family's marks.
func (s *Styles) Family(f string) lipgloss.Style {
	if st, ok := s.family[f]; ok {
		return st
	}
	return s.Faint
}

// State is the style of an invariant state's marks.
func (s *Styles) State(st string) lipgloss.Style {
	if x, ok := s.state[st]; ok {
		return x
	}
	return s.Faint
}

// Severity is the style of a severity's marks.
func (s *Styles) Severity(sev string) lipgloss.Style {
	if x, ok := s.severity[sev]; ok {
		return x
	}
	return s.Faint
}

// FamilyGlyph is the glyph of family f in this theme.
func (s *Styles) FamilyGlyph(f string) string {
	return s.Theme.Glyph(s.Theme.FamilyMark(f))
}

// StateGlyph is the glyph of invariant state st.
func (s *Styles) StateGlyph(st string) string {
	return s.Theme.Glyph(s.Theme.StateMark(st))
}

// SeverityGlyph is the glyph of severity sev.
func (s *Styles) SeverityGlyph(sev string) string {
	return s.Theme.Glyph(s.Theme.SeverityMark(sev))
}

// FlagGlyph is the mark of a flagged invariant.
func (s *Styles) FlagGlyph() string { return s.Theme.Glyph(FlagMark) }

// DeepGlyph is the mark of a round deeper than 2.
func (s *Styles) DeepGlyph() string { return s.Theme.Glyph(DeepMark) }
