package sessions

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
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
	// Name the JSON value the bad byte sits in, when the file is one JSON document.
	where := ""
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		where = shortPath(pathAtOffset(data, off))
	}
	return &InputError{Path: path, Line: line, Col: col, Where: where, Msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x at offset %d)", data[off], off)}
}

// lineCol converts a byte offset to a 1-based line and column (in bytes).
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

// lineIndex converts many offsets of one document to lines without rescanning the
// document each time: it holds the offset of every newline.
type lineIndex []int

func newLineIndex(data []byte) lineIndex {
	var idx lineIndex
	for off := 0; off < len(data); {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			break
		}
		idx = append(idx, off+i)
		off += i + 1
	}
	return idx
}

// lineCol is the 1-based line and column of byte offset off.
func (idx lineIndex) lineCol(off int) (int, int) {
	n := sort.SearchInts(idx, off) // newlines before off
	start := 0
	if n > 0 {
		start = idx[n-1] + 1
	}
	return n + 1, off - start + 1
}

// utf8BOM is tolerated at the start of a native file (some editors write one).
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

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
	Queued  bool   `json:"queued"`
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
	Instructions string   `json:"instructions"`
	Partial      string   `json:"partial"`
	Preserved    []string `json:"preserved"`
	At           string   `json:"at"`
}

// streamMessage and streamComp are nativeMessage and nativeComp as the streaming
// reader decodes them: the long texts as jstr (one allocation each). A decoding error
// is located with the plain types (decodeStrict), whose errors name JSON types.
type streamMessage struct {
	ID      string `json:"id"`
	Role    string `json:"role"`
	Name    string `json:"name"`
	Text    jstr   `json:"text"`
	At      string `json:"at"`
	Kind    string `json:"kind"`
	IsError bool   `json:"is_error"`
	Queued  bool   `json:"queued"`
}

type streamComp struct {
	ID           string   `json:"id"`
	Round        int      `json:"round"`
	Parent       *string  `json:"parent"`
	Sources      []string `json:"sources"`
	Summary      *jstr    `json:"summary"`
	Opaque       bool     `json:"opaque"`
	Encrypted    bool     `json:"encrypted"`
	Policy       string   `json:"policy"`
	Model        string   `json:"model"`
	TargetTokens int      `json:"target_tokens"`
	Trigger      string   `json:"trigger"`
	PreTokens    int      `json:"pre_tokens"`
	PostTokens   int      `json:"post_tokens"`
	Instructions string   `json:"instructions"`
	Partial      string   `json:"partial"`
	Preserved    []string `json:"preserved"`
	At           string   `json:"at"`
}

// positions records the byte offset of each element of the top-level arrays.
type positions struct {
	messages, compactions, invariants, events []int
}

// ParseNative reads the native session/v1 format.
func ParseNative(path string, data []byte) (*Session, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &InputError{Path: path, Line: 1, Msg: "file is empty"}
	}
	return parseNativeStream(path, bytes.NewReader(data), func() ([]byte, error) { return data, nil })
}

// nativeRead is what the streaming decode of a native document collected.
type nativeRead struct {
	version, session string
	messages         []Message
	comps            []streamComp
	manifest         *Manifest
	haveMsgs         bool
	haveComps        bool
	// msgLines and compLines are each element's line and column.
	msgLines, compLines [][2]int
	warnings            []string
}

// decodeNative streams the document's top-level object, element by element.
func decodeNative(st *jsonStream) (*nativeRead, error) {
	nr := &nativeRead{}
	seen := map[string]bool{}
	err := st.object(func(key string) error {
		if seen[key] {
			nr.warnings = append(nr.warnings, fmt.Sprintf("the key %q appears twice at the top level; the last one is used", key))
		}
		seen[key] = true
		switch key {
		case "compaudit":
			_, err := st.decodeValue(&nr.version)
			return err
		case "session":
			_, err := st.decodeValue(&nr.session)
			return err
		case "messages":
			nr.messages, nr.msgLines = nil, nil
			var err error
			nr.haveMsgs, err = st.array(func(int) error {
				var m streamMessage
				start, err := st.decodeValue(&m)
				if err != nil {
					return err
				}
				l, c := st.cr.lineCol(start)
				nr.messages = append(nr.messages, Message{ID: m.ID, Role: m.Role, Name: m.Name, Text: string(m.Text), At: m.At, Kind: m.Kind, IsError: m.IsError, Queued: m.Queued, Line: l})
				nr.msgLines = append(nr.msgLines, [2]int{l, c})
				return nil
			})
			return err
		case "compactions":
			nr.comps, nr.compLines = nil, nil
			var err error
			nr.haveComps, err = st.array(func(int) error {
				var c streamComp
				start, err := st.decodeValue(&c)
				if err != nil {
					return err
				}
				l, col := st.cr.lineCol(start)
				nr.comps = append(nr.comps, c)
				nr.compLines = append(nr.compLines, [2]int{l, col})
				return nil
			})
			return err
		case "manifest":
			nr.manifest = nil
			_, err := st.decodeValue(&nr.manifest)
			return err
		}
		return st.skip()
	})
	if err != nil {
		return nil, err
	}
	return nr, st.end()
}

