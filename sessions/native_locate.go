package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

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
