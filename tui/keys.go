package tui

import "github.com/charmbracelet/bubbles/key"

// KeyMap is every binding of the auditor. Help is generated from it, so a key that is
// not here does not exist, and one that is here is listed.
type KeyMap struct {
	Up, Down         key.Binding
	PageUp, PageDown key.Binding
	HalfUp, HalfDown key.Binding
	Top, Bottom      key.Binding

	NextRound, PrevRound key.Binding
	Cumulative           key.Binding

	NextFinding, PrevFinding key.Binding
	Detail                   key.Binding

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
}

// DefaultKeyMap is the auditor's key map.
func DefaultKeyMap() KeyMap {
	b := func(keys []string, k, h string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, h))
	}
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

		NextFinding: b([]string{"n"}, "n", "next finding"),
		PrevFinding: b([]string{"N"}, "N", "previous finding"),
		Detail:      b([]string{"enter"}, "enter", "finding detail"),

		FilterFamily:   b([]string{"f"}, "f", "filter family"),
		FilterSeverity: b([]string{"v"}, "v", "filter severity"),
		FilterClass:    b([]string{"x"}, "x", "filter class"),
		ClearFilters:   b([]string{"0"}, "0", "clear filters"),

		Search:        b([]string{"/"}, "/", "search"),
		NextMatch:     b([]string{">", "."}, ">/.", "next match"),
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

		Back: b([]string{"esc", "q"}, "esc", "back"),
		Help: b([]string{"?"}, "?", "help"),
		Quit: b([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

// ShortHelp is the footer line of the main view.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.NextRound, k.NextFinding, k.Detail, k.Search, k.FilterFamily, k.Invariants, k.Export, k.Help, k.Quit}
}

// FullHelp is the help screen, one column per group.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.HalfUp, k.HalfDown, k.Top, k.Bottom},
		{k.NextRound, k.PrevRound, k.Cumulative, k.NextFinding, k.PrevFinding, k.Detail},
		{k.FilterFamily, k.FilterSeverity, k.FilterClass, k.ClearFilters, k.Search, k.NextMatch, k.PrevMatch, k.ClearSearch},
		{k.Layout, k.Invariants, k.Matrix, k.Lineage, k.Export, k.Mouse, k.Back, k.Help, k.Quit},
	}
}

// groupNames title FullHelp's columns.
var groupNames = []string{"Move", "Rounds & findings", "Filter & search", "Views & app"}
