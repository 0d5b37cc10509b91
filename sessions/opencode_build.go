package sessions

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// ---- building the session -------------------------------------------------------------

// ocBuild keeps what DCP needs to map OpenCode ids onto the session's message ids:
// per session message the OpenCode message it came from, and the tool calls. The
// maps by id are made only when asked for (a DCP state, an overflow compaction), so a
// session without them costs no map of its whole size.
type ocBuild struct {
	origins []string            // session message i came from OpenCode message origins[i]
	calls   [][2]string         // tool callID, session message id (call and result)
	byMsg   map[string][]string // OpenCode message id -> session message ids, once asked for
	native  []ocNative
}

// byMessage maps each OpenCode message id to the ids of the session messages made of
// it so far; once made, add keeps it current.
func (b *ocBuild) byMessage(s *Session) map[string][]string {
	if b.byMsg == nil {
		b.byMsg = make(map[string][]string)
		for i, o := range b.origins {
			b.byMsg[o] = append(b.byMsg[o], s.Messages[i].ID)
		}
	}
	return b.byMsg
}

// add appends msg, made of OpenCode message origin, to the session.
func (b *ocBuild) add(s *Session, msg Message, origin string) {
	s.Messages = append(s.Messages, msg)
	b.origins = append(b.origins, origin)
	if b.byMsg != nil {
		b.byMsg[origin] = append(b.byMsg[origin], msg.ID)
	}
}

// byCall maps a tool callID to the session messages of the call and its result.
func (b *ocBuild) byCall() map[string][]string {
	out := make(map[string][]string, len(b.calls))
	for _, c := range b.calls {
		out[c[0]] = append(out[c[0]], c[1])
	}
	return out
}

type ocNative struct {
	comp int     // index into Session.Compactions
	at   float64 // ms
}

func buildOpenCode(path, sid string, msgs []*ocMsg, format string) (*Session, *ocBuild, error) {
	// OpenCode's ids sort by creation time, as do the creation times; by time first, so
	// that hand-numbered ids (msg_9, msg_10) cannot reorder a file that has times.
	sort.SliceStable(msgs, func(i, j int) bool {
		if msgs[i].created != msgs[j].created && msgs[i].created > 0 && msgs[j].created > 0 {
			return msgs[i].created < msgs[j].created
		}
		return idLess(msgs[i].ID, msgs[j].ID)
	})
	n := 0
	for _, m := range msgs {
		n += len(m.out)
	}
	s := &Session{Format: format, Path: path, ID: sid, Messages: make([]Message, 0, n)}
	b := &ocBuild{origins: make([]string, 0, n)}

	// Completed summaries by the id of the compaction request they answer (a finished
	// one first). Before compaction requests existed, a summary answered an ordinary
	// prompt and stood alone: a "legacy" summary.
	requests := map[string]bool{}
	for _, m := range msgs {
		if m.Role == "user" && m.request != nil {
			requests[m.ID] = true
		}
	}
	summaries := map[string]*ocMsg{}
	legacy := map[string]bool{}
	for _, m := range msgs {
		if m.Role != "assistant" || !m.summary || m.failed || strings.TrimSpace(m.text) == "" {
			continue
		}
		if !requests[m.ParentID] {
			legacy[m.ID] = true
			continue
		}
		if cur, ok := summaries[m.ParentID]; !ok || (!cur.finished && m.finished) {
			summaries[m.ParentID] = m
		}
	}

	var window []int // the session messages (by index) since the last compaction
	prev := ""
	var lastUser *ocMsg
	ids := func(idx []int) []string {
		var out []string
		for _, i := range idx {
			out = append(out, s.Messages[i].ID)
		}
		return out
	}
	// compact records the compaction sum made of the window; request is nil for a
	// legacy summary.
	compact := func(sum *ocMsg, request *ocRequest, after []*ocMsg) {
		var sources, preserved []string
		if prev != "" {
			sources = append(sources, prev)
		}
		keepFrom := len(window)
		switch {
		case request == nil:
		case request.tailStartID != "":
			// Messages from tail_start_id on were kept verbatim.
			for i, k := range window {
				if b.origins[k] == request.tailStartID {
					keepFrom = i
					break
				}
			}
		case request.overflow && lastUser != nil && replayed(after, lastUser, sum):
			// On overflow the last real prompt is replayed after the summary.
			for i, k := range window {
				if b.origins[k] == lastUser.ID {
					keepFrom = i
					break
				}
			}
			if keepFrom < len(window) {
				preserved = append(preserved, b.byMessage(s)[lastUser.ID]...)
				var rest []int
				for _, k := range window[keepFrom:] {
					if b.origins[k] != lastUser.ID {
						rest = append(rest, k)
					}
				}
				window = append(window[:keepFrom:keepFrom], rest...)
				keepFrom = len(window)
			}
		}
		sources = append(sources, ids(window[:keepFrom])...)
		preserved = append(preserved, ids(window[keepFrom:])...)
		if len(sources) == 0 {
			return // nothing before it: not an auditable round
		}
		c := Compaction{
			ID: sum.ID, Parent: prev, Sources: sources, Preserved: preserved,
			Summary: sum.text, Model: sum.ModelID, At: msTime(sum.created), Line: sum.line,
		}
		if request != nil {
			c.Trigger = "manual"
			if request.auto {
				c.Trigger = "auto"
			}
		}
		if sum.hasTokens {
			c.PreTokens = sum.preTokens
		}
		c.Opaque = LooksOpaque(c.Summary)
		s.Compactions = append(s.Compactions, c)
		b.native = append(b.native, ocNative{comp: len(s.Compactions) - 1, at: sum.created})
		prev = sum.ID
		window = append([]int(nil), window[keepFrom:]...)
	}
	for mi, m := range msgs {
		switch m.Role {
		case "user", "assistant":
		default:
			return nil, nil, &InputError{Path: m.file, Line: m.line, Where: "role", Msg: fmt.Sprintf("unknown role %q (want user or assistant)", shorten(m.Role, maxQuoted))}
		}
		if requests[m.ID] {
			if sum := summaries[m.ID]; sum != nil {
				compact(sum, m.request, msgs[mi+1:])
			}
			continue // the request itself is harness text, not a message
		}
		if legacy[m.ID] {
			compact(m, nil, nil)
			continue
		}
		if m.Role == "assistant" && m.summary {
			continue // a summary (or a failed summary attempt): not a message
		}
		if m.Role == "user" && m.hasText {
			lastUser = m
		}
		// OpenCode never sends a failed assistant turn to the model again (aborted turns
		// excepted), so no summary saw it: keep it as a message, not as a source.
		unseen := m.Role == "assistant" && m.failed && !m.aborted
		for _, msg := range m.out {
			b.add(s, msg, m.ID)
			if !unseen {
				window = append(window, len(s.Messages)-1)
			}
		}
		b.calls = append(b.calls, m.calls...)
		m.out = nil
	}
	return s, b, nil
}

