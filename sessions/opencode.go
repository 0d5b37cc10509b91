package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// OpenCode formats.
const (
	// OpenCodeFormat reads OpenCode's JSON storage folder (storage/session, message, part)
	// and, when present, the DCP plugin's compression records (storage/plugin/dcp).
	OpenCodeFormat = "OpenCode session storage"
	// OpenCodeExportFormat reads the file `opencode export <sessionID>` writes.
	OpenCodeExportFormat = "OpenCode export JSON"
)

func init() {
	RegisterReader(Reader{
		Name: OpenCodeFormat, Priority: 20,
		Sniff: sniffOpenCodeFile, Parse: parseOpenCodeFile,
		SniffDir: func(dir string) bool {
			_, _, err := openCodeTarget(dir)
			return err == nil || isOpenCodeRoot(dir) || fileExists(filepath.Join(dir, "opencode.db"))
		},
		ParseDir: parseOpenCodeDir,
	})
	RegisterReader(Reader{Name: OpenCodeExportFormat, Priority: 20, Sniff: sniffOpenCodeExport, Parse: parseOpenCodeExport, ParseStream: parseOpenCodeExportFile})
	// Current OpenCode builds keep sessions in SQLite (opencode.db). Binary content is
	// dispatched both ways (whole, and streamed when large), so both are set.
	RegisterReader(Reader{
		Name: OpenCodeDBFormat, Priority: 20, Sniff: sniffSQLite,
		Parse:       func(path string, _ []byte, _ ReadOptions) (*Session, error) { return readOpenCodeDB(path, "", path) },
		ParseStream: func(path string, _ io.Reader, _ ReadOptions) (*Session, error) { return readOpenCodeDB(path, "", path) },
	})
}

func sniffSQLite(data []byte) bool { return bytes.HasPrefix(data, []byte("SQLite format 3\x00")) }

// ocMessage is a stored message's info (message/<sessionID>/<messageID>.json).
type ocMessage struct {
	ID        string `json:"id"`
	SessionID string `json:"sessionID"`
	Role      string `json:"role"`
	Time      struct {
		Created float64 `json:"created"`
	} `json:"time"`
	ParentID string          `json:"parentID"`
	ModelID  string          `json:"modelID"`
	Summary  json.RawMessage `json:"summary"` // assistant: bool; user: an object (title, diffs)
	Finish   string          `json:"finish"`
	Error    json.RawMessage `json:"error"`
	// Tokens of a summary message: its input is the context it compacted.
	Tokens *struct {
		Input int `json:"input"`
		Cache struct {
			Read int `json:"read"`
		} `json:"cache"`
	} `json:"tokens"`

	file  string
	line  int // in an export file
	parts []ocPart

	// What the session needs of the parts, taken by digest so that the parts can go
	// as soon as a message is read.
	digested bool
	text     string    // the text parts, joined
	hasText  bool      // a text part the user typed
	request  *ocPart   // the (last) compaction part
	out      []Message // the session messages the parts make
	calls    [][2]string
}

// digest sorts m's parts, takes what the session needs of them and drops them.
func (m *ocMessage) digest() {
	if m.digested {
		return
	}
	m.digested = true
	sort.SliceStable(m.parts, func(i, j int) bool { return idLess(m.parts[i].ID, m.parts[j].ID) })
	m.text, m.hasText = partsText(m.parts), hasText(m.parts)
	for i := range m.parts {
		if m.parts[i].Type == "compaction" {
			p := m.parts[i]
			m.request = &p
		}
	}
	m.out = ocMessagesOf(m)
	made := make(map[string]bool, len(m.out))
	for _, x := range m.out {
		made[x.ID] = true
	}
	for _, p := range m.parts {
		if p.Type == "tool" && p.CallID != "" {
			for _, id := range []string{p.ID, p.ID + toolResultSuffix} {
				if made[id] {
					m.calls = append(m.calls, [2]string{p.CallID, id})
				}
			}
		}
	}
	m.parts = nil
}

