package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview/fake"
	"github.com/compaudit/compaudit/themes"
)

// Every binding of the key map, driven through Update, does what its help says.

func TestMoveBindings(t *testing.T) {
	for _, k := range []string{"j", "down"} {
		m := press(t, newModel(t, 40, 100, 30), k)
		if m.cur != 1 {
			t.Errorf("%s: cursor %d, want 1", k, m.cur)
		}
	}
	for _, k := range []string{"k", "up"} {
		m := press(t, newModel(t, 40, 100, 30), "j", "j", k)
		if m.cur != 1 {
			t.Errorf("%s: cursor %d, want 1", k, m.cur)
		}
	}
	for _, k := range []string{"pgdown", " ", "ctrl+d"} {
		m := press(t, newModel(t, 40, 100, 30), k)
		if m.top == 0 && m.topLine == 0 {
			t.Errorf("%s did not scroll", k)
		}
		if m.cur < m.top {
			t.Errorf("%s left the cursor above the screen", k)
		}
	}
	for _, k := range []string{"pgup", "b", "ctrl+u"} {
		m := press(t, newModel(t, 40, 100, 30), "pgdown", "pgdown")
		top := m.top
		m = press(t, m, k)
		if m.top >= top {
			t.Errorf("%s did not scroll up (top %d -> %d)", k, top, m.top)
		}
	}
	for _, k := range []string{"G", "end"} {
		m := press(t, newModel(t, 40, 100, 30), k)
		if m.cur != len(m.vis)-1 {
			t.Errorf("%s: cursor %d, want last %d", k, m.cur, len(m.vis)-1)
		}
		if !strings.Contains(m.View(), "▌") {
			t.Errorf("%s: cursor row not on screen", k)
		}
	}
	for _, k := range []string{"g", "home"} {
		m := press(t, newModel(t, 40, 100, 30), "G", k)
		if m.cur != 0 || m.top != 0 {
			t.Errorf("%s: cursor %d top %d", k, m.cur, m.top)
		}
	}
}

func TestRoundBindings(t *testing.T) {
	for _, k := range []string{"]", "right", "l"} {
		m := press(t, newModel(t, 10, 100, 30), k)
		if m.round != 1 {
			t.Errorf("%s: round %d, want 1", k, m.round)
		}
		if !strings.Contains(m.View(), "round 2 of 3") {
			t.Errorf("%s: header does not say round 2 of 3", k)
		}
	}
	for _, k := range []string{"[", "left", "h"} {
		m := press(t, newModel(t, 10, 100, 30), "]", "]", k)
		if m.round != 1 {
			t.Errorf("%s: round %d, want 1", k, m.round)
		}
	}
	m := press(t, newModel(t, 10, 100, 30), "]", "]", "]", "]")
	if m.round != 2 {
		t.Errorf("] past the end: round %d", m.round)
	}
	m = press(t, m, "c")
	if !m.cumulative || !strings.Contains(m.View(), "cumulative") {
		t.Errorf("c: not cumulative")
	}
	m = press(t, m, "c")
	if m.cumulative {
		t.Errorf("c twice: still cumulative")
	}
}

func TestFindingBindings(t *testing.T) {
	m := newModel(t, 20, 100, 30)
	m = press(t, m, "n")
	if it := m.CurrentItem(); it == nil || it.Finding == nil || m.cur == 0 {
		t.Fatalf("n: cursor %d not on a later finding", m.cur)
	}
	at := m.cur
	m = press(t, m, "n", "N")
	if m.cur != at {
		t.Errorf("N: cursor %d, want %d", m.cur, at)
	}
	m = press(t, m, "enter")
	if m.view != viewDetail {
		t.Fatalf("enter: view %d, want detail", m.view)
	}
	v := m.View()
	for _, want := range []string{"omission", "error", "source", "summary", "alignment score", "message"} {
		if !strings.Contains(v, want) {
			t.Errorf("detail lacks %q:\n%s", want, v)
		}
	}
	m = press(t, m, "esc")
	if m.view != viewMain {
		t.Errorf("esc: view %d, want main", m.view)
	}
}

