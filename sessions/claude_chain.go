package sessions

import (
	"fmt"
	"strings"
)

// relink is a partial compaction's splice: the preserved segment's head hangs off
// the anchor after the compaction.
type relink struct {
	boundary int // entry index of the boundary that set it
	anchor   string
}

// chainWalker walks parentUuid links.
type chainWalker struct {
	p       *ccParser
	relinks map[string][]relink
}

// walk follows parentUuid from entry start up to a root: a compact_boundary (included),
// a line with no parent, or a parent that is not in the file (reported). Relinks set
// by boundaries before limit (entry index; -1 for all) apply. It returns the entries
// in chain order (oldest first) and the root's index (-1 when the chain was cut).
func (w *chainWalker) walk(start, limit int) ([]int, int, error) {
	p := w.p
	var rev []int
	seen := map[int]bool{}
	cur := start
	for {
		if seen[cur] {
			e := &p.entries[cur]
			return nil, -1, &InputError{Path: p.path, Line: e.line, Msg: fmt.Sprintf("cycle in the parentUuid chain: %s leads back to itself", e.uuid)}
		}
		seen[cur] = true
		rev = append(rev, cur)
		e := &p.entries[cur]
		if e.boundary {
			break
		}
		if _, isSum := p.boundaryOf[cur]; isSum && e.parent != "" {
			if b, ok := p.byUUID[e.parent]; !ok || !p.entries[b].boundary {
				break // a summary linked elsewhere than its boundary ends the segment
			}
		}
		parent := e.parent
		if rl := w.relinkFor(e.uuid, limit); rl != "" {
			parent = rl
		}
		if parent == "" {
			break
		}
		next, ok := p.byUUID[parent]
		if !ok {
			// A dangling parent: go on with the line before it in file order, so what
			// is present is still read.
			prev := p.prevMainEntry(cur)
			if prev < 0 {
				p.warnf("line %d: parentUuid %s is not in this file; the chain starts there", e.line, parent)
				cur = -1
				break
			}
			p.warnf("line %d: parentUuid %s is not in this file; the chain goes on with line %d, the line before it", e.line, parent, p.entries[prev].line)
			next = prev
		}
		cur = next
	}
	out := make([]int, len(rev))
	for i, x := range rev {
		out[len(rev)-1-i] = x
	}
	if cur < 0 {
		return out, -1, nil
	}
	return out, rev[len(rev)-1], nil
}

// rootBoundary maps a segment root that is a compaction summary to its boundary.
func (p *ccParser) rootBoundary(root int) int {
	if b, ok := p.boundaryOf[root]; ok && root >= 0 {
		return b
	}
	return root
}

func (w *chainWalker) relinkFor(uuid string, limit int) string {
	best, anchor := -1, ""
	for _, r := range w.relinks[uuid] {
		if (limit < 0 || r.boundary < limit) && r.boundary > best {
			best, anchor = r.boundary, r.anchor
		}
	}
	return anchor
}

// leaf picks the end of the active chain: among lines no line names as parent, walk up
// to the nearest user or assistant line; prefer main-chain, non-meta, non-team lines;
// take the latest in file order.
func (p *ccParser) leaf() int {
	hasChild := make(map[string]bool, len(p.entries))
	for i := range p.entries {
		if pu := p.entries[i].parent; pu != "" {
			hasChild[pu] = true
		}
	}
	best, bestRank := -1, -1
	for i := range p.entries {
		e := &p.entries[i]
		if !e.isChainKind() || hasChild[e.uuid] || e.sidechain {
			continue
		}
		// walk up to the nearest user/assistant line
		cur, steps := i, 0
		for cur >= 0 && !p.entries[cur].isMessageKind() && steps < len(p.entries) {
			pu := p.entries[cur].parent
			if pu == "" {
				cur = -1
				break
			}
			next, ok := p.byUUID[pu]
			if !ok {
				cur = -1
				break
			}
			cur, steps = next, steps+1
		}
		if cur < 0 || !p.entries[cur].isMessageKind() {
			continue
		}
		l := &p.entries[cur]
		rank := 0
		if !l.sidechain && !l.meta && !l.team {
			rank = 1
		}
		if rank > bestRank || (rank == bestRank && cur > best) {
			best, bestRank = cur, rank
		}
	}
	if best < 0 {
		// No line ends a chain (every line is someone's parent: a cycle): start from
		// the last main-chain message line, and let the walk report the cycle.
		for i := len(p.entries) - 1; i >= 0; i-- {
			if e := &p.entries[i]; e.isMessageKind() && !e.sidechain {
				return i
			}
		}
	}
	return best
}