// ocPart is one stored part (part/<messageID>/<partID>.json).
type ocPart struct {
	ID        string  `json:"id"`
	MessageID string  `json:"messageID"`
	Type      string  `json:"type"`
	Text      jstr    `json:"text"`
	Synthetic bool    `json:"synthetic"`
	Ignored   bool    `json:"ignored"`
	Time      *ocSpan `json:"time"`
	// tool
	CallID string `json:"callID"`
	Tool   string `json:"tool"`
	State  *struct {
		Status string          `json:"status"`
		Input  json.RawMessage `json:"input"`
		Output jstr            `json:"output"`
		Error  jstr            `json:"error"`
		Time   *ocSpan         `json:"time"`
	} `json:"state"`
	// compaction
	Auto        bool   `json:"auto"`
	Overflow    bool   `json:"overflow"`
	TailStartID string `json:"tail_start_id"`
	// file, subtask
	Filename string `json:"filename"`
	Mime     string `json:"mime"`
	Prompt   string `json:"prompt"`
}

type ocSpan struct {
	Start float64 `json:"start"`
	End   float64 `json:"end"`
}

// ocSessionInfo is an export's "info" (as session/<projectID>/<sessionID>.json).
type ocSessionInfo struct {
	ID string `json:"id"`
}

// ---- locating a session ---------------------------------------------------------------

// isOpenCodeRoot reports whether dir is a storage folder (it has message/ and part/),
// or OpenCode's data folder holding one in storage/.
func isOpenCodeRoot(dir string) bool {
	return storageRoot(dir) != ""
}

func storageRoot(dir string) string {
	for _, d := range []string{dir, filepath.Join(dir, "storage")} {
		if isDir(filepath.Join(d, "message")) && isDir(filepath.Join(d, "part")) {
			return d
		}
	}
	return ""
}

