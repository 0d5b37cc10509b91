package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/diffview"
)

// The pager shows the whole message a fact came from, between its neighbours, with
// the fact highlighted and the view opened at it.

// rowFact is the fact the cursor's row is about: its source fact, else its summary
// fact (an addition: the summary is then the message).
func (m *Model) rowFact() *classify.Fact {
	it := m.CurrentItem()
	if it == nil {
		return nil
	}
	if it.Source != nil {
		return it.Source
	}
	return it.Summary
}

func (m *Model) openPager(back view) {
	f := m.rowFact()
	if f == nil {
		m.status = "no fact on this row"
		return
	}
	m.back, m.view, m.pagerMsg = back, viewPager, f.Message
	_, at := m.pagerBody()
	m.pagerY = max(0, at-3)
}

// message finds the transcript message id (or the message a part such as "m3.call"
// belongs to); ok is false when the transcript was not kept or has no such message.
func (m *Model) message(id string) (int, bool) {
	if i, ok := m.msgAt[id]; ok {
		return i, true
	}
	if j := strings.IndexByte(id, '.'); j > 0 {
		if i, ok := m.msgAt[id[:j]]; ok {
			return i, true
		}
	}
	return -1, false
}

// rebuilt joins the shown round's facts of message id, for when the transcript's
// messages were not kept.
func (m *Model) rebuilt(id string) (Message, bool) {
	r := m.Round()
	if r == nil {
		return Message{}, false
	}
	var parts []string
	role := ""
	for _, list := range [][]classify.Fact{r.SourceFacts, r.CumulativeFacts, r.SummaryFacts} {
		for _, f := range list {
			if f.Message == id {
				parts = append(parts, f.Text)
				role = f.Role
			}
		}
		if len(parts) > 0 {
			break
		}
	}
	if len(parts) == 0 {
		return Message{}, false
	}
	return Message{ID: id, Role: role, Text: strings.Join(parts, "\n")}, true
}

// pagerBody is the pager's lines and the line where the fact starts.
func (m *Model) pagerBody() ([]string, int) {
	f := m.rowFact()
	w := max(8, m.w-2)
	var out []string
	idx, ok := m.message(m.pagerMsg)
	var msg Message
	if ok {
		msg = m.msgs[idx]
	} else if rb, ok2 := m.rebuilt(m.pagerMsg); ok2 {
		msg = rb
		out = append(out, m.st.Warn.Render(" rebuilt from its facts: the transcript's own text was not kept"))
	} else {
		return []string{" message " + diffview.Sanitize(m.pagerMsg) + " is not in the transcript"}, -1
	}
	neighbour := func(j int, label string) {
		if !ok || j < 0 || j >= len(m.msgs) {
			return
		}
		n := m.msgs[j]
		first := strings.TrimSpace(strings.SplitN(strings.TrimSpace(n.Text), "\n", 2)[0])
		out = append(out, m.st.Faint.Render(fmt.Sprintf(" %s %s %s: ", label, diffview.Sanitize(n.ID), diffview.Sanitize(n.Role)))+m.st.Faint.Render(quote(first, max(10, w-30))))
	}
	neighbour(idx-1, "before,")
	head := " " + m.st.Title.Render("message "+diffview.Sanitize(msg.ID)) + m.st.Faint.Render(" · "+diffview.Sanitize(strings.TrimSpace(msg.Role+" "+msg.Name)))
	if msg.At != "" {
		head += m.st.Faint.Render(" · " + diffview.Sanitize(msg.At))
	}
	if ok {
		head += m.st.Faint.Render(fmt.Sprintf(" · %d of %d", idx+1, len(m.msgs)))
	}
	out = append(out, head)
	var spans []diffview.Span
	if f != nil {
		spans = findSpan(msg.Text, f.Text)
	}
	lines, at := diffview.MarkedLines(m.st, msg.Text, max(4, w-4), 0, spans)
	base := len(out)
	for _, l := range lines {
		out = append(out, "   "+m.st.Border.Render("│ ")+l)
	}
	neighbour(idx+1, "after,")
	if at >= 0 {
		at += base
	}
	return out, at
}

// findSpan locates fact in text: exactly, else by its first 40 bytes.
func findSpan(text, fact string) []diffview.Span {
	fact = strings.TrimSpace(fact)
	if fact == "" {
		return nil
	}
	if i := strings.Index(text, fact); i >= 0 {
		return []diffview.Span{{A: i, B: i + len(fact)}}
	}
	if len(fact) > 40 {
		head := fact[:40]
		for len(head) > 0 && head[len(head)-1]&0xC0 == 0x80 {
			head = head[:len(head)-1]
		}
		if i := strings.Index(text, head); i >= 0 {
			return []diffview.Span{{A: i, B: i + len(head)}}
		}
	}
	return nil
}

func (m *Model) pagerView() []string {
	body, _ := m.pagerBody()
	m.pagerY = clamp(m.pagerY, 0, max(0, len(body)-1))
	return m.titled("message in context", body, m.keys.PagerHelp(), m.pagerY)
}

func (m Model) pagerKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	page := max(1, m.h-5)
	m.status = ""
	switch {
	case key.Matches(msg, k.Back), key.Matches(msg, k.Message):
		m.view = m.back
	case key.Matches(msg, k.Down):
		m.pagerY++
	case key.Matches(msg, k.Up):
		m.pagerY = max(0, m.pagerY-1)
	case key.Matches(msg, k.PageDown), key.Matches(msg, k.HalfDown):
		m.pagerY += page
	case key.Matches(msg, k.PageUp), key.Matches(msg, k.HalfUp):
		m.pagerY = max(0, m.pagerY-page)
	case key.Matches(msg, k.Top):
		m.pagerY = 0
	case key.Matches(msg, k.Bottom):
		body, _ := m.pagerBody()
		m.pagerY = len(body)
	case key.Matches(msg, k.Copy):
		return m, m.copyCmd()
	case key.Matches(msg, k.Help):
		m.view, m.helpY = viewHelp, 0
	}
	return m, nil
}
