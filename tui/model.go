// Package tui is the interactive auditor: Bubble Tea models for the round view (source
// and summary facts side by side), the invariant panel, the survival matrix, the
// lineage tree, finding details, export and help. It holds no business logic: the
// audit comes from the audit package, rows from diffview, colours from themes.
package tui

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/diffview"
	"github.com/compaudit/compaudit/internal/outguard"
	"github.com/compaudit/compaudit/internal/termsafe"
	"github.com/compaudit/compaudit/themes"
)

// Options configure the auditor.
type Options struct {
	// Title names what was opened (a file name, or the embedded example).
	Title string
	// Input is the path of the session file, used to place exports next to it ("" to
	// write them in the working directory).
	Input string
	Theme themes.Theme
	// Load reads and audits the session; it runs in a command, off the key path.
	Load func() (*audit.Report, error)
	// Report, when set, is shown at once (tests).
	Report *audit.Report
	// List, when set, lists the sessions of a folder (in a command); the user picks one
	// and Open loads and audits it. When List finds none, Load is used instead.
	List func() ([]SessionItem, error)
	Open func(path string) (*audit.Report, error)
	// Guard protects what the run reads from the export (nil: only targets that are not
	// regular files are refused).
	Guard *outguard.Guard
}

type view int

const (
	viewMain view = iota
	viewInvariants
	viewMatrix
	viewLineage
	viewDetail
	viewHelp
)

type layoutChoice int

const (
	layoutAuto layoutChoice = iota
	layoutSide
	layoutStacked
)

func (l layoutChoice) String() string {
	switch l {
	case layoutSide:
		return "side-by-side"
	case layoutStacked:
		return "stacked"
	}
	return "auto"
}

// exportStep is where the export prompt is.
type exportStep int

const (
	exportNone exportStep = iota
	exportFormat
	exportPath
)

// Messages.
type (
	loadedMsg struct {
		rep  *audit.Report
		err  error
		path string
	}
	exportedMsg struct {
		path, format string
		err          error
	}
)

// countKey caches a round's findings per family.
type countKey struct {
	r          *audit.Round
	cumulative bool
}

type docKey struct {
	round      int
	cumulative bool
}

// Model is the root model.
type Model struct {
	opt  Options
	keys KeyMap
	st   *themes.Styles
	help help.Model
	spin spinner.Model

	w, h    int
	listing bool // waiting for the session list
	items   []SessionItem
	itemSel int
	hasList bool // a session list exists to go back to
	listDir string
	pending []tea.KeyMsg // keys typed while loading
	loading bool
	err     error
	rep     *audit.Report

	round      int
	cumulative bool
	docs       map[docKey]*diffview.Doc
	counts     map[countKey]map[string]int
	present    map[*diffview.Doc]map[classify.Class]bool
	doc        *diffview.Doc
	vis        []int // indices of the visible (filtered) items
	cur        int   // cursor: index into vis
	top        int   // first shown row: index into vis
	topLine    int   // lines of vis[top] scrolled past

	layout   layoutChoice
	famIdx   int // 0 all, else audit.Families[famIdx-1]
	sevIdx   int // 0 all, else severities[sevIdx-1]
	classIdx int // 0 all, else classes()[classIdx-1]

	searching bool
	input     textinput.Model
	query     string
	matchN    int

	view      view
	invSel    int
	linSel    int
	detailY   int
	helpY     int
	matrixCum bool

	export    exportStep
	exportFmt string
	pathInput textinput.Model
	status    string
	mouse     bool
}

var severities = []string{audit.SevError, audit.SevWarning, audit.SevInfo}