// openCodeTarget resolves a folder to (storage root, session id): a storage root with
// exactly one session, or message/<sessionID>.
func openCodeTarget(dir string) (string, string, error) {
	if root := storageRoot(dir); root != "" {
		ids := openCodeSessionIDs(root)
		switch len(ids) {
		case 0:
			return "", "", &InputError{Path: dir, Msg: "OpenCode storage folder holds no sessions (message/ is empty)"}
		case 1:
			return root, ids[0], nil
		}
		// Only one of them compacted: that is the one to audit.
		var compacted []string
		for _, id := range ids {
			if openCodeMaybeCompacted(root, id) {
				compacted = append(compacted, id)
			}
		}
		if len(compacted) == 1 {
			return root, compacted[0], nil
		}
		var paths []string
		for i, id := range ids {
			if i == 3 {
				paths = append(paths, fmt.Sprintf("... (%d more)", len(ids)-3))
				break
			}
			paths = append(paths, filepath.Join(root, "message", id))
		}
		return "", "", &InputError{Path: dir, Msg: fmt.Sprintf("OpenCode storage folder holds %d sessions; open one of them (%s), or list them with 'compaudit sessions --all %s'", len(ids), strings.Join(paths, ", "), dir)}
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if filepath.Base(parent) == "message" {
		root := filepath.Dir(parent)
		if isDir(filepath.Join(root, "part")) {
			return root, filepath.Base(filepath.Clean(dir)), nil
		}
	}
	return "", "", &InputError{Path: dir, Msg: "not an OpenCode storage folder"}
}

// openCodeSessionIDs lists the sessions of a storage root (folders under message/),
// sorted by id: newest first, as OpenCode's session ids count down.
func openCodeSessionIDs(root string) []string {
	ents, err := os.ReadDir(filepath.Join(root, "message"))
	if err != nil {
		return nil
	}
	var ids []string
	for _, e := range ents {
		if e.IsDir() {
			ids = append(ids, e.Name())
		}
	}
	sort.Strings(ids)
	return ids
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

func parseOpenCodeDir(dir string, opt ReadOptions) (*Session, error) {
	if db := filepath.Join(dir, "opencode.db"); !isOpenCodeRoot(dir) && fileExists(db) {
		return readOpenCodeDB(db, "", db) // OpenCode's data folder after the move to SQLite
	}
	root, sid, err := openCodeTarget(dir)
	if err != nil {
		return nil, err
	}
	return readOpenCodeSession(dir, root, sid, opt)
}

// sniffOpenCodeFile claims a session info file or a DCP state file inside a storage
// folder: the session is read from the folder around it.
func sniffOpenCodeFile(data []byte) bool {
	head := data[:min(len(data), 4096)]
	if bytes.Contains(head, []byte(`"id": "ses_`)) || bytes.Contains(head, []byte(`"id":"ses_`)) {
		return bytes.Contains(head, []byte(`"projectID"`))
	}
	return bytes.Contains(head, []byte(`"prune"`)) && (bytes.Contains(head, []byte(`"nudges"`)) || bytes.Contains(head, []byte(`"stats"`)))
}

func parseOpenCodeFile(path string, data []byte, opt ReadOptions) (*Session, error) {
	var probe struct {
		ID    string          `json:"id"`
		Prune json.RawMessage `json:"prune"`
	}
	if err := decodeStrict(path, data, &probe); err != nil {
		return nil, err
	}
	// session/<projectID>/<sessionID>.json and plugin/dcp/<sessionID>.json both sit two
	// folders below the storage root.
	root := filepath.Dir(filepath.Dir(filepath.Dir(path)))
	sid := probe.ID
	if len(probe.Prune) > 0 || sid == "" {
		sid = strings.TrimSuffix(filepath.Base(path), ".json")
	}
	if !isDir(filepath.Join(root, "message", sid)) {
		return nil, &InputError{Path: path, Line: 1, Msg: fmt.Sprintf("OpenCode session %s: its messages are not in %s", sid, filepath.Join(root, "message", sid))}
	}
	return readOpenCodeSession(path, root, sid, opt)
}

// readOpenCodeSession loads session sid from the storage root; path names it in the
// session and in errors that are not about one stored file.
func readOpenCodeSession(path, root, sid string, opt ReadOptions) (*Session, error) {
	var warnings []string
	var total int64
	var fr fileReader
	readJSON := func(file string, listed bool, v any) (bool, error) {
		data, err := fr.read(file, maxDocBytes, listed)
		if err == nil {
			if total += int64(len(data)); total > maxStoreBytes {
				return false, &InputError{Path: path, Msg: fmt.Sprintf("the session's stored files hold more than %s; compaudit reads at most that", humanBytes(maxStoreBytes))}
			}
			err = checkUTF8(file, data)
		}
		if err == nil {
			err = checkNesting(file, data)
		}
		if err == nil {
			err = decodeStrict(file, data, v)
		} else if !errors.As(err, new(*InputError)) {
			err = &InputError{Path: file, Msg: errMsg(err)}
		}
		if err != nil {
			if opt.SkipBad {
				warnings = append(warnings, "skipped "+err.Error())
				return false, nil
			}
			return false, err
		}
		return true, nil
	}
	msgDir := filepath.Join(root, "message", sid)
	files, err := jsonFiles(msgDir)
	if err != nil {
		return nil, &InputError{Path: msgDir, Msg: errMsg(err)}
	}
	var msgs []*ocMessage
	for _, f := range files {
		m := &ocMessage{}
		ok, err := readJSON(f, true, m)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if m.ID == "" {
			m.ID = strings.TrimSuffix(filepath.Base(f), ".json")
		}
		m.file = f
		partFiles, err := jsonFiles(filepath.Join(root, "part", m.ID))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, &InputError{Path: filepath.Join(root, "part", m.ID), Msg: errMsg(err)}
		}
		for _, pf := range partFiles {
			var p ocPart
			ok, err := readJSON(pf, true, &p)
			if err != nil {
				return nil, err
			}
			if ok {
				m.parts = append(m.parts, p)
			}
		}
		m.digest()
		msgs = append(msgs, m)
	}
	s, b, err := buildOpenCode(path, sid, msgs, OpenCodeFormat)
	if err != nil {
		return nil, err
	}
	s.Warnings = append(warnings, s.Warnings...)
	for _, dir := range []string{"dcp", "acp"} {
		f := filepath.Join(root, "plugin", dir, sid+".json")
		if _, err := os.Stat(f); err != nil {
			continue
		}
		var st dcpState
		ok, err := readJSON(f, false, &st)
		if err != nil {
			return nil, err
		}
		if ok {
			addDCP(s, b, f, &st, msgs)
		}
		break
	}
	return finishOpenCode(s)
}

// jsonFiles lists dir's *.json files sorted by name (OpenCode ids sort by time).
func jsonFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		// A FIFO, device or socket named *.json is not read (it could block).
		if strings.HasSuffix(e.Name(), ".json") && regularEntry(dir, e) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(out)
	return out, nil
}

// ---- the export file ------------------------------------------------------------------

