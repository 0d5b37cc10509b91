package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"unicode/utf8"
)

// Streaming JSON: the native, message-array and OpenCode export readers decode their
// document element by element from the file, never holding it whole. A
// countingReader sits under the decoder: it checks the bytes as they pass (valid
// UTF-8, nesting within maxNesting, size within the bound) and remembers where lines
// start, so the offsets the decoder reports become lines in one pass (no per-message
// count from the start of the file). A decoding error is located precisely by
// re-reading the document (an error path only).

// Sentinel errors of the countingReader; the document is re-read to locate them.
var (
	errStreamUTF8    = errors.New("invalid UTF-8")
	errStreamNesting = errors.New("nested too deep")
	errStreamSize    = errors.New("too large")
	errTrailing      = errors.New("unexpected data after the JSON document")
)

// countingReader passes a JSON document through, checking it on the way.
type countingReader struct {
	r   io.Reader
	max int64
	off int64 // bytes passed so far

	// nl holds the offsets of the newlines not yet passed by a lineCol query; before
	// counts the ones dropped and lastNL is the offset of the last of them.
	nl     []int64
	before int
	lastNL int64
	asked  int64

	started       bool
	carry         []byte // an incomplete UTF-8 sequence at the end of the last read
	depth         int
	inStr, escape bool
	err           error
}

func newCountingReader(r io.Reader, max int64) *countingReader {
	return &countingReader{r: r, max: max, lastNL: -1}
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	if !c.started {
		c.started = true
		head := make([]byte, len(utf8BOM))
		n, err := io.ReadFull(c.r, head)
		if bytes.Equal(head[:n], utf8BOM) {
			copy(head, "   ") // a BOM reads as spaces: offsets, lines and columns stay the file's
		}
		rest := c.r
		if err != nil {
			rest = eofReader{err}
		}
		c.r = io.MultiReader(bytes.NewReader(head[:n]), rest)
	}
	n, err := c.r.Read(p)
	b := p[:n]
	if perr := c.scan(b); perr != nil {
		c.err = perr
		return 0, perr
	}
	c.off += int64(n)
	if c.off > c.max {
		c.err = errStreamSize
		return 0, c.err
	}
	if err == io.EOF && len(c.carry) > 0 {
		c.err = errStreamUTF8
		return 0, c.err
	}
	return n, err
}

// scan checks one chunk: UTF-8 (across chunk ends), nesting, newlines.
func (c *countingReader) scan(b []byte) error {
	if err := c.checkUTF8(b); err != nil {
		return err
	}
	for i, ch := range b {
		if c.inStr {
			switch {
			case c.escape:
				c.escape = false
			case ch == '\\':
				c.escape = true
			case ch == '"':
				c.inStr = false
			}
			continue
		}
		switch ch {
		case '\n':
			c.nl = append(c.nl, c.off+int64(i))
		case '"':
			c.inStr = true
		case '{', '[':
			if c.depth++; c.depth > maxNesting {
				return errStreamNesting
			}
		case '}', ']':
			c.depth--
		}
	}
	return nil
}

func (c *countingReader) checkUTF8(b []byte) error {
	if len(c.carry) > 0 {
		k := 0
		for !utf8.FullRune(c.carry) && k < len(b) {
			c.carry = append(c.carry, b[k])
			k++
		}
		if !utf8.FullRune(c.carry) {
			return nil // still incomplete: wait for more
		}
		if r, size := utf8.DecodeRune(c.carry); r == utf8.RuneError && size <= 1 || size != len(c.carry) {
			return errStreamUTF8
		}
		c.carry = c.carry[:0]
		b = b[k:]
	}
	cut := len(b)
	for k := 1; k <= utf8.UTFMax && k <= len(b); k++ {
		if utf8.RuneStart(b[len(b)-k]) {
			if !utf8.FullRune(b[len(b)-k:]) {
				cut = len(b) - k
			}
			break
		}
	}
	if !utf8.Valid(b[:cut]) {
		return errStreamUTF8
	}
	c.carry = append(c.carry, b[cut:]...)
	return nil
}

// lineCol is the 1-based line and column of byte offset off. Queries must come in
// increasing order (they do: elements are read in order); an earlier offset gives 0, 0.
func (c *countingReader) lineCol(off int64) (int, int) {
	if off < c.asked {
		return 0, 0
	}
	c.asked = off
	k := 0
	for k < len(c.nl) && c.nl[k] < off {
		k++
	}
	if k > 0 {
		c.before += k
		c.lastNL = c.nl[k-1]
		c.nl = c.nl[k:]
		if cap(c.nl) > 1024 && len(c.nl) < cap(c.nl)/4 {
			c.nl = append([]int64(nil), c.nl...)
		}
	}
	return c.before + 1, int(off - c.lastNL)
}

// jsonStream decodes one JSON document from a countingReader.
type jsonStream struct {
	cr  *countingReader
	dec *json.Decoder
}

func newJSONStream(r io.Reader, max int64) *jsonStream {
	cr := newCountingReader(r, max)
	return &jsonStream{cr: cr, dec: json.NewDecoder(cr)}
}

