// Package tui is the interactive auditor: Bubble Tea models for the round view (source
// and summary facts side by side, findings first), the invariant panel, the survival
// matrix, the lineage tree, finding details, the message pager, export, the session
// picker and help. It holds no business logic: the audit comes from the audit
// package, rows from diffview, colours and glyphs from themes.
package tui

import (
	"context"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/diffview"
	"github.com/compaudit/compaudit/themes"
)

// Message is one transcript message, for the pager.
type Message struct {
	ID, Role, Name, At, Text string
}

// Loaded is what loading a session yields: the audit and, when kept, the transcript's
// messages (the pager rebuilds a message from its facts when they are not).
type Loaded struct {
	Report   *audit.Report
	Messages []Message
}

// Options configure the auditor.
type Options struct {
	// Title names what was opened (a file name, or the embedded example).
	Title string
	// Input is the path of the session file: exports go next to it and never over it
	// ("" for the embedded example: exports go to the working directory).
	Input string
	Theme themes.Theme
	// Load reads and audits the session; it runs in a command, off the key path.
	Load func() (Loaded, error)
	// Stream, when set, is used instead of Load: it reads and audits the session,
	// telling up how far it has got and handing it the first round's audit as soon as
	// that is judged (shown while the rest is audited, with a progress bar); it stops
	// when ctx is done (the Cancel key).
	Stream func(ctx context.Context, up func(Update)) (Loaded, error)
	// Report, when set, is shown at once (tests), with Messages as its transcript.
	Report   *audit.Report
	Messages []Message
	// List, when set, lists the sessions of a folder (in a command); the user picks one
	// and Open loads and audits it. When List finds none, Load is used instead. Scan,
	// when set, audits each listed session in the background, one at a time, for the
	// picker's name and worst-finding columns.
	List func() ([]SessionItem, error)
	Open func(path string) (Loaded, error)
	Scan func(path string) (ScanResult, error)
	// RuleDoc returns a rule's documentation by id ("omission/user-rule-dropped"); ""
	// when unknown. Nil shows none.
	RuleDoc func(ruleID string) string
	// Copy puts text on the clipboard (OSC 52 on a terminal); nil when the output is
	// not a terminal that can take it.
	Copy func(text string) error
	// Guard is the output guard: it refuses an export path that would write over an
	// input (or anything else it must protect). Nil checks only the session file
	// opened; the TUI calls it once per export, in checkExport (export.go).
	Guard func(path string) error
	// Home shortens paths to ~ in the picker ("" to ask the system).
	Home string
	// StartRound, when set, is the round number shown first (watch opens the newest).
	StartRound int
}

type view int