func sniffOpenCodeExport(data []byte) bool {
	head := data[:min(len(data), 1<<16)]
	return bytes.HasPrefix(bytes.TrimSpace(head), []byte("{")) && bytes.Contains(head, []byte(`"info"`)) &&
		bytes.Contains(head, []byte(`"messages"`)) && bytes.Contains(head, []byte(`"parts"`)) && bytes.Contains(head, []byte(`"ses_`))
}

func parseOpenCodeExport(path string, data []byte, opt ReadOptions) (*Session, error) {
	return parseOpenCodeExportStream(path, bytes.NewReader(data), func() ([]byte, error) { return data, nil })
}

// parseOpenCodeExportFile streams a large export file.
func parseOpenCodeExportFile(path string, r io.Reader, _ ReadOptions) (*Session, error) {
	return parseOpenCodeExportStream(path, r, rereader(path))
}

// ocExportMessage is one element of an export's "messages".
type ocExportMessage struct {
	Info  ocMessage `json:"info"`
	Parts []ocPart  `json:"parts"`
}

// parseOpenCodeExportStream reads an export element by element; each message's line
// comes from the stream.
func parseOpenCodeExportStream(path string, r io.Reader, reread func() ([]byte, error)) (*Session, error) {
	st := newJSONStream(r, maxDocBytes)
	var info ocSessionInfo
	var msgs []*ocMessage
	var warnings []string
	have, seen := false, map[string]bool{}
	err := st.object(func(key string) error {
		if seen[key] && (key == "info" || key == "messages") {
			warnings = append(warnings, fmt.Sprintf("%s: the key %q appears twice at the top level; the last one is used", path, key))
		}
		seen[key] = true
		switch key {
		case "info":
			info = ocSessionInfo{}
			_, err := st.decodeValue(&info)
			return err
		case "messages":
			msgs = nil
			var err error
			have, err = st.array(func(int) error {
				var e ocExportMessage
				start, err := st.decodeValue(&e)
				if err != nil {
					return err
				}
				m := &e.Info
				m.parts, m.file = e.Parts, path
				m.line, _ = st.cr.lineCol(start)
				m.digest() // the parts go now, not after the whole file
				msgs = append(msgs, m)
				return nil
			})
			return err
		}
		return st.skip()
	})
	if err == nil {
		err = st.end()
	}
	if err != nil {
		return nil, streamError(path, err, reread, func(data []byte) error {
			var doc struct {
				Info     ocSessionInfo     `json:"info"`
				Messages []ocExportMessage `json:"messages"`
			}
			return decodeStrict(path, data, &doc)
		})
	}
	if !have {
		return nil, &InputError{Path: path, Line: 1, Msg: "not an OpenCode export: no \"messages\""}
	}
	sid := info.ID
	if sid == "" {
		sid = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	s, _, err := buildOpenCode(path, sid, msgs, OpenCodeExportFormat)
	if err != nil {
		return nil, err
	}
	s.Warnings = append(warnings, s.Warnings...)
	return finishOpenCode(s)
}

// ---- building the session -------------------------------------------------------------

// ocBuild keeps what DCP needs to map OpenCode ids onto the session's message ids.
type ocBuild struct {
	byMessage map[string][]string // OpenCode message id -> session message ids
	origin    map[string]string   // session message id -> OpenCode message id
	byCall    map[string][]string // tool callID -> session message ids (call and result)
	native    []ocNative
}

type ocNative struct {
	comp int     // index into Session.Compactions
	at   float64 // ms
}

func buildOpenCode(path, sid string, msgs []*ocMessage, format string) (*Session, *ocBuild, error) {
	// OpenCode's ids sort by creation time, as do the creation times; by time first, so
	// that hand-numbered ids (msg_9, msg_10) cannot reorder a file that has times.
	sort.SliceStable(msgs, func(i, j int) bool {
		if msgs[i].Time.Created != msgs[j].Time.Created && msgs[i].Time.Created > 0 && msgs[j].Time.Created > 0 {
			return msgs[i].Time.Created < msgs[j].Time.Created
		}
		return idLess(msgs[i].ID, msgs[j].ID)
	})
	n := 0
	for _, m := range msgs {
		m.digest()
		n += len(m.out)
	}
	s := &Session{Format: format, Path: path, ID: sid, Messages: make([]Message, 0, n)}
	b := &ocBuild{byMessage: map[string][]string{}, origin: map[string]string{}, byCall: map[string][]string{}}

	// Completed summaries by the id of the compaction request they answer (a finished
	// one first). Before compaction requests existed, a summary answered an ordinary
	// prompt and stood alone: a "legacy" summary.
	requests := map[string]bool{}
	for _, m := range msgs {
		if m.Role == "user" && m.request != nil {
			requests[m.ID] = true
		}
	}
	summaries := map[string]*ocMessage{}
	legacy := map[string]bool{}
	for _, m := range msgs {
		if m.Role != "assistant" || !isTrue(m.Summary) || hasError(m.Error) || strings.TrimSpace(m.text) == "" {
			continue
		}
		if !requests[m.ParentID] {
			legacy[m.ID] = true
			continue
		}
		if cur, ok := summaries[m.ParentID]; !ok || (cur.Finish == "" && m.Finish != "") {
			summaries[m.ParentID] = m
		}
	}

	var window []string // session message ids since the last compaction
	prev := ""
	var lastUser *ocMessage
	// compact records the compaction sum made of the window; request is nil for a
	// legacy summary.
	compact := func(sum *ocMessage, request *ocPart, after []*ocMessage) {
		var sources, preserved []string
		if prev != "" {
			sources = append(sources, prev)
		}
		keepFrom := len(window)
		switch {
		case request == nil:
		case request.TailStartID != "":
			// Messages from tail_start_id on were kept verbatim.
			for i, id := range window {
				if b.origin[id] == request.TailStartID {
					keepFrom = i
					break
				}
			}
		case request.Overflow && lastUser != nil && replayed(after, lastUser, sum):
			// On overflow the last real prompt is replayed after the summary.
			for i, id := range window {
				if b.origin[id] == lastUser.ID {
					keepFrom = i
					break
				}
			}
			if keepFrom < len(window) {
				preserved = append(preserved, b.byMessage[lastUser.ID]...)
				var rest []string
				for _, id := range window[keepFrom:] {
					if b.origin[id] != lastUser.ID {
						rest = append(rest, id)
					}
				}
				window = append(window[:keepFrom:keepFrom], rest...)
				keepFrom = len(window)
			}
		}
		sources = append(sources, window[:keepFrom]...)
		preserved = append(preserved, window[keepFrom:]...)
		if len(sources) == 0 {
			return // nothing before it: not an auditable round
		}
		c := Compaction{
			ID: sum.ID, Parent: prev, Sources: sources, Preserved: preserved,
			Summary: sum.text, Model: sum.ModelID, At: msTime(sum.Time.Created), Line: sum.line,
		}
		if request != nil {
			c.Trigger = "manual"
			if request.Auto {
				c.Trigger = "auto"
			}
		}
		if sum.Tokens != nil {
			c.PreTokens = sum.Tokens.Input + sum.Tokens.Cache.Read
		}
		c.Opaque = LooksOpaque(c.Summary)
		s.Compactions = append(s.Compactions, c)
		b.native = append(b.native, ocNative{comp: len(s.Compactions) - 1, at: sum.Time.Created})
		prev = sum.ID
		window = append([]string(nil), window[keepFrom:]...)
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
		if m.Role == "assistant" && isTrue(m.Summary) {
			continue // a summary (or a failed summary attempt): not a message
		}
		if m.Role == "user" && m.hasText {
			lastUser = m
		}
		// OpenCode never sends a failed assistant turn to the model again (aborted turns
		// excepted), so no summary saw it: keep it as a message, not as a source.
		unseen := m.Role == "assistant" && hasError(m.Error) && errorName(m.Error) != "MessageAbortedError"
		for _, msg := range m.out {
			s.Messages = append(s.Messages, msg)
			b.byMessage[m.ID] = append(b.byMessage[m.ID], msg.ID)
			b.origin[msg.ID] = m.ID
			if !unseen {
				window = append(window, msg.ID)
			}
		}
		for _, c := range m.calls {
			b.byCall[c[0]] = append(b.byCall[c[0]], c[1])
		}
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
func replayed(after []*ocMessage, user, summary *ocMessage) bool {
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

// ---- DCP compression records ----------------------------------------------------------

// dcpState is the DCP plugin's persisted state (storage/plugin/dcp/<sessionID>.json).
type dcpState struct {
	Prune struct {
		Messages json.RawMessage `json:"messages"`
	} `json:"prune"`
	CompressSummaries []json.RawMessage `json:"compressSummaries"`
}

type dcpBlock struct {
	BlockID             int      `json:"blockId"`
	Active              bool     `json:"active"`
	Topic               string   `json:"topic"`
	Mode                string   `json:"mode"`
	CompressMessageID   string   `json:"compressMessageId"`
	ConsumedBlockIDs    []int    `json:"consumedBlockIds"`
	EffectiveMessageIDs []string `json:"effectiveMessageIds"`
	EffectiveToolIDs    []string `json:"effectiveToolIds"`
	DirectMessageIDs    []string `json:"directMessageIds"`
	DirectToolIDs       []string `json:"directToolIds"`
	CreatedAt           float64  `json:"createdAt"`
	DeactivatedAt       float64  `json:"deactivatedAt"`
	Summary             string   `json:"summary"`
}

// dcpHeader and the trailing block tag wrap every stored DCP summary.
const dcpHeader = "[Compressed conversation section]"

func dcpCompID(n int) string { return "dcp-b" + strconv.Itoa(n) }

// unwrapDCPSummary removes the header line and the trailing <dcp-message-id> tag.
func unwrapDCPSummary(s string) string {
	t := strings.TrimSpace(s)
	t = strings.TrimSpace(strings.TrimPrefix(t, dcpHeader))
	if i := strings.LastIndex(t, "<dcp-message-id>"); i >= 0 && strings.HasSuffix(t, "</dcp-message-id>") {
		t = strings.TrimSpace(t[:i])
	}
	return t
}

// addDCP adds one compaction per DCP compression block. A block's sources are the
// blocks it consumed plus the messages and tool calls it names that those blocks did
// not already cover. A native compaction made while a block was active summarised the
// block, not its messages, so its sources are rewritten to name the block.
func addDCP(s *Session, b *ocBuild, file string, st *dcpState, msgs []*ocMessage) {
	var blocksByID map[string]dcpBlock
	var wrapped struct {
		BlocksByID map[string]dcpBlock `json:"blocksById"`
	}
	if len(st.Prune.Messages) > 0 && json.Unmarshal(st.Prune.Messages, &wrapped) == nil {
		blocksByID = wrapped.BlocksByID
	}
	if len(blocksByID) == 0 {
		if len(st.CompressSummaries) > 0 {
			s.Warnings = append(s.Warnings, file+": DCP state in the older format (compressSummaries) does not name the messages each summary replaced; its compressions are not imported")
		}
		return
	}
	blocks := make([]dcpBlock, 0, len(blocksByID))
	for _, bl := range blocksByID {
		blocks = append(blocks, bl)
	}
	sort.Slice(blocks, func(i, j int) bool {
		if blocks[i].CreatedAt != blocks[j].CreatedAt {
			return blocks[i].CreatedAt < blocks[j].CreatedAt
		}
		return blocks[i].BlockID < blocks[j].BlockID
	})
	models := map[string]string{}
	for _, m := range msgs {
		models[m.ID] = m.ModelID
	}
	covered := map[int]map[string]bool{} // block -> session message ids it covers
	imported := map[int]bool{}
	x := &dcpExpansion{expanded: map[int]string{}, inlined: map[int]int{}}
	for _, bl := range blocks {
		cover := map[string]bool{}
		var unknown []string
		// effective ids include direct ones; a record with only direct ids still counts.
		seenID := map[string]bool{}
		for _, id := range append(append([]string{}, bl.EffectiveMessageIDs...), bl.DirectMessageIDs...) {
			if seenID[id] {
				continue
			}
			seenID[id] = true
			ids, ok := b.byMessage[id]
			if !ok {
				unknown = append(unknown, id)
			}
			for _, x := range ids {
				cover[x] = true
			}
		}
		for _, id := range append(append([]string{}, bl.EffectiveToolIDs...), bl.DirectToolIDs...) {
			for _, x := range b.byCall[id] {
				cover[x] = true
			}
		}
		covered[bl.BlockID] = cover
		if len(unknown) > 0 {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s: DCP block b%d names %d message(s) not in the session (%s)", file, bl.BlockID, len(unknown), strings.Join(unknown, ", ")))
		}
		var sources []string
		inherited := map[string]bool{}
		parent := ""
		for _, cb := range bl.ConsumedBlockIDs {
			if !imported[cb] {
				continue
			}
			sources = append(sources, dcpCompID(cb))
			if parent == "" {
				parent = dcpCompID(cb)
			}
			for x := range covered[cb] {
				inherited[x] = true
			}
		}
		for _, m := range s.Messages {
			if cover[m.ID] && !inherited[m.ID] {
				sources = append(sources, m.ID)
			}
		}
		if len(sources) == 0 {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s: DCP block b%d replaced nothing found in the session; skipped", file, bl.BlockID))
			continue
		}
		summary, warns := expandDCP(unwrapDCPSummary(bl.Summary), bl, x)
		for _, w := range warns {
			s.Warnings = append(s.Warnings, file+": "+w)
		}
		x.expanded[bl.BlockID] = summary
		policy := "dcp compress"
		if bl.Mode != "" {
			policy += " (" + bl.Mode + ")"
		}
		s.Compactions = append(s.Compactions, Compaction{
			ID: dcpCompID(bl.BlockID), Parent: parent, Sources: sources, Summary: summary,
			Opaque: LooksOpaque(summary), Policy: policy, Model: models[bl.CompressMessageID],
			Trigger: "manual", At: msTime(bl.CreatedAt),
		})
		imported[bl.BlockID] = true

		// Native compactions after this block, while it was active, saw the block.
		for _, n := range b.native {
			if n.at <= bl.CreatedAt || (bl.DeactivatedAt > 0 && bl.DeactivatedAt <= n.at) {
				continue
			}
			c := &s.Compactions[n.comp]
			var out []string
			placed := false
			for _, src := range c.Sources {
				if cover[src] {
					if !placed {
						out = append(out, dcpCompID(bl.BlockID))
						placed = true
					}
					continue
				}
				out = append(out, src)
			}
			c.Sources = out
		}
	}
}

// maxDCPExpansion bounds the bytes that expanding DCP block references may add to a
// session's summaries, all blocks together.
var maxDCPExpansion = 64 << 20

// dcpExpansion tracks what expanding a DCP record's references has done so far.
type dcpExpansion struct {
	expanded map[int]string // block -> its summary with references expanded
	inlined  map[int]int    // block -> the block its text was expanded into
	added    int            // bytes the expansions added
	capped   bool
}

// expandDCP expands the "(bN)" references of block bl's summary to the consumed
// blocks' texts, as DCP does when it renders the block for the model, so the audit
// reads the text the model read. Every block's text is expanded once, at its first
// reference, into one block: a second reference (in the same summary or in a later
// block) stays "(bN)" with a warning. A chain of blocks still repeats its ancestry in
// each summary, so the bytes the expansions add are bounded too (maxDCPExpansion):
// past the bound references stay as they are, with a warning. A small file of
// references to references cannot grow into gigabytes.
func expandDCP(summary string, bl dcpBlock, x *dcpExpansion) (string, []string) {
	var warns []string
	done := map[int]bool{}
	for _, cb := range bl.ConsumedBlockIDs {
		text, ok := x.expanded[cb]
		if !ok || done[cb] {
			continue
		}
		done[cb] = true
		ref := "(b" + strconv.Itoa(cb) + ")"
		i := strings.Index(summary, ref)
		if i < 0 {
			continue
		}
		if into, twice := x.inlined[cb]; twice {
			warns = append(warns, fmt.Sprintf("DCP block b%d refers to b%d, whose text is already expanded into b%d; the reference stays as %s", bl.BlockID, cb, into, ref))
			continue
		}
		if x.added+len(text) > maxDCPExpansion {
			if !x.capped {
				x.capped = true
				warns = append(warns, fmt.Sprintf("DCP block references would add more than %s of text; from block b%d on they stay as references", humanBytes(int64(maxDCPExpansion)), bl.BlockID))
			}
			continue
		}
		x.added += len(text)
		summary = summary[:i] + text + summary[i+len(ref):]
		x.inlined[cb] = bl.BlockID
		if strings.Contains(summary[i+len(text):], ref) {
			warns = append(warns, fmt.Sprintf("DCP block b%d refers to b%d more than once; only the first reference is expanded", bl.BlockID, cb))
		}
	}
	return summary, warns
}
