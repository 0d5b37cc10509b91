package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"
)

// NativeFormat is the name of the native session format.
const NativeFormat = "compaudit session/v1"

func errMsg(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

func checkUTF8(path string, data []byte) error {
	if utf8.Valid(data) {
		return nil
	}
	off := 0
	for off < len(data) {
		r, n := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		off += n
	}
	line, col := lineCol(data, off)
	return &InputError{Path: path, Line: line, Col: col, Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x at offset %d)", data[off], off)}
}

// lineCol converts a byte offset to a 1-based line and column.
func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	if off < 0 {
		off = 0
	}
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// nativeDoc mirrors the native file for decoding.
type nativeDoc struct {
	Compaudit   string          `json:"compaudit"`
	Session     string          `json:"session"`
	Messages    []nativeMessage `json:"messages"`
	Compactions []nativeComp    `json:"compactions"`
	Manifest    *Manifest       `json:"manifest"`
}

type nativeMessage struct {
	ID      string `json:"id"`
	Role    string `json:"role"`
	Name    string `json:"name"`
	Text    string `json:"text"`
	At      string `json:"at"`
	Kind    string `json:"kind"`
	IsError bool   `json:"is_error"`
}

type nativeComp struct {
	ID           string   `json:"id"`
	Round        int      `json:"round"`
	Parent       *string  `json:"parent"`
	Sources      []string `json:"sources"`
	Summary      *string  `json:"summary"`
	Opaque       bool     `json:"opaque"`
	Encrypted    bool     `json:"encrypted"`
	Policy       string   `json:"policy"`
	Model        string   `json:"model"`
	TargetTokens int      `json:"target_tokens"`
	Trigger      string   `json:"trigger"`
	PreTokens    int      `json:"pre_tokens"`
	PostTokens   int      `json:"post_tokens"`
	Preserved    []string `json:"preserved"`
	At           string   `json:"at"`
}

// positions records the byte offset of each element of the top-level arrays.
type positions struct {
	messages, compactions, invariants, events []int
}

// ParseNative reads the native session/v1 format.
func ParseNative(path string, data []byte) (*Session, error) {
	var doc nativeDoc
	if err := decodeStrict(path, data, &doc); err != nil {
		return nil, err
	}
	pos := scanPositions(data)
	at := func(offs []int, i int) (int, int) {
		if i < len(offs) {
			return lineCol(data, offs[i])
		}
		return 0, 0
	}
	if doc.Compaudit != "" && doc.Compaudit != "session/v1" {
		return nil, &InputError{Path: path, Line: 1, Where: "compaudit", Msg: fmt.Sprintf("unsupported version %q (this build reads session/v1)", doc.Compaudit)}
	}
	if doc.Messages == nil && doc.Compactions == nil {
		return nil, &InputError{Path: path, Line: 1, Msg: "not a compaudit session: no \"messages\" or \"compactions\""}
	}
	s := &Session{Format: NativeFormat, Path: path, ID: doc.Session, Manifest: doc.Manifest}
	for i, m := range doc.Messages {
		line, _ := at(pos.messages, i)
		s.Messages = append(s.Messages, Message{ID: m.ID, Role: m.Role, Name: m.Name, Text: m.Text, At: m.At, Kind: m.Kind, IsError: m.IsError, Line: line})
	}
	for i, c := range doc.Compactions {
		line, _ := at(pos.compactions, i)
		where := fmt.Sprintf("compactions[%d]", i)
		if c.Summary == nil {
			return nil, &InputError{Path: path, Line: line, Where: where, Msg: fmt.Sprintf("compaction %q has no summary", c.ID)}
		}
		parent := ""
		if c.Parent != nil {
			parent = *c.Parent
		}
		s.Compactions = append(s.Compactions, Compaction{
			ID: c.ID, Round: c.Round, Parent: parent, Sources: c.Sources, Summary: *c.Summary,
			Opaque: c.Opaque || c.Encrypted || LooksOpaque(*c.Summary), Policy: c.Policy, Model: c.Model,
			TargetTokens: c.TargetTokens, Trigger: c.Trigger, PreTokens: c.PreTokens, PostTokens: c.PostTokens,
			Preserved: c.Preserved, At: c.At, Line: line,
		})
	}
	s.Index()
	if err := Validate(s, func(kind string, i int) (int, int) {
		switch kind {
		case "messages":
			return at(pos.messages, i)
		case "compactions":
			return at(pos.compactions, i)
		case "invariants":
			return at(pos.invariants, i)
		case "events":
			return at(pos.events, i)
		}
		return 0, 0
	}); err != nil {
		return nil, err
	}
	return s, nil
}

// decodeStrict decodes JSON, turning syntax and type errors into located errors.
func decodeStrict(path string, data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	err := dec.Decode(v)
	if err == nil {
		// Anything after the value other than whitespace is an error.
		if _, terr := dec.Token(); terr != io.EOF {
			line, col := lineCol(data, int(dec.InputOffset()))
			return &InputError{Path: path, Line: line, Col: col, Msg: "unexpected data after the JSON document"}
		}
		return nil
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := lineCol(data, int(se.Offset))
		return &InputError{Path: path, Line: line, Col: col, Msg: "invalid JSON: " + se.Error()}
	case errors.As(err, &te):
		line, col := lineCol(data, int(te.Offset))
		where := te.Field
		return &InputError{Path: path, Line: line, Col: col, Where: where, Msg: fmt.Sprintf("wrong type: got JSON %s, want %s", te.Value, goTypeName(te.Type.String()))}
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		line, col := lineCol(data, len(data))
		return &InputError{Path: path, Line: line, Col: col, Msg: "invalid JSON: unexpected end of file (truncated?)"}
	}
	return &InputError{Path: path, Msg: "invalid JSON: " + err.Error()}
}

func goTypeName(t string) string {
	switch t {
	case "string":
		return "a string"
	case "int", "int64":
		return "an integer"
	case "bool":
		return "true or false"
	case "[]string":
		return "an array of strings"
	}
	if len(t) > 2 && t[:2] == "[]" {
		return "an array"
	}
	return "an object"
}

// scanPositions walks the document's tokens and records where each element of
// messages, compactions, manifest.invariants and manifest.events starts. It is
// best effort: a document that decoded cleanly always scans.
func scanPositions(data []byte) positions {
	var p positions
	dec := json.NewDecoder(bytes.NewReader(data))
	skipWS := func(off int) int {
		for off < len(data) && (data[off] == ' ' || data[off] == '\n' || data[off] == '\r' || data[off] == '\t' || data[off] == ',' || data[off] == ':') {
			off++
		}
		return off
	}
	readArray := func() []int {
		var offs []int
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return nil
		}
		for dec.More() {
			offs = append(offs, skipWS(int(dec.InputOffset())))
			var raw json.RawMessage
			if dec.Decode(&raw) != nil {
				return offs
			}
		}
		_, _ = dec.Token()
		return offs
	}
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return p
	}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return p
		}
		key, _ := kt.(string)
		switch key {
		case "messages":
			p.messages = readArray()
		case "compactions":
			p.compactions = readArray()
		case "manifest":
			if t, err := dec.Token(); err != nil || t != json.Delim('{') {
				continue
			}
			for dec.More() {
				mk, err := dec.Token()
				if err != nil {
					return p
				}
				switch mk {
				case "invariants":
					p.invariants = readArray()
				case "events":
					p.events = readArray()
				default:
					var raw json.RawMessage
					if dec.Decode(&raw) != nil {
						return p
					}
				}
			}
			_, _ = dec.Token()
		default:
			var raw json.RawMessage
			if dec.Decode(&raw) != nil {
				return p
			}
		}
	}
	return p
}