// New builds the auditor.
func New(opt Options) Model {
	st := themes.NewStyles(opt.Theme)
	m := Model{opt: opt, keys: DefaultKeyMap(), st: st, help: help.New(), spin: spinner.New(), docs: map[docKey]*diffview.Doc{}, counts: map[countKey]map[string]int{}, present: map[*diffview.Doc]map[classify.Class]bool{}, mouse: true}
	m.spin.Spinner = spinner.Dot
	m.spin.Style = st.Title
	m.help.Styles.ShortKey = st.Key
	m.help.Styles.ShortDesc = st.Faint
	m.help.Styles.ShortSeparator = st.Faint
	m.help.Styles.Ellipsis = st.Faint
	m.input = textinput.New()
	m.input.Prompt = "/"
	m.input.CharLimit = 200
	m.pathInput = textinput.New()
	m.pathInput.Prompt = "export to: "
	m.pathInput.CharLimit = 4096
	m.w, m.h = 80, 24
	switch {
	case opt.Report != nil:
		m.setReport(opt.Report)
	case opt.List != nil:
		m.listing = true
		m.listDir = opt.Title
	default:
		m.loading = true
	}
	return m
}

// Init starts loading and the spinner.
func (m Model) Init() tea.Cmd {
	if m.listing {
		return tea.Batch(m.spin.Tick, listCmd(m.opt.List))
	}
	if !m.loading || m.opt.Load == nil {
		return nil
	}
	load := m.opt.Load
	return tea.Batch(m.spin.Tick, func() tea.Msg {
		rep, err := load()
		return loadedMsg{rep: rep, err: err}
	})
}

func (m *Model) setReport(r *audit.Report) {
	m.rep = r
	m.loading = false
	m.docs = map[docKey]*diffview.Doc{}
	m.counts = map[countKey]map[string]int{}
	m.round = 0
	// open on the first round with findings, else the first
	for i := range r.Rounds {
		if len(r.Rounds[i].Findings) > 0 {
			m.round = i
			break
		}
	}
	m.selectDoc()
}

// Round returns the shown round (nil before loading or when there are none).
func (m *Model) Round() *audit.Round {
	if m.rep == nil || m.round < 0 || m.round >= len(m.rep.Rounds) {
		return nil
	}
	return &m.rep.Rounds[m.round]
}

func (m *Model) selectDoc() {
	r := m.Round()
	if r == nil {
		m.doc = nil
		m.vis = nil
		return
	}
	k := docKey{m.round, m.cumulative}
	d, ok := m.docs[k]
	if !ok {
		d = diffview.NewDoc(r, m.cumulative, m.st)
		m.docs[k] = d
	}
	d.SetQuery(m.query)
	m.doc = d
	m.applyFilter(-1)
}

func (m *Model) classes() []classify.Class { return classify.AllClasses }

// classPresent reports whether any row of the shown round carries class c.
func (m *Model) classPresent(c classify.Class) bool {
	if m.doc == nil {
		return false
	}
	set, ok := m.present[m.doc]
	if !ok {
		set = map[classify.Class]bool{}
		for i := range m.doc.Items {
			it := &m.doc.Items[i]
			if it.Finding != nil {
				set[it.Finding.Class] = true
			}
			for _, f := range []*classify.Fact{it.Source, it.Summary} {
				if f != nil {
					for _, x := range f.Classes {
						set[x] = true
					}
				}
			}
		}
		m.present[m.doc] = set
	}
	return set[c]
}

// filterFamily, filterSeverity and filterClass are the active filters ("" for all).
func (m *Model) filterFamily() string {
	if m.famIdx == 0 {
		return ""
	}
	return audit.Families[m.famIdx-1]
}

func (m *Model) filterSeverity() string {
	if m.sevIdx == 0 {
		return ""
	}
	return severities[m.sevIdx-1]
}

func (m *Model) filterClass() classify.Class {
	if m.classIdx == 0 {
		return ""
	}
	return m.classes()[m.classIdx-1]
}

func (m *Model) filtered() bool { return m.famIdx != 0 || m.sevIdx != 0 || m.classIdx != 0 }

