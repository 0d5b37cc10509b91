package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
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
				nr.messages = append(nr.messages, Message{ID: m.ID, Role: m.Role, Name: m.Name, Text: string(m.Text), At: m.At, Kind: m.Kind, IsError: m.IsError, Line: l})
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

// decodeStrict decodes JSON, turning syntax and type errors into located errors that
// name the JSON value at fault ("compactions[1].round").
func decodeStrict(path string, data []byte, v any) error {
	if json.Unmarshal(data, v) == nil {
		return nil // decoded in place (a Decoder would copy data into its buffer first)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	err := dec.Decode(v)
	if err == nil {
		// Anything after the value other than whitespace is an error.
		end := int(dec.InputOffset())
		if _, terr := dec.Token(); terr != io.EOF {
			for end < len(data) && isJSONSpace(data[end]) {
				end++
			}
			line, col := lineCol(data, end)
			return &InputError{Path: path, Line: line, Col: col, Msg: "unexpected data after the JSON document"}
		}
		return nil
	}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line, col := lineCol(data, int(se.Offset))
		return &InputError{Path: path, Line: line, Col: col, Where: shortPath(syntaxErrorPath(data)), Msg: "invalid JSON: " + strings.TrimPrefix(se.Error(), "json: ")}
	case errors.As(err, &te):
		where, start := typeErrorPath(data, int(te.Offset), te.Field)
		if te.Offset == 0 && te.Field != "" {
			// A type error from an UnmarshalJSON method (jstr) has no offset: the value is
			// the first one of that field and kind.
			where, start = typeErrorByKind(data, te.Field, te.Value)
		}
		line, col := lineCol(data, start)
		return &InputError{Path: path, Line: line, Col: col, Where: shortPath(where), Msg: fmt.Sprintf("wrong type: got JSON %s, want %s", shorten(te.Value, 40), goTypeName(te.Type))}
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		line, col := lineCol(data, len(data))
		return &InputError{Path: path, Line: line, Col: col, Where: shortPath(syntaxErrorPath(data)), Msg: "invalid JSON: unexpected end of file (truncated?)"}
	}
	return &InputError{Path: path, Msg: "invalid JSON: " + err.Error()}
}

func isJSONSpace(b byte) bool { return b == ' ' || b == '\n' || b == '\r' || b == '\t' }

// shortPath keeps a JSON location readable: a very deep one keeps its two ends.
func shortPath(p string) string {
	if len(p) <= 120 {
		return p
	}
	return p[:50] + "..." + p[len(p)-60:]
}

// shorten cuts s to at most n runes, marking the cut.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "..."
}

// goTypeName says what JSON a Go type wants, by its kind (a named type such as jstr
// or a struct says "a string" or "an object", never its Go name).
func goTypeName(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "a value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.String {
			return "an array of strings"
		}
		if t.Elem().Kind() == reflect.Uint8 && t.Name() != "" {
			return "any JSON value" // json.RawMessage
		}
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another kind of value"
}