func TestFilterBindings(t *testing.T) {
	m := newModel(t, 20, 100, 30)
	all := len(m.vis)
	m = press(t, m, "f")
	for _, i := range m.vis {
		if f := m.doc.Items[i].Family(); f != audit.Omission {
			t.Fatalf("f: row with family %q visible", f)
		}
	}
	if len(m.vis) == 0 || len(m.vis) == all {
		t.Fatalf("f: %d of %d rows", len(m.vis), all)
	}
	m = press(t, m, "f")
	if m.filterFamily() != audit.Mutation {
		t.Errorf("f twice: family %q", m.filterFamily())
	}
	m = press(t, m, "0", "v")
	for _, i := range m.vis {
		if s := m.doc.Items[i].Severity(); s != audit.SevError {
			t.Fatalf("v: row with severity %q visible", s)
		}
	}
	m = press(t, m, "0", "x")
	if m.filterClass() == "" {
		t.Fatal("x: no class filter")
	}
	for _, i := range m.vis {
		if !m.doc.Items[i].HasClass(m.filterClass()) {
			t.Fatalf("x: row without class %s visible", m.filterClass())
		}
	}
	// x only offers classes the round's rows carry: never an empty list
	for j := 0; j < 20; j++ {
		m = press(t, m, "x")
		if m.classIdx != 0 && len(m.vis) == 0 {
			t.Fatalf("x offered class %s with no rows", m.filterClass())
		}
	}
	m = press(t, m, "0")
	if len(m.vis) != all || m.filtered() {
		t.Errorf("0: %d rows, want %d", len(m.vis), all)
	}
	m = press(t, m, "f", "esc")
	if m.filtered() {
		t.Errorf("esc did not clear the filter")
	}
}

func TestSearchBindings(t *testing.T) {
	m := newModel(t, 20, 100, 30)
	m = press(t, m, "/")
	if m.prompt != promptSearch {
		t.Fatal("/: not searching")
	}
	for _, r := range "vacuum" {
		m = press(t, m, string(r))
	}
	m = press(t, m, "enter")
	if m.prompt != promptNone || m.query != "vacuum" {
		t.Fatalf("enter: prompt %v query %q", m.prompt, m.query)
	}
	// two matches a round, three rounds: the search counts every round
	if n := len(m.searchHits()); n != 6 {
		t.Errorf("matches = %d, want 6", n)
	}
	if !m.doc.Matches(m.curItem()) || m.hitIdx != 0 {
		t.Errorf("cursor not on the first match (hit %d)", m.hitIdx)
	}
	if !strings.Contains(m.View(), "match 1 of 6") {
		t.Errorf("no 'match 1 of 6':\n%s", m.View())
	}
	first := m.cur
	for _, k := range []string{">", "."} {
		m2 := press(t, m, k)
		if m2.cur == first || !m2.doc.Matches(m2.curItem()) || m2.hitIdx != 1 {
			t.Errorf("%s: cursor %d hit %d", k, m2.cur, m2.hitIdx)
		}
	}
	for _, k := range []string{"<", ","} {
		m2 := press(t, m, ">", k)
		if m2.cur != first || m2.round != m.round {
			t.Errorf("%s: cursor %d, want %d", k, m2.cur, first)
		}
	}
	// the third match is in the next round
	m3 := press(t, m, ">", ">")
	if m3.round != m.round+1 || !m3.doc.Matches(m3.curItem()) || !strings.Contains(m3.View(), "match 3 of 6") {
		t.Errorf("> past the round's last match: round %d hit %d", m3.round, m3.hitIdx)
	}
	// and from the last match it wraps to the first
	m3 = press(t, m, "<")
	if m3.hitIdx != 5 || m3.round != 2 {
		t.Errorf("< from the first match: hit %d round %d, want the last", m3.hitIdx, m3.round)
	}
	m = press(t, m, "backspace")
	if m.query != "" {
		t.Errorf("backspace: query %q", m.query)
	}
	m = press(t, m, "/", "x", "esc")
	if m.prompt != promptNone || m.query != "" {
		t.Errorf("esc in search: prompt %v query %q", m.prompt, m.query)
	}
	// a match among the facts without findings: the hint says how to see it
	m = press(t, newModel(t, 20, 100, 30), "/", "R", "e", "a", "d", "i", "n", "g", "enter")
	if !strings.Contains(m.status, "among all facts") {
		t.Errorf("no hint for a match outside the findings: %q", m.status)
	}
	m = press(t, m, "a", ">")
	if it := m.CurrentItem(); it == nil || it.Source == nil || !strings.Contains(it.Source.Text, "Reading") {
		t.Errorf("a then >: not on the match: %+v", it)
	}
}

