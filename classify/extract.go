package classify

import (
	"strings"
)

// Source is one message (or summary) to extract facts from.
type Source struct {
	ID   string
	Role string // user, assistant, tool, system, summary
	// Kind is the message kind (tool_call, tool_result, thinking, instruction, image; "" for text).
	Kind    string
	Name    string
	IsError bool
	Text    string
	// Path is, for a tool result, the file or URL the call read (when known).
	Path string
	// JudgedOnly asks for the judged facts alone: no evidence lines (they are the
	// costly part of tool output, and what follows a compaction is read for its
	// judged facts only). The judged facts are the same as without it.
	JudgedOnly bool
}

// Message kinds as the sessions package names them.
const (
	kindToolCall    = "tool_call"
	kindToolResult  = "tool_result"
	kindThinking    = "thinking"
	kindInstruction = "instruction"
	kindImage       = "image"
)

// Extract splits a message's text into facts and fills each fact's claim. role is the
// message's role ("summary" for a compaction summary). Facts are numbered from 0.
func Extract(msgID, role, text string) []Fact {
	return ExtractSource(Source{ID: msgID, Role: role, Text: text})
}

// pastedFacts are the facts of what the user pasted from a program: its failure lines
// are failure records, the program's as a tool's would be ("unknown command
// \"session\"" in a script's log); the rest is evidence.
func pastedFacts(id string, pasted []Span) []Fact {
	var out []Fact
	fails := 0
	for k, sp := range pasted {
		if k == maxEvidenceFacts {
			break
		}
		if fails < maxFailureFacts && len(sp.Text) <= maxEvidenceLine && failureLine(sp.Text) {
			out = append(out, failureLineFact(id, sp))
			fails++
			continue
		}
		out = append(out, evidenceFact(id, sp))
	}
	return out
}

// ExtractSource extracts the facts of one message according to what it is: the user's
// words, the assistant's reply or reasoning, injected instructions and summaries are
// split into facts with their claims; tool output yields its failure lines, a
// document's sentences, the user's words in a rejected tool call, and evidence lines
// (searched, never judged as lost); tool calls yield none.
func ExtractSource(src Source) []Fact {
	var out []Fact
	switch {
	case src.Kind == kindImage:
		return nil
	case src.Kind == kindToolCall && src.JudgedOnly:
		return nil // (a call's facts are evidence)
	case src.Kind == kindToolCall:
		out = callEvidence(src)
	case src.Role == "summary":
		out = prose(src.ID, "summary", OriginSummary, summaryBody(src.Text), true)
	case src.Role == "tool" || src.Kind == kindToolResult:
		out = toolFacts(src)
	case src.Role == "user":
		body, pasted := blankPasted(userBody(src.Text))
		out = prose(src.ID, "user", OriginUser, body, false)
		markPasted(out, pastedProse(body))
		out = append(out, pastedFacts(src.ID, pasted)...)
	case src.Role == "system" || src.Kind == kindInstruction:
		out = prose(src.ID, "system", OriginInstruction, src.Text, false)
	case src.Kind == kindThinking:
		out = prose(src.ID, "assistant", OriginThinking, src.Text, false)
	default:
		out = prose(src.ID, src.Role, OriginAssistant, src.Text, false)
	}
	if src.JudgedOnly {
		out = judgedOnly(out)
	}
	reloaded, command := "", ""
	if src.Role == "system" || src.Kind == kindInstruction {
		if reloadable(src.Name) {
			reloaded = src.Name
		} else if strings.HasPrefix(src.Name, "command:") {
			command = src.Name
		}
	}
	plan := (src.Role == "system" || src.Kind == kindInstruction) && src.Name == "plan"
	for i := range out {
		out[i].Index = i
		out[i].Reloaded = reloaded
		out[i].Command = command
		out[i].Plan = plan
	}
	return out
}

// judgedOnly drops the evidence facts of out, in place.
func judgedOnly(out []Fact) []Fact {
	kept := out[:0]
	for _, f := range out {
		if !f.Evidence {
			kept = append(kept, f)
		}
	}
	return kept
}