// build orders the chain, finds the rounds and assembles the session.
func (p *ccParser) build() (*Session, error) {
	s := &Session{Format: ClaudeFormat, Path: p.path, ID: p.session}
	if len(p.entries) == 0 {
		return nil, &InputError{Path: p.path, Line: 1, Msg: "no conversation records (user, assistant or system lines with a uuid)"}
	}
	// Resolve tool names now that every tool_use has been seen.
	for i := range p.entries {
		for j := range p.entries[i].msgs {
			m := &p.entries[i].msgs[j]
			if m.Role == RoleTool && m.Name == "" {
				m.Name = p.toolName[m.toolUseID]
			}
		}
	}
	w := &chainWalker{p: p, relinks: map[string][]relink{}}
	summaryOf := map[int]int{} // boundary entry -> summary entry
	for i := range p.entries {
		e := &p.entries[i]
		if e.boundary && e.compact != nil && e.compact.head != "" && e.compact.anchor != "" {
			w.relinks[e.compact.head] = append(w.relinks[e.compact.head], relink{boundary: i, anchor: e.compact.anchor})
		}
		if e.kind == ccUser && !e.sidechain && e.parent != "" {
			if b, ok := p.byUUID[e.parent]; ok && p.entries[b].boundary {
				isSum := e.summary || (e.text == "" && len(e.msgs) == 1 && strings.HasPrefix(strings.TrimSpace(e.msgs[0].Text), "This session is being continued from a previous conversation"))
				if _, has := summaryOf[b]; !has && isSum {
					if !e.summary { // text-prefix fallback: the line was read as a message
						e.summary, e.text, e.msgs = true, e.msgs[0].Text, nil
					}
					summaryOf[b] = i
				}
			}
		}
		if e.micro != nil && !e.sidechain {
			m := e.micro
			p.warnf("line %d: microcompaction (trigger %q) cleared %d old tool results, saving %d tokens; it writes no summary, so there is no round to audit", e.line, m.trigger, m.cleared, m.saved)
		}
	}
	// A summary line that does not hang off its boundary: take the first unclaimed
	// isCompactSummary line that follows the boundary closely in file order.
	claimed := map[int]bool{}
	for _, si := range summaryOf {
		claimed[si] = true
	}
	for i := range p.entries {
		if e := &p.entries[i]; !e.boundary || e.sidechain {
			continue
		}
		if _, ok := summaryOf[i]; ok {
			continue
		}
		for j := i + 1; j < len(p.entries) && j <= i+8; j++ {
			if f := &p.entries[j]; f.summary && !f.sidechain && !claimed[j] {
				summaryOf[i], claimed[j] = j, true
				break
			}
			if p.entries[j].boundary {
				break
			}
		}
	}
	p.boundaryOf = map[int]int{}
	for b, si := range summaryOf {
		p.boundaryOf[si] = b
	}
	// A summary with no boundary (older builds began the next file with it): its
	// sources are elsewhere, so it is kept as a system message, which the next round
	// here is audited against.
	for i := range p.entries {
		e := &p.entries[i]
		if _, ok := p.boundaryOf[i]; ok || e.sidechain || e.kind != ccUser {
			continue
		}
		text := e.text
		if !e.summary {
			if e.parent != "" || len(e.msgs) != 1 || !strings.HasPrefix(strings.TrimSpace(e.msgs[0].Text), "This session is being continued from a previous conversation") {
				continue
			}
			text = e.msgs[0].Text
		}
		p.warnf("line %d: a compaction summary with no compact_boundary; its sources are not in this file, so it is kept as a system message", e.line)
		e.summary, e.visOnly = false, false
		e.msgs = []ccMsg{{Message: Message{Role: RoleSystem, Name: "compact_summary", Text: text, At: e.at, Line: e.line}}}
	}
	// Walk the chain back from the leaf, then through each boundary's logicalParentUuid.
	leaf := p.leaf()
	var segments [][]int // oldest first
	var bounds []int     // boundary entry index per segment after the first
	if leaf >= 0 {
		seg, root, err := w.walk(leaf, -1)
		if err != nil {
			return nil, err
		}
		segments = append(segments, seg)
		cur := p.rootBoundary(root)
		if cur < 0 {
			// The active chain is cut (a parent not in the file): take the rounds from
			// the last main-chain boundary before the leaf in file order.
			if last := p.lastBoundaryBefore(leaf); last >= 0 {
				p.warnf("the active chain is cut before it reaches the compaction at line %d; the rounds are taken from there", p.entries[last].line)
				cur = last
			}
		} else if !p.entries[cur].boundary {
			if n := p.countBoundaries(); n > 0 {
				p.warnf("%d compaction boundaries are not on the active chain (an abandoned branch?) and are not audited", n)
			}
		}
		seenB := map[int]bool{}
		for cur >= 0 && p.entries[cur].boundary {
			if seenB[cur] {
				return nil, &InputError{Path: p.path, Line: p.entries[cur].line, Msg: "cycle through logicalParentUuid links"}
			}
			seenB[cur] = true
			bounds = append([]int{cur}, bounds...)
			b := &p.entries[cur]
			var seg []int
			next := -1
			if l, ok := p.byUUID[b.logical]; ok && b.logical != "" {
				var err error
				seg, next, err = w.walk(l, cur)
				if err != nil {
					return nil, err
				}
			} else {
				if b.hasLogical && b.logical != "" {
					p.warnf("line %d: compact boundary's logicalParentUuid %s is not in this file (the session may continue an earlier file); the lines before it in file order are taken as its segment", b.line, b.logical)
				} else {
					p.warnf("line %d: compact boundary has no logicalParentUuid; the lines before it in file order are taken as its segment", b.line)
				}
				seg, next = p.fileOrderSegment(cur)
			}
			segments = append([][]int{seg}, segments...)
			cur = p.rootBoundary(next)
		}
	}
	return p.assemble(s, segments, bounds, summaryOf)
}