// nextStart is the offset where the next value starts (past whitespace, ',' and
// ':'), or -1 when the decoder has not buffered that far yet.
func (s *jsonStream) nextStart() int64 {
	off := s.dec.InputOffset()
	br, ok := s.dec.Buffered().(*bytes.Reader)
	if !ok {
		return -1
	}
	for {
		b, err := br.ReadByte()
		if err != nil {
			return -1
		}
		if !isJSONSpace(b) && b != ',' && b != ':' {
			return off
		}
		off++
	}
}

// decodeValue decodes the next value into v and returns the offset it starts at.
func (s *jsonStream) decodeValue(v any) (int64, error) {
	if s.dec.More() {
		if start := s.nextStart(); start >= 0 {
			return start, s.dec.Decode(v)
		}
	}
	// The start is not buffered yet: take the value's bytes, whose length gives it.
	var raw json.RawMessage
	if err := s.dec.Decode(&raw); err != nil {
		return -1, err
	}
	start := s.dec.InputOffset() - int64(len(raw))
	return start, json.Unmarshal(raw, v)
}

// open reads the next token and reports whether it is the opening delimiter want
// (false, with no error, for null).
func (s *jsonStream) open(want json.Delim) (bool, error) {
	t, err := s.dec.Token()
	if err != nil {
		return false, err
	}
	if t == nil {
		return false, nil
	}
	if d, ok := t.(json.Delim); ok && d == want {
		return true, nil
	}
	return false, errWrongType
}

var errWrongType = errors.New("wrong type")

// array calls fn for each element of the array that is the next value; fn must
// decode exactly one value, with decodeValue. It reports false for null.
func (s *jsonStream) array(fn func(i int) error) (bool, error) {
	ok, err := s.open('[')
	if err != nil || !ok {
		return false, err
	}
	for i := 0; s.dec.More(); i++ {
		if err := fn(i); err != nil {
			return true, err
		}
	}
	_, err = s.dec.Token()
	return true, err
}

// object calls fn for each key of the object that is the next value; fn must read
// exactly one value (decodeValue, array, object or skip).
func (s *jsonStream) object(fn func(key string) error) error {
	ok, err := s.open('{')
	if err != nil {
		return err
	}
	if !ok {
		return errWrongType
	}
	for s.dec.More() {
		t, err := s.dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		if err := fn(key); err != nil {
			return err
		}
	}
	_, err = s.dec.Token()
	return err
}

// skip reads past the next value without keeping it.
func (s *jsonStream) skip() error {
	depth := 0
	for {
		t, err := s.dec.Token()
		if err != nil {
			return err
		}
		if d, ok := t.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

// end checks nothing but whitespace follows the document.
func (s *jsonStream) end() error {
	if _, err := s.dec.Token(); err != io.EOF {
		if err == nil {
			return errTrailing
		}
		return err
	}
	return nil
}

// streamError is the located error for a document whose streaming decode failed with
// err: the document is re-read and checked whole (UTF-8, nesting, the decode into
// v), which names the exact line, column and JSON value. When that finds nothing (or
// the document cannot be re-read) the stream's own error is reported.
func streamError(path string, err error, reread func() ([]byte, error), decodeWhole func(data []byte) error) error {
	var ie *InputError
	if errors.As(err, &ie) {
		return err
	}
	if errors.Is(err, errStreamSize) {
		return tooBig(path, -1, maxDocBytes)
	}
	if reread != nil {
		data, rerr := reread()
		if rerr != nil {
			return rerr
		}
		if e := checkUTF8(path, data); e != nil {
			return e
		}
		if e := checkNesting(path, data); e != nil {
			return e
		}
		if e := decodeWhole(data); e != nil {
			return e
		}
	}
	if errors.Is(err, errTrailing) {
		return &InputError{Path: path, Msg: err.Error()}
	}
	return &InputError{Path: path, Msg: fmt.Sprintf("invalid JSON: %v", err)}
}

// eofReader replays the error that ended a short read.
type eofReader struct{ err error }

func (e eofReader) Read([]byte) (int, error) {
	if e.err == io.ErrUnexpectedEOF {
		return 0, io.EOF
	}
	return 0, e.err
}

// jstr is a JSON string decoded with one allocation: encoding/json unquotes a string
// that has escapes into a buffer and then copies the buffer into the string, so every
// message text would cost twice its size. null leaves it empty; any other JSON value
// is a type error (the readers then locate it by decoding the document whole).
type jstr string

func (j *jstr) UnmarshalJSON(b []byte) error {
	if len(b) == 0 || b[0] != '"' {
		if string(b) == "null" {
			return nil
		}
		// encoding/json adds the field; the offset stays 0 (decodeStrict then finds the
		// first value of that field and kind).
		return &json.UnmarshalTypeError{Value: jsonKind(b), Type: reflect.TypeFor[string]()}
	}
	v, err := jsUnquote(b) // the Claude Code reader's unquoting, one allocation
	*j = jstr(v)
	return err
}

// jsonKind names the kind of a JSON value as encoding/json's type errors do.
func jsonKind(b []byte) string {
	if len(b) == 0 {
		return "value"
	}
	switch b[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}
