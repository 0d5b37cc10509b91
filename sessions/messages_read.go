package sessions

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
)

// Reading a message array: the document streams element by element (a JSON array, an
// object holding one, or JSON Lines), each element is decoded and turned into a
// message at once, and the compactions are built from the decoded messages. Nothing
// holds the file whole, and each element's line comes from the stream (one pass).

// arrayRead collects what the stream held: one message per element (its ID the
// element's own id, "" when it has none), and the summaries some elements carry.
type arrayRead struct {
	path, key string
	opt       ReadOptions
	msgs      []Message
	sums      map[int]*decodedSummary // element -> the summary it carries
	toolNames map[string]string
	system    json.RawMessage
	sessionID string
}

func (a *arrayRead) where(i int) string {
	if a.key != "" {
		return fmt.Sprintf("%s[%d]", a.key, i)
	}
	return fmt.Sprintf("[%d]", i)
}

// add decodes element i, read from raw (or decoded already into e), at line.
func (a *arrayRead) add(e *chatElement, line int) error {
	i := len(a.msgs)
	if role, ok := langChainRoles[e.Type]; ok && e.Role == "" && len(e.Data) > 0 {
		var inner chatElement
		if err := json.Unmarshal(e.Data, &inner); err != nil {
			return &InputError{Path: a.path, Line: line, Where: a.where(i) + ".data", Msg: "not a message object: " + typeErrorText(err)}
		}
		inner.Type = ""
		if role != "" { // a ChatMessage keeps the role in its data
			inner.Role = role
		}
		*e = inner
	}
	d, err := decodeElement(*e, a.toolNames)
	if err != nil {
		return &InputError{Path: a.path, Line: line, Where: a.where(i), Msg: err.Error()}
	}
	if a.opt.SummaryIndex == i+1 {
		if d.summary == nil {
			d.summary = &decodedSummary{text: unwrapSummaryTag(d.text), opaque: LooksOpaque(d.text)}
		}
		d.summary.guessed = false // the user said so
	}
	if d.summary != nil {
		a.sums[i] = d.summary
	}
	a.msgs = append(a.msgs, Message{ID: rawScalar(e.ID), Role: d.role, Kind: d.kind, Name: d.name, Text: d.text, IsError: d.isError, At: elementTime(*e), Line: line})
	return nil
}

// elementError locates an element that does not decode as a message.
func (a *arrayRead) elementError(err error, line int) error {
	return &InputError{Path: a.path, Line: line, Where: a.where(len(a.msgs)), Msg: "not a message object: " + typeErrorText(err)}
}

// typeErrorText renders a decoding error of one element: a type error names the field
// and both types ("role: got JSON number, want a string").
func typeErrorText(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		msg := fmt.Sprintf("got JSON %s, want %s", te.Value, goTypeName(te.Type))
		if te.Field != "" {
			return te.Field + ": " + msg
		}
		return "it is a JSON " + te.Value
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func parseArray(path string, data []byte, opt ReadOptions) (*Session, error) {
	return parseArrayStream(path, bytes.NewReader(data), opt, func() ([]byte, error) { return data, nil })
}

// parseArrayFile streams a large message-array file.
func parseArrayFile(path string, r io.Reader, opt ReadOptions) (*Session, error) {
	return parseArrayStream(path, r, opt, rereader(path))
}

func parseArrayStream(path string, r io.Reader, opt ReadOptions, reread func() ([]byte, error)) (*Session, error) {
	if opt.SummaryIndex < 0 {
		return nil, &InputError{Path: path, Msg: fmt.Sprintf("--summary-index must be 1 or more, got %d", opt.SummaryIndex)}
	}
	a := &arrayRead{path: path, opt: opt, toolNames: map[string]string{}, sums: map[int]*decodedSummary{}, sessionID: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))}
	cr := newCountingReader(r, maxDocBytes)
	size := sniffHead // as much head as the sniffers saw
	if br, ok := r.(*bytes.Reader); ok && br.Len() < size {
		size = max(br.Len(), 16) // a document in memory: no bigger buffer than it
	}
	br := bufio.NewReaderSize(cr, size)
	head, _ := br.Peek(size)
	st := &jsonStream{cr: cr, dec: json.NewDecoder(br)}
	var err error
	if isMessageJSONL(bytes.TrimSpace(head)) {
		err = a.readLines(st)
	} else {
		err = a.readDocument(st)
	}
	if err != nil {
		return nil, streamError(path, err, reread, func(data []byte) error { return arrayDecodeError(path, data) })
	}
	return a.build()
}