// lastBoundaryBefore is the last main-chain compact_boundary entry before index end.
func (p *ccParser) lastBoundaryBefore(end int) int {
	for i := end - 1; i >= 0; i-- {
		if p.entries[i].boundary && !p.entries[i].sidechain {
			return i
		}
	}
	return -1
}

// prevMainEntry is the main-chain entry before entry i in file order, or -1.
func (p *ccParser) prevMainEntry(i int) int {
	for j := i - 1; j >= 0; j-- {
		if !p.entries[j].sidechain && p.entries[j].isChainKind() {
			return j
		}
	}
	return -1
}

// countBoundaries counts the main-chain compact_boundary lines.
func (p *ccParser) countBoundaries() int {
	n := 0
	for i := range p.entries {
		if p.entries[i].boundary && !p.entries[i].sidechain {
			n++
		}
	}
	return n
}

// fileOrderSegment is the fallback segment of boundary b: the main-chain entries
// between the previous boundary (in file order) and b, with that boundary as root.
func (p *ccParser) fileOrderSegment(b int) ([]int, int) {
	prev := p.lastBoundaryBefore(b)
	var seg []int
	if prev >= 0 {
		seg = append(seg, prev)
	}
	for i := prev + 1; i < b; i++ {
		if !p.entries[i].sidechain {
			seg = append(seg, i)
		}
	}
	return seg, prev
}

// assemble emits messages segment by segment and one compaction per boundary.
