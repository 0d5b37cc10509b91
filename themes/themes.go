// Package themes holds one palette per theme (dark, light, high-contrast, mono). Each
// palette maps every failure family, invariant state and severity to a colour AND a
// glyph, so families stay distinguishable without colour (mono, NO_COLOR) and for
// colour-blind readers (the colours come from the Okabe-Ito palette).
//
// Themes are values: nothing here is a mutable package global, so tests may build
// several themes side by side.
package themes

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Family keys, equal to the audit package's family names (themes does not import audit
// so that any writer may use it).
const (
	Omission          = "omission"
	Mutation          = "mutation"
	Addition          = "addition"
	EpistemicCollapse = "epistemic_collapse"
	ProvenanceLoss    = "provenance_loss"
	// Clean marks a pair with no finding.
	Clean = ""
)

// Mark is how one family, state or severity is drawn: a colour and a glyph. The glyph
// alone must be enough to tell marks apart.
type Mark struct {
	Color lipgloss.TerminalColor
	Glyph string
	// ASCII is the glyph for terminals that cannot show the Unicode one.
	ASCII string
	// Label is the short human name ("omission", "dropped", "error").
	Label string
}

// Theme is a palette: semantic colours and glyphs, no layout.
type Theme struct {
	Name string
	// Dark is true for palettes meant for a dark background.
	Dark bool
	// Mono draws with attributes only (bold, underline, reverse), never colour.
	Mono bool
	// ASCII replaces Unicode glyphs and borders by ASCII.
	ASCII bool

	Family   map[string]Mark
	State    map[string]Mark
	Severity map[string]Mark

	Text   lipgloss.TerminalColor // ordinary text
	Faint  lipgloss.TerminalColor // secondary text, gutters, continuation marks
	Border lipgloss.TerminalColor
	Accent lipgloss.TerminalColor // titles, keys in help
	// SelBg is the background of the selected row.
	SelBg lipgloss.TerminalColor
	// Del and Ins are the backgrounds of changed characters inside a mutated pair.
	Del lipgloss.TerminalColor
	Ins lipgloss.TerminalColor
	// MatchBg is the background of a search match.
	MatchBg lipgloss.TerminalColor
	MatchFg lipgloss.TerminalColor
	// Chroma is the chroma style name used for fenced code ("" for no highlighting).
	Chroma string
}

// Okabe-Ito colours (Okabe & Ito 2008), safe for the common colour-vision deficiencies.
const (
	oiOrange    = "#E69F00"
	oiSkyBlue   = "#56B4E9"
	oiGreen     = "#009E73"
	oiYellow    = "#F0E442"
	oiBlue      = "#0072B2"
	oiVermilion = "#D55E00"
	oiPurple    = "#CC79A7"
)

func c(hex string) lipgloss.TerminalColor { return lipgloss.Color(hex) }

// glyph sets shared by every theme: the HTML and Markdown reports use the same glyphs
// and the same Okabe-Ito hues (audit/write_html.go: omission vermilion, mutation
// orange, addition blue, epistemic collapse reddish purple, provenance loss bluish
// green), lightened for dark backgrounds.
func families(om, mu, ad, ep, pr lipgloss.TerminalColor) map[string]Mark {
	return map[string]Mark{
		Omission:          {Color: om, Glyph: "−", ASCII: "-", Label: "omission"},
		Mutation:          {Color: mu, Glyph: "~", ASCII: "~", Label: "mutation"},
		Addition:          {Color: ad, Glyph: "+", ASCII: "+", Label: "addition"},
		EpistemicCollapse: {Color: ep, Glyph: "!", ASCII: "!", Label: "epistemic collapse"},
		ProvenanceLoss:    {Color: pr, Glyph: "?", ASCII: "?", Label: "provenance loss"},
		Clean:             {Color: nil, Glyph: " ", ASCII: " ", Label: "kept"},
	}
}

