package tui

import (
	"context"
	"errors"
	"fmt"

	"github.com/charmbracelet/bubbles/progress"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
	"github.com/muesli/termenv"
)

// Update is what a streamed load tells the auditor before it is done: how far the
// audit has got, and, once, the first round's audit to show while the rest is judged.
type Update struct {
	Progress audit.Progress
	First    *Loaded
}

// stream is a running streamed load: its updates arrive on ch, and cancel stops it.
// It is shared by the copies of the model (the model is a value).
type stream struct {
	ch     chan tea.Msg
	ctx    context.Context
	cancel context.CancelFunc
}

type progressMsg struct{ p audit.Progress }

type firstMsg struct{ res Loaded }

// streamDoneMsg ends a streamed load.
type streamDoneMsg struct {
	res Loaded
	err error
}

func newStream() *stream {
	ctx, cancel := context.WithCancel(context.Background())
	return &stream{ch: make(chan tea.Msg, 8), ctx: ctx, cancel: cancel}
}

// run is the command that runs the load: progress is dropped when the model is
// behind (the next one says more), the first round and the end are not.
func (st *stream) run(load func(context.Context, func(Update)) (Loaded, error)) tea.Cmd {
	return func() tea.Msg {
		res, err := load(st.ctx, func(u Update) {
			if u.First != nil {
				select {
				case st.ch <- firstMsg{res: *u.First}:
				case <-st.ctx.Done():
				}
				return
			}
			select {
			case st.ch <- progressMsg{p: u.Progress}:
			default:
			}
		})
		st.ch <- streamDoneMsg{res: res, err: err}
		return nil
	}
}

// next waits for the stream's next message.
func (st *stream) next() tea.Cmd {
	return func() tea.Msg { return <-st.ch }
}

// streamMsg handles the stream's messages (progressMsg, firstMsg, streamDoneMsg).
func (m Model) streamMsg(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case progressMsg:
		m.prog = msg.p
		return m, m.stream.next()
	case firstMsg:
		nm, cmd := m.loaded(loadedMsg{res: msg.res})
		m = nm.(Model)
		m.partial = true
		return m, tea.Batch(cmd, m.stream.next())
	case streamDoneMsg:
		return m.streamDone(msg), nil
	}
	return m, nil
}

// firstOnly: the report shown is the first round's alone (the rest is being audited,
// or its audit was stopped).
func (m *Model) firstOnly() bool { return m.partial || m.stopped }

// streamDone takes the whole audit in: it replaces the first round's, keeping the
// round and row in view; a stopped audit leaves the first round shown.
func (m Model) streamDone(msg streamDoneMsg) Model {
	wasPartial := m.partial
	m.partial = false
	switch {
	case msg.err != nil && wasPartial && errors.Is(msg.err, context.Canceled):
		m.status = "audit stopped: only round 1 was judged"
		m.stopped = true
	case msg.err != nil && wasPartial:
		m.status = "the audit of the other rounds failed: " + msg.err.Error()
		m.stopped = true
	case wasPartial:
		m.swapReport(msg.res)
	default:
		nm, _ := m.loaded(loadedMsg{res: msg.res, err: msg.err})
		m = nm.(Model)
	}
	return m
}

// swapReport shows the whole audit in place of the first round's: the view, the
// round, the filters and the row under the cursor stay where the user left them (a
// finding's detail and the pager go back to the rows: their finding is the old one).
func (m *Model) swapReport(res Loaded) {
	round, cur, view := m.round, m.cur, m.view
	m.setReport(res)
	m.round = clamp(round, 0, len(m.rep.Rounds)-1)
	switch view {
	case viewDetail, viewPager:
		view = viewMain
	}
	m.view = view
	m.selectDoc()
	m.cur = clamp(cur, 0, len(m.vis)-1)
	m.ensureVisible()
	m.status = fmt.Sprintf("audit complete: %d %s", len(m.rep.Rounds), plural(len(m.rep.Rounds), "round", "rounds"))
}

// nextRound moves to the next round, or says why there is none yet (the audit of
// the other rounds is running, or was stopped).
func (m *Model) nextRound() {
	switch {
	case m.partial && m.round+1 >= len(m.rep.Rounds):
		m.status = fmt.Sprintf("round %d is still being audited", m.round+2)
	case m.stopped && m.round+1 >= len(m.rep.Rounds):
		m.status = "the audit was stopped after round 1"
	default:
		m.setRound(m.round + 1)
	}
}

// stopStream cancels the audit of the other rounds.
func (m *Model) stopStream() {
	if m.stream != nil && m.partial {
		m.stream.cancel()
		m.status = "stopping the audit…"
	}
}

// progressFraction is how far the audit has got, from 0 to 1: reading the messages
// is about two fifths of the work, judging the rounds the rest.
func progressFraction(p audit.Progress) float64 {
	f := 0.0
	if p.Messages > 0 {
		f += 0.4 * float64(p.Read) / float64(p.Messages)
	}
	if p.Rounds > 0 {
		f += 0.6 * float64(p.Judged) / float64(p.Rounds)
	}
	return min(1, f)
}

// progressLine is the line that says how far the audit of the other rounds is.
func (m *Model) progressLine() string {
	p := m.prog
	text := fmt.Sprintf(" auditing: %d/%d messages read · %d/%d rounds judged ", p.Read, p.Messages, p.Judged, p.Rounds)
	keys := " " + m.keys.Cancel.Help().Key + " stops"
	w := max(4, min(40, m.w-len([]rune(text))-len(keys)-1))
	full, empty := '█', '░'
	if m.opt.Theme.ASCII {
		full, empty = '#', '-'
	}
	bar := progress.New(progress.WithFillCharacters(full, empty), progress.WithoutPercentage(), progress.WithWidth(w),
		progress.WithColorProfile(termenv.Ascii))
	return m.st.Faint.Render(text) + m.st.Title.Render(bar.ViewAs(progressFraction(p))) + m.st.Faint.Render(keys)
}
