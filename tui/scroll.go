package tui

// Scrolling works on (top row, lines of it scrolled past) instead of a global line
// offset, so moving costs the rows on screen, never the number of facts: a row's height
// is computed only when it is drawn or walked past.

// bodyHeight is the number of lines the rows get in the main view.
func (m *Model) bodyHeight() int {
	top, bottom := m.chromeSize()
	return max(1, m.h-top-bottom)
}

// ensureVisible scrolls so that the cursor row is on screen.
func (m *Model) ensureVisible() {
	n := len(m.vis)
	if n == 0 {
		m.cur, m.top, m.topLine = 0, 0, 0
		return
	}
	m.cur = clamp(m.cur, 0, n-1)
	m.top = clamp(m.top, 0, n-1)
	body := m.bodyHeight()
	if m.cur <= m.top {
		m.top, m.topLine = m.cur, 0
		m.clampBottom()
		return
	}
	if m.cur-m.top <= body {
		lines := -m.topLine
		for v := m.top; v <= m.cur; v++ {
			lines += m.itemHeight(v)
			if lines > body {
				break
			}
		}
		if lines <= body {
			return
		}
	}
	// put the cursor row at the bottom of the screen
	m.top, m.topLine = m.cur, 0
	rest := body - m.itemHeight(m.cur)
	for rest > 0 && m.top > 0 {
		h := m.itemHeight(m.top - 1)
		m.top--
		if h > rest {
			m.topLine = h - rest
			break
		}
		rest -= h
	}
}

// clampBottom pulls the view down so the last screen is full when it can be.
func (m *Model) clampBottom() {
	n := len(m.vis)
	if n == 0 {
		return
	}
	body := m.bodyHeight()
	lines := -m.topLine
	for v := m.top; v < n; v++ {
		lines += m.itemHeight(v)
		if lines >= body {
			return
		}
	}
	// fewer than body lines from top to the end: anchor the last screen
	top, topLine := n-1, 0
	rest := body - m.itemHeight(n-1)
	for rest > 0 && top > 0 {
		h := m.itemHeight(top - 1)
		top--
		if h > rest {
			topLine = h - rest
			rest = 0
			break
		}
		rest -= h
	}
	if rest > 0 { // everything fits
		top, topLine = 0, 0
	}
	if top < m.top || (top == m.top && topLine < m.topLine) {
		m.top, m.topLine = top, topLine
	}
}

// scrollLines scrolls by d lines (negative: up) and keeps the cursor on screen.
func (m *Model) scrollLines(d int) {
	n := len(m.vis)
	if n == 0 {
		return
	}
	top0, line0 := m.top, m.topLine
	defer func() {
		// nothing left to scroll: the cursor goes to the end it was pushed against
		if m.top == top0 && m.topLine == line0 {
			if d > 0 {
				m.cur = n - 1
			} else {
				m.cur = 0
			}
			m.ensureVisible()
		}
	}()
	m.topLine += d
	for m.topLine >= m.itemHeight(m.top) && m.top < n-1 {
		m.topLine -= m.itemHeight(m.top)
		m.top++
	}
	if m.top == n-1 && m.topLine >= m.itemHeight(m.top) {
		m.topLine = m.itemHeight(m.top) - 1
	}
	for m.topLine < 0 && m.top > 0 {
		m.top--
		m.topLine += m.itemHeight(m.top)
	}
	if m.topLine < 0 {
		m.topLine = 0
	}
	m.clampBottom()
	// cursor follows
	if m.cur < m.top || (m.cur == m.top && m.topLine > 0 && m.top+1 < n && d > 0) {
		m.cur = m.top
		if m.topLine > 0 && m.top+1 < n {
			m.cur = m.top + 1
		}
		return
	}
	last := m.lastVisible()
	if m.cur > last {
		m.cur = last
	}
}

// lastVisible is the last row whose first line is on screen.
func (m *Model) lastVisible() int {
	body := m.bodyHeight()
	lines := -m.topLine
	last := m.top
	for v := m.top; v < len(m.vis); v++ {
		if lines >= body {
			break
		}
		if lines >= 0 {
			last = v
		}
		lines += m.itemHeight(v)
	}
	return last
}