func states(verb, para, drop, ret, faint lipgloss.TerminalColor) map[string]Mark {
	return map[string]Mark{
		"verbatim":    {Color: verb, Glyph: "●", ASCII: "V", Label: "verbatim"},
		"paraphrased": {Color: para, Glyph: "◐", ASCII: "p", Label: "paraphrased"},
		"dropped":     {Color: drop, Glyph: "✗", ASCII: "X", Label: "dropped"},
		"retired":     {Color: ret, Glyph: "○", ASCII: "r", Label: "retired"},
		"pending":     {Color: faint, Glyph: "·", ASCII: ".", Label: "not yet stated"},
		"unknown":     {Color: faint, Glyph: "▒", ASCII: "#", Label: "opaque"},
	}
}

func severities(e, w, i lipgloss.TerminalColor) map[string]Mark {
	return map[string]Mark{
		"error":   {Color: e, Glyph: "E", ASCII: "E", Label: "error"},
		"warning": {Color: w, Glyph: "W", ASCII: "W", Label: "warning"},
		"info":    {Color: i, Glyph: "i", ASCII: "i", Label: "info"},
	}
}

// Dark is the default palette for dark terminals.
func Dark() Theme {
	return Theme{
		Name: "dark", Dark: true,
		Family:   families(c("#FF7A45"), c(oiOrange), c(oiSkyBlue), c(oiPurple), c("#2DB88F")),
		State:    states(c(oiGreen), c(oiOrange), c("#FF7A45"), c(oiSkyBlue), c("241")),
		Severity: severities(c("#FF7A45"), c(oiOrange), c(oiSkyBlue)),
		Text:     c("252"), Faint: c("244"), Border: c("238"), Accent: c(oiSkyBlue),
		SelBg: c("236"), Del: c("#5C1F00"), Ins: c("#003A5C"),
		MatchBg: c(oiYellow), MatchFg: c("#000000"),
		Chroma: "monokai",
	}
}

// Light is the palette for light terminals: the same hues, darker.
func Light() Theme {
	return Theme{
		Name:     "light",
		Family:   families(c("#B34700"), c("#9A6B00"), c(oiBlue), c("#A8517F"), c("#00795A")),
		State:    states(c("#00795A"), c("#9A6B00"), c("#B34700"), c(oiBlue), c("245")),
		Severity: severities(c("#B34700"), c("#9A6B00"), c(oiBlue)),
		Text:     c("235"), Faint: c("243"), Border: c("250"), Accent: c(oiBlue),
		SelBg: c("254"), Del: c("#FFD9C2"), Ins: c("#CDE6F7"),
		MatchBg: c(oiYellow), MatchFg: c("#000000"),
		Chroma: "github",
	}
}

// HighContrast uses the brightest colours on black and bold everywhere it matters.
func HighContrast() Theme {
	return Theme{
		Name: "high-contrast", Dark: true,
		Family:   families(c("#FF5F1F"), c("#FFB000"), c("#00BFFF"), c("#FF66CC"), c("#00E5A0")),
		State:    states(c("#00FF9C"), c("#FFB000"), c("#FF5F1F"), c("#00BFFF"), c("250")),
		Severity: severities(c("#FF5F1F"), c("#FFB000"), c("#00BFFF")),
		Text:     c("#FFFFFF"), Faint: c("250"), Border: c("#FFFFFF"), Accent: c("#00BFFF"),
		SelBg: c("#303030"), Del: c("#7A1F00"), Ins: c("#004F7A"),
		MatchBg: c("#FFFF00"), MatchFg: c("#000000"),
		Chroma: "vim",
	}
}

// Mono draws with glyphs and attributes only.
func Mono() Theme {
	return Theme{
		Name: "mono", Mono: true,
		Family:   families(nil, nil, nil, nil, nil),
		State:    states(nil, nil, nil, nil, nil),
		Severity: severities(nil, nil, nil),
	}
}

var builders = map[string]func() Theme{
	"dark": Dark, "light": Light, "high-contrast": HighContrast, "mono": Mono,
}