const (
	viewMain view = iota
	viewInvariants
	viewMatrix
	viewLineage
	viewDetail
	viewPager
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

// promptKind is which one-line prompt has the keyboard.
type promptKind int

const (
	promptNone promptKind = iota
	promptSearch
	promptGoto
	promptExportPath
	promptPickerFilter
)

type loadedMsg struct {
	res  Loaded
	err  error
	path string
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
	pending []tea.KeyMsg
	loading bool
	// stream is the streamed load in progress (nil without Options.Stream); prog is
	// how far it has got; partial is set while the first round's audit is shown and
	// the rest is judged, stopped once the user stopped it (or it failed) there.
	stream           *stream
	prog             audit.Progress
	partial, stopped bool
	err              error
	rep              *audit.Report
	msgs             []Message
	msgAt            map[string]int

	pick picker

	round      int
	cumulative bool
	all        bool // all facts in context, not only findings
	docs       map[docKey]*diffview.Doc
	counts     map[countKey]map[string]int
	present    map[presentKey]map[classify.Class]bool
	doc        *diffview.Doc
	vis        []int // indices of the shown items, in shown order
	cur        int   // cursor: index into vis
	top        int   // first shown row: index into vis
	topLine    int   // lines of vis[top] scrolled past

	layout   layoutChoice
	famIdx   int // 0 all, else audit.Families[famIdx-1]
	sevIdx   int // 0 all, else severities[sevIdx-1] and above
	classIdx int // 0 all, else classes()[classIdx-1]

	prompt    promptKind
	input     textinput.Model
	query     string
	hits      []hit
	hitIdx    int // the match the cursor is on (-1 for none)
	hitsStale bool

	view      view
	back      view // where the detail and pager views return to
	invSel    int
	linSel    int
	detailY   int
	helpY     int
	pagerY    int
	pagerMsg  string
	matrixCum bool

	exp    exportState
	status string
	mouse  bool
}

var severities = []string{audit.SevError, audit.SevWarning, audit.SevInfo}

// New builds the auditor.
func New(opt Options) Model {
	st := themes.NewStyles(opt.Theme)
	m := Model{opt: opt, keys: DefaultKeyMap(), st: st, help: help.New(), spin: spinner.New(), mouse: true, hitIdx: -1}
	m.resetCaches()
	m.spin.Spinner = spinner.Dot
	m.spin.Style = st.Title
	m.help.Styles.ShortKey = st.Key
	m.help.Styles.ShortDesc = st.Faint
	m.help.Styles.ShortSeparator = st.Faint
	m.help.Styles.Ellipsis = st.Faint
	m.help.ShortSeparator = " · "
	m.input = textinput.New()
	m.input.CharLimit = 4096
	m.w, m.h = 80, 24
	switch {
	case opt.Report != nil:
		m.setReport(Loaded{Report: opt.Report, Messages: opt.Messages})
	case opt.List != nil:
		m.listing = true
		m.pick.dir = opt.Title
	default:
		m.loading = true
		if opt.Stream != nil {
			m.stream = newStream()
		}
	}
	return m
}

func (m *Model) resetCaches() {
	m.docs = map[docKey]*diffview.Doc{}
	m.counts = map[countKey]map[string]int{}
	m.present = map[presentKey]map[classify.Class]bool{}
}

// Init starts loading and the spinner.
func (m Model) Init() tea.Cmd {
	if m.listing {
		return tea.Batch(m.spin.Tick, listCmd(m.opt.List))
	}
	if m.loading && m.stream != nil {
		return tea.Batch(m.spin.Tick, m.stream.run(m.opt.Stream), m.stream.next())
	}
	if !m.loading || m.opt.Load == nil {
		return nil
	}
	return tea.Batch(m.spin.Tick, loadCmd(m.opt.Load))
}

func loadCmd(load func() (Loaded, error)) tea.Cmd {
	return func() tea.Msg {
		res, err := load()
		return loadedMsg{res: res, err: err}
	}
}

func (m *Model) setReport(res Loaded) {
	m.rep = res.Report
	m.msgs = res.Messages
	m.msgAt = make(map[string]int, len(res.Messages))
	for i, x := range res.Messages {
		if _, dup := m.msgAt[x.ID]; !dup {
			m.msgAt[x.ID] = i
		}
	}
	m.loading = false
	m.resetCaches()
	m.view, m.cumulative, m.all = viewMain, false, false
	m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
	m.query, m.hits, m.hitIdx = "", nil, -1
	// open on the round that holds the session's most important finding
	m.round = 0
	if f, i := worstFinding(m.rep); f != nil {
		m.round = i
	}
	for i := range m.rep.Rounds {
		if m.opt.StartRound > 0 && m.rep.Rounds[i].Round == m.opt.StartRound {
			m.round = i
		}
	}
	m.selectDoc()
	if f, _ := worstFinding(m.rep); f != nil && m.doc != nil {
		for j, v := range m.vis {
			if m.doc.Items[v].Finding == f {
				m.cur = j
				m.ensureVisible()
				break
			}
		}
	}
}

// Round returns the shown round (nil before loading or when there are none).
func (m *Model) Round() *audit.Round {
	if m.rep == nil || m.round < 0 || m.round >= len(m.rep.Rounds) {
		return nil
	}
	return &m.rep.Rounds[m.round]
}

// mode is the row layout in force.
func (m *Model) mode() diffview.Mode {
	switch m.layout {
	case layoutSide:
		return diffview.SideBySide
	case layoutStacked:
		return diffview.Stacked
	}
	return diffview.Auto(m.rowW())
}

// rowW is the width the rows get: the screen, less the invariant panel when it shows.
func (m *Model) rowW() int {
	if p := m.panelW(); p > 0 {
		return m.w - p
	}
	return m.w
}

func (m *Model) itemHeight(v int) int {
	if m.doc == nil || v < 0 || v >= len(m.vis) {
		return 1
	}
	return max(1, m.doc.Height(m.vis[v], m.rowW(), m.mode()))
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
		return m.listed(msg)
	case scannedMsg:
		return m.scanned(msg)
	case loadedMsg:
		return m.loaded(msg)
	case progressMsg, firstMsg, streamDoneMsg:
		return m.streamMsg(msg)
	case spinner.TickMsg:
		if !m.loading && !m.listing && !m.pick.scanning() {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case exportCheckedMsg:
		return m.exportChecked(msg)
	case exportedMsg:
		m.exportDone(msg)
		return m, nil
	case copiedMsg:
		m.status = msg.status
		return m, nil
	case tea.MouseMsg:
		return m.mouseMsg(msg)
	case tea.KeyMsg:
		return m.keyMsg(msg)
	}
	if m.prompt != promptNone {
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m Model) loaded(msg loadedMsg) (tea.Model, tea.Cmd) {
	m.loading = false
	if msg.err != nil {
		if m.pick.has {
			m.status = "cannot open " + msg.path + ": " + msg.err.Error()
			m.rep = nil
			return m, nil
		}
		m.err = msg.err
		return m, nil
	}
	m.setReport(msg.res)
	var cmds []tea.Cmd
	pending := m.pending
	m.pending = nil
	for _, k := range pending {
		nm, cmd := m.keyMsg(k)
		m = nm.(Model)
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
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
	case viewPager:
		m.pagerY = max(0, m.pagerY+d)
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

// Err is the loading error, if any.
func (m Model) Err() error { return m.err }