// applyFilter recomputes the visible rows, keeping the cursor on item keep when it is
// still visible (or the nearest one after it).
func (m *Model) applyFilter(keep int) {
	if m.doc == nil {
		m.vis = nil
		return
	}
	fam, sev, cls := m.filterFamily(), m.filterSeverity(), m.filterClass()
	vis := m.vis[:0]
	if cap(vis) < len(m.doc.Items) {
		vis = make([]int, 0, len(m.doc.Items))
	}
	for i := range m.doc.Items {
		it := &m.doc.Items[i]
		if fam != "" && it.Family() != fam {
			continue
		}
		if sev != "" && it.Severity() != sev {
			continue
		}
		if cls != "" && !it.HasClass(cls) {
			continue
		}
		vis = append(vis, i)
	}
	m.vis = vis
	m.cur, m.top, m.topLine = 0, 0, 0
	if keep >= 0 {
		for j, i := range vis {
			if i >= keep {
				m.cur = j
				break
			}
		}
	}
	m.ensureVisible()
	m.countMatches()
}

func (m *Model) countMatches() {
	m.matchN = 0
	if m.query == "" || m.doc == nil {
		return
	}
	for _, i := range m.vis {
		if m.doc.Matches(i) {
			m.matchN++
		}
	}
}

// mode is the row layout in force.
func (m *Model) mode() diffview.Mode {
	switch m.layout {
	case layoutSide:
		return diffview.SideBySide
	case layoutStacked:
		return diffview.Stacked
	}
	return diffview.Auto(m.w)
}

func (m *Model) itemHeight(v int) int {
	if m.doc == nil || v < 0 || v >= len(m.vis) {
		return 1
	}
	return max(1, m.doc.Height(m.vis[v], m.w, m.mode()))
}

// Update handles one message.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = max(1, msg.Width), max(1, msg.Height)
		m.help.Width = m.w
		m.ensureVisible()
		return m, nil
	case listedMsg:
		m.listing = false
		if msg.err != nil {
			m.err = msg.err
			return m, nil
		}
		if len(msg.items) == 0 && m.opt.Load != nil {
			// not a folder of sessions: perhaps a session stored as a folder
			m.loading = true
			load := m.opt.Load
			return m, func() tea.Msg {
				rep, err := load()
				return loadedMsg{rep: rep, err: err}
			}
		}
		m.items, m.hasList = msg.items, true
		return m, nil
	case loadedMsg:
		m.loading = false
		if msg.err != nil {
			if m.hasList {
				m.status = "cannot open " + msg.path + ": " + msg.err.Error()
				m.rep = nil
				return m, nil
			}
			m.err = msg.err
			return m, nil
		}
		m.view = viewMain
		m.cumulative = false
		m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
		m.setQuery("")
		m.setReport(msg.rep)
		var cmds []tea.Cmd
		pending := m.pending
		m.pending = nil
		for _, k := range pending {
			nm, cmd := m.keyMsg(k)
			m = nm.(Model)
			cmds = append(cmds, cmd)
		}
		return m, tea.Batch(cmds...)
	case spinner.TickMsg:
		if !m.loading && !m.listing {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case exportedMsg:
		if msg.err != nil {
			m.status = "export failed: " + msg.err.Error()
		} else {
			m.status = fmt.Sprintf("wrote %s report to %s", msg.format, msg.path)
		}
		return m, nil
	case tea.MouseMsg:
		return m.mouseMsg(msg)
	case tea.KeyMsg:
		return m.keyMsg(msg)
	}
	if m.searching {
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return m, cmd
	}
	if m.export == exportPath {
		var cmd tea.Cmd
		m.pathInput, cmd = m.pathInput.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m Model) mouseMsg(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	if msg.Action != tea.MouseActionPress {
		return m, nil
	}
	d := 0
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		d = -3
	case tea.MouseButtonWheelDown:
		d = 3
	default:
		return m, nil
	}
	switch m.view {
	case viewMain:
		m.scrollLines(d)
	case viewDetail:
		m.detailY = max(0, m.detailY+d)
	case viewHelp:
		m.helpY = max(0, m.helpY+d)
	case viewInvariants:
		m.invSel = clamp(m.invSel+sign(d), 0, m.invCount()-1)
	case viewLineage:
		m.linSel = clamp(m.linSel+sign(d), 0, m.roundCount()-1)
	}
	return m, nil
}