// Names lists the themes --theme accepts (besides "auto").
func Names() []string {
	out := make([]string, 0, len(builders))
	for n := range builders {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// ByName returns the named theme.
func ByName(name string) (Theme, error) {
	b, ok := builders[strings.ToLower(name)]
	if !ok {
		return Theme{}, fmt.Errorf("unknown theme %q (want auto, %s)", name, strings.Join(Names(), ", "))
	}
	return b(), nil
}

// Env is what Resolve reads from the environment; tests pass their own.
type Env struct {
	// Getenv reads a variable (os.Getenv by default).
	Getenv func(string) string
	// HasDark reports whether the terminal background is dark; it may block on a
	// terminal query, so it is called only when the theme is "auto".
	HasDark func() bool
}

// Resolve picks the theme for name ("auto" or "" detects light or dark). NO_COLOR (any
// non-empty value) forces mono whatever the name, as https://no-color.org asks.
func Resolve(name string, env Env) (Theme, error) {
	if env.Getenv == nil {
		env.Getenv = os.Getenv
	}
	if name != "" && name != "auto" {
		if _, err := ByName(name); err != nil {
			return Theme{}, err
		}
	}
	if env.Getenv("NO_COLOR") != "" {
		return Mono(), nil
	}
	if name == "" || name == "auto" {
		dark := true
		if env.HasDark != nil {
			dark = safeHasDark(env.HasDark)
		}
		if dark {
			return Dark(), nil
		}
		return Light(), nil
	}
	return ByName(name)
}

// safeHasDark calls f, treating a panic (no terminal) as dark.
func safeHasDark(f func() bool) (dark bool) {
	defer func() {
		if recover() != nil {
			dark = true
		}
	}()
	return f()
}

// Glyph returns m's glyph for t (ASCII when t asks for it).
func (t *Theme) Glyph(m Mark) string {
	if t.ASCII && m.ASCII != "" {
		return m.ASCII
	}
	return m.Glyph
}

// FamilyMark returns the mark of family (Clean for an unknown or empty one).
func (t *Theme) FamilyMark(family string) Mark {
	if m, ok := t.Family[family]; ok {
		return m
	}
	return t.Family[Clean]
}

// StateMark returns the mark of an invariant state.
func (t *Theme) StateMark(state string) Mark {
	if m, ok := t.State[state]; ok {
		return m
	}
	return Mark{Glyph: "?", ASCII: "?", Label: state}
}

// SeverityMark returns the mark of a severity.
func (t *Theme) SeverityMark(sev string) Mark {
	if m, ok := t.Severity[sev]; ok {
		return m
	}
	return Mark{Glyph: " ", ASCII: " ", Label: sev}
}

// Marks with one meaning each, the same in every theme (colour comes from the caller:
// the flag is drawn in the error colour, the depth mark in the warning colour).
var (
	// FlagMark marks an invariant dropped without a retirement event, and only that.
	FlagMark = Mark{Glyph: "⚑", ASCII: "F", Label: "flagged: an invariant dropped without a retirement event"}
	// DeepMark marks a round deeper than 2 (a summary of summaries of summaries).
	DeepMark = Mark{Glyph: "▲", ASCII: "^", Label: "depth over 2: a summary of summaries"}
	// BarMarks draw the share of a class a summary kept, from none to all (the
	// survival matrix); they are a quantity, never a state.
	BarMarks = []Mark{
		{Glyph: "▁", ASCII: "_", Label: "under 25% kept"},
		{Glyph: "▃", ASCII: ".", Label: "25% to 50% kept"},
		{Glyph: "▅", ASCII: "-", Label: "50% to 90% kept"},
		{Glyph: "▇", ASCII: "=", Label: "90% kept or more, not all"},
		{Glyph: "█", ASCII: "#", Label: "all kept"},
	}
)

// Bar returns the bar mark of kept out of total (total > 0).
func Bar(kept, total int) Mark {
	p := float64(kept) / float64(total)
	switch {
	case kept >= total:
		return BarMarks[4]
	case p >= 0.9:
		return BarMarks[3]
	case p >= 0.5:
		return BarMarks[2]
	case p >= 0.25:
		return BarMarks[1]
	}
	return BarMarks[0]
}
