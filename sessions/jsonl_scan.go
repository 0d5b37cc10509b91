package sessions

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// A small JSON scanner for the hot path of the Claude Code reader. encoding/json
// validates a line, then decodes it, then validates and decodes again every value
// held by a custom unmarshaler; on lines that carry a multi-MB tool output twice
// (message.content and toolUseResult) that is most of the time spent. The scanner
// finds value boundaries with bytes.IndexByte and validates the syntax (strings and
// their escapes, numbers, literals, nesting) in one pass; unused values are skipped,
// strings are unquoted once. Like encoding/json (and so like the native reader), it
// rejects raw control characters (U+0000 to U+001F) inside strings: a writer that
// follows RFC 8259 escapes them, so a raw NUL or ESC is damage, reported at its column.

// jsErr is a syntax error at a byte offset of the line.
type jsErr struct {
	off int
	msg string
}

func (e *jsErr) Error() string { return fmt.Sprintf("invalid JSON at column %d: %s", e.off+1, e.msg) }

const jsMaxDepth = 10000

func jsWS(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// jsString scans the string starting at b[i] == '"'; it returns the index after the
// closing quote and whether the string holds escapes.
func jsString(b []byte, i int) (int, bool, error) {
	start := i
	i++
	esc := false
	q := -1 // index of the next quote at or after i, cached
	for {
		if q < i {
			k := bytes.IndexByte(b[i:], '"')
			if k < 0 {
				return 0, false, &jsErr{start, "unterminated string"}
			}
			q = i + k
		}
		k := bytes.IndexByte(b[i:q], '\\')
		if k < 0 {
			// One pass over the whole string for raw control bytes: an escape is a
			// backslash and printable ASCII, so only a raw one can match.
			if c := ctlIndex(b[start+1 : q]); c >= 0 {
				at := start + 1 + c
				return 0, false, &jsErr{at, fmt.Sprintf("raw control character 0x%02x in a string (JSON requires it escaped)", b[at])}
			}
			return q + 1, esc, nil
		}
		esc = true
		i += k + 1 // at the escaped character
		if i >= len(b) {
			return 0, false, &jsErr{start, "unterminated string"}
		}
		switch b[i] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			i++
		case 'u':
			if i+5 > len(b) || !isHex4(b[i+1:i+5]) {
				return 0, false, &jsErr{i, `invalid \u escape`}
			}
			i += 5
		default:
			return 0, false, &jsErr{i, fmt.Sprintf("invalid escape \\%c", b[i])}
		}
	}
}

// ctlIndex is the index of the first byte below 0x20 in b, or -1. It tests eight
// bytes at a time: (x - 0x20 in every byte) & ^x & 0x80 in every byte is non-zero
// exactly when some byte of x is below 0x20.
func ctlIndex(b []byte) int {
	const lo, hi = 0x2020202020202020, 0x8080808080808080
	i := 0
	for ; i+32 <= len(b); i += 32 {
		x0 := binary.LittleEndian.Uint64(b[i:])
		x1 := binary.LittleEndian.Uint64(b[i+8:])
		x2 := binary.LittleEndian.Uint64(b[i+16:])
		x3 := binary.LittleEndian.Uint64(b[i+24:])
		if ((x0-lo)&^x0|(x1-lo)&^x1|(x2-lo)&^x2|(x3-lo)&^x3)&hi != 0 {
			break
		}
	}
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:])
		if (x-lo)&^x&hi != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] < 0x20 {
			return i
		}
	}
	return -1
}

func isHex4(b []byte) bool {
	for _, c := range b[:4] {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}

// jsValue scans the value starting at b[i] (no leading space) and returns the index
// after it.
func jsValue(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return 0, &jsErr{i, "unexpected end of line"}
	}
	switch c := b[i]; {
	case c == '"':
		end, _, err := jsString(b, i)
		return end, err
	case c == '{' || c == '[':
		if depth > jsMaxDepth {
			return 0, &jsErr{i, "nested too deeply"}
		}
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		i = jsWS(b, i+1)
		if i < len(b) && b[i] == closer {
			return i + 1, nil
		}
		for {
			if c == '{' {
				if i >= len(b) || b[i] != '"' {
					return 0, &jsErr{i, "expected a string key"}
				}
				end, _, err := jsString(b, i)
				if err != nil {
					return 0, err
				}
				i = jsWS(b, end)
				if i >= len(b) || b[i] != ':' {
					return 0, &jsErr{i, "expected ':'"}
				}
				i = jsWS(b, i+1)
			}
			end, err := jsValue(b, i, depth+1)
			if err != nil {
				return 0, err
			}
			i = jsWS(b, end)
			if i >= len(b) {
				return 0, &jsErr{i, "unexpected end of line"}
			}
			if b[i] == closer {
				return i + 1, nil
			}
			if b[i] != ',' {
				return 0, &jsErr{i, fmt.Sprintf("expected ',' or '%c'", closer)}
			}
			i = jsWS(b, i+1)
		}
	case c == 't':
		return jsLit(b, i, "true")
	case c == 'f':
		return jsLit(b, i, "false")
	case c == 'n':
		return jsLit(b, i, "null")
	case c == '-' || ('0' <= c && c <= '9'):
		return jsNumber(b, i)
	default:
		return 0, &jsErr{i, fmt.Sprintf("invalid character %q", c)}
	}
}

