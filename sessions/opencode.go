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
}

// ocMsg is what building the session needs of one OpenCode message, taken by digest
// so that the parts (and the decoded message) can go as soon as it is read.
type ocMsg struct {
	ID, Role, ParentID, ModelID string
	file                        string
	line                        int
	created                     float64 // ms
	text                        string  // the text parts, joined
	request                     *ocRequest
	out                         []Message // the session messages the parts make
	calls                       [][2]string
	preTokens                   int // a summary's tokens: the context it compacted
	hasTokens                   bool
	summary                     bool // an assistant's summary: true
	failed, aborted             bool // an error; a MessageAbortedError
	finished                    bool // a finish reason
	hasText                     bool // a text part the user typed
}

// ocRequest is what a compaction part says.
type ocRequest struct {
	auto, overflow bool
	tailStartID    string
}

// digest sorts m's parts, takes what the session needs of m and them, and drops the
// parts.
func (m *ocMessage) digest() *ocMsg {
	sort.SliceStable(m.parts, func(i, j int) bool { return idLess(m.parts[i].ID, m.parts[j].ID) })
	d := &ocMsg{
		ID: m.ID, Role: m.Role, ParentID: m.ParentID, ModelID: m.ModelID, file: m.file, line: m.line,
		created: m.Time.Created, text: partsText(m.parts), hasText: hasText(m.parts),
		summary: isTrue(m.Summary), failed: hasError(m.Error), finished: m.Finish != "",
	}
	d.aborted = d.failed && errorName(m.Error) == "MessageAbortedError"
	if m.Tokens != nil {
		d.hasTokens, d.preTokens = true, m.Tokens.Input+m.Tokens.Cache.Read
	}
	for i := range m.parts {
		if p := &m.parts[i]; p.Type == "compaction" {
			d.request = &ocRequest{auto: p.Auto, overflow: p.Overflow, tailStartID: p.TailStartID}
		}
	}
	d.out = ocMessagesOf(m)
	made := make(map[string]bool, len(d.out))
	for _, x := range d.out {
		made[x.ID] = true
	}
	for _, p := range m.parts {
		if p.Type == "tool" && p.CallID != "" {
			for _, id := range []string{p.ID, p.ID + toolResultSuffix} {
				if made[id] {
					d.calls = append(d.calls, [2]string{p.CallID, id})
				}
			}
		}
	}
	m.parts = nil
	return d
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
	var dec fileDecoder
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
			err = decodeStored(&dec, file, data, v)
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
	var msgs []*ocMsg
	// One message and one parts buffer for every message: digest keeps what it needs.
	m := &ocMessage{}
	var parts []ocPart
	for _, f := range files {
		*m = ocMessage{}
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
		m.parts = parts[:0]
		for _, pf := range partFiles {
			m.parts = append(m.parts, ocPart{})
			ok, err := readJSON(pf, true, &m.parts[len(m.parts)-1])
			if err != nil {
				return nil, err
			}
			if !ok {
				m.parts = m.parts[:len(m.parts)-1]
			}
		}
		parts = m.parts
		msgs = append(msgs, m.digest())
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
	var msgs []*ocMsg
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
			// One element and one parts buffer for every message: digest keeps what it
			// needs of them.
			var e ocExportMessage
			var parts []ocPart
			have, err = st.array(func(int) error {
				// encoding/json decodes into the slice's old elements without zeroing them.
				clear(parts[:cap(parts)])
				e = ocExportMessage{Parts: parts[:0]}
				start, err := st.decodeValue(&e)
				if err != nil {
					return err
				}
				if cap(e.Parts) > cap(parts) {
					parts = e.Parts
				}
				m := &e.Info
				m.parts, m.file = e.Parts, path
				m.line, _ = st.cr.lineCol(start)
				msgs = append(msgs, m.digest()) // the parts go now, not after the whole file
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
