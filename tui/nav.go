package tui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview"
)

// Navigation across the session: finding and match steps continue into the next
// round, a search counts its matches over every round, and ":" goes to a round, a
// message or a finding by id.

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

// nextFinding moves to the next (or previous) row with a finding, in the next round
// when this one has no more.
func (m *Model) nextFinding(forward bool) {
	if m.doc == nil {
		return
	}
	step := 1
	if !forward {
		step = -1
	}
	for c := m.cur + step; c >= 0 && c < len(m.vis); c += step {
		if m.doc.Items[m.vis[c]].Finding != nil {
			m.cur = c
			m.ensureVisible()
			return
		}
	}
	for r := m.round + step; r >= 0 && r < m.roundCount(); r += step {
		d := m.docFor(r)
		vis := m.visibleRows(d, nil)
		order := make([]int, 0, len(vis))
		for j, i := range vis {
			if d.Items[i].Finding != nil {
				order = append(order, j)
			}
		}
		if len(order) == 0 {
			continue
		}
		m.round = r
		m.doc = d
		m.vis = vis
		m.cur = order[0]
		if !forward {
			m.cur = order[len(order)-1]
		}
		m.top, m.topLine = 0, 0
		m.ensureVisible()
		m.hitsStale = true
		m.status = fmt.Sprintf("round %d", m.rep.Rounds[r].Round)
		return
	}
	if forward {
		m.status = "no more findings: this is the last one"
	} else {
		m.status = "no earlier finding: this is the first one"
	}
}

// hit is one search match: a round index and an item of its document.
type hit struct{ round, item int }

func (m *Model) setQuery(q string) {
	m.query = q
	for _, d := range m.docs {
		d.SetQuery(q)
	}
	m.hits, m.hitIdx, m.hitsStale = nil, -1, q != ""
	if q == "" {
		m.status = ""
	}
}

// searchHits lists the query's matches over every round, in the order the rows are
// shown (rounds in order; within a round, the view's order and filters).
func (m *Model) searchHits() []hit {
	if !m.hitsStale {
		return m.hits
	}
	m.hitsStale = false
	m.hits = m.hits[:0]
	if m.query == "" {
		return nil
	}
	var buf []int
	for r := 0; r < m.roundCount(); r++ {
		d := m.docFor(r)
		buf = m.visibleRows(d, buf)
		for _, i := range buf {
			if d.Matches(i) {
				m.hits = append(m.hits, hit{r, i})
			}
		}
	}
	m.syncHit()
	return m.hits
}

// syncHit points hitIdx at the match under the cursor, if any.
func (m *Model) syncHit() {
	m.hitIdx = -1
	cur := m.curItem()
	for j, h := range m.hits {
		if h.round == m.round && h.item == cur {
			m.hitIdx = j
			return
		}
	}
}

// hitsOutside counts the query's matches among all facts, for the "no match among
// findings" hint.
func (m *Model) hitsOutside() int {
	n := 0
	for r := 0; r < m.roundCount(); r++ {
		d := m.docFor(r)
		for i := range d.Items {
			if d.Matches(i) {
				n++
			}
		}
	}
	return n
}

// nextMatch moves to the next (or previous) match, across rounds, wrapping around.
func (m *Model) nextMatch(forward bool) {
	hits := m.searchHits()
	if m.query == "" {
		m.status = "no search: / searches every round"
		return
	}
	if len(hits) == 0 {
		m.noMatchStatus()
		return
	}
	// the first match after (or before) the cursor, in shown order
	pos := m.position()
	j := -1
	if forward {
		for x, h := range hits {
			if m.after(h, pos) {
				j = x
				break
			}
		}
		if j < 0 {
			j = 0
		}
	} else {
		for x := len(hits) - 1; x >= 0; x-- {
			if m.after(pos, hits[x]) {
				j = x
				break
			}
		}
		if j < 0 {
			j = len(hits) - 1
		}
	}
	m.goHit(j)
}

// position is the cursor as a hit (round, item).
func (m *Model) position() hit { return hit{m.round, m.curItem()} }

// after reports whether a comes after b in the shown order.
func (m *Model) after(a, b hit) bool {
	if a.round != b.round {
		return a.round > b.round
	}
	return m.order(a.item) > m.order(b.item)
}

// order is item i's place in the shown round's order (-1 when not shown). after only
// asks it about items of the shown round: other rounds compare by round first.
func (m *Model) order(i int) int {
	for j, v := range m.vis {
		if v == i {
			return j
		}
	}
	return -1
}

func (m *Model) goHit(j int) {
	h := m.hits[j]
	if h.round != m.round {
		m.setRound(h.round)
	}
	m.showItem(h.item)
	m.hitIdx = j
	if m.status == "" { // the status line says "match i of N"; say where when it is not this round
		m.status = fmt.Sprintf("round %d", m.rep.Rounds[h.round].Round)
	}
}

func (m *Model) noMatchStatus() {
	if !m.all || m.filtered() {
		if n := m.hitsOutside(); n > 0 {
			m.status = fmt.Sprintf("no match for %q among the shown rows; %d among all facts (a shows all, 0 clears filters)", m.query, n)
			return
		}
	}
	m.status = fmt.Sprintf("no match for %q in any round", m.query)
}

// openPrompt gives the keyboard to a one-line prompt.
func (m *Model) openPrompt(k promptKind, value string) tea.Cmd {
	m.prompt = k
	switch k {
	case promptSearch:
		m.input.Prompt = "/"
	case promptGoto:
		m.input.Prompt = "go to (round 2, message m14, finding id): "
	case promptExportPath:
		m.input.Prompt = "export to: "
	case promptPickerFilter:
		m.input.Prompt = "filter: "
	}
	m.input.SetValue(value)
	m.input.CursorEnd()
	return m.input.Focus()
}