func sign(d int) int {
	if d < 0 {
		return -1
	}
	if d > 0 {
		return 1
	}
	return 0
}

func clamp(v, lo, hi int) int {
	if hi < lo {
		return lo
	}
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

func (m *Model) roundCount() int {
	if m.rep == nil {
		return 0
	}
	return len(m.rep.Rounds)
}

func (m *Model) invCount() int {
	if m.rep == nil {
		return 0
	}
	return len(m.rep.Invariants)
}

func (m Model) keyMsg(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	if msg.String() == "ctrl+c" {
		return m, tea.Quit
	}
	if m.searching {
		switch {
		case key.Matches(msg, k.SearchConfirm):
			m.searching = false
			m.input.Blur()
			m.setQuery(m.input.Value())
			if m.query != "" {
				m.findMatch(0, true)
			}
			return m, nil
		case key.Matches(msg, k.SearchCancel):
			m.searching = false
			m.input.Blur()
			return m, nil
		}
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return m, cmd
	}
	if m.export != exportNone {
		return m.exportKey(msg)
	}
	if m.hasList && !m.loading && m.rep == nil && m.view != viewHelp {
		return m.sessionKey(msg)
	}
	if m.loading || m.listing || m.err != nil || m.rep == nil {
		if key.Matches(msg, k.Quit) || msg.String() == "esc" {
			return m, tea.Quit
		}
		if (m.loading || m.listing) && len(m.pending) < 32 {
			m.pending = append(m.pending, msg) // typed ahead: replayed once loaded
		}
		return m, nil
	}
	switch m.view {
	case viewHelp:
		switch {
		case key.Matches(msg, k.Back), key.Matches(msg, k.Help):
			m.view = viewMain
		case key.Matches(msg, k.Down):
			m.helpY++
		case key.Matches(msg, k.Up):
			m.helpY = max(0, m.helpY-1)
		}
		return m, nil
	case viewDetail:
		switch {
		case key.Matches(msg, k.Back), key.Matches(msg, k.Detail):
			m.view = viewMain
		case key.Matches(msg, k.Down):
			m.detailY++
		case key.Matches(msg, k.Up):
			m.detailY = max(0, m.detailY-1)
		case key.Matches(msg, k.NextFinding):
			m.nextFinding(true)
			m.detailY = 0
		case key.Matches(msg, k.PrevFinding):
			m.nextFinding(false)
			m.detailY = 0
		case key.Matches(msg, k.Help):
			m.view = viewHelp
		}
		return m, nil
	case viewInvariants:
		if key.Matches(msg, k.Back) || key.Matches(msg, k.Invariants) {
			m.view = viewMain
		} else if sel, ok := m.listKey(msg, m.invSel, m.invCount()); ok {
			m.invSel = sel
		} else if key.Matches(msg, k.Detail) {
			m.jumpToInvariant()
		} else {
			m.overlayKey(msg)
		}
		return m, nil
	case viewMatrix:
		if key.Matches(msg, k.Back) || key.Matches(msg, k.Matrix) {
			m.view = viewMain
		} else if key.Matches(msg, k.Cumulative) {
			m.matrixCum = !m.matrixCum
		} else {
			m.overlayKey(msg)
		}
		return m, nil
	case viewLineage:
		if key.Matches(msg, k.Back) || key.Matches(msg, k.Lineage) {
			m.view = viewMain
		} else if sel, ok := m.listKey(msg, m.linSel, m.roundCount()); ok {
			m.linSel = sel
		} else if key.Matches(msg, k.Detail) {
			if order := m.lineageOrder(); m.linSel < len(order) {
				m.setRound(order[m.linSel])
			}
			m.view = viewMain
		} else {
			m.overlayKey(msg)
		}
		return m, nil
	}
	return m.mainKey(msg)
}

// listKey moves a selection among n items on down, up, first and last; ok is false
// for any other key.
func (m Model) listKey(msg tea.KeyMsg, sel, n int) (int, bool) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Down):
		return clamp(sel+1, 0, n-1), true
	case key.Matches(msg, k.Up):
		return clamp(sel-1, 0, n-1), true
	case key.Matches(msg, k.Top):
		return 0, true
	case key.Matches(msg, k.Bottom):
		return max(0, n-1), true
	}
	return sel, false
}

