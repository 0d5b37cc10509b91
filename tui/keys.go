package tui

import "github.com/charmbracelet/bubbles/key"

// KeyMap is every binding of the auditor. Help and every footer are generated from
// it, so a key that is not here does not exist, and one that is here is listed.
type KeyMap struct {
	Up, Down         key.Binding
	PageUp, PageDown key.Binding
	HalfUp, HalfDown key.Binding
	Top, Bottom      key.Binding

	NextRound, PrevRound key.Binding
	Cumulative           key.Binding
	ShowAll              key.Binding

	NextFinding, PrevFinding key.Binding
	Detail                   key.Binding
	Message                  key.Binding
	Copy                     key.Binding
	Goto                     key.Binding

	FilterFamily   key.Binding
	FilterSeverity key.Binding
	FilterClass    key.Binding
	ClearFilters   key.Binding

	Search        key.Binding
	NextMatch     key.Binding
	PrevMatch     key.Binding
	ClearSearch   key.Binding
	SearchConfirm key.Binding
	SearchCancel  key.Binding

	Layout     key.Binding
	Invariants key.Binding
	Matrix     key.Binding
	Lineage    key.Binding
	Export     key.Binding
	Mouse      key.Binding

	Back key.Binding
	Help key.Binding
	Quit key.Binding
	// Cancel stops the audit of the other rounds while the first is shown.
	Cancel key.Binding

	// Filter and Open are the session picker's.
	Filter key.Binding
	Open   key.Binding
}

func bind(keys []string, k, h string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, h))
}

// short is b with a shorter help text, for footers.
func short(b key.Binding, k, h string) key.Binding {
	return key.NewBinding(key.WithKeys(b.Keys()...), key.WithHelp(k, h))
}

// DefaultKeyMap is the auditor's key map.
func DefaultKeyMap() KeyMap {
	b := bind
	return KeyMap{
		Up:       b([]string{"k", "up"}, "k/↑", "up"),
		Down:     b([]string{"j", "down"}, "j/↓", "down"),
		PageUp:   b([]string{"pgup", "b"}, "b/pgup", "page up"),
		PageDown: b([]string{"pgdown", " "}, "space/pgdn", "page down"),
		HalfUp:   b([]string{"ctrl+u"}, "ctrl+u", "half page up"),
		HalfDown: b([]string{"ctrl+d"}, "ctrl+d", "half page down"),
		Top:      b([]string{"g", "home"}, "g/home", "first row"),
		Bottom:   b([]string{"G", "end"}, "G/end", "last row"),

		NextRound:  b([]string{"]", "right", "l"}, "]/l/→", "next round"),
		PrevRound:  b([]string{"[", "left", "h"}, "[/h/←", "previous round"),
		Cumulative: b([]string{"c"}, "c", "per-round / cumulative"),
		ShowAll:    b([]string{"a"}, "a", "findings only / all facts in context"),

		NextFinding: b([]string{"n"}, "n", "next finding (across rounds)"),
		PrevFinding: b([]string{"N"}, "N", "previous finding (across rounds)"),
		Detail:      b([]string{"enter"}, "enter", "finding detail"),
		Message:     b([]string{"o"}, "o", "the whole message in context"),
		Copy:        b([]string{"y"}, "y", "copy the fact's text"),
		Goto:        b([]string{":"}, ":", "go to a round, message or finding id"),

		FilterFamily:   b([]string{"f"}, "f", "filter family"),
		FilterSeverity: b([]string{"v"}, "v", "severity: this and above"),
		FilterClass:    b([]string{"x"}, "x", "filter class"),
		ClearFilters:   b([]string{"0"}, "0", "clear filters"),

		Search:        b([]string{"/"}, "/", "search all rounds"),
		NextMatch:     b([]string{">", "."}, ">/.", "next match (across rounds)"),
		PrevMatch:     b([]string{"<", ","}, "</,", "previous match"),
		ClearSearch:   b([]string{"backspace"}, "bksp", "clear search"),
		SearchConfirm: b([]string{"enter"}, "enter", "search"),
		SearchCancel:  b([]string{"esc"}, "esc", "cancel"),

		Layout:     b([]string{"s"}, "s", "layout auto/side/stacked"),
		Invariants: b([]string{"i"}, "i", "invariants"),
		Matrix:     b([]string{"m"}, "m", "survival matrix"),
		Lineage:    b([]string{"t"}, "t", "lineage tree"),
		Export:     b([]string{"e"}, "e", "export report"),
		Mouse:      b([]string{"M"}, "M", "mouse on/off"),

		Back:   b([]string{"esc", "q"}, "esc", "back"),
		Help:   b([]string{"?"}, "?", "help and legend"),
		Quit:   b([]string{"q", "ctrl+c"}, "q", "quit"),
		Cancel: b([]string{"X"}, "X", "stop auditing the other rounds"),

		Filter: b([]string{"/"}, "/", "filter"),
		Open:   b([]string{"enter"}, "enter", "audit the session"),
	}
}