// scanPositions walks the document's tokens and records where each element of
// messages, compactions, manifest.invariants and manifest.events starts. It is
// best effort: a document that decoded cleanly always scans.
func scanPositions(data []byte) positions {
	var p positions
	dec := json.NewDecoder(bytes.NewReader(data))
	skipWS := func(off int) int {
		for off < len(data) && (isJSONSpace(data[off]) || data[off] == ',' || data[off] == ':') {
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

// maxWalkDepth bounds the walker's nesting (encoding/json itself stops at 10000).
const maxWalkDepth = 10000

var errStopWalk = errors.New("stop")

// jsonWalker visits the values of one JSON document with their paths
// ("compactions[1].sources[2]") and byte spans.
type jsonWalker struct {
	data  []byte
	dec   *json.Decoder
	depth int
	// visit is called once a value is complete; returning true stops the walk.
	visit func(path string, start, end int) bool
	// want, when set, prunes: a value whose path it rejects is skipped whole (and
	// still visited).
	want func(path string) bool
	// failPath is the innermost value being read when the document turned out broken.
	failPath string
}

func newJSONWalker(data []byte) *jsonWalker {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // a number out of float64's range (1e400) is still walked past
	return &jsonWalker{data: data, dec: dec}
}

func (w *jsonWalker) valueStart() int {
	off := int(w.dec.InputOffset())
	for off < len(w.data) && (isJSONSpace(w.data[off]) || w.data[off] == ',' || w.data[off] == ':') {
		off++
	}
	return off
}

func (w *jsonWalker) fail(path string, err error) error {
	w.failPath = path
	return err
}

func (w *jsonWalker) value(path string) error {
	start := w.valueStart()
	if w.want != nil && path != "" && !w.want(path) {
		var raw json.RawMessage
		if err := w.dec.Decode(&raw); err != nil {
			return w.fail(path, err)
		}
		if w.visit != nil && w.visit(path, start, int(w.dec.InputOffset())) {
			return errStopWalk
		}
		return nil
	}
	if w.depth >= maxWalkDepth {
		return w.fail(path, errors.New("too deep"))
	}
	tok, err := w.dec.Token()
	if err != nil {
		return w.fail(path, err)
	}
	if d, ok := tok.(json.Delim); ok {
		w.depth++
		switch d {
		case '{':
			for w.dec.More() {
				kt, err := w.dec.Token()
				if err != nil {
					return w.fail(path, err)
				}
				key, _ := kt.(string)
				if err := w.value(keyPath(path, key)); err != nil {
					return err
				}
			}
		case '[':
			for i := 0; w.dec.More(); i++ {
				if err := w.value(path + "[" + strconv.Itoa(i) + "]"); err != nil {
					return err
				}
			}
		default:
			return w.fail(path, errors.New("unexpected delimiter"))
		}
		if _, err := w.dec.Token(); err != nil {
			return w.fail(path, err)
		}
		w.depth--
	}
	if w.visit != nil && w.visit(path, start, int(w.dec.InputOffset())) {
		return errStopWalk
	}
	return nil
}

// keyPath appends key to path: "a.key", or a["odd key"] when the key is not a plain
// name, so that a location never holds spaces, colons or control characters.
func keyPath(path, key string) string {
	plain := key != ""
	for i := 0; i < len(key) && plain; i++ {
		c := key[i]
		plain = c == '_' || c == '-' || c == '$' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	if !plain {
		return path + "[" + strconv.Quote(key) + "]"
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// isPathPrefix reports whether the value at prefix contains the value at path.
func isPathPrefix(prefix, path string) bool {
	if !strings.HasPrefix(path, prefix) {
		return false
	}
	rest := path[len(prefix):]
	return rest == "" || rest[0] == '.' || rest[0] == '['
}

// valueOffset returns the offset where the value at path starts. With duplicate keys
// it finds the last one, as the decoder keeps the last.
func valueOffset(data []byte, path string) (int, bool) {
	w := newJSONWalker(data)
	found, off := false, 0
	w.want = func(p string) bool { return isPathPrefix(p, path) }
	w.visit = func(p string, start, _ int) bool {
		if p == path {
			found, off = true, start
		}
		return false
	}
	_ = w.value("")
	return off, found
}

// stripIndices turns "compactions[1].sources[2]" into "compactions.sources", the
// form encoding/json gives in UnmarshalTypeError.Field.
func stripIndices(path string) string {
	if !strings.Contains(path, "[") {
		return path
	}
	var b strings.Builder
	skip := false
	for i := 0; i < len(path); i++ {
		switch {
		case path[i] == '[':
			skip = true
		case path[i] == ']' && skip:
			skip = false
		case !skip:
			b.WriteByte(path[i])
		}
	}
	return b.String()
}

// typeErrorPath finds the value a type error is about: the innermost value whose span
// holds off (encoding/json reports the end of a scalar, or just inside a container)
// and whose path matches field. It returns the path and the value's start.
func typeErrorPath(data []byte, off int, field string) (string, int) {
	w := newJSONWalker(data)
	bestPath, bestStart, anyPath, anyStart, haveAny := "", -1, "", 0, false
	w.visit = func(p string, start, end int) bool {
		if start < off && off <= end {
			if stripIndices(p) == field {
				bestPath, bestStart = p, start
				return true
			}
			if !haveAny {
				anyPath, anyStart, haveAny = p, start, true
			}
		}
		return false
	}
	_ = w.value("")
	if bestStart >= 0 {
		return bestPath, bestStart
	}
	if haveAny {
		return anyPath, anyStart
	}
	return field, off
}

// typeErrorByKind finds the first value whose path matches field and whose JSON kind
// is kind, and returns its path and start.
func typeErrorByKind(data []byte, field, kind string) (string, int) {
	w := newJSONWalker(data)
	path, start := field, 0
	kind, literal, _ := strings.Cut(kind, " ") // "number 1e400"
	w.visit = func(p string, s, e int) bool {
		if stripIndices(p) == field && s < len(data) && jsonKind(data[s:]) == kind && (literal == "" || string(bytes.TrimSpace(data[s:e])) == literal) {
			path, start = p, s
			return true
		}
		return false
	}
	_ = w.value("")
	return path, start
}

// syntaxErrorPath is the path of the innermost value being read where a broken
// document stops making sense.
func syntaxErrorPath(data []byte) string {
	w := newJSONWalker(data)
	if err := w.value(""); err == nil {
		return ""
	}
	return w.failPath
}

// pathAtOffset is the path of the innermost value whose span holds off ("" when
// none, or when the document breaks before it).
func pathAtOffset(data []byte, off int) string {
	w := newJSONWalker(data)
	path := ""
	w.visit = func(p string, start, end int) bool {
		if start <= off && off < end {
			path = p
			return true
		}
		return false
	}
	_ = w.value("")
	return path
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
			Preserved: c.Preserved, At: c.At, Line: nr.compLines[i][0],
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
