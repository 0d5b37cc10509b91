package sessions

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// CodexFormat is the name of the Codex CLI rollout JSONL reader
// ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl).
const CodexFormat = "Codex CLI rollout JSONL"

func init() {
	RegisterReader(jsonlReader(CodexFormat, sniffCodex, parseCodex))
}

// How the reader maps the file (see ../shared/formats.md section 2):
//
//   - File order is the order. Messages are the response_item lines: user, assistant,
//     developer and system messages; reasoning (kind thinking, its readable summary);
//     function, custom-tool and local-shell calls (role assistant, kind tool_call) and
//     their outputs (role tool, named after the call; a shell output loses Codex's
//     "Exit code/Wall time/Output:" frame, and a non-zero exit code stays as its first
//     line and marks it as an error). event_msg lines are the UI's copy of the same
//     turns and are not imported.
//   - Each "compacted" line is one round. Its summary is payload.message without the
//     fixed "Another language model started to solve this problem..." line, or the
//     summary-prefixed user message of replacement_history. A remote compaction
//     (empty message, a {"type":"compaction","encrypted_content":...} item) is an
//     opaque round: its summary is the encrypted token and nothing is guessed.
//   - A round's sources are the previous round's compaction plus every message since
//     the previous compacted line, except harness context (developer and system
//     messages, <environment_context>, AGENTS.md and similar injected user messages),
//     which Codex re-injects after a compaction anyway.
//   - The user messages that replacement_history carries over verbatim stay sources,
//     as ordinary messages of the round: the summary is still judged against them (a
//     number or an attribution it restates wrongly is a defect whatever else the
//     context holds), and the labelled fixtures, whose native files list them as
//     sources, agree. They are not duplicated: the copies in replacement_history are
//     the same messages, not new ones.
//   - The trigger is not recorded: a compaction in a turn that did nothing else is a
//     /compact ("manual"), one with model work around it in its turn is "auto"; with
//     no turn markers in the file it is left empty. Model is the turn's model.
//   - A bare {"type":"compaction"} response item that no compacted line claims is an
//     opaque round too; a compaction with nothing before it in the file is not a
//     round (its readable summary becomes a system message for the next round).
//   - Message ids are m1, m2, ... in file order, numbered as the native format numbers
//     them (a call is named after its output: m7.call; see renumberMessages); Line is
//     the file line.

// cxLine is one rollout line.
type cxLine struct {
	Timestamp string     `json:"timestamp"`
	Type      string     `json:"type"`
	Payload   *cxPayload `json:"payload"`
}

// cxPayload holds the fields of every payload kind the reader uses; values whose
// shape varies between kinds are kept raw.
type cxPayload struct {
	Type               string          `json:"type"`
	ID                 string          `json:"id"`
	Role               string          `json:"role"`
	Content            json.RawMessage `json:"content"`
	Summary            json.RawMessage `json:"summary"`
	EncryptedContent   *string         `json:"encrypted_content"`
	Name               string          `json:"name"`
	Arguments          json.RawMessage `json:"arguments"`
	Input              json.RawMessage `json:"input"`
	CallID             string          `json:"call_id"`
	Output             json.RawMessage `json:"output"`
	Action             json.RawMessage `json:"action"`
	Message            json.RawMessage `json:"message"`
	ReplacementHistory []cxPayload     `json:"replacement_history"`
	Model              string          `json:"model"`
	TurnID             string          `json:"turn_id"`
	ModelProvider      string          `json:"model_provider"`
}

// CodexSummaryPrefix starts the text of a local compaction's summary (Codex's
// templates/compact/summary_prefix.md; the rest of that line varies by version).
const CodexSummaryPrefix = "Another language model started to solve this problem"

// stripCodexPrefix removes the summary prefix line from a local compaction summary.
func stripCodexPrefix(s string) (string, bool) {
	t := strings.TrimLeft(s, " \t\r\n")
	if !strings.HasPrefix(t, CodexSummaryPrefix) {
		return s, false
	}
	i := strings.IndexByte(t, '\n')
	if i < 0 {
		return "", true
	}
	return strings.TrimLeft(t[i+1:], "\r\n"), true
}

// codexContextPrefixes start user messages the harness injects.
var codexContextPrefixes = []string{"<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<permissions instructions>", "<INSTRUCTIONS>", "<collaboration_mode>", "<turn_aborted>"}

