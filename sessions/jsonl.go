package sessions

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Line reading shared by the JSONL readers (Claude Code, Codex CLI).
//
// Lines may be of any length: a tool result of many MB on one line is normal. The
// streaming reader keeps one buffer that grows to the longest line and is reused, so
// a reader holds at most one raw line at a time; decoded records keep only the text
// they need.

// jsonlLines yields the lines of a JSONL input, one at a time, with their 1-based
// numbers. The slice returned by next is valid only until the following call.
type jsonlLines struct {
	// exactly one of r and data is used
	r    *bufio.Reader
	data []byte
	off  int

	buf  []byte // reassembles lines longer than the bufio buffer
	line int    // number of the line last returned
	read int64  // bytes consumed
}

// newJSONLBytes iterates over the lines of data held in memory (no copy).
func newJSONLBytes(data []byte) *jsonlLines { return &jsonlLines{data: data} }

// jsonlReader registers a line-oriented format: the same parser reads a file held in
// memory and a stream.
func jsonlReader(name string, sniff func([]byte) bool, parse func(string, *jsonlLines, ReadOptions) (*Session, error)) Reader {
	return Reader{
		Name:     name,
		Priority: 20,
		Sniff:    sniff,
		Parse: func(path string, data []byte, opt ReadOptions) (*Session, error) {
			return parse(path, newJSONLBytes(data), opt)
		},
		ParseStream: func(path string, r io.Reader, opt ReadOptions) (*Session, error) {
			return parse(path, newJSONLReader(r), opt)
		},
	}
}

// newJSONLReader iterates over the lines of r.
func newJSONLReader(r io.Reader) *jsonlLines {
	return &jsonlLines{r: bufio.NewReaderSize(r, 256<<10)}
}

// next returns the next line without its line ending, or io.EOF after the last.
// A final line without a newline is returned as a line.
func (l *jsonlLines) next() ([]byte, error) {
	var line []byte
	if l.r == nil {
		if l.off >= len(l.data) {
			return nil, io.EOF
		}
		rest := l.data[l.off:]
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			line = rest
			l.off = len(l.data)
		} else {
			line = rest[:i]
			l.off += i + 1
		}
		l.read = int64(l.off)
	} else {
		frag, err := l.r.ReadSlice('\n')
		switch {
		case err == nil || (err == io.EOF && len(frag) > 0):
			line = frag
		case errors.Is(err, bufio.ErrBufferFull):
			// A long line: gather it in l.buf, which is kept for the next long line.
			l.buf = append(l.buf[:0], frag...)
			for {
				frag, err = l.r.ReadSlice('\n')
				l.buf = append(l.buf, frag...)
				if err == nil || err == io.EOF {
					break
				}
				if !errors.Is(err, bufio.ErrBufferFull) {
					return nil, err
				}
			}
			if len(l.buf) == 0 {
				return nil, io.EOF
			}
			line = l.buf
		default:
			return nil, err
		}
		l.read += int64(len(line))
		line = bytes.TrimSuffix(line, []byte{'\n'})
	}
	l.line++
	if l.line == 1 {
		line = bytes.TrimPrefix(line, jsonlBOM)
	}
	return bytes.TrimSuffix(line, []byte{'\r'}), nil
}

// jsonlBOM is a UTF-8 byte order mark, tolerated at the start of a file.
var jsonlBOM = []byte{0xEF, 0xBB, 0xBF}

// blank reports whether a line holds only white space.
func blank(line []byte) bool { return len(bytes.TrimSpace(line)) == 0 }

// badLineError is a line that is not a JSON record: msg says what is wrong, text is
// the same with its column, for warnings (col is 1-based; 0 when unknown).
type badLineError struct {
	msg, text string
	col       int
}

func (e *badLineError) Error() string {
	if e.text != "" {
		return e.text
	}
	return e.msg
}

// lineError turns a scanner error into a badLineError located at its column.
func lineError(err error) *badLineError {
	var je *jsErr
	if errors.As(err, &je) {
		return &badLineError{msg: "invalid JSON: " + je.msg, text: je.Error(), col: je.off + 1}
	}
	return &badLineError{msg: err.Error()}
}

// badLines turns malformed lines into errors or, with SkipBad, into counted warnings.
type badLines struct {
	path    string
	skip    bool
	count   int
	details []string // first few, for the warnings
}

const maxBadDetails = 20