// ShortHelp is the footer line of the main view: help first, so that it survives
// the cut on a narrow terminal.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{
		short(k.Help, "?", "help"), short(k.Quit, "q", "quit"), short(k.Detail, "enter", "detail"),
		short(k.NextFinding, "n/N", "finding"), short(k.ShowAll, "a", "all facts"),
		short(k.Invariants, "i", "invariants"), short(k.Search, "/", "search"),
		short(k.NextRound, "]/[", "round"), short(k.Goto, ":", "go to"), short(k.Export, "e", "export"),
	}
}

// FullHelp is the help screen, one column per group.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom},
		{k.NextRound, k.PrevRound, k.Cumulative, k.ShowAll, k.NextFinding, k.PrevFinding, k.Detail, k.Message, k.Copy, k.Goto},
		{k.FilterFamily, k.FilterSeverity, k.FilterClass, k.ClearFilters, k.Search, k.NextMatch, k.PrevMatch, k.ClearSearch},
		{k.Layout, k.Invariants, k.Matrix, k.Lineage, k.Export, k.Mouse, k.Back, k.Help, k.Quit, k.Cancel},
	}
}

// groupNames title FullHelp's columns.
var groupNames = []string{"Move", "Rounds & findings", "Filter & search", "Views & app"}

// DetailHelp is the detail view's footer.
func (k KeyMap) DetailHelp() []key.Binding {
	return []key.Binding{short(k.Back, "esc", "back"), short(k.Down, "j/k", "scroll"), short(k.NextFinding, "n/N", "finding"),
		short(k.Message, "o", "message in context"), short(k.Copy, "y", "copy"), short(k.Help, "?", "help")}
}

// PagerHelp is the message pager's footer.
func (k KeyMap) PagerHelp() []key.Binding {
	return []key.Binding{short(k.Back, "esc", "back"), short(k.Down, "j/k", "scroll"), short(k.PageDown, "space/b", "page"),
		short(k.Top, "g/G", "top/bottom"), short(k.Copy, "y", "copy the fact")}
}

// InvariantHelp is the invariant panel's footer.
func (k KeyMap) InvariantHelp() []key.Binding {
	return []key.Binding{short(k.Back, "esc", "back"), short(k.Down, "j/k", "select"), short(k.Detail, "enter", "its source fact in the round that lost it")}
}

// LineageHelp is the lineage view's footer.
func (k KeyMap) LineageHelp() []key.Binding {
	return []key.Binding{short(k.Back, "esc", "back"), short(k.Down, "j/k", "select"), short(k.Detail, "enter", "open the round")}
}

// MatrixHelp is the survival matrix's footer.
func (k KeyMap) MatrixHelp() []key.Binding {
	return []key.Binding{short(k.Back, "esc", "back"), short(k.Cumulative, "c", "per-round / cumulative")}
}

// HelpHelp is the help screen's footer.
func (k KeyMap) HelpHelp() []key.Binding {
	return []key.Binding{short(k.Back, "esc/?", "close"), short(k.Down, "j/k", "scroll")}
}

// PickerHelp is the session picker's footer.
func (k KeyMap) PickerHelp() []key.Binding {
	return []key.Binding{k.Open, short(k.Down, "j/k", "select"), k.Filter, short(k.Back, "esc", "clear filter"), short(k.Help, "?", "help"), short(k.Quit, "q", "quit")}
}
