package sessions

import "fmt"

func (p *ccParser) assemble(s *Session, segments [][]int, bounds []int, summaryOf map[int]int) (*Session, error) {
	emitted := map[string]bool{}
	pairKey := map[int]string{}
	idsOf := func(ei int) []string {
		e := &p.entries[ei]
		ids := make([]string, len(e.msgs))
		for j := range e.msgs {
			if j == 0 {
				ids[j] = e.uuid
			} else {
				ids[j] = fmt.Sprintf("%s#%d", e.uuid, j+1)
			}
		}
		return ids
	}
	emit := func(ei int) []string {
		e := &p.entries[ei]
		if e.sidechain || e.visOnly || e.summary || len(e.msgs) == 0 {
			return nil
		}
		ids := idsOf(ei)
		if !emitted[e.uuid] {
			emitted[e.uuid] = true
			for j := range e.msgs {
				m := e.msgs[j].Message
				m.ID = ids[j]
				if k := e.msgs[j].toolUseID; k != "" {
					pairKey[len(s.Messages)] = k
				}
				s.Messages = append(s.Messages, m)
			}
		}
		return ids
	}
	segments = p.augment(segments)
	partial := ""
	if len(segments) > 0 {
		partial = p.partialReason(segments[0])
	}
	prevComp := ""
	round := 0
	for k, seg := range segments {
		var boundary = -1
		if k < len(bounds) {
			boundary = bounds[k]
		}
		var preserved map[string]bool
		if boundary >= 0 {
			preserved = p.preservedSet(boundary)
		}
		var sources, kept []string
		if prevComp != "" {
			sources = append(sources, prevComp)
		}
		for _, ei := range seg {
			ids := emit(ei)
			if boundary < 0 {
				continue
			}
			if preserved[p.entries[ei].uuid] {
				kept = append(kept, ids...)
				continue
			}
			sources = append(sources, ids...)
		}
		if boundary < 0 {
			continue
		}
		b := &p.entries[boundary]
		si, ok := summaryOf[boundary]
		if !ok {
			p.warnf("line %d: compact boundary has no isCompactSummary line after it; there is no summary to audit for it", b.line)
			continue
		}
		sum := &p.entries[si]
		if len(sources) == 0 {
			// Nothing this summary replaced is in the file (a session resumed from an
			// earlier file): keep its text as a system message, so the next round is
			// audited against it.
			p.warnf("line %d: none of the messages the compaction at line %d replaced are in this file; its summary is kept as a system message and not audited as a round", sum.line, b.line)
			sum.summary, sum.visOnly = false, false
			sum.msgs = []ccMsg{{Message: Message{Role: RoleSystem, Name: "compact_summary", Text: sum.text, At: sum.at, Line: sum.line}}}
			if k+1 < len(segments) {
				if !containsInt(segments[k+1], si) {
					segments[k+1] = append([]int{si}, segments[k+1]...)
				}
			} else {
				emit(si)
			}
			prevComp = ""
			continue
		}
		round++
		c := Compaction{ID: fmt.Sprintf("c%d", round), Round: round, Parent: prevComp, Sources: sources, Summary: sum.text,
			At: b.at, Line: b.line, Preserved: kept}
		if b.compact != nil {
			c.Trigger, c.PreTokens, c.PostTokens = b.compact.trigger, b.compact.pre, b.compact.post
		}
		c.Instructions = p.compactInstructions(boundary, si)
		if round == 1 {
			c.Partial = partial
		}
		s.Compactions = append(s.Compactions, c)
		prevComp = c.ID
	}
	s.Warnings = p.warn
	renumberMessages(s, pairKey)
	s.Index()
	if err := Validate(s, func(kind string, i int) (int, int) {
		switch kind {
		case "messages":
			if i < len(s.Messages) {
				return s.Messages[i].Line, 0
			}
		case "compactions":
			if i < len(s.Compactions) {
				return s.Compactions[i].Line, 0
			}
		}
		return 0, 0
	}); err != nil {
		return nil, err
	}
	return s, nil
}

// preservedSet lists the uuids a partial compaction kept verbatim: preservedMessages'
// uuids and the preservedSegment from tail back to head.
func (p *ccParser) preservedSet(b int) map[string]bool {
	ci := p.entries[b].compact
	if ci == nil || (ci.tail == "" && len(ci.preservedUUIDs) == 0) {
		return nil
	}
	set := map[string]bool{}
	for _, u := range ci.preservedUUIDs {
		set[u] = true
	}
	if ci.tail != "" && ci.head != "" {
		cur, ok := p.byUUID[ci.tail]
		found := false
		for steps := 0; ok && steps <= len(p.entries); steps++ {
			e := &p.entries[cur]
			set[e.uuid] = true
			if e.uuid == ci.head {
				found = true
				break
			}
			if e.parent == "" {
				break
			}
			cur, ok = p.byUUID[e.parent]
		}
		if !found {
			p.warnf("line %d: preservedSegment %s..%s is not a chain in this file; only preservedMessages are treated as kept", p.entries[b].line, ci.head, ci.tail)
			set = map[string]bool{}
			for _, u := range ci.preservedUUIDs {
				set[u] = true
			}
		}
	}
	return set
}

func containsInt(list []int, x int) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