// bad records a malformed line: it returns the error to stop with, or nil when the
// line is skipped.
func (b *badLines) bad(line int, msg string) error {
	if !b.skip {
		return &InputError{Path: b.path, Line: line, Msg: msg}
	}
	b.count++
	if len(b.details) < maxBadDetails {
		b.details = append(b.details, fmt.Sprintf("line %d: skipped: %s", line, msg))
	}
	return nil
}

// badErr records a line that could not be decoded (see bad), located at the column
// of the fault when the error knows it.
func (b *badLines) badErr(line int, err error) error {
	var be *badLineError
	if errors.As(err, &be) && be.col > 0 && !b.skip {
		return &InputError{Path: b.path, Line: line, Col: be.col, Msg: be.msg}
	}
	return b.bad(line, err.Error())
}

// badField records a line whose used field has the wrong type: the error names the
// field and the column of its value.
func (b *badLines) badField(line int, te *fieldTypeError) error {
	if !b.skip {
		return &InputError{Path: b.path, Line: line, Col: te.col, Where: te.field, Msg: te.msg()}
	}
	return b.bad(line, te.Error())
}

// warnings lists the skipped lines (the first few, then a count).
func (b *badLines) warnings() []string {
	out := append([]string(nil), b.details...)
	if b.count > len(b.details) {
		out = append(out, fmt.Sprintf("%d more malformed lines skipped (%d in all)", b.count-len(b.details), b.count))
	}
	return out
}

// jsonString decodes a JSON string value held raw; ok is false for anything else.
func jsonString(raw json.RawMessage) (string, bool) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || raw[0] != '"' {
		return "", false
	}
	if end, _, err := jsString(raw, 0); err != nil || end != len(raw) {
		return "", false
	}
	s, err := jsUnquote(raw)
	return s, err == nil
}

// renderToolCall shows a tool call as one readable text: name(key=value, ...) when
// the input is short and on one line, otherwise the name and one "key: value" line per
// input field. String values are shown as they are (not JSON-escaped), so a command
// line or a patch reads as written. Field order is kept.
func renderToolCall(name string, input json.RawMessage) string {
	input = bytes.TrimSpace(input)
	if len(input) == 0 || bytes.Equal(input, []byte("null")) {
		return name + "()"
	}
	if s, ok := jsonString(input); ok {
		return renderCallArgs(name, []kv{{v: s}})
	}
	if input[0] != '{' {
		return name + "(" + compactJSON(input) + ")"
	}
	fields, ok := orderedFields(input)
	if !ok {
		return name + "(" + compactJSON(input) + ")"
	}
	return renderCallArgs(name, fields)
}

type kv struct{ k, v string }

func renderCallArgs(name string, fields []kv) string {
	short := true
	n := len(name) + 2
	for _, f := range fields {
		n += len(f.k) + len(f.v) + 3
		if strings.ContainsAny(f.v, "\n\r") {
			short = false
		}
	}
	var b strings.Builder
	if short && n <= 240 {
		b.WriteString(name)
		b.WriteByte('(')
		for i, f := range fields {
			if i > 0 {
				b.WriteString(", ")
			}
			if f.k != "" {
				b.WriteString(f.k)
				b.WriteByte('=')
			}
			b.WriteString(f.v)
		}
		b.WriteByte(')')
		return b.String()
	}
	b.WriteString(name)
	b.WriteByte(':')
	for _, f := range fields {
		b.WriteByte('\n')
		if f.k != "" {
			b.WriteString(f.k)
			b.WriteString(": ")
		}
		b.WriteString(f.v)
	}
	return b.String()
}

// orderedFields lists an object's fields in order: strings raw, other values as
// compact JSON.
func orderedFields(obj json.RawMessage) ([]kv, bool) {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var out []kv
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, false
		}
		key, _ := kt.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		if s, ok := jsonString(raw); ok {
			out = append(out, kv{key, s})
		} else {
			out = append(out, kv{key, compactJSON(raw)})
		}
	}
	return out, true
}

func compactJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