// reloadable reports whether an injected instruction, named by its origin, is one the
// harness loads again on demand: a skill (its tool call reads the body again) or a memory
// file the harness reads at every start and after a compaction. A slash command's prompt
// or a hook's context is said once.
func reloadable(name string) bool {
	if strings.HasPrefix(name, "skill:") {
		return true
	}
	base := name[strings.LastIndexAny(name, "/\\")+1:]
	switch strings.ToUpper(base) {
	case "CLAUDE.MD", "CLAUDE.LOCAL.MD", "AGENTS.MD", "AGENTS.OVERRIDE.MD", "GEMINI.MD":
		return true
	}
	return false
}

// prose splits text into facts and analyses each.
func prose(id, role, origin, text string, summary bool) []Fact {
	spans, headings := splitWithHeadings(text)
	out := make([]Fact, 0, len(spans))
	var sections sectionTracker
	for _, sp := range spans {
		f := newFact(id, role, origin, sp)
		f.Item = itemNumber(text, sp.Start)
		if templateLine(f.Text) {
			f.Act = ActTemplate
		}
		sec := SectionOf(sp.Context)
		if summary {
			sec = sections.at(sp.Context)
			f.Section = sec
			describedOnly(&f)
		}
		if sec == SecUserMessages && f.Provenance.Source == "" {
			// a list of the user's messages (a summary template's section, or a recap
			// under such a heading): each item is the user's
			f.Provenance.Source, f.Provenance.Who = "user", "user"
		}
		out = append(out, f)
	}
	if !summary {
		out = appendHeadings(out, id, role, headings)
	}
	return out
}

// appendHeadings adds a source's headings that name a value ("# INC-2231: stale
// replica reads") as evidence lines: a heading is no claim to keep, but what it names
// the sources have said.
func appendHeadings(out []Fact, id, role string, headings []Span) []Fact {
	for _, sp := range headings {
		if toks := Values(sp.Text); len(toks) > 0 {
			f := toolLine(id, sp, toks)
			f.Role, f.Provenance.Role = role, role
			f.Words = Terms(sp.Text, toks)
			out = append(out, f)
		}
	}
	return out
}

func newFact(id, role, origin string, sp Span) Fact {
	f := Fact{Message: id, Role: role, Origin: origin, Text: sp.Text, Start: sp.Start, End: sp.End, Context: sp.Context, Code: sp.Code, Lang: sp.Lang}
	f.Tokens = Values(f.Text)
	f.Words = Terms(f.Text, f.Tokens)
	if f.Code {
		f.Provenance = Provenance{Role: role}
		f.Classes = []Class{EvidenceReference}
		f.Act = ActReport
		f.Subjects = subjectsOf(f.Text, f.Tokens)
		return f
	}
	analyze(&f)
	return f
}

// itemNumber is the number of the numbered list item a span opens ("3" for "3. Drop
// the cache"), "" when the span does not open one.
func itemNumber(text string, start int) string {
	if start <= 0 || start > len(text) {
		return ""
	}
	ls := strings.LastIndexByte(text[:start], '\n') + 1
	pre := strings.TrimSpace(text[ls:start])
	if len(pre) == 2 && pre[0] >= '1' && pre[0] <= '9' && (pre[1] == '.' || pre[1] == ')') {
		return pre[:1]
	}
	return ""
}

// userBody blanks what the agent injected into a user turn (system reminders,
// command wrappers) and keeps what the user typed, at the same offsets.
func userBody(text string) string {
	text = blankTagged(text, "system-reminder")
	text = blankTagged(text, "local-command-stdout")
	text = blankTagged(text, "bash-stdout")
	text = blankTagged(text, "bash-stderr")
	for _, tag := range []string{"command-name", "command-message", "command-args", "user-prompt-submit-hook", "bash-input"} {
		text = strings.ReplaceAll(text, "<"+tag+">", spaces(len(tag)+2))
		text = strings.ReplaceAll(text, "</"+tag+">", "\n"+spaces(len(tag)+2))
	}
	return text
}

func spaces(n int) string { return strings.Repeat(" ", n) }

// blankTagged blanks <tag>...</tag> blocks (newlines kept, so offsets stay).
func blankTagged(text, tag string) string {
	open, close := "<"+tag+">", "</"+tag+">"
	for from := 0; ; {
		i := strings.Index(text[from:], open)
		if i < 0 {
			return text
		}
		i += from
		j := strings.Index(text[i:], close)
		end := len(text)
		if j >= 0 {
			end = i + j + len(close)
		}
		b := []byte(text)
		for k := i; k < end; k++ {
			if b[k] != '\n' {
				b[k] = ' '
			}
		}
		text, from = string(b), end
	}
}
