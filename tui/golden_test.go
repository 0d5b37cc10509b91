package tui

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestScreens pins whole screens of a synthetic report at 80x24, 120x30 and 160x40
// (mono theme, colour off; from 140 columns the invariant panel is beside the rows):
// the main view (findings only, and all facts), a finding's detail, the message pager,
// the invariant panel, the survival matrix, the lineage tree and the help.
func TestScreens(t *testing.T) {
	screens := map[string][]string{
		"main": nil, "detail": {"n", "enter"}, "invariants": {"i"}, "matrix": {"m"},
		"lineage": {"t"}, "help": {"?"}, "search": {"/", "p", "g", "r", "o", "l", "l", "enter"},
		"filtered": {"f", "f"}, "cumulative": {"]", "]", "c"}, "export": {"e"}, "all": {"a"},
		"pager": {"n", "o"}, "severity": {"v", "v"},
	}
	for _, sz := range [][2]int{{80, 24}, {120, 30}, {160, 40}} {
		for name, keys := range screens {
			t.Run(name+"-"+itoa(sz[0])+"x"+itoa(sz[1]), func(t *testing.T) {
				m := press(t, newModel(t, 20, sz[0], sz[1]), keys...)
				golden.RequireEqual(t, []byte(m.View()+"\n"))
			})
		}
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}