// sniffJSONLRecords decodes the first complete lines of head (at most max) as JSON
// objects of type T and reports how many decoded and whether accept said yes to any.
// Lines cut off by the end of head are skipped. It lets a Sniff function look at real
// fields rather than at spelling (key order and spacing differ between writers).
func sniffJSONLRecords[T any](head []byte, max int, accept func(*T) bool) bool {
	head = bytes.TrimPrefix(head, jsonlBOM)
	seen := 0
	for len(head) > 0 && seen < max {
		i := bytes.IndexByte(head, '\n')
		var line []byte
		if i < 0 {
			line, head = head, nil
		} else {
			line, head = head[:i], head[i+1:]
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] != '{' {
			return false
		}
		var rec T
		if json.Unmarshal(line, &rec) != nil {
			if i < 0 {
				return false // cut off (or broken) last line: no verdict from it
			}
			continue
		}
		seen++
		if accept(&rec) {
			return true
		}
	}
	return false
}

// stableSortStrings sorts in place; a helper for deterministic warnings.
func stableSortStrings(s []string) { sort.Strings(s) }

// renumberMessages gives the messages the ids m1, m2, ... in transcript order, the
// way the native format numbers them, so a manifest written for the native rendering
// of a session (its "at" ids) fits the imported file too. A tool call is not numbered
// by itself: the native rendering shows a call and its output as one tool message, so
// the call is named after its output ("m7.call" for the call whose output is m7), or
// after the message before it when no output came ("m6.call", "m6.call2", ...).
// pairKey maps a message index to the key pairing a call with its output (the
// tool_use id or call_id; empty for other messages). Sources and Preserved are
// rewritten to the new ids.
func renumberMessages(s *Session, pairKey map[int]string) {
	newID := make(map[string]string, len(s.Messages))
	ids := make([]string, len(s.Messages))
	outputOf := map[string]string{}
	n := 0
	for i := range s.Messages {
		m := &s.Messages[i]
		if m.Kind == KindToolCall {
			continue
		}
		n++
		ids[i] = fmt.Sprintf("m%d", n)
		if k := pairKey[i]; k != "" && m.Kind == KindToolResult {
			if _, dup := outputOf[k]; !dup {
				outputOf[k] = ids[i]
			}
		}
	}
	used := map[string]bool{}
	prev := "m0"
	for i := range s.Messages {
		m := &s.Messages[i]
		if m.Kind != KindToolCall {
			prev = ids[i]
			continue
		}
		base := prev
		if out, ok := outputOf[pairKey[i]]; ok && pairKey[i] != "" {
			base = out
		}
		id := base + ".call"
		for k := 2; used[id]; k++ {
			id = fmt.Sprintf("%s.call%d", base, k)
		}
		used[id] = true
		ids[i] = id
	}
	for i := range s.Messages {
		newID[s.Messages[i].ID] = ids[i]
		s.Messages[i].ID = ids[i]
	}
	re := func(list []string) {
		for j, id := range list {
			if x, ok := newID[id]; ok {
				list[j] = x
			}
		}
	}
	for i := range s.Compactions {
		c := &s.Compactions[i]
		re(c.Sources)
		re(c.Preserved)
	}
}

// tokenCount reads a token count an agent recorded, held as a raw JSON value. Absent
// and null are 0 (not recorded). A usable count is a whole number from 0 to
// MaxTokenCount; anything else gives 0 and a problem saying why ("-5 is negative"),
// never a wrapped or invented value.
func tokenCount(raw []byte) (int, string) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, ""
	}
	if k := jsKind(raw); k != "number" {
		return 0, fmt.Sprintf("got JSON %s, want a number", k)
	}
	lit := shortLiteral(raw)
	if raw[0] == '-' && strings.Trim(string(raw[1:]), "0.eE+-") != "" {
		return 0, lit + " is negative"
	}
	if !bytes.ContainsAny(raw, ".eE") {
		n, err := strconv.ParseUint(strings.TrimPrefix(string(raw), "-"), 10, 64)
		if err != nil || n > MaxTokenCount {
			return 0, fmt.Sprintf("%s is out of range (0 to %d)", lit, MaxTokenCount)
		}
		return int(n), ""
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	switch {
	case err != nil || f > MaxTokenCount:
		return 0, fmt.Sprintf("%s is out of range (0 to %d)", lit, MaxTokenCount)
	case f != math.Trunc(f):
		return 0, lit + " is not a whole number"
	}
	return int(f), ""
}

// shortLiteral keeps a number literal readable in a warning.
func shortLiteral(raw []byte) string {
	if len(raw) > 40 {
		return string(raw[:37]) + "..."
	}
	return string(raw)
}