// overlayKey goes from one overlay view to another (help, invariants, matrix,
// lineage); the view's own key, which closes it, is handled before.
func (m *Model) overlayKey(msg tea.KeyMsg) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Help):
		m.view = viewHelp
	case key.Matches(msg, k.Invariants):
		m.view = viewInvariants
	case key.Matches(msg, k.Matrix):
		m.view = viewMatrix
	case key.Matches(msg, k.Lineage):
		m.view = viewLineage
	}
}

func (m Model) mainKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	body := m.bodyHeight()
	if !key.Matches(msg, k.Quit) {
		m.status = "" // a message lasts until the next key
	}
	switch {
	case key.Matches(msg, k.Quit):
		return m, tea.Quit
	case key.Matches(msg, k.Help):
		m.view, m.helpY = viewHelp, 0
	case key.Matches(msg, k.Down):
		m.moveCursor(1)
	case key.Matches(msg, k.Up):
		m.moveCursor(-1)
	case key.Matches(msg, k.PageDown):
		m.scrollLines(max(1, body-1))
	case key.Matches(msg, k.PageUp):
		m.scrollLines(-max(1, body-1))
	case key.Matches(msg, k.HalfDown):
		m.scrollLines(max(1, body/2))
	case key.Matches(msg, k.HalfUp):
		m.scrollLines(-max(1, body/2))
	case key.Matches(msg, k.Top):
		m.cur, m.top, m.topLine = 0, 0, 0
	case key.Matches(msg, k.Bottom):
		m.cur = max(0, len(m.vis)-1)
		m.ensureVisible()
	case key.Matches(msg, k.NextRound):
		m.setRound(m.round + 1)
	case key.Matches(msg, k.PrevRound):
		m.setRound(m.round - 1)
	case key.Matches(msg, k.Cumulative):
		m.cumulative = !m.cumulative
		m.selectDoc()
	case key.Matches(msg, k.NextFinding):
		m.nextFinding(true)
	case key.Matches(msg, k.PrevFinding):
		m.nextFinding(false)
	case key.Matches(msg, k.Detail):
		if len(m.vis) > 0 {
			m.view, m.detailY = viewDetail, 0
		}
	case key.Matches(msg, k.FilterFamily):
		m.famIdx = (m.famIdx + 1) % (len(audit.Families) + 1)
		m.applyFilter(m.curItem())
	case key.Matches(msg, k.FilterSeverity):
		m.sevIdx = (m.sevIdx + 1) % (len(severities) + 1)
		m.applyFilter(m.curItem())
	case key.Matches(msg, k.FilterClass):
		// cycle through the classes this round's rows carry
		n := len(m.classes()) + 1
		for j := 0; j < n; j++ {
			m.classIdx = (m.classIdx + 1) % n
			if m.classIdx == 0 || m.classPresent(m.classes()[m.classIdx-1]) {
				break
			}
		}
		m.applyFilter(m.curItem())
	case key.Matches(msg, k.ClearFilters):
		m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
		m.applyFilter(m.curItem())
	case key.Matches(msg, k.Search):
		m.searching = true
		m.input.SetValue(m.query)
		m.input.CursorEnd()
		return m, m.input.Focus()
	case key.Matches(msg, k.NextMatch):
		m.nextMatch(true)
	case key.Matches(msg, k.PrevMatch):
		m.nextMatch(false)
	case key.Matches(msg, k.ClearSearch):
		m.setQuery("")
	case key.Matches(msg, k.Layout):
		m.layout = (m.layout + 1) % 3
		m.ensureVisible()
		m.status = "layout: " + m.layout.String()
	case key.Matches(msg, k.Invariants):
		m.view = viewInvariants
	case key.Matches(msg, k.Matrix):
		m.view = viewMatrix
		m.matrixCum = m.cumulative
	case key.Matches(msg, k.Lineage):
		m.view = viewLineage
		order := m.lineageOrder()
		for i, r := range order {
			if r == m.round {
				m.linSel = i
			}
		}
	case key.Matches(msg, k.Export):
		m.export = exportFormat
		m.status = ""
	case key.Matches(msg, k.Mouse):
		m.mouse = !m.mouse
		if m.mouse {
			m.status = "mouse on: the wheel scrolls"
			return m, tea.EnableMouseCellMotion
		}
		m.status = "mouse off: the terminal can select text"
		return m, tea.DisableMouse
	case msg.String() == "esc":
		if m.query != "" {
			m.setQuery("")
		} else if m.filtered() {
			m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
			m.applyFilter(m.curItem())
		} else if m.hasList {
			// back to the session list
			m.rep, m.doc, m.vis = nil, nil, nil
			m.status = ""
		}
	}
	return m, nil
}

