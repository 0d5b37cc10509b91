package sessions

import (
	"fmt"
	"strings"
)

// flushStandalone turns a bare compaction item that no compacted line claimed into
// an opaque round.
func (p *cxParser) flushStandalone() {
	sp := p.standalone
	if sp == nil {
		return
	}
	p.standalone = nil
	p.finishRound(sp.line, sp.at, sp.token, true, nil)
}

func (p *cxParser) compacted(n int, at string, pl *cxPayload) {
	msg := ""
	if s, ok := jsonString(pl.Message); ok {
		msg = s
	}
	retained := retainedUserTexts(pl.ReplacementHistory)
	sig := msg + "\x00" + strings.Join(retained, "\x00") + "\x00" + lastEncrypted(pl.ReplacementHistory)
	if p.lastCompLine > 0 && !p.itemsSince && sig == p.lastCompSig {
		p.warnf("line %d: repeats the compacted record of line %d (same content, nothing in between); dropped, not a second round", n, p.lastCompLine)
		return
	}
	p.lastCompSig, p.lastCompLine, p.itemsSince = sig, n, false
	summary, opaque := "", false
	if strings.TrimSpace(msg) != "" {
		summary, _ = stripCodexPrefix(msg)
	} else {
		// the summary-prefixed user message of replacement_history, else an encrypted item
		for i := len(pl.ReplacementHistory) - 1; i >= 0 && summary == ""; i-- {
			it := &pl.ReplacementHistory[i]
			if it.Type == "message" && it.Role == "user" {
				if t, _ := cxPartsText(it.Content); t != "" {
					if rest, ok := stripCodexPrefix(t); ok {
						summary = rest
					}
				}
			}
		}
		if summary == "" {
			opaque = true
			for i := len(pl.ReplacementHistory) - 1; i >= 0; i-- {
				it := &pl.ReplacementHistory[i]
				if (it.Type == "compaction" || it.Type == "compaction_summary") && it.EncryptedContent != nil {
					summary = *it.EncryptedContent
					break
				}
			}
			if summary == "" && p.standalone != nil {
				summary = p.standalone.token
			}
			if summary == "" {
				p.warnf("line %d: compaction with an empty message and no encrypted item: an opaque round with nothing to read", n)
			}
		}
	}
	p.standalone = nil
	if !opaque {
		retained = nil // a readable summary is judged against the retained messages too
	}
	p.finishRound(n, at, summary, opaque, retained)
}

// retainedUserTexts lists the user messages a replacement_history keeps verbatim
// (not the summary message, not injected context).
func retainedUserTexts(items []cxPayload) []string {
	var out []string
	for i := range items {
		it := &items[i]
		if it.Type != "message" || it.Role != "user" {
			continue
		}
		t, _ := cxPartsText(it.Content)
		if _, isSummary := stripCodexPrefix(t); isSummary || isCodexContext(t) || strings.TrimSpace(t) == "" {
			continue
		}
		out = append(out, strings.TrimSpace(t))
	}
	return out
}

// lastEncrypted is the encrypted token of a replacement_history's compaction item.
func lastEncrypted(items []cxPayload) string {
	for i := len(items) - 1; i >= 0; i-- {
		if it := &items[i]; (it.Type == "compaction" || it.Type == "compaction_summary") && it.EncryptedContent != nil {
			return *it.EncryptedContent
		}
	}
	return ""
}

// finishRound closes the current segment as a round. retained lists the user
// messages an opaque compaction kept verbatim beside its encrypted item: they were
// not replaced, so they are the round's Preserved messages, not its sources (nothing
// can be judged lost in a round whose summary cannot be read).
func (p *cxParser) finishRound(n int, at, summary string, opaque bool, retained []string) {
	var sources, kept []string
	if p.prevComp != "" {
		sources = append(sources, p.prevComp)
	}
	keep := map[string]int{}
	for _, t := range retained {
		keep[t]++
	}
	for _, i := range p.seg {
		m := &p.s.Messages[i]
		if t := strings.TrimSpace(m.Text); m.Role == RoleUser && m.Kind == KindText && keep[t] > 0 {
			keep[t]--
			kept = append(kept, m.ID)
			continue
		}
		sources = append(sources, m.ID)
	}
	p.seg = nil
	if len(sources) == 0 && len(kept) > 0 {
		// only retained messages: nothing was replaced here, so there is no round
		p.warnf("line %d: compaction that replaced nothing in this file (it kept every message before it); not audited as a round", n)
		return
	}
	if len(sources) == 0 {
		// nothing this compaction replaced is in the file
		if opaque || strings.TrimSpace(summary) == "" {
			p.warnf("line %d: compaction with nothing before it in this file; not audited as a round", n)
			return
		}
		p.warnf("line %d: compaction with nothing before it in this file; its summary is kept as a system message and not audited as a round", n)
		p.add(Message{Role: RoleSystem, Name: "compact_summary", Text: summary, At: at, Line: n}, true)
		p.knownSummary[strings.TrimSpace(summary)] = true
		return
	}
	p.round++
	c := Compaction{ID: fmt.Sprintf("c%d", p.round), Round: p.round, Parent: p.prevComp, Sources: sources,
		Summary: summary, Opaque: opaque || LooksOpaque(summary), Model: p.model, At: at, Line: n, Preserved: kept}
	if c.Opaque {
		c.Policy = "remote"
	} else {
		c.Policy = "local"
		p.knownSummary[strings.TrimSpace(summary)] = true
	}
	p.s.Compactions = append(p.s.Compactions, c)
	p.prevComp = c.ID
	if p.turnOpen {
		if p.pendingComp >= 0 {
			p.turnItems++ // a second compaction in one turn: the first was not a lone /compact
			p.settleTrigger()
		}
		p.pendingComp, p.itemsAtComp, p.turnItems = len(p.s.Compactions)-1, p.turnItems, 0
	} else if p.sawTurns {
		p.s.Compactions[len(p.s.Compactions)-1].Trigger = "auto"
	}
}