// readLines reads JSON Lines: one element a line.
func (a *arrayRead) readLines(st *jsonStream) error {
	prevLine := 0
	e := &chatElement{} // one element, reused: decoding allocates only what it keeps
	for st.dec.More() {
		*e = chatElement{}
		start, err := st.decodeValue(e)
		line, _ := st.cr.lineCol(start)
		if err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) {
				return a.elementError(err, line)
			}
			return err
		}
		end, _ := st.cr.lineCol(st.dec.InputOffset())
		if line == prevLine || end != line {
			return &InputError{Path: a.path, Line: line, Msg: "invalid JSON Lines: each line must hold exactly one message object"}
		}
		prevLine = line
		if err := a.add(e, line); err != nil {
			return err
		}
	}
	return st.end()
}

// readDocument reads a JSON array, or an object whose "messages" (or a Responses
// request's "input") holds the array.
func (a *arrayRead) readDocument(st *jsonStream) error {
	e := &chatElement{} // one element, reused: decoding allocates only what it keeps
	elements := func() error {
		_, err := st.array(func(int) error {
			*e = chatElement{}
			start, err := st.decodeValue(e)
			line, _ := st.cr.lineCol(start)
			if err != nil {
				var te *json.UnmarshalTypeError
				if errors.As(err, &te) {
					return a.elementError(err, line)
				}
				return err
			}
			return a.add(e, line)
		})
		return err
	}
	if !st.dec.More() {
		return errors.New("empty document")
	}
	if b, ok := st.peek(); ok && b == '[' {
		if err := elements(); err != nil {
			return err
		}
		return st.end()
	}
	var id, session, sessionID string
	fromMessages := false
	err := st.object(func(key string) error {
		switch key {
		case "messages":
			a.msgs, a.sums, a.toolNames, a.key = nil, map[int]*decodedSummary{}, map[string]string{}, "messages"
			if b, ok := st.peek(); ok && b == 'n' {
				a.key = ""
				return st.skip() // null: as if absent
			}
			fromMessages = true
			return elements()
		case "input":
			if b, ok := st.peek(); fromMessages || !ok || b != '[' {
				return st.skip() // only an input array, and only when there are no messages
			}
			a.msgs, a.sums, a.toolNames, a.key = nil, map[int]*decodedSummary{}, map[string]string{}, "input"
			return elements()
		case "system":
			_, err := st.decodeValue(&a.system)
			return err
		case "id":
			_, err := st.decodeValue(&id)
			return err
		case "session":
			_, err := st.decodeValue(&session)
			return err
		case "session_id":
			_, err := st.decodeValue(&sessionID)
			return err
		}
		return st.skip()
	})
	if err != nil {
		return err
	}
	if a.key == "" {
		a.key = "messages"
	}
	for _, v := range []string{session, sessionID, id} {
		if v != "" {
			a.sessionID = v
			break
		}
	}
	return st.end()
}

// peek returns the first byte of the next value, when the decoder has it buffered.
func (s *jsonStream) peek() (byte, bool) {
	if !s.dec.More() {
		return 0, false
	}
	br, ok := s.dec.Buffered().(*bytes.Reader)
	if !ok {
		return 0, false
	}
	for {
		b, err := br.ReadByte()
		if err != nil {
			return 0, false
		}
		if !isJSONSpace(b) && b != ',' && b != ':' {
			return b, true
		}
	}
}

// arrayDecodeError locates why a message-array document does not decode, reading it
// whole (the error path of the streaming reader).
func arrayDecodeError(path string, data []byte) error {
	t := bytes.TrimSpace(data)
	if len(t) == 0 {
		return &InputError{Path: path, Line: 1, Msg: "file is empty"}
	}
	if isMessageJSONL(t) {
		for i, line := range bytes.Split(data, []byte("\n")) {
			if l := bytes.TrimSpace(line); len(l) > 0 && !json.Valid(l) {
				return &InputError{Path: path, Line: i + 1, Msg: "invalid JSON on this line"}
			}
		}
		return nil
	}
	if t[0] == '[' {
		var elems []json.RawMessage
		return decodeStrict(path, data, &elems)
	}
	var obj struct {
		Messages  []json.RawMessage `json:"messages"`
		Input     json.RawMessage   `json:"input"`
		System    json.RawMessage   `json:"system"`
		ID        string            `json:"id"`
		Session   string            `json:"session"`
		SessionID string            `json:"session_id"`
	}
	return decodeStrict(path, data, &obj)
}