func (m Model) promptKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.SearchConfirm):
		kind, v := m.prompt, m.input.Value()
		m.prompt = promptNone
		m.input.Blur()
		return m.promptDone(kind, v)
	case key.Matches(msg, k.SearchCancel):
		kind := m.prompt
		m.prompt = promptNone
		m.input.Blur()
		if kind == promptExportPath {
			m.exp.step = exportNone
			m.status = "export cancelled"
		}
		if kind == promptPickerFilter {
			m.pick.setFilter(&m, "")
		}
		return m, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.prompt == promptPickerFilter {
		m.pick.setFilter(&m, m.input.Value()) // the list narrows as one types
	}
	return m, cmd
}

func (m Model) promptDone(kind promptKind, v string) (tea.Model, tea.Cmd) {
	switch kind {
	case promptSearch:
		m.setQuery(v)
		if m.query != "" {
			if hits := m.searchHits(); len(hits) == 0 {
				m.noMatchStatus()
			} else if m.hitIdx >= 0 {
				m.goHit(m.hitIdx)
			} else {
				m.nextMatch(true)
			}
		}
	case promptGoto:
		m.gotoTarget(strings.TrimSpace(v))
	case promptExportPath:
		return m, m.exportPathEntered(v)
	case promptPickerFilter:
		m.pick.setFilter(&m, v)
	}
	return m, nil
}

// gotoTarget goes to a round ("2", "r2", "round 2"), a finding id, or a message id.
func (m *Model) gotoTarget(t string) {
	if t == "" {
		return
	}
	low := strings.ToLower(t)
	num := strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(low, "round"), "r"))
	if n, err := strconv.Atoi(num); err == nil && !strings.HasPrefix(low, "m") {
		if i := m.roundIndex(n); i >= 0 {
			m.setRound(i)
			m.status = fmt.Sprintf("round %d", n)
		} else {
			m.status = fmt.Sprintf("no round %d (rounds 1 to %d)", n, m.roundCount())
		}
		return
	}
	if m.gotoFinding(t) || m.gotoMessage(t) {
		return
	}
	m.status = fmt.Sprintf("no round, finding or message %q", diffview.Sanitize(t))
}

func (m *Model) gotoFinding(id string) bool {
	for r := range m.rep.Rounds {
		for j := range m.rep.Rounds[r].Findings {
			if f := &m.rep.Rounds[r].Findings[j]; f.ID != "" && strings.EqualFold(f.ID, id) {
				if m.cumulative {
					m.cumulative = false
				}
				m.round = r
				m.selectDoc()
				for i := range m.doc.Items {
					if m.doc.Items[i].Finding == f {
						m.showItem(i)
						break
					}
				}
				m.status = "finding " + diffview.Sanitize(f.ID)
				return true
			}
		}
	}
	return false
}

// gotoMessage shows the first row from message id (or one of its parts, "m3.call"),
// looking in the shown round first, then in every round.
func (m *Model) gotoMessage(id string) bool {
	find := func(d *diffview.Doc) int {
		part := -1
		for i := range d.Items {
			if s := d.Items[i].Source; s != nil {
				if s.Message == id {
					return i
				}
				if part < 0 && strings.HasPrefix(s.Message, id+".") {
					part = i
				}
			}
		}
		return part
	}
	order := []int{m.round}
	for r := 0; r < m.roundCount(); r++ {
		if r != m.round {
			order = append(order, r)
		}
	}
	for _, r := range order {
		d := m.docFor(r)
		if i := find(d); i >= 0 {
			m.setRound(r)
			m.showItem(i)
			note := m.status
			m.status = fmt.Sprintf("message %s in round %d", diffview.Sanitize(id), m.rep.Rounds[r].Round)
			if note != "" {
				m.status += " · " + note
			}
			return true
		}
	}
	if _, ok := m.msgAt[id]; ok {
		m.status = fmt.Sprintf("message %s is in the transcript but no compaction replaced it", diffview.Sanitize(id))
		return true
	}
	return false
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
		if i := m.roundIndex(*inv.DroppedInRound); i >= 0 {
			r = i
		}
	}
	m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
	m.round = r
	m.view = viewMain
	for _, cum := range []bool{false, true} {
		m.cumulative = cum
		m.selectDoc()
		if i := findInvariantItem(m.doc, inv); i >= 0 {
			m.showItem(i)
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

func norm(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

func findInvariantItem(d *diffview.Doc, inv *audit.Invariant) int {
	if d == nil {
		return -1
	}
	for i := range d.Items {
		if f := d.Items[i].Finding; f != nil && f.Invariant != "" && f.Invariant == inv.ID {
			return i
		}
	}
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

// invariantOf is the invariant a finding belongs to: the one it names, else the one
// stated by its source fact (same message, same text).
func (m *Model) invariantOf(f *audit.Finding) *audit.Invariant {
	if m.rep == nil || f == nil {
		return nil
	}
	if f.Invariant != "" {
		for i := range m.rep.Invariants {
			if m.rep.Invariants[i].ID == f.Invariant {
				return &m.rep.Invariants[i]
			}
		}
	}
	if f.Source == nil {
		return nil
	}
	t := norm(f.Source.Text)
	for i := range m.rep.Invariants {
		inv := &m.rep.Invariants[i]
		w := norm(inv.Text)
		if inv.Message == f.Source.Message && w != "" && t != "" && (strings.Contains(t, w) || strings.Contains(w, t)) {
			return inv
		}
	}
	return nil
}