func TestLayoutBinding(t *testing.T) {
	m := newModel(t, 10, 120, 30)
	if m.mode().String() != "side-by-side" {
		t.Fatalf("auto at 120: %s", m.mode())
	}
	m = press(t, m, "s")
	if m.layout != layoutSide {
		t.Errorf("s: %s", m.layout)
	}
	m = press(t, m, "s")
	if m.mode().String() != "stacked" || strings.Contains(m.View(), "│ summary facts") {
		t.Errorf("s twice: %s", m.mode())
	}
	m = press(t, m, "s")
	if m.layout != layoutAuto {
		t.Errorf("s thrice: %s", m.layout)
	}
	narrow := newModel(t, 10, 80, 24)
	if narrow.mode().String() != "stacked" {
		t.Errorf("auto at 80: %s", narrow.mode())
	}
}

func TestInvariantBindings(t *testing.T) {
	m := press(t, newModel(t, 20, 100, 30), "i")
	if m.view != viewInvariants {
		t.Fatal("i: not the invariant panel")
	}
	v := m.View()
	first := strings.Index(v, "inv-staging")
	if first < 0 || first > strings.Index(v, "inv-pin") {
		t.Errorf("the flagged invariant is not listed first:\n%s", v)
	}
	if !strings.Contains(v, "● ✗ ✗") {
		t.Errorf("no timeline for inv-staging:\n%s", v)
	}
	m = press(t, m, "j")
	if m.invSel != 1 {
		t.Errorf("j: selection %d", m.invSel)
	}
	m = press(t, m, "k", "enter")
	if m.view != viewMain || m.round != 1 {
		t.Fatalf("enter: view %d round %d, want main, round index 1 (round 2, where it was dropped)", m.view, m.round)
	}
	it := m.CurrentItem()
	if it == nil || it.Source == nil || !strings.Contains(it.Source.Text, "staging DB") {
		t.Errorf("enter: cursor not on the invariant's source fact: %+v", it)
	}
	m = press(t, m, "i", "esc")
	if m.view != viewMain {
		t.Errorf("esc: view %d", m.view)
	}
}

func TestMatrixBindings(t *testing.T) {
	m := press(t, newModel(t, 10, 100, 30), "m")
	if m.view != viewMatrix || !strings.Contains(m.View(), "exact constraint") {
		t.Fatalf("m: not the matrix:\n%s", m.View())
	}
	m = press(t, m, "c")
	if !m.matrixCum || !strings.Contains(m.View(), "cumulative") {
		t.Errorf("c in matrix: not cumulative")
	}
	m = press(t, m, "esc")
	if m.view != viewMain {
		t.Errorf("esc: view %d", m.view)
	}
}

func TestLineageBindings(t *testing.T) {
	m := press(t, newModel(t, 10, 100, 30), "t")
	v := m.View()
	if m.view != viewLineage || !strings.Contains(v, "└─ c2") || !strings.Contains(v, "└─ c3") {
		t.Fatalf("t: not the lineage tree:\n%s", v)
	}
	if !strings.Contains(v, "depth 3 ▲") || strings.Contains(v, "⚑") {
		t.Errorf("depth 3 not marked ▲ (and ⚑ is only for flagged invariants):\n%s", v)
	}
	m = press(t, m, "j", "j", "enter")
	if m.view != viewMain || m.round != 2 {
		t.Errorf("enter on c3: view %d round %d", m.view, m.round)
	}
	// first and last row, as in every list
	m = press(t, m, "t", "G")
	if m.linSel != m.roundCount()-1 {
		t.Errorf("G: selection %d of %d", m.linSel, m.roundCount())
	}
	m = press(t, m, "g")
	if m.linSel != 0 {
		t.Errorf("g: selection %d", m.linSel)
	}
}

// runCmds applies cmd's message and the commands it leads to, as the program would.
func runCmds(t testing.TB, m Model, cmd tea.Cmd) Model {
	t.Helper()
	for i := 0; cmd != nil && i < 10; i++ {
		msg := cmd()
		if msg == nil {
			return m
		}
		var nm tea.Model
		nm, cmd = m.Update(msg)
		m = nm.(Model)
	}
	return m
}