func (m *Model) setQuery(q string) {
	m.query = q
	if m.doc != nil {
		m.doc.SetQuery(q)
	}
	m.countMatches()
	if q == "" {
		m.status = ""
	}
}

func (m *Model) curItem() int {
	if m.cur >= 0 && m.cur < len(m.vis) {
		return m.vis[m.cur]
	}
	return -1
}

// CurrentItem is the item under the cursor (nil when none).
func (m *Model) CurrentItem() *diffview.Item {
	i := m.curItem()
	if i < 0 || m.doc == nil {
		return nil
	}
	return &m.doc.Items[i]
}

func (m *Model) setRound(r int) {
	if m.rep == nil || len(m.rep.Rounds) == 0 {
		return
	}
	r = clamp(r, 0, len(m.rep.Rounds)-1)
	if r == m.round && m.doc != nil {
		return
	}
	m.round = r
	m.selectDoc()
}

func (m *Model) moveCursor(d int) {
	if len(m.vis) == 0 {
		return
	}
	m.cur = clamp(m.cur+d, 0, len(m.vis)-1)
	m.ensureVisible()
}

func (m *Model) nextFinding(forward bool) {
	if m.doc == nil || len(m.vis) == 0 {
		return
	}
	for j := 1; j <= len(m.vis); j++ {
		c := m.cur + j
		if !forward {
			c = m.cur - j
		}
		if c < 0 || c >= len(m.vis) {
			break
		}
		if m.doc.Items[m.vis[c]].Finding != nil {
			m.cur = c
			m.ensureVisible()
			return
		}
	}
	if forward {
		m.status = "no more findings below"
	} else {
		m.status = "no more findings above"
	}
}

func (m *Model) nextMatch(forward bool) { m.findMatch(1, forward) }

// findMatch moves the cursor to the nearest matching row, start rows away or more,
// wrapping around.
func (m *Model) findMatch(start int, forward bool) {
	if m.doc == nil || m.query == "" || len(m.vis) == 0 {
		return
	}
	n := len(m.vis)
	m.status = ""
	for j := start; j <= n; j++ {
		c := m.cur + j
		if !forward {
			c = m.cur - j
		}
		c = ((c % n) + n) % n
		if m.doc.Matches(m.vis[c]) {
			m.cur = c
			m.ensureVisible()
			return
		}
	}
	m.status = fmt.Sprintf("no match for %q", m.query)
}

// jumpToInvariant shows the selected invariant's source fact in the round that lost it.
func (m *Model) jumpToInvariant() {
	invs := m.sortedInvariants()
	if m.invSel < 0 || m.invSel >= len(invs) {
		return
	}
	inv := invs[m.invSel]
	r := len(m.rep.Rounds) - 1
	if inv.DroppedInRound != nil {
		for i := range m.rep.Rounds {
			if m.rep.Rounds[i].Round == *inv.DroppedInRound {
				r = i
			}
		}
	}
	m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
	m.round = r
	m.view = viewMain
	for _, cum := range []bool{false, true} {
		m.cumulative = cum
		m.selectDoc()
		if i := findInvariantItem(m.doc, inv); i >= 0 {
			m.applyFilter(i)
			m.status = fmt.Sprintf("invariant %s: %s in round %d", diffview.Sanitize(inv.ID), lostWord(inv), m.rep.Rounds[r].Round)
			return
		}
	}
	m.cumulative = false
	m.selectDoc()
	m.status = fmt.Sprintf("invariant %s: its source fact is not among this round's rows", diffview.Sanitize(inv.ID))
}

