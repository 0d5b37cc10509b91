package diffview_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/diffview"
	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/themes"
	"github.com/muesli/termenv"
)

func TestMain(m *testing.M) {
	// colour off: goldens compare text and layout, not escape codes
	lipgloss.SetColorProfile(termenv.Ascii)
	os.Exit(m.Run())
}

func render(r *audit.Round, w int, mode diffview.Mode, th themes.Theme) string {
	return strings.Join(diffview.Render(r, false, w, mode, themes.NewStyles(th)), "\n") + "\n"
}

// TestGolden pins the rows (mono theme, colour off: emphasis shows as [-old-] {+new+}) of a synthetic round at three widths (the automatic layout
// stacks at 40 and 80, and goes side by side at 120), plus side by side forced at 80.
func TestGolden(t *testing.T) {
	r := fake.Round(1, 10)
	for _, w := range []int{40, 80, 120} {
		t.Run(fmt.Sprintf("w%d", w), func(t *testing.T) {
			golden.RequireEqual(t, []byte(render(&r, w, diffview.Auto(w), themes.Mono())))
		})
	}
	t.Run("w80-side", func(t *testing.T) {
		golden.RequireEqual(t, []byte(render(&r, 80, diffview.SideBySide, themes.Mono())))
	})
}

func TestEveryLineExactWidth(t *testing.T) {
	r := fake.Round(1, 10)
	for _, th := range []themes.Theme{themes.Dark(), themes.Light(), themes.HighContrast(), themes.Mono()} {
		for w := 1; w <= 210; w += 3 {
			for _, mode := range []diffview.Mode{diffview.SideBySide, diffview.Stacked} {
				for i, l := range diffview.Render(&r, false, w, mode, themes.NewStyles(th)) {
					if got := ansi.StringWidth(l); got != w {
						t.Fatalf("%s w=%d %s line %d: width %d: %q", th.Name, w, mode, i, got, l)
					}
				}
			}
		}
	}
}

func TestSideBySideKeepsPairsLevel(t *testing.T) {
	r := fake.Round(1, 10)
	d := diffview.NewDoc(&r, false, themes.NewStyles(themes.Mono()), nil)
	for i, it := range d.Items {
		ls := d.Lines(i, 100, diffview.SideBySide)
		sep := -1
		for _, l := range ls {
			p := ansi.Strip(l)
			j := strings.Index(p, "│")
			if j < 0 {
				t.Fatalf("row %d: no separator in %q", i, p)
			}
			if sep >= 0 && ansi.StringWidth(p[:j]) != sep {
				t.Fatalf("row %d: separator moved: %q", i, p)
			}
			sep = ansi.StringWidth(p[:j])
		}
		first := ansi.Strip(ls[0])
		left, right := first[:strings.Index(first, "│")], first[strings.Index(first, "│")+len("│"):]
		if it.Source == nil && strings.TrimSpace(left) != "+W" { // the marks: family, severity
			t.Errorf("row %d (addition) has text on the left: %q", i, left)
		}
		if it.Summary == nil && strings.TrimSpace(right) != "" {
			t.Errorf("row %d (omission) has text on the right: %q", i, right)
		}
	}
}

func TestEmphasisWidensToTokens(t *testing.T) {
	a := "We run PostgreSQL 18.2 everywhere."
	b := "We run PostgreSQL 18 everywhere."
	ta := []classify.Token{{Kind: "version", Raw: "18.2", Start: 18, End: 22}}
	tb := []classify.Token{{Kind: "version", Raw: "18", Start: 18, End: 20}}
	ea, eb := diffview.Emphasis(a, b, ta, tb)
	if got := spans(a, ea); got != "18.2" {
		t.Errorf("source emphasis = %q, want the whole token 18.2", got)
	}
	if got := spans(b, eb); got != "18" {
		t.Errorf("summary emphasis = %q, want the whole token 18", got)
	}
	a, b = "migration 01947 ships", "migration 1947 ships"
	ta = []classify.Token{{Kind: "id", Raw: "01947", Start: 10, End: 15}}
	tb = []classify.Token{{Kind: "id", Raw: "1947", Start: 10, End: 14}}
	ea, eb = diffview.Emphasis(a, b, ta, tb)
	if spans(a, ea) != "01947" || spans(b, eb) != "1947" {
		t.Errorf("01947/1947 emphasis = %q / %q", spans(a, ea), spans(b, eb))
	}
	if ea, eb := diffview.Emphasis("same", "same", nil, nil); ea != nil || eb != nil {
		t.Errorf("equal texts emphasised: %v %v", ea, eb)
	}
}

func spans(s string, sp []diffview.Span) string {
	var out []string
	for _, x := range sp {
		out = append(out, s[x.A:x.B])
	}
	return strings.Join(out, "|")
}

func TestEmphasisIsDrawn(t *testing.T) {
	// under a colour profile the changed token carries its own style run
	defer lipgloss.SetColorProfile(termenv.Ascii)
	lipgloss.SetColorProfile(termenv.TrueColor)
	r := fake.Round(1, 1)
	d := diffview.NewDoc(&r, false, themes.NewStyles(themes.Dark()), nil)
	l := d.Lines(0, 120, diffview.SideBySide)[0]
	if !strings.Contains(l, "18.2\x1b[0m") {
		t.Errorf("18.2 is not a styled run of its own: %q", l)
	}
}