func isCodexContext(s string) bool {
	t := strings.TrimLeft(s, " \t\r\n")
	for _, p := range codexContextPrefixes {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	return false
}

// sniffCodex claims JSONL whose lines are {timestamp, type, payload} with a rollout
// item type.
func sniffCodex(head []byte) bool {
	type probe struct {
		Type    *string          `json:"type"`
		Payload *json.RawMessage `json:"payload"`
	}
	return sniffJSONLRecords(head, 64, func(p *probe) bool {
		if p.Type == nil || p.Payload == nil {
			return false
		}
		switch *p.Type {
		case "session_meta", "response_item", "compacted", "turn_context", "event_msg":
			return true
		}
		return false
	})
}

// cxParser accumulates the session as lines arrive.
type cxParser struct {
	path     string
	s        *Session
	callName map[string]string
	// current segment (since the previous compacted line)
	seg      []int // indices of the source messages
	prevComp string
	round    int
	model    string
	// turn tracking, for the trigger
	sawTurns     bool
	turnOpen     bool
	turnItems    int // response items in the current turn
	justStarted  bool
	curTurn      string
	pendingComp  int // index in s.Compactions whose trigger waits for the turn's end, or -1
	itemsAtComp  int
	standalone   *cxPending
	knownSummary map[string]bool
	rolledBack   int
	pairKey      map[int]string
	// the last compacted line, to tell a repeated record from a new round
	lastCompSig  string
	lastCompLine int
	itemsSince   bool
}

// cxPending is a bare compaction response item not yet claimed by a compacted line.
type cxPending struct {
	token string
	line  int
	at    string
}

func parseCodex(path string, lines *jsonlLines, opt ReadOptions) (*Session, error) {
	p := &cxParser{path: path, s: &Session{Format: CodexFormat, Path: path}, callName: map[string]string{}, pendingComp: -1, knownSummary: map[string]bool{}, pairKey: map[int]string{}}
	bad := &badLines{path: path, skip: opt.SkipBad}
	records := 0
	for {
		raw, err := lines.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, &InputError{Path: path, Line: lines.line + 1, Msg: "read error: " + errMsg(err)}
		}
		if blank(raw) {
			continue
		}
		var rec cxLine
		if err := cxDecode(raw, &rec); err != nil {
			var te *fieldTypeError
			if errors.As(err, &te) {
				switch rec.Type {
				case "response_item", "compacted", "session_meta":
					if e := bad.badField(lines.line, te); e != nil {
						return nil, e
					}
				}
				continue
			}
			if e := bad.badErr(lines.line, err); e != nil {
				return nil, e
			}
			continue
		}
		if rec.Payload == nil {
			switch rec.Type {
			case "response_item", "compacted":
				if e := bad.bad(lines.line, fmt.Sprintf("%s line has no payload", rec.Type)); e != nil {
					return nil, e
				}
			}
			continue
		}
		records++
		p.line(lines.line, &rec)
	}
	if records == 0 {
		return nil, &InputError{Path: path, Line: 1, Msg: "no rollout records (lines of {timestamp, type, payload})"}
	}
	p.flushStandalone()
	p.endTurn()
	s := p.s
	if p.rolledBack > 0 {
		s.Warnings = append(s.Warnings, fmt.Sprintf("%d thread rollbacks are recorded; the turns they undid are still imported", p.rolledBack))
	}
	s.Warnings = append(bad.warnings(), s.Warnings...)
	renumberMessages(s, p.pairKey)
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

func (p *cxParser) warnf(format string, args ...any) {
	p.s.Warnings = append(p.s.Warnings, fmt.Sprintf(format, args...))
}

func (p *cxParser) line(n int, r *cxLine) {
	pl := r.Payload
	switch r.Type {
	case "session_meta":
		if p.s.ID == "" {
			p.s.ID = pl.ID
		}
	case "turn_context":
		if pl.Model != "" {
			p.model = pl.Model
		}
		if !(p.turnOpen && (p.justStarted || (pl.TurnID != "" && pl.TurnID == p.curTurn))) {
			p.startTurn(pl.TurnID)
		}
	case "event_msg":
		switch pl.Type {
		case "task_started", "turn_started":
			p.startTurn(pl.TurnID)
		case "task_complete", "turn_complete", "turn_aborted":
			p.endTurn()
		case "thread_rolled_back":
			p.rolledBack++
		}
	case "response_item":
		p.item(n, r.Timestamp, pl)
	case "compacted":
		p.compacted(n, r.Timestamp, pl)
	}
}

func (p *cxParser) startTurn(id string) {
	p.endTurn()
	p.sawTurns, p.turnOpen, p.justStarted, p.turnItems, p.curTurn = true, true, true, 0, id
}

func (p *cxParser) endTurn() {
	p.settleTrigger()
	p.turnOpen, p.justStarted = false, false
}

// settleTrigger decides the trigger of the compaction waiting for its turn to end:
// "manual" when the turn did nothing else (a /compact task), "auto" otherwise
// (compaction before or in the middle of a model turn). Codex records no trigger.
func (p *cxParser) settleTrigger() {
	if p.pendingComp < 0 {
		return
	}
	c := &p.s.Compactions[p.pendingComp]
	if c.Trigger == "" {
		if p.itemsAtComp == 0 && p.turnItems == 0 {
			c.Trigger = "manual"
		} else {
			c.Trigger = "auto"
		}
	}
	p.pendingComp = -1
}

// add appends a message; source says whether the next compaction replaces it. The
// id is provisional: renumberMessages sets the final ones.
func (p *cxParser) add(m Message, source bool) {
	m.ID = fmt.Sprintf("i%d", len(p.s.Messages)+1)
	p.s.Messages = append(p.s.Messages, m)
	if source {
		p.seg = append(p.seg, len(p.s.Messages)-1)
	}
}

func cxPartsText(raw json.RawMessage) (string, []string) {
	if len(raw) == 0 || raw[0] == 'n' {
		return "", nil
	}
	if s, ok := jsonString(raw); ok {
		return s, nil
	}
	if raw[0] != '[' {
		return "", nil
	}
	var text, images []string
	_ = jsElems(raw, func(e []byte) error {
		if e[0] != '{' {
			return nil
		}
		var typ, txt string
		d := ccDecoder{}
		_ = jsFields(e, func(k, v []byte) error {
			switch string(k) {
			case "type":
				d.str("type", v, &typ)
			case "text":
				d.str("text", v, &txt)
			}
			return nil
		})
		switch typ {
		case "input_text", "output_text", "text", "summary_text", "reasoning_text":
			text = append(text, txt)
		case "input_image", "output_image", "image":
			images = append(images, "[image]")
		}
		return nil
	})
	return strings.Join(text, "\n\n"), images
}

func (p *cxParser) item(n int, at string, pl *cxPayload) {
	if pl.Type == "compaction" || pl.Type == "compaction_summary" {
		tok := ""
		if pl.EncryptedContent != nil {
			tok = *pl.EncryptedContent
		}
		p.standalone = &cxPending{token: tok, line: n, at: at}
		return
	}
	p.flushStandalone()
	if pl.Type == "ghost_snapshot" || pl.Type == "other" {
		return
	}
	p.itemsSince = true
	p.turnItems++
	p.justStarted = false
	base := Message{At: at, Line: n}
	switch pl.Type {
	case "message":
		text, images := cxPartsText(pl.Content)
		m := base
		source := true
		switch pl.Role {
		case "user":
			m.Role = RoleUser
			if isCodexContext(text) {
				m.Role, source = RoleSystem, false
			} else if rest, ok := stripCodexPrefix(text); ok {
				if p.knownSummary[strings.TrimSpace(rest)] {
					return // the summary of a round, repeated as history
				}
				m.Role, source = RoleSystem, false
			}
		case "assistant":
			m.Role = RoleAssistant
		case "developer", "system":
			m.Role, source = RoleSystem, false
		default:
			return
		}
		if strings.TrimSpace(text) != "" {
			m.Text = text
			p.add(m, source)
		}
		for _, img := range images {
			im := base
			im.Role, im.Kind, im.Text = m.Role, KindImage, img
			p.add(im, source)
		}
	case "reasoning":
		sum, _ := cxPartsText(pl.Summary)
		body, _ := cxPartsText(pl.Content)
		text := sum
		if body != "" {
			if text != "" {
				text += "\n\n"
			}
			text += body
		}
		if strings.TrimSpace(text) == "" {
			return // encrypted only: nothing readable
		}
		m := base
		m.Role, m.Kind, m.Text = RoleAssistant, KindThinking, text
		p.add(m, true)
	case "function_call", "custom_tool_call":
		p.callName[pl.CallID] = pl.Name
		m := base
		m.Role, m.Kind, m.Name = RoleAssistant, KindToolCall, pl.Name
		args := pl.Arguments
		if pl.Type == "custom_tool_call" {
			args = pl.Input
		}
		if s, ok := jsonString(args); ok && pl.Type == "function_call" {
			// arguments is a JSON document inside a string
			if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") && json.Valid([]byte(t)) {
				args = json.RawMessage(t)
			}
		}
		m.Text = renderToolCall(pl.Name, args)
		p.pairKey[len(p.s.Messages)] = pl.CallID
		p.add(m, true)
	case "local_shell_call":
		p.callName[pl.CallID] = "local_shell"
		var act struct {
			Command []string `json:"command"`
		}
		_ = json.Unmarshal(pl.Action, &act)
		m := base
		m.Role, m.Kind, m.Name = RoleAssistant, KindToolCall, "local_shell"
		m.Text = "local_shell(" + strings.Join(act.Command, " ") + ")"
		p.pairKey[len(p.s.Messages)] = pl.CallID
		p.add(m, true)
	case "web_search_call":
		var act struct {
			Query string `json:"query"`
		}
		_ = json.Unmarshal(pl.Action, &act)
		m := base
		m.Role, m.Kind, m.Name = RoleAssistant, KindToolCall, "web_search"
		m.Text = "web_search(" + act.Query + ")"
		p.add(m, true)
	case "function_call_output", "custom_tool_call_output":
		text, isErr := toolOutputText(pl.Output)
		text, isErr = stripShellHeader(text, isErr)
		m := base
		m.Role, m.Kind, m.Name, m.Text, m.IsError = RoleTool, KindToolResult, p.callName[pl.CallID], text, isErr
		p.pairKey[len(p.s.Messages)] = pl.CallID
		p.add(m, true)
	}
}