func lostWord(inv *audit.Invariant) string {
	if inv.DroppedInRound != nil {
		return "dropped"
	}
	return "kept"
}

func findInvariantItem(d *diffview.Doc, inv *audit.Invariant) int {
	if d == nil {
		return -1
	}
	for i := range d.Items {
		if f := d.Items[i].Finding; f != nil && f.Invariant != "" && f.Invariant == inv.ID {
			return i
		}
	}
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	want := norm(inv.Text)
	best := -1
	for i := range d.Items {
		s := d.Items[i].Source
		if s == nil {
			continue
		}
		if inv.Message != "" && s.Message == inv.Message {
			t := norm(s.Text)
			if want != "" && (strings.Contains(t, want) || strings.Contains(want, t)) {
				return i
			}
			if best < 0 {
				best = i
			}
		}
	}
	if best >= 0 {
		return best
	}
	for i := range d.Items {
		if s := d.Items[i].Source; s != nil && want != "" && strings.Contains(norm(s.Text), want) {
			return i
		}
	}
	return -1
}

func (m *Model) exportKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.export == exportFormat {
		switch msg.String() {
		case "j", "J":
			m.exportFmt = "json"
		case "m", "M":
			m.exportFmt = "md"
		case "h", "H":
			m.exportFmt = "html"
		case "esc", "q":
			m.export = exportNone
			m.status = "export cancelled"
			return *m, nil
		default:
			return *m, nil
		}
		m.export = exportPath
		m.pathInput.SetValue(m.defaultExportPath(m.exportFmt))
		m.pathInput.CursorEnd()
		return *m, m.pathInput.Focus()
	}
	switch msg.String() {
	case "enter":
		path := strings.TrimSpace(m.pathInput.Value())
		m.export = exportNone
		m.pathInput.Blur()
		if path == "" {
			m.status = "export cancelled: no path"
			return *m, nil
		}
		m.status = "writing " + path + "…"
		return *m, exportCmd(m.rep, path, m.exportFmt, m.opt.Guard)
	case "esc":
		m.export = exportNone
		m.pathInput.Blur()
		m.status = "export cancelled"
		return *m, nil
	}
	var cmd tea.Cmd
	m.pathInput, cmd = m.pathInput.Update(msg)
	return *m, cmd
}

// exportCmd writes the report through the guard, which refuses the session's own
// files, the manifest, and anything that is not a regular file.
func exportCmd(r *audit.Report, path, format string, g *outguard.Guard) tea.Cmd {
	return func() tea.Msg {
		abs, err := filepath.Abs(path)
		if err != nil {
			abs = path
		}
		var b bytes.Buffer
		if err = audit.Write(&b, format, r); err == nil {
			if g == nil {
				g = &outguard.Guard{}
			}
			err = g.WriteFile(abs, termsafe.Document(format, b.Bytes()))
		}
		return exportedMsg{path: abs, format: format, err: err}
	}
}

// defaultExportPath is next to the input: session.json -> session.audit.md.
func (m *Model) defaultExportPath(format string) string {
	base := "compaudit-example"
	dir := "."
	if m.opt.Input != "" {
		dir = filepath.Dir(m.opt.Input)
		base = strings.TrimSuffix(filepath.Base(m.opt.Input), filepath.Ext(m.opt.Input))
		if st := filepath.Base(m.opt.Input); st == "" || st == "." || st == "/" {
			base = "session"
		}
	}
	return filepath.Join(dir, base+".audit."+format)
}

// Err is the loading error, if any.
func (m Model) Err() error { return m.err }