func TestSanitize(t *testing.T) {
	cases := map[string]string{
		"\x1b[31mred\x1b[0m": "␛[31mred␛[0m",
		"a\tb":               "a    b",
		"bell\a":             "bell␇",
		"nl\nx":              "nl␊x",
		"\u202eevil":         "⟨U+202E⟩evil",
		"zw\u200bsp":         "zw⟨U+200B⟩sp",
		"c1\u009b31m":        "c1⟨U+009B⟩31m",
		"bad\xffutf8":        "bad\uFFFDutf8",
		"plain café 日本":      "plain café 日本",
	}
	for in, want := range cases {
		if got := diffview.Sanitize(in); got != want {
			t.Errorf("Sanitize(%q) = %q, want %q", in, got, want)
		}
	}
	if got := diffview.SanitizeText("a\r\nb\x1b"); got != "a\nb␛" {
		t.Errorf("SanitizeText = %q", got)
	}
	// nothing a terminal would interpret survives
	var all strings.Builder
	for r := rune(0); r < 0x300; r++ {
		all.WriteRune(r)
	}
	for _, r := range diffview.Sanitize(all.String()) {
		if r < 0x20 || (r >= 0x7f && r < 0xa0) {
			t.Fatalf("control %U survived", r)
		}
	}
}

func TestWideAndZeroWidthMeasured(t *testing.T) {
	if w := diffview.Width("日本"); w != 4 {
		t.Errorf("width of 日本 = %d", w)
	}
	if w := diffview.Width("e\u0301"); w != 1 {
		t.Errorf("width of e + combining acute = %d", w)
	}
	if got := diffview.Fit("日本語", 5); ansi.StringWidth(got) != 5 {
		t.Errorf("Fit(日本語, 5) = %q", got)
	}
}

// BenchmarkRow renders one screen (60 lines) of rows from a cold cache at 200 columns,
// with a 20,000-row round: the cost is that of the rows drawn, not of the round.
func BenchmarkRow(b *testing.B) {
	r := fake.Round(1, 20000)
	st := themes.NewStyles(themes.Dark())
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		d := diffview.NewDoc(&r, false, st, nil) // indexing the rows is linear; not measured here
		b.StartTimer()
		lines := 0
		for j := (i * 7) % 19000; lines < 60; j++ {
			lines += len(d.Lines(j, 200, diffview.SideBySide))
		}
	}
}

// TestCumulativeItems: cumulative pairs index the engine's full cumulative findings;
// only the novel ones are in Round.Cumulative, matched by text.
func TestCumulativeItems(t *testing.T) {
	r := fake.Round(1, 10)
	var novel []audit.Finding
	for _, f := range r.Findings {
		if f.Family == audit.Omission {
			novel = append(novel, f)
		}
	}
	r.Cumulative = novel
	r.CumulativeFacts = append([]classify.Fact(nil), r.SourceFacts...) // a separate alignment
	r.CumulativePairs = append([]audit.Pair(nil), r.Pairs...)
	if diffview.CumulativeIsRound(&r) {
		t.Fatal("a copied alignment is taken for the round's own")
	}
	items := diffview.Items(&r, true, nil)
	n := 0
	for _, it := range items {
		if it.Finding != nil {
			n++
			if it.Family() != audit.Omission || it.Finding.Source.Text != it.Source.Text {
				t.Errorf("row %d: %s finding for %q", it.Pair, it.Family(), it.Source.Text)
			}
		}
	}
	if n != len(novel) {
		t.Errorf("%d rows carry a finding, want %d", n, len(novel))
	}
	// a loss the per-round audit already reported is marked with that report
	items = diffview.Items(&r, true, &diffview.Earlier{Rounds: []audit.Round{r}})
	reported := 0
	for _, it := range items {
		if it.Reported {
			reported++
			if it.Finding == nil || it.Finding.Source.Text != it.Source.Text || it.ReportedIn != 1 {
				t.Errorf("row %d: reported %+v", it.Pair, it.Finding)
			}
		}
	}
	want := 0
	for _, f := range r.Findings {
		if f.Source != nil && f.Family != audit.Omission {
			want++ // the additions have no source row in the cumulative view
		}
	}
	if reported != want {
		t.Errorf("%d rows marked as already reported, want %d", reported, want)
	}
	// a pair the engine did not judge is still marked when the loss holds: the summary
	// has no counterpart, an invariant it states is dropped in this round, or the round
	// lists it as still lost
	r3 := r
	r3.Round = 3
	r3.CumulativePairs = append([]audit.Pair(nil), r.Pairs...)
	for i := range r3.CumulativePairs {
		r3.CumulativePairs[i].Finding = -1
	}
	r3.CumulativePairs[1].Summary = 0 // staging: paired, so only its invariant tells
	staging, pin, failed := r.SourceFacts[1], r.SourceFacts[0], r.SourceFacts[7]
	e := &diffview.Earlier{Rounds: []audit.Round{r, r3}, Invariants: []audit.Invariant{
		{ID: "inv", Text: staging.Text, Message: staging.Message, States: []audit.InvariantState{{Round: 3, State: audit.StateDropped}}}}}
	r3.StillLost = []audit.StillLost{{Finding: "", Round: 1, Text: pin.Text}}
	marked := map[string]bool{}
	for _, it := range diffview.Items(&r3, true, e) {
		if it.Reported && it.Source != nil {
			marked[it.Source.Text] = it.ReportedIn == 1
		}
	}
	if len(marked) != 3 || !marked[staging.Text] || !marked[pin.Text] || !marked[failed.Text] {
		t.Errorf("marked %v, want the dropped invariant's, the still-lost and the unpaired fact, reported in round 1", marked)
	}
	// a first round's cumulative alignment is its own: its findings are the round's
	r2 := fake.Round(1, 10)
	if !diffview.CumulativeIsRound(&r2) {
		t.Fatal("shared alignment not recognised")
	}
	a, b := diffview.Items(&r2, false, nil), diffview.Items(&r2, true, nil)
	for i := range a {
		if a[i].Finding != b[i].Finding {
			t.Fatalf("row %d differs between per-round and cumulative", i)
		}
	}
}
