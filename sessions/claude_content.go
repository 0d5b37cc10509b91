package sessions

import (
	"regexp"
	"strings"
)

// contentText joins the text of string-or-blocks content.
func contentText(c *ccContent) string {
	if c.IsStr {
		return c.Str
	}
	var parts []string
	for _, b := range c.Blocks {
		if b.Type == "text" && b.Text != "" {
			parts = append(parts, b.Text)
		}
	}
	return strings.Join(parts, "\n\n")
}

// harnessPrefixes start user text the CLI writes itself (slash commands, their output,
// caveats, interruptions): not a human prompt.
var harnessPrefixes = []string{"<command-name>", "<command-message>", "<command-args>", "<local-command-stdout>", "<local-command-stderr>", "Caveat:", "[Request interrupted by user", "<system-reminder>", "<user-prompt-submit-hook>"}

func isHarnessText(s string) bool {
	t := strings.TrimLeft(s, " \t\r\n")
	for _, p := range harnessPrefixes {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	// the files the CLI re-attaches after a compaction
	for _, p := range [][2]string{{"Called the ", " tool with the following input:"}, {"Result of calling the ", " tool:"}} {
		if rest, ok := strings.CutPrefix(t, p[0]); ok {
			if i := strings.Index(rest, p[1]); i > 0 && !strings.ContainsAny(rest[:i], " \n") {
				return true
			}
		}
	}
	return false
}

// messages converts a user or assistant line's content to messages. User text is
// sorted by origin (see userText): the user's words, tool-like output the CLI wrote
// (local command output, background task notices), injected instructions, or
// harness text that is left out. An isMeta line is an injection (metaMessages).
func (p *ccParser) messages(e *ccEntry, c *ccContent, r *ccLine) {
	if e.kind == ccUser && e.meta {
		p.metaMessages(e, c, r)
		return
	}
	if e.kind == ccUser && r.PlanContent != "" {
		p.planMessage(e, c)
		return
	}
	role := RoleUser
	if e.kind == ccAssistant {
		role = RoleAssistant
	}
	add := func(m ccMsg) {
		m.At, m.Line = e.at, e.line
		e.msgs = append(e.msgs, m)
	}
	var text []string
	flush := func() {
		if len(text) > 0 {
			add(ccMsg{Message: Message{Role: role, Text: strings.Join(text, "\n\n")}})
			text = text[:0]
		}
	}
	piece := func(s string) {
		if strings.TrimSpace(s) == "" {
			return
		}
		if role != RoleUser {
			text = append(text, s)
			return
		}
		m, keep, words := p.userText(e, s)
		switch {
		case words:
			text = append(text, m.Text)
		case keep:
			flush()
			add(m)
		}
	}
	if c.IsStr {
		piece(c.Str)
		flush()
		return
	}
	for i := range c.Blocks {
		b := &c.Blocks[i]
		switch b.Type {
		case "text":
			piece(b.Text)
		case "tool_use", "server_tool_use":
			flush()
			if b.ID != "" {
				p.toolName[b.ID] = b.Name
			}
			add(ccMsg{Message: Message{Role: RoleAssistant, Kind: KindToolCall, Name: b.Name, Text: renderToolCall(b.Name, b.Input)}, toolUseID: b.ID})
		case "tool_result":
			flush()
			t := ""
			if b.Content != nil {
				t = toolResultText(b.Content)
			}
			add(ccMsg{Message: Message{Role: RoleTool, Kind: KindToolResult, Text: t, IsError: b.IsError}, toolUseID: b.ToolUseID})
		case "thinking":
			flush()
			if strings.TrimSpace(b.Thinking) != "" {
				add(ccMsg{Message: Message{Role: RoleAssistant, Kind: KindThinking, Text: b.Thinking}})
			}
		case "redacted_thinking":
			// encrypted: nothing readable, and not a loss a summary could make good
		case "image", "document":
			flush()
			add(ccMsg{Message: Message{Role: role, Kind: KindImage, Text: mediaPlaceholder(b)}})
		}
	}
	flush()
}

// planTrailer starts the harness's note after an accepted plan (where the transcript
// from before plan mode is).
const planTrailer = "If you need specific details from before exiting plan mode"

// planMessage converts the line Claude Code writes when the user accepts a plan: the
// plan is the agent's, approved, so it becomes an instruction named "plan", not the
// user's words. The harness's note after it (where the earlier transcript is) is kept
// as harness output: evidence for the paths it names, nothing to keep.
func (p *ccParser) planMessage(e *ccEntry, c *ccContent) {
	text, note := contentText(c), ""
	if i := strings.Index(text, planTrailer); i >= 0 {
		text, note = strings.TrimSpace(text[:i]), strings.TrimSpace(text[i:])
	}
	if text != "" {
		e.msgs = append(e.msgs, ccMsg{Message: Message{Role: RoleSystem, Kind: KindInstruction, Name: "plan", Text: text, At: e.at, Line: e.line}})
	}
	if note != "" {
		e.msgs = append(e.msgs, ccMsg{Message: Message{Role: RoleTool, Kind: KindToolResult, Name: "harness", Text: note, At: e.at, Line: e.line}})
	}
}

// userText sorts one piece of user text: words is true for the user's own words (m.Text
// is the text); otherwise keep says whether m is a message of its own (tool-like
// output, an injected instruction) or the piece is harness text left out. A slash
// command line sets e.cmd; a command with arguments is the user's words ("/review
// this branch"), except /compact, whose arguments are the round's instructions.
func (p *ccParser) userText(e *ccEntry, s string) (m ccMsg, keep, words bool) {
	t := strings.TrimLeft(s, " \t\r\n")
	switch {
	case strings.HasPrefix(t, "<command-name>") || strings.HasPrefix(t, "<command-message>"):
		cmd := parseCommand(t)
		e.cmd = cmd
		if cmd != nil && cmd.args != "" && cmd.name != "/compact" {
			return ccMsg{Message: Message{Role: RoleUser, Text: cmd.name + " " + cmd.args}}, true, true
		}
		return m, false, false
	case strings.HasPrefix(t, "<local-command-stdout>") || strings.HasPrefix(t, "<local-command-stderr>"):
		return p.localOutput(e, t)
	case strings.HasPrefix(t, "<bash-input>"):
		// a shell command the user ran with "!": their action, in their syntax
		if in := strings.TrimSpace(tagText(t, "bash-input")); in != "" {
			return ccMsg{Message: Message{Role: RoleUser, Text: "!" + in}}, true, true
		}
		return m, false, false
	case strings.HasPrefix(t, "<bash-stdout>") || strings.HasPrefix(t, "<bash-stderr>"):
		out := joinLines(tagText(t, "bash-stdout"), tagText(t, "bash-stderr"))
		if out == "" {
			return m, false, false
		}
		return ccMsg{Message: Message{Role: RoleTool, Kind: KindToolResult, Name: "bash", Text: out}}, true, false
	case strings.HasPrefix(t, "<task-notification>") || strings.HasPrefix(t, "<agent-notification>"):
		return ccMsg{Message: Message{Role: RoleTool, Kind: KindToolResult, Name: notificationName(t), Text: s}}, true, false
	case strings.HasPrefix(t, "<system-reminder>") || strings.HasPrefix(t, "<user-prompt-submit-hook>"):
		if in, ok := instruction(s, ""); ok {
			return in, true, false
		}
		return m, false, false
	case isHarnessText(t):
		return m, false, false
	}
	return ccMsg{Message: Message{Role: RoleUser, Text: s}}, false, true
}

// localOutput is a local command's output (<local-command-stdout>): tool-like output
// named after the command, not the user's words. The /compact command's own echo
// ("Compacted ...") is left out: it is the compaction itself.
func (p *ccParser) localOutput(e *ccEntry, t string) (ccMsg, bool, bool) {
	name := "local-command"
	if i, ok := p.byUUID[e.parent]; ok && p.entries[i].cmd != nil {
		name = p.entries[i].cmd.name
	}
	out := stripSGR(joinLines(tagText(t, "local-command-stdout"), tagText(t, "local-command-stderr")))
	if strings.TrimSpace(out) == "" || name == "/compact" || (p.afterSummary(e) && strings.HasPrefix(out, "Compacted")) {
		return ccMsg{}, false, false
	}
	return ccMsg{Message: Message{Role: RoleTool, Kind: KindToolResult, Name: name, Text: out}}, true, false
}

// afterSummary reports whether e follows a compaction summary closely (its parent or
// grandparent is one): where the /compact command's echo is written.
func (p *ccParser) afterSummary(e *ccEntry) bool {
	cur := e
	for step := 0; step < 2; step++ {
		i, ok := p.byUUID[cur.parent]
		if !ok {
			return false
		}
		cur = &p.entries[i]
		if cur.summary || cur.boundary {
			return true
		}
	}
	return false
}

// sgrRe matches a terminal control sequence (ESC [ ... final byte).
var sgrRe = regexp.MustCompile("\x1b\\[[0-9;?]*[ -/]*[@-~]")

// stripSGR removes terminal formatting a command printed.
func stripSGR(s string) string {
	if !strings.Contains(s, "\x1b") {
		return s
	}
	return sgrRe.ReplaceAllString(s, "")
}

// parseCommand reads a slash command line: <command-name>, <command-args>.
func parseCommand(t string) *ccCommand {
	name := strings.TrimSpace(tagText(t, "command-name"))
	if name == "" {
		return nil
	}
	if !strings.HasPrefix(name, "/") {
		name = "/" + name
	}
	return &ccCommand{name: name, args: strings.TrimSpace(tagText(t, "command-args"))}
}

// tagText is the text between <tag> and </tag> in s ("" when absent).
func tagText(s, tag string) string {
	_, rest, ok := strings.Cut(s, "<"+tag+">")
	if !ok {
		return ""
	}
	in, _, _ := strings.Cut(rest, "</"+tag+">")
	return in
}

// joinLines joins the non-empty parts with newlines.
func joinLines(parts ...string) string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n")
}

func notificationName(t string) string {
	if strings.HasPrefix(t, "<agent-notification>") {
		return "agent-notification"
	}
	return "task-notification"
}

func mediaPlaceholder(b *ccBlock) string {
	mt := ""
	if b.Source != nil {
		mt = b.Source.MediaType
	}
	if mt == "" {
		return "[" + b.Type + "]"
	}
	return "[" + b.Type + ": " + mt + "]"
}

// toolResultText is a tool_result's content: its text blocks, and a placeholder
// for each image.
func toolResultText(c *ccContent) string {
	if c.IsStr {
		return c.Str
	}
	var parts []string
	for i := range c.Blocks {
		b := &c.Blocks[i]
		switch b.Type {
		case "text":
			parts = append(parts, b.Text)
		case "image", "document":
			parts = append(parts, mediaPlaceholder(b))
		}
	}
	return strings.Join(parts, "\n")
}

// isChainKind reports whether an entry takes part in the conversation chain.
func (e *ccEntry) isChainKind() bool { return e.kind != ccOther }

// isMessageKind reports whether an entry can be a leaf (a user or assistant line).
func (e *ccEntry) isMessageKind() bool { return e.kind == ccUser || e.kind == ccAssistant }