// build turns the decoded elements into messages and compaction rounds: each summary
// replaces the previous summary and the messages since it. The messages are built in
// place: an element that only carries a summary is dropped from them.
func (a *arrayRead) build() (*Session, error) {
	path, opt := a.path, a.opt
	n := len(a.msgs)
	if n == 0 {
		return nil, &InputError{Path: path, Line: 1, Msg: "the message array is empty"}
	}
	if opt.SummaryIndex > n {
		return nil, &InputError{Path: path, Msg: fmt.Sprintf("--summary-index %d is past the end of the array (%d messages)", opt.SummaryIndex, n)}
	}
	warn := a.numberIDs()
	taken := make(map[string]bool, n)
	for _, m := range a.msgs {
		taken[m.ID] = true
	}
	s := &Session{Format: ArrayFormat, Path: path, ID: a.sessionID}
	if warn != "" {
		s.Warnings = append(s.Warnings, warn)
	}
	// System messages before the first conversational message are the standing prompt:
	// kept, not replaced by the first compaction.
	var pending, leading []string
	if st := blocksText(a.system); strings.TrimSpace(st) != "" {
		id := uniqueID("system", taken)
		a.msgs = append([]Message{{ID: id, Role: RoleSystem, Text: st, Line: 1}}, a.msgs...)
		leading = append(leading, id)
		sums := make(map[int]*decodedSummary, len(a.sums))
		for i, d := range a.sums {
			sums[i+1] = d
		}
		a.sums = sums
	}
	prev := ""
	conversational := false
	kept := a.msgs[:0]
	for i := range a.msgs {
		m := a.msgs[i]
		elem := i - (len(a.msgs) - n) // the element's position in the array
		if elem < 0 {                 // the top-level "system" prompt
			kept = append(kept, m)
			continue
		}
		sum := a.sums[i]
		if sum != nil && sum.guessed && prev == "" && len(pending) == 0 {
			sum = nil // a standing prompt that talks about summaries, not a summary
		}
		if sum != nil {
			round := len(s.Compactions) + 1
			var sources []string
			if prev != "" {
				sources = append(sources, prev)
			}
			sources = append(sources, pending...)
			if len(sources) == 0 {
				return nil, &InputError{Path: path, Line: m.Line, Where: a.where(elem), Msg: fmt.Sprintf("the summary at position %d has no earlier messages that it could have replaced: the file seems to hold only the history after compaction, and compaudit needs the original messages too", elem+1)}
			}
			cid := uniqueID("c"+strconv.Itoa(round), taken)
			s.Compactions = append(s.Compactions, Compaction{
				ID: cid, Round: round, Parent: prev, Sources: sources, Summary: sum.text,
				Opaque: sum.opaque || LooksOpaque(sum.text), Preserved: leading,
				At: m.At, Line: m.Line,
			})
			prev, pending, leading, conversational = cid, nil, nil, true
			if !sum.rest {
				continue
			}
		}
		kept = append(kept, m)
		if !conversational && m.Role == RoleSystem {
			leading = append(leading, m.ID)
			continue
		}
		conversational = true
		pending = append(pending, m.ID)
	}
	if len(s.Compactions) == 0 {
		return nil, &InputError{Path: path, Line: 1, Msg: fmt.Sprintf("no compaction summary found among the %d messages: none has a summary flag, a compaction block or item, or text that starts like a summary (%q, %q, ...). Say which message is the summary with --summary-index N (its 1-based position in the array)", n, summaryPrefixes[0], "<summary>")}
	}
	clear(a.msgs[len(kept):]) // drop what the dropped elements held
	s.Messages = kept
	a.msgs, a.sums = nil, nil
	s.Index()
	if err := Validate(s, lineLocator(s)); err != nil {
		return nil, err
	}
	return s, nil
}

// numberIDs keeps the elements' own ids when every element has one and none
// repeats, else numbers the messages m1, m2, ... A repeated id is warned about (two
// records with one id: a duplicate, or a file spliced together).
func (a *arrayRead) numberIDs() string {
	own, warn := true, ""
	seen := make(map[string]int, len(a.msgs))
	for i, m := range a.msgs {
		if m.ID == "" {
			own = false
			break
		}
		if j, dup := seen[m.ID]; dup {
			own = false
			warn = fmt.Sprintf("%s: id %q is used by %s and %s; the messages are numbered m1, m2, ... instead", a.path, m.ID, a.where(j), a.where(i))
			break
		}
		seen[m.ID] = i
	}
	if !own {
		for i := range a.msgs {
			a.msgs[i].ID = "m" + strconv.Itoa(i+1)
		}
	}
	return warn
}
