package sessions

import "strings"

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

// messages converts a user or assistant line's content to messages.
func (p *ccParser) messages(e *ccEntry, c *ccContent) {
	role := RoleUser
	if e.kind == ccAssistant {
		role = RoleAssistant
	}
	add := func(m ccMsg) {
		m.At, m.Line = e.at, e.line
		e.msgs = append(e.msgs, m)
	}
	if c.IsStr {
		if strings.TrimSpace(c.Str) != "" && !(role == RoleUser && isHarnessText(c.Str)) {
			add(ccMsg{Message: Message{Role: role, Text: c.Str}})
		}
		return
	}
	var text []string
	flush := func() {
		if len(text) > 0 {
			add(ccMsg{Message: Message{Role: role, Text: strings.Join(text, "\n\n")}})
			text = text[:0]
		}
	}
	for i := range c.Blocks {
		b := &c.Blocks[i]
		switch b.Type {
		case "text":
			if strings.TrimSpace(b.Text) == "" || (role == RoleUser && isHarnessText(b.Text)) {
				continue
			}
			text = append(text, b.Text)
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
