package tui

import (
	"sort"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/diffview"
)

// The main view shows one round's rows: by default only the rows that carry a finding,
// most important first (the engine's rank, else severity, then the engine's order);
// with ShowAll every fact in alignment order, so a finding is seen in its context.

type docKey struct {
	round      int
	cumulative bool
}

type presentKey struct {
	d   *diffview.Doc
	all bool
}

// countKey caches a round's findings per family.
type countKey struct {
	r          *audit.Round
	cumulative bool
}

// docFor returns round i's document in the current per-round/cumulative mode.
func (m *Model) docFor(i int) *diffview.Doc {
	if m.rep == nil || i < 0 || i >= len(m.rep.Rounds) {
		return nil
	}
	k := docKey{i, m.cumulative}
	d, ok := m.docs[k]
	if !ok {
		r := &m.rep.Rounds[i]
		if m.cumulative {
			d = diffview.NewDoc(r, true, m.st, &diffview.Earlier{Rounds: m.rep.Rounds[:i+1], Invariants: m.rep.Invariants})
		} else {
			d = diffview.NewDoc(r, false, m.st, nil)
		}
		m.docs[k] = d
	}
	d.SetQuery(m.query)
	return d
}

func (m *Model) selectDoc() {
	if m.Round() == nil {
		m.doc, m.vis = nil, nil
		return
	}
	m.doc = m.docFor(m.round)
	m.applyFilter(-1)
}

func (m *Model) classes() []classify.Class { return classify.AllClasses }

// classPresent reports whether any row the view may show (findings only, or all) of
// the shown round carries class c.
func (m *Model) classPresent(c classify.Class) bool {
	if m.doc == nil {
		return false
	}
	pk := presentKey{m.doc, m.all}
	set, ok := m.present[pk]
	if !ok {
		set = map[classify.Class]bool{}
		for i := range m.doc.Items {
			it := &m.doc.Items[i]
			if !m.all && it.Finding == nil {
				continue
			}
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
		m.present[pk] = set
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

// filterSeverity is the lowest severity shown: the filter means "this and above".
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

// visibleRows lists d's rows the view shows, in the order it shows them.
func (m *Model) visibleRows(d *diffview.Doc, buf []int) []int {
	fam, sev, cls := m.filterFamily(), m.filterSeverity(), m.filterClass()
	vis := buf[:0]
	for i := range d.Items {
		it := &d.Items[i]
		if !m.all && it.Finding == nil {
			continue
		}
		if fam != "" && it.Family() != fam {
			continue
		}
		if sev != "" && audit.SeverityRank(it.Severity()) < audit.SeverityRank(sev) {
			continue
		}
		if cls != "" && !it.HasClass(cls) {
			continue
		}
		vis = append(vis, i)
	}
	if !m.all {
		sort.SliceStable(vis, func(a, b int) bool {
			return audit.MoreImportant(d.Items[vis[a]].Finding, d.Items[vis[b]].Finding)
		})
	}
	return vis
}

// applyFilter recomputes the visible rows, keeping the cursor on item keep when it is
// still visible (else on the nearest row after it in alignment order, or the first).
func (m *Model) applyFilter(keep int) {
	if m.doc == nil {
		m.vis = nil
		return
	}
	m.vis = m.visibleRows(m.doc, m.vis)
	m.cur, m.top, m.topLine = 0, 0, 0
	if keep >= 0 {
		best := -1
		for j, i := range m.vis {
			if i == keep {
				best = j
				break
			}
			if i > keep && (best < 0 || i < m.vis[best]) {
				best = j
			}
		}
		if best >= 0 {
			m.cur = best
		}
	}
	m.ensureVisible()
	m.hitsStale = true
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

// showItem puts the cursor on item i of the shown round, widening the view to all
// facts (and clearing filters) when the row is hidden; it says so in the status.
func (m *Model) showItem(i int) {
	for j, v := range m.vis {
		if v == i {
			m.cur = j
			m.ensureVisible()
			return
		}
	}
	if m.filtered() {
		m.famIdx, m.sevIdx, m.classIdx = 0, 0, 0
	}
	if !m.all && m.doc != nil && i >= 0 && i < len(m.doc.Items) && m.doc.Items[i].Finding == nil {
		m.all = true
		m.status = "showing all facts: the row has no finding"
	}
	m.applyFilter(i)
}

// roundIndex is the index of the round numbered n (-1 when none).
func (m *Model) roundIndex(n int) int {
	if m.rep == nil {
		return -1
	}
	for i := range m.rep.Rounds {
		if m.rep.Rounds[i].Round == n {
			return i
		}
	}
	return -1
}

// worstFinding is the report's most important finding and its round index: the
// engine's top finding when it names one, else the first most important one.
func worstFinding(r *audit.Report) (*audit.Finding, int) {
	if r == nil {
		return nil, -1
	}
	if len(r.Top) > 0 && r.Top[0] != "" {
		for i := range r.Rounds {
			for j := range r.Rounds[i].Findings {
				if f := &r.Rounds[i].Findings[j]; f.ID == r.Top[0] {
					return f, i
				}
			}
		}
	}
	var best *audit.Finding
	at := -1
	for i := range r.Rounds {
		for j := range r.Rounds[i].Findings {
			f := &r.Rounds[i].Findings[j]
			if best == nil || audit.MoreImportant(f, best) {
				best, at = f, i
			}
		}
	}
	return best, at
}
