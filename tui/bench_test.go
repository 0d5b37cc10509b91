package tui

import (
	"fmt"
	"testing"

	"github.com/compaudit/compaudit/diffview"
	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/themes"
)

// BenchmarkView renders the main view of a round at 200x60. "warm" redraws a screen
// whose rows are cached (the common frame); "cold" starts from fresh caches each time
// (a new round or a resize).
func BenchmarkView(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		rep := fake.Report(1, n)
		b.Run(fmt.Sprintf("warm/%d", n), func(b *testing.B) {
			m := newModelFrom(b, rep, 200, 60)
			m = press(b, m, "G") // bottom: nothing near the start is special
			_ = m.View()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = m.View()
			}
		})
		b.Run(fmt.Sprintf("cold/%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m := New(Options{Theme: themes.Mono(), Report: rep}) // laid out at 80x24
				m.w, m.h = 200, 60                                   // nothing rendered at 200 yet
				b.StartTimer()
				_ = m.View()
			}
		})
	}
}

// BenchmarkScroll is one key press (j, then a page down) and the frame after it. Its
// cost must not grow with the number of facts: only the rows on screen are measured
// and drawn.
func BenchmarkScroll(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		rep := fake.Report(1, n)
		for _, k := range []string{"j", "pgdown"} {
			b.Run(fmt.Sprintf("%s/%d", k, n), func(b *testing.B) {
				m := newModelFrom(b, rep, 200, 60)
				msg := keyMsg(k)
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					nm, _ := m.Update(msg)
					m = nm.(Model)
					// walk the same first 900 rows at both sizes, so caches behave alike
					if m.cur >= 900 {
						m.cur, m.top, m.topLine = 0, 0, 0
					}
					_ = m.View()
				}
			})
		}
	}
}

// BenchmarkNextRound is the ] key on rounds of n rows: preparing a round is linear in
// its rows (indexing them, no drawing) and then draws one screen.
func BenchmarkNextRound(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		rep := fake.Report(2, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m := newModelFrom(b, rep, 200, 60)
				m.docs = map[docKey]*diffview.Doc{} // not prepared yet
				b.StartTimer()
				nm, _ := m.Update(keyMsg("]"))
				_ = nm.(Model).View()
			}
		})
	}
}