// idLess orders ids: OpenCode's own ids have one length and sort as strings; ids of
// different lengths are compared with their digit runs as numbers (msg_9 < msg_10).
func idLess(a, b string) bool {
	if len(a) == len(b) {
		return a < b
	}
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			if na != nb {
				return na < nb
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// toolResultSuffix turns a tool part's id into its result message's id.
const toolResultSuffix = ":result"

// replayed reports whether a user message after the summary repeats user's text.
func replayed(after []*ocMsg, user, summary *ocMsg) bool {
	want := user.text
	for _, m := range after {
		if m.Role == "user" && m.ID > summary.ID && m.text == want {
			return true
		}
	}
	return false
}

func hasError(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && string(t) != "null"
}

func errorName(raw json.RawMessage) string {
	var e struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(raw, &e)
	return e.Name
}

func hasText(parts []ocPart) bool {
	for _, p := range parts {
		if p.Type == "text" && !p.Synthetic && !p.Ignored && strings.TrimSpace(string(p.Text)) != "" {
			return true
		}
	}
	return false
}

// partsText joins a message's text parts.
func partsText(parts []ocPart) string {
	var out []string
	for _, p := range parts {
		if p.Type == "text" && !p.Ignored {
			out = append(out, string(p.Text))
		}
	}
	return joinNonEmpty(out)
}

// ocMessagesOf turns one OpenCode message into session messages, one per part that
// says something: text, reasoning, tool call and tool result.
func ocMessagesOf(m *ocMessage) []Message {
	out := ocPartsMessages(m)
	for i := range out {
		out[i].Line = m.line
	}
	return out
}

func ocPartsMessages(m *ocMessage) []Message {
	var out []Message
	at := func(p ocPart) string {
		if p.Time != nil && p.Time.Start > 0 {
			return msTime(p.Time.Start)
		}
		return msTime(m.Time.Created)
	}
	for _, p := range m.parts {
		switch p.Type {
		case "text":
			if p.Ignored || strings.TrimSpace(string(p.Text)) == "" {
				continue
			}
			role := RoleAssistant
			if m.Role == "user" {
				role = RoleUser
				if p.Synthetic {
					role = RoleSystem // injected by the harness, not typed by the user
				}
			}
			out = append(out, Message{ID: p.ID, Role: role, Text: string(p.Text), At: at(p)})
		case "reasoning":
			if strings.TrimSpace(string(p.Text)) != "" {
				out = append(out, Message{ID: p.ID, Role: RoleAssistant, Kind: KindThinking, Text: string(p.Text), At: at(p)})
			}
		case "subtask":
			if strings.TrimSpace(p.Prompt) != "" {
				out = append(out, Message{ID: p.ID, Role: RoleUser, Text: p.Prompt, At: at(p)})
			}
		case "tool":
			if p.State == nil {
				continue
			}
			callAt, doneAt := msTime(m.Time.Created), ""
			if p.State.Time != nil {
				callAt, doneAt = msTime(p.State.Time.Start), msTime(p.State.Time.End)
			}
			out = append(out, Message{ID: p.ID, Role: RoleAssistant, Kind: KindToolCall, Name: p.Tool, Text: callText(p.Tool, string(p.State.Input)), At: callAt})
			switch p.State.Status {
			case "completed":
				out = append(out, Message{ID: p.ID + toolResultSuffix, Role: RoleTool, Kind: KindToolResult, Name: p.Tool, Text: string(p.State.Output), At: doneAt})
			case "error":
				out = append(out, Message{ID: p.ID + toolResultSuffix, Role: RoleTool, Kind: KindToolResult, Name: p.Tool, Text: string(p.State.Error), IsError: true, At: doneAt})
			}
		}
	}
	return out
}

// msTime formats Unix milliseconds ("" for zero).
func msTime(ms float64) string {
	if ms <= 0 {
		return ""
	}
	return unixTime(ms)
}

// finishOpenCode numbers the rounds by time, indexes and validates.
func finishOpenCode(s *Session) (*Session, error) {
	sort.SliceStable(s.Compactions, func(i, j int) bool { return s.Compactions[i].At < s.Compactions[j].At })
	isComp := map[string]bool{}
	for i := range s.Compactions {
		c := &s.Compactions[i]
		c.Round = i + 1
		isComp[c.ID] = true
		if c.Parent == "" {
			for _, src := range c.Sources {
				if isComp[src] {
					c.Parent = src
					break
				}
			}
		}
	}
	s.Index()
	if err := Validate(s, lineLocator(s)); err != nil {
		return nil, err
	}
	return s, nil
}