func TestExportBinding(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "session.json")
	if err := os.WriteFile(input, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ key, format, ext string }{{"j", "json", "json"}, {"m", "md", "md"}, {"b", "brief md", "brief.md"}, {"h", "html", "html"}} {
		m := New(Options{Theme: themes.Mono(), Report: fake.Report(2, 10), Input: input})
		m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
		m = press(t, m, "e")
		if m.exp.step != exportFormat || !strings.Contains(m.View(), "export as") {
			t.Fatal("e: no format prompt")
		}
		m = press(t, m, c.key)
		want := filepath.Join(dir, "session.audit."+c.ext)
		if m.prompt != promptExportPath || m.input.Value() != want {
			t.Fatalf("%s: path prompt %q, want %q", c.key, m.input.Value(), want)
		}
		m, cmd := pressCmd(t, m, "enter")
		if cmd == nil {
			t.Fatal("enter: no export command")
		}
		m = runCmds(t, m, cmd)
		if !strings.Contains(m.status, "wrote "+c.format+" report to "+want) {
			t.Errorf("status %q does not say where", m.status)
		}
		data, err := os.ReadFile(want)
		if err != nil || len(data) == 0 {
			t.Errorf("%s not written: %v", want, err)
		}
		// again: the file exists now, so it asks; n keeps it, y replaces it
		m = press(t, m, "e", c.key)
		m, cmd = pressCmd(t, m, "enter")
		m = runCmds(t, m, cmd)
		if m.exp.step != exportConfirm || !strings.Contains(m.View(), "overwrite it?") {
			t.Fatalf("%s: no overwrite question:\n%s", c.key, m.View())
		}
		m = press(t, m, "n")
		if m.exp.step != exportNone || !strings.Contains(m.status, "left as it was") {
			t.Errorf("n: %q", m.status)
		}
		m = press(t, m, "e", c.key)
		m, cmd = pressCmd(t, m, "enter")
		m = runCmds(t, m, cmd)
		m, cmd = pressCmd(t, m, "y")
		m = runCmds(t, m, cmd)
		if !strings.Contains(m.status, "wrote") {
			t.Errorf("y: %q", m.status)
		}
	}
	m := press(t, newModel(t, 10, 100, 30), "e", "esc")
	if m.exp.step != exportNone {
		t.Errorf("esc did not cancel the export")
	}
}