// parseNativeStream reads a native document from r. reread returns the whole
// document again; it is called only to locate an error precisely (nil: errors are
// located at their element).
func parseNativeStream(path string, r io.Reader, reread func() ([]byte, error)) (*Session, error) {
	st := newJSONStream(r, maxDocBytes)
	nr, err := decodeNative(st)
	if err != nil {
		return nil, streamError(path, err, reread, func(data []byte) error {
			if bytes.HasPrefix(data, utf8BOM) {
				data = append([]byte("   "), data[len(utf8BOM):]...)
			}
			var doc nativeDoc
			return decodeStrict(path, data, &doc)
		})
	}
	locate := nativeLocator(nr, reread)
	if nr.version != "" && nr.version != "session/v1" {
		l, c, w := locate("", 0, "compaudit")
		return nil, &InputError{Path: path, Line: l, Col: c, Where: w, Msg: fmt.Sprintf("unsupported version %q (this build reads session/v1)", shorten(nr.version, maxQuoted))}
	}
	if !nr.haveMsgs && !nr.haveComps {
		if nr.version == "" {
			return nil, unknownFormat(path) // JSON, but nothing says it is a session
		}
		return nil, &InputError{Path: path, Line: 1, Msg: "not a compaudit session: no \"messages\" or \"compactions\""}
	}
	s := &Session{Format: NativeFormat, Path: path, ID: nr.session, Manifest: nr.manifest, Warnings: nr.warnings, Messages: nr.messages}
	nr.messages = nil
	for i, c := range nr.comps {
		if c.Summary == nil {
			l, col, w := locate("compactions", i, fmt.Sprintf("compactions[%d]", i))
			return nil, &InputError{Path: path, Line: l, Col: col, Where: w, Msg: fmt.Sprintf("compaction %q has no summary", c.ID)}
		}
		parent := ""
		if c.Parent != nil {
			parent = *c.Parent
		}
		summary := string(*c.Summary)
		s.Compactions = append(s.Compactions, Compaction{
			ID: c.ID, Round: c.Round, Parent: parent, Sources: c.Sources, Summary: summary,
			Opaque: c.Opaque || c.Encrypted || LooksOpaque(summary), Policy: c.Policy, Model: c.Model,
			TargetTokens: c.TargetTokens, Trigger: c.Trigger, PreTokens: c.PreTokens, PostTokens: c.PostTokens,
			Instructions: c.Instructions, Partial: c.Partial, Preserved: c.Preserved, At: c.At, Line: nr.compLines[i][0],
		})
	}
	s.Index()
	if err := validate(s, locate); err != nil {
		return nil, err
	}
	return s, nil
}

// nativeLocator finds the exact value an error names (re-reading the document, on the
// error path only), falling back to its array element.
func nativeLocator(nr *nativeRead, reread func() ([]byte, error)) locator {
	var data []byte
	var lines lineIndex
	var pos positions
	loaded := false
	load := func() bool {
		if !loaded && reread != nil {
			loaded = true
			if d, err := reread(); err == nil {
				if bytes.HasPrefix(d, utf8BOM) {
					d = append([]byte("   "), d[len(utf8BOM):]...)
				}
				data, lines, pos = d, newLineIndex(d), scanPositions(d)
			}
		}
		return data != nil
	}
	elem := func(offs []int, i int) (int, int) {
		if i >= 0 && i < len(offs) {
			return lines.lineCol(offs[i])
		}
		return 0, 0
	}
	streamed := func(ls [][2]int, i int) (int, int) {
		if i >= 0 && i < len(ls) {
			return ls[i][0], ls[i][1]
		}
		return 0, 0
	}
	return func(kind string, i int, where string) (int, int, string) {
		switch {
		case where != "" && load():
			if off, ok := valueOffset(data, where); ok {
				l, c := lines.lineCol(off)
				return l, c, where
			}
		case kind == "messages":
			l, c := streamed(nr.msgLines, i)
			return l, c, where
		case kind == "compactions":
			l, c := streamed(nr.compLines, i)
			return l, c, where
		}
		var l, c int
		switch kind {
		case "messages":
			l, c = streamed(nr.msgLines, i)
		case "compactions":
			l, c = streamed(nr.compLines, i)
		case "invariants":
			if load() {
				l, c = elem(pos.invariants, i)
			}
		case "events":
			if load() {
				l, c = elem(pos.events, i)
			}
		}
		return l, c, where
	}
}
