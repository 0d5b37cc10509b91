package sessions

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
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

// toolOutputText reads a function output: a string, a list of content items, or an
// object {content|output, success|metadata.exit_code}. A string that is itself such a
// JSON object (custom tools write {"output": ..., "metadata": ...}) is unwrapped.
func toolOutputText(raw json.RawMessage) (string, bool) {
	if s, ok := jsonString(raw); ok {
		t := strings.TrimSpace(s)
		if strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") {
			if text, isErr, ok := outputObject([]byte(t)); ok {
				return text, isErr
			}
		}
		return s, false
	}
	if len(raw) > 0 && raw[0] == '[' {
		text, images := cxPartsText(raw)
		if len(images) > 0 {
			text = strings.TrimSpace(text + "\n" + strings.Join(images, "\n"))
		}
		return text, false
	}
	if len(raw) > 0 && raw[0] == '{' {
		if text, isErr, ok := outputObject(raw); ok {
			return text, isErr
		}
	}
	return string(raw), false
}

// stripShellHeader removes the frame Codex puts around a shell tool's output,
// "Exit code: N\n[Wall time: ...\n]Output:\n", so the tool message is the output,
// as in the native rendering. A non-zero exit code is kept as the first line (a
// failure record is a fact) and marks the message as an error.
func stripShellHeader(text string, isErr bool) (string, bool) {
	rest, ok := strings.CutPrefix(text, "Exit code: ")
	if !ok {
		return text, isErr
	}
	nl := strings.IndexByte(rest, '\n')
	if nl < 0 {
		return text, isErr
	}
	code := rest[:nl]
	if _, err := strconv.Atoi(code); err != nil {
		return text, isErr
	}
	rest = rest[nl+1:]
	if strings.HasPrefix(rest, "Wall time: ") {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			return text, isErr
		}
		rest = rest[i+1:]
	}
	body, ok := strings.CutPrefix(rest, "Output:\n")
	if !ok {
		if rest != "Output:" {
			return text, isErr
		}
		body = ""
	}
	if code == "0" {
		return body, isErr
	}
	return "Exit code: " + code + "\n" + body, true
}

func outputObject(b []byte) (string, bool, bool) {
	var o struct {
		Output   *string         `json:"output"`
		Content  json.RawMessage `json:"content"`
		Success  *bool           `json:"success"`
		Metadata *struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	}
	if json.Unmarshal(b, &o) != nil {
		return "", false, false
	}
	isErr := (o.Success != nil && !*o.Success) || (o.Metadata != nil && o.Metadata.ExitCode != nil && *o.Metadata.ExitCode != 0)
	switch {
	case o.Output != nil:
		if o.Metadata != nil && o.Metadata.ExitCode != nil && *o.Metadata.ExitCode != 0 && !strings.HasPrefix(*o.Output, "Exit code: ") {
			return fmt.Sprintf("Exit code: %d\n%s", *o.Metadata.ExitCode, *o.Output), true, true
		}
		return *o.Output, isErr, true
	case len(o.Content) > 0:
		t, _ := toolOutputText(o.Content)
		return t, isErr, true
	}
	return "", false, false
}

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