// jsNumber scans -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? at b[i].
func jsNumber(b []byte, i int) (int, error) {
	start := i
	digits := func() int {
		n := 0
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if digits() == 0 {
		return 0, &jsErr{start, "invalid number"}
	}
	if i < len(b) && b[i] == '.' {
		i++
		if digits() == 0 {
			return 0, &jsErr{start, "invalid number"}
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if digits() == 0 {
			return 0, &jsErr{start, "invalid number"}
		}
	}
	return i, nil
}

func jsLit(b []byte, i int, lit string) (int, error) {
	if len(b)-i < len(lit) || string(b[i:i+len(lit)]) != lit {
		return 0, &jsErr{i, "invalid literal"}
	}
	return i + len(lit), nil
}

// jsFields calls fn for each field of the object b (a whole, already trimmed object
// value), with the raw key (without quotes; esc when it holds escapes) and the raw
// value. It validates the object.
func jsFields(b []byte, fn func(key []byte, val []byte) error) error {
	i := jsWS(b, 0)
	if i >= len(b) || b[i] != '{' {
		return &jsErr{i, "expected an object"}
	}
	i = jsWS(b, i+1)
	if i < len(b) && b[i] == '}' {
		if jsWS(b, i+1) != len(b) {
			return &jsErr{i + 1, "data after the object"}
		}
		return nil
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return &jsErr{i, "expected a string key"}
		}
		end, esc, err := jsString(b, i)
		if err != nil {
			return err
		}
		key := b[i+1 : end-1]
		if esc {
			s, err := jsUnquote(b[i:end])
			if err != nil {
				return err
			}
			key = []byte(s)
		}
		i = jsWS(b, end)
		if i >= len(b) || b[i] != ':' {
			return &jsErr{i, "expected ':'"}
		}
		i = jsWS(b, i+1)
		vend, err := jsValue(b, i, 1)
		if err != nil {
			return err
		}
		if err := fn(key, b[i:vend]); err != nil {
			return err
		}
		i = jsWS(b, vend)
		if i >= len(b) {
			return &jsErr{i, "unexpected end of line"}
		}
		if b[i] == '}' {
			if jsWS(b, i+1) != len(b) {
				return &jsErr{i + 1, "data after the object"}
			}
			return nil
		}
		if b[i] != ',' {
			return &jsErr{i, "expected ',' or '}'"}
		}
		i = jsWS(b, i+1)
	}
}

// jsElems calls fn for each element of the array b (a whole, validated array value).
func jsElems(b []byte, fn func(val []byte) error) error {
	i := jsWS(b, 0)
	if i >= len(b) || b[i] != '[' {
		return &jsErr{i, "expected an array"}
	}
	i = jsWS(b, i+1)
	if i < len(b) && b[i] == ']' {
		return nil
	}
	for {
		end, err := jsValue(b, i, 1)
		if err != nil {
			return err
		}
		if err := fn(b[i:end]); err != nil {
			return err
		}
		i = jsWS(b, end)
		if i >= len(b) {
			return &jsErr{i, "unexpected end of array"}
		}
		if b[i] == ']' {
			return nil
		}
		if b[i] != ',' {
			return &jsErr{i, "expected ',' or ']'"}
		}
		i = jsWS(b, i+1)
	}
}

// jsUnquote decodes a whole JSON string value (with its quotes), already scanned.
func jsUnquote(b []byte) (string, error) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", &jsErr{0, "expected a string"}
	}
	s := b[1 : len(b)-1]
	k := bytes.IndexByte(s, '\\')
	if k < 0 {
		return string(s), nil
	}
	var out strings.Builder
	out.Grow(len(s))
	for {
		out.Write(s[:k])
		s = s[k:]
		if len(s) < 2 {
			return "", &jsErr{0, "bad escape"}
		}
		switch c := s[1]; c {
		case '"', '\\', '/':
			out.WriteByte(c)
			s = s[2:]
		case 'b':
			out.WriteByte('\b')
			s = s[2:]
		case 'f':
			out.WriteByte('\f')
			s = s[2:]
		case 'n':
			out.WriteByte('\n')
			s = s[2:]
		case 'r':
			out.WriteByte('\r')
			s = s[2:]
		case 't':
			out.WriteByte('\t')
			s = s[2:]
		case 'u':
			r, n := jsRune(s)
			if n == 0 {
				return "", &jsErr{0, `invalid \u escape`}
			}
			out.WriteRune(r)
			s = s[n:]
		default:
			return "", &jsErr{0, "bad escape"}
		}
		k = bytes.IndexByte(s, '\\')
		if k < 0 {
			out.Write(s)
			return out.String(), nil
		}
	}
}

// jsRune decodes \uXXXX (and a following low surrogate) at the start of s; n is the
// bytes used, 0 when invalid. Unpaired surrogates become U+FFFD, as in encoding/json.
func jsRune(s []byte) (rune, int) {
	if len(s) < 6 || !isHex4(s[2:6]) {
		return 0, 0
	}
	r := hex4(s[2:6])
	if utf16.IsSurrogate(r) {
		if len(s) >= 12 && s[6] == '\\' && s[7] == 'u' && isHex4(s[8:12]) {
			if dec := utf16.DecodeRune(r, hex4(s[8:12])); dec != utf8.RuneError {
				return dec, 12
			}
		}
		return utf8.RuneError, 6
	}
	return r, 6
}

func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		r <<= 4
		switch {
		case '0' <= c && c <= '9':
			r |= rune(c - '0')
		case 'a' <= c && c <= 'f':
			r |= rune(c - 'a' + 10)
		default:
			r |= rune(c - 'A' + 10)
		}
	}
	return r
}
