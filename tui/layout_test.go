package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/themes"
	"github.com/muesli/termenv"
)

// checkFrame asserts a frame is exactly h lines, none wider than w.
func checkFrame(t *testing.T, what string, v string, w, h int) {
	t.Helper()
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Fatalf("%s at %dx%d: %d lines", what, w, h, len(lines))
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got > w {
			t.Fatalf("%s at %dx%d: line %d is %d wide: %q", what, w, h, i, got, l)
		}
	}
}

// TestLayoutManySizes renders every view at many terminal sizes, down to 20x5 and
// below: no panic, exactly h lines, no line wider than the terminal.
func TestLayoutManySizes(t *testing.T) {
	widths := []int{1, 2, 5, 10, 20, 21, 33, 40, 49, 50, 60, 79, 80, 99, 100, 101, 120, 160, 200, 250}
	heights := []int{1, 2, 3, 5, 6, 8, 12, 24, 40, 60}
	keys := map[string][]string{
		"main": nil, "scrolled": {"pgdown", "j", "j"}, "stacked": {"s", "s"}, "side": {"s"},
		"detail": {"n", "enter"}, "invariants": {"i"}, "matrix": {"m"}, "lineage": {"t"},
		"help": {"?"}, "search": {"/", "v", "a"}, "searched": {"/", "l", "o", "c", "k", "enter"},
		"export": {"e"}, "exportpath": {"e", "h"}, "filtered": {"f", "f", "f"}, "empty": {"f", "v", "v"},
		"cumulative": {"]", "c"},
	}
	base := fake.Report(3, 30)
	for name, ks := range keys {
		for _, w := range widths {
			for _, h := range heights {
				m := newModelFrom(t, base, w, h)
				m = press(t, m, ks...)
				checkFrame(t, name, m.View(), w, h)
				// resize after navigating
				m = update(t, m, tea.WindowSizeMsg{Width: h + 20, Height: w/4 + 1})
				checkFrame(t, name+" resized", m.View(), h+20, w/4+1)
			}
		}
	}
}

// TestLayoutColourThemes repeats a few sizes with colour on, for every theme.
func TestLayoutColourThemes(t *testing.T) {
	defer lipgloss.SetColorProfile(termenv.Ascii)
	lipgloss.SetColorProfile(termenv.TrueColor)
	for _, th := range []themes.Theme{themes.Dark(), themes.Light(), themes.HighContrast(), themes.Mono()} {
		for _, sz := range [][2]int{{20, 5}, {80, 24}, {200, 60}} {
			m := New(Options{Theme: th, Report: fake.Report(3, 30)})
			m = update(t, m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			for _, ks := range [][]string{nil, {"n", "enter"}, {"i"}, {"m"}, {"t"}, {"?"}, {"/", "x"}} {
				checkFrame(t, fmt.Sprintf("%s %v", th.Name, ks), press(t, m, ks...).View(), sz[0], sz[1])
			}
		}
	}
}

func TestLayoutEmptyAndOpaque(t *testing.T) {
	empty := &audit.Report{Session: "empty"}
	opaque := fake.Report(1, 0)
	opaque.Rounds[0].Opaque = true
	opaque.Rounds[0].Pairs = nil
	for _, rep := range []*audit.Report{empty, opaque} {
		for _, sz := range [][2]int{{20, 5}, {80, 24}} {
			m := newModelFrom(t, rep, sz[0], sz[1])
			for _, ks := range [][]string{nil, {"j", "n", "enter"}, {"i"}, {"m"}, {"t"}, {"]"}, {"e"}} {
				checkFrame(t, rep.Session, press(t, m, ks...).View(), sz[0], sz[1])
			}
		}
	}
	m := newModelFrom(t, opaque, 80, 24)
	if !strings.Contains(m.View(), "opaque") {
		t.Errorf("opaque round not explained:\n%s", m.View())
	}
}