func TestExportPaths(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "s.jsonl")
	if err := os.WriteFile(input, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	home, _ := os.UserHomeDir()
	if p, err := expandHome("~/r.md"); err != nil || p != filepath.Join(home, "r.md") {
		t.Errorf("~/r.md: %q %v", p, err)
	}
	if _, err := expandHome("~bob/r.md"); err == nil {
		t.Error("~bob expanded")
	}
	// the session file itself, by another name too
	link := filepath.Join(dir, "link.jsonl")
	if err := os.Symlink(input, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{input, link} {
		if _, _, err := checkExport(p, input, nil); err == nil || !strings.Contains(err.Error(), "the session being audited") {
			t.Errorf("%s: %v", p, err)
		}
	}
	// the guard is called with the absolute path, and its refusal is the message
	var asked string
	guard := func(p string) error { asked = p; return os.ErrPermission }
	if _, _, err := checkExport(filepath.Join(dir, "out.md"), input, guard); err == nil || asked != filepath.Join(dir, "out.md") {
		t.Errorf("guard: asked %q, err %v", asked, err)
	}
	if _, _, err := checkExport(filepath.Join(dir, "no", "out.md"), input, nil); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing folder: %v", err)
	}
	if _, _, err := checkExport(dir, input, nil); err == nil || !strings.Contains(err.Error(), "is a folder") {
		t.Errorf("a folder: %v", err)
	}
	// a write error names the file asked for, never the temporary one
	ro := filepath.Join(dir, "ro")
	if err := os.Mkdir(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	msg := writeCmd(fake.Report(1, 5), filepath.Join(ro, "r.md"), "md")().(exportedMsg)
	if os.Geteuid() != 0 && (msg.err == nil || strings.Contains(msg.err.Error(), ".tmp") || !strings.Contains(msg.err.Error(), filepath.Join(ro, "r.md"))) {
		t.Errorf("write error: %v", msg.err)
	}
	// the default goes to the working folder when the input's is not writable
	m := New(Options{Theme: themes.Mono(), Report: fake.Report(1, 5), Input: filepath.Join(ro, "s.jsonl")})
	wd, _ := os.Getwd()
	if os.Geteuid() != 0 {
		if got := m.defaultExportPath("md"); got != filepath.Join(wd, "s.audit.md") {
			t.Errorf("default in a read-only folder: %q", got)
		}
	}
	m = New(Options{Theme: themes.Mono(), Report: fake.Report(1, 5)})
	if got := m.defaultExportPath("html"); got != filepath.Join(wd, "compaudit-example.audit.html") {
		t.Errorf("default for the example: %q", got)
	}
}

func TestAppBindings(t *testing.T) {
	m := press(t, newModel(t, 10, 100, 30), "?")
	v := m.View()
	if m.view != viewHelp || !strings.Contains(v, "Legend") || !strings.Contains(v, "⚑ flagged") {
		t.Fatal("?: no help opening with the legend")
	}
	// help is generated from the key map: every binding's help text is there, a page
	// (space) or the end (G) away
	for _, k := range []string{" ", " ", "G"} {
		v += press(t, m, k).View()
		m = press(t, m, k)
	}
	for _, col := range m.keys.FullHelp() {
		for _, b := range col {
			if !strings.Contains(v, b.Help().Desc) {
				t.Errorf("help lacks %q", b.Help().Desc)
			}
		}
	}
	m = press(t, m, "g", "?")
	if m.view != viewMain {
		t.Errorf("? again: view %d", m.view)
	}
	m, cmd := pressCmd(t, m, "M")
	if m.mouse || cmd == nil {
		t.Errorf("M: mouse %v", m.mouse)
	}
	m, _ = pressCmd(t, m, "M")
	if !m.mouse {
		t.Errorf("M twice: mouse off")
	}
	if _, cmd := pressCmd(t, m, "q"); !isQuit(cmd) {
		t.Error("q does not quit")
	}
	if _, cmd := pressCmd(t, m, "ctrl+c"); !isQuit(cmd) {
		t.Error("ctrl+c does not quit")
	}
	// q in a secondary view goes back, not out
	m, cmd = pressCmd(t, press(t, m, "m"), "q")
	if isQuit(cmd) || m.view != viewMain {
		t.Error("q in the matrix quit instead of going back")
	}
}

func TestMouseWheel(t *testing.T) {
	m := newModel(t, 40, 100, 30)
	m = update(t, m, tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if m.top == 0 && m.topLine != 3 {
		t.Errorf("wheel down: top %d line %d", m.top, m.topLine)
	}
	m = update(t, m, tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	if m.top != 0 || m.topLine != 0 {
		t.Errorf("wheel up: top %d line %d", m.top, m.topLine)
	}
}

// TestKeyMapComplete: every binding has keys and help, and no two bindings of the main
// view share a key (esc/q are shared on purpose: back in secondary views).
func TestKeyMapComplete(t *testing.T) {
	k := DefaultKeyMap()
	seen := map[string]string{}
	shared := map[string]bool{"esc": true, "q": true, "enter": true}
	for _, col := range k.FullHelp() {
		for _, b := range col {
			if len(b.Keys()) == 0 || b.Help().Key == "" || b.Help().Desc == "" {
				t.Errorf("binding without keys or help: %+v", b.Help())
			}
			for _, x := range b.Keys() {
				if prev, ok := seen[x]; ok && !shared[x] {
					t.Errorf("key %q bound to %q and %q", x, prev, b.Help().Desc)
				}
				seen[x] = b.Help().Desc
			}
		}
	}
	if !key.Matches(keyMsg("n"), k.NextFinding) || key.Matches(keyMsg("n"), k.NextMatch) {
		t.Error("n must be next finding, not next match")
	}
}

func TestLoadingAndError(t *testing.T) {
	m := New(Options{Title: "x.json", Theme: themes.Mono(), Load: func() (Loaded, error) { return Loaded{Report: fake.Report(1, 5)}, nil }})
	if m.Init() == nil || !strings.Contains(m.View(), "auditing") {
		t.Fatalf("loading: no command or no spinner line:\n%s", m.View())
	}
	m = update(t, m, loadedMsg{res: Loaded{Report: fake.Report(1, 5)}})
	if m.loading || m.rep == nil {
		t.Fatal("loadedMsg not applied")
	}
	e := update(t, New(Options{Theme: themes.Mono(), Load: func() (Loaded, error) { return Loaded{}, os.ErrNotExist }}), loadedMsg{err: os.ErrNotExist})
	if e.Err() == nil || !strings.Contains(e.View(), "cannot open") {
		t.Errorf("error not shown:\n%s", e.View())
	}
	if _, cmd := pressCmd(t, e, "q"); !isQuit(cmd) {
		t.Error("q does not quit from the error screen")
	}
}

func TestHostileTextNeverRaw(t *testing.T) {
	rep := fake.Report(1, 10)
	rep.Session = "evil\x1b]0;pwned\x07"
	rep.Rounds[0].ID = "c1\x1b[2J"
	m := newModelFrom(t, rep, 120, 40)
	for _, v := range []string{m.View(), press(t, m, "n", "enter").View(), press(t, m, "i").View(), press(t, m, "t").View()} {
		if strings.ContainsAny(v, "\x1b\x07\r\u202e\u200b") {
			t.Fatalf("raw control or invisible character reached the screen: %q", v)
		}
	}
}

func TestSessionList(t *testing.T) {
	items := []SessionItem{{Path: "a.json", Agent: "claude", ID: "s-a", Messages: 3, Rounds: 1}, {Path: "b.json", Agent: "codex", ID: "s-b", Messages: 9, Rounds: 2}}
	opened := ""
	m := New(Options{Title: "dir", Theme: themes.Mono(),
		List: func() ([]SessionItem, error) { return items, nil },
		Open: func(p string) (Loaded, error) { opened = p; return Loaded{Report: fake.Report(2, 5)}, nil },
		Load: func() (Loaded, error) {
			t.Error("Load called although the folder lists sessions")
			return Loaded{}, nil
		}})
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 20})
	if !strings.Contains(m.View(), "looking for sessions") {
		t.Fatalf("no listing spinner:\n%s", m.View())
	}
	m = update(t, m, listCmd(m.opt.List)())
	if v := m.View(); !strings.Contains(v, "sessions in dir") || !strings.Contains(v, "s-b") {
		t.Fatalf("no list:\n%s", v)
	}
	m, cmd := pressCmd(t, press(t, m, "j"), "enter")
	if cmd == nil || !m.loading {
		t.Fatal("enter: no open command")
	}
	m = update(t, m, openCmd(m.opt.Open, "b.json")())
	if opened != "b.json" || m.rep == nil || !strings.Contains(m.View(), "round 1 of 2") {
		t.Fatalf("opened %q:\n%s", opened, m.View())
	}
	m = press(t, m, "esc")
	if m.rep != nil || !strings.Contains(m.View(), "sessions in dir") {
		t.Errorf("esc did not return to the list:\n%s", m.View())
	}
	if _, cmd := pressCmd(t, m, "q"); !isQuit(cmd) {
		t.Error("q does not quit from the list")
	}
	// an empty listing falls back to loading the folder as a session
	m2 := New(Options{Title: "dir", Theme: themes.Mono(), List: func() ([]SessionItem, error) { return nil, nil },
		Load: func() (Loaded, error) { return Loaded{Report: fake.Report(1, 5)}, nil }})
	m2, cmd = func() (Model, tea.Cmd) { nm, c := m2.Update(listedMsg{}); return nm.(Model), c }()
	if cmd == nil {
		t.Fatal("empty list: no load command")
	}
	m2 = update(t, m2, cmd())
	if m2.rep == nil {
		t.Error("empty list: the folder was not loaded as a session")
	}
}

func TestTypeAheadWhileLoading(t *testing.T) {
	m := New(Options{Theme: themes.Mono(), Load: func() (Loaded, error) { return Loaded{Report: fake.Report(3, 5)}, nil }})
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	m = press(t, m, "]", "c")
	m = update(t, m, loadedMsg{res: Loaded{Report: fake.Report(3, 5)}})
	if m.round != 1 || !m.cumulative {
		t.Errorf("keys typed while loading were lost: round %d cumulative %v", m.round, m.cumulative)
	}
}

func TestCopyBinding(t *testing.T) {
	var got string
	m := New(Options{Theme: themes.Mono(), Report: fake.Report(1, 10), Copy: func(s string) error { got = s; return nil }})
	m = update(t, m, tea.WindowSizeMsg{Width: 100, Height: 30})
	m, cmd := pressCmd(t, m, "y")
	m = runCmds(t, m, cmd)
	if it := m.CurrentItem(); got == "" || got != it.Source.Text || !strings.Contains(m.status, "copied") {
		t.Errorf("y: copied %q, status %q", got, m.status)
	}
	// where the output cannot take OSC 52, a clear message and nothing sent
	m = press(t, newModel(t, 10, 100, 30), "y")
	if !strings.Contains(m.status, "cannot copy here") {
		t.Errorf("y without a clipboard: %q", m.status)
	}
	// the sequence itself: OSC 52, base64 of the text, terminated
	var buf strings.Builder
	if err := OSC52(&buf, func(string) string { return "" })("héllo"); err != nil || buf.String() != "\x1b]52;c;aMOpbGxv\x07" {
		t.Errorf("OSC52: %q %v", buf.String(), err)
	}
}

func TestGotoBinding(t *testing.T) {
	m := newModel(t, 20, 120, 30)
	m = press(t, m, ":", "3", "enter")
	if m.round != 2 {
		t.Errorf(": 3: round index %d", m.round)
	}
	m = press(t, m, ":", "r", "1", "enter")
	if m.round != 0 {
		t.Errorf(": r1: round index %d", m.round)
	}
	// a message id: its row, in all facts when it carries no finding
	m = press(t, m, ":", "m", "3", "enter")
	if it := m.CurrentItem(); it == nil || it.Source == nil || it.Source.Message != "m3" || !m.all {
		t.Errorf(": m3: %+v all %v", it, m.all)
	}
	m = press(t, m, ":", "n", "o", "p", "e", "enter")
	if !strings.Contains(m.status, `no round, finding or message "nope"`) {
		t.Errorf(": nope: %q", m.status)
	}
	m = press(t, m, ":", "9", "enter")
	if !strings.Contains(m.status, "no round 9") {
		t.Errorf(": 9: %q", m.status)
	}
}

// TestNextFindingAcrossRounds: n from the last finding of a round goes to the first
// of the next; N back.
func TestNextFindingAcrossRounds(t *testing.T) {
	m := press(t, newModel(t, 10, 120, 30), "G")
	last := m.cur
	m = press(t, m, "n")
	if m.round != 1 || m.cur != 0 || m.CurrentItem().Finding == nil {
		t.Fatalf("n at the end of round 1: round %d row %d", m.round, m.cur)
	}
	m = press(t, m, "N")
	if m.round != 0 || m.cur != last {
		t.Errorf("N back: round %d row %d, want 0 %d", m.round, m.cur, last)
	}
	m = press(t, m, "]", "]", "G", "n")
	if m.round != 2 || !strings.Contains(m.status, "no more findings") {
		t.Errorf("n at the very end: round %d %q", m.round, m.status)
	}
	// in the all-facts view too
	m = press(t, newModel(t, 10, 120, 30), "a", "G", "n")
	if m.round != 1 || m.CurrentItem().Finding == nil {
		t.Errorf("n in all facts at the end of round 1: round %d", m.round)
	}
}

// TestSeverityAndAbove: v is error, then warning and above, then info and above.
func TestSeverityAndAbove(t *testing.T) {
	m := newModel(t, 20, 120, 30)
	for _, want := range []int{3, 2, 1} {
		m = press(t, m, "v")
		seen := map[int]bool{}
		for _, i := range m.vis {
			r := audit.SeverityRank(m.doc.Items[i].Severity())
			seen[r] = true
			if r < want {
				t.Errorf("v to rank %d: a %s row shows", want, m.doc.Items[i].Severity())
			}
		}
		for r := want; r <= 3; r++ {
			if !seen[r] {
				t.Errorf("v to rank %d: no row of rank %d (this and above)", want, r)
			}
		}
	}
	if !strings.Contains(m.View(), "severity info and above") {
		t.Errorf("filter not labelled:\n%s", m.View())
	}
	m = press(t, m, "v")
	if m.sevIdx != 0 {
		t.Error("v four times: not back to all")
	}
}
