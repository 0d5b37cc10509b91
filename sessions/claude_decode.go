package sessions

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// ccDecode decodes one Claude Code line into r with the fast scanner (see jsFields):
// syntax errors and invalid UTF-8 come back as *badLineError, a used field of the
// wrong type as *fieldTypeError (decoding goes on, like encoding/json), and fields the
// reader does not use are validated and skipped. Raw values kept in r (a tool_use
// input) point into line and are valid only until the next line is read.
func ccDecode(line []byte, r *ccLine) error {
	if !utf8.Valid(line) {
		return utf8LineError(line)
	}
	d := ccDecoder{}
	err := jsFields(line, func(k, v []byte) error {
		switch string(k) {
		case "type":
			d.str("type", v, &r.Type)
		case "subtype":
			d.str("subtype", v, &r.Subtype)
		case "uuid":
			d.str("uuid", v, &r.UUID)
		case "parentUuid":
			r.ParentUUID = d.strPtr("parentUuid", v)
		case "logicalParentUuid":
			r.LogicalParentUUID = d.strPtr("logicalParentUuid", v)
		case "sessionId":
			d.str("sessionId", v, &r.SessionID)
		case "session_id":
			d.str("session_id", v, &r.SessionIDSnake)
		case "timestamp":
			d.str("timestamp", v, &r.Timestamp)
		case "teamName":
			d.str("teamName", v, &r.TeamName)
		case "isSidechain":
			d.boolean("isSidechain", v, &r.IsSidechain)
		case "isMeta":
			d.boolean("isMeta", v, &r.IsMeta)
		case "isCompactSummary":
			d.boolean("isCompactSummary", v, &r.IsCompactSummary)
		case "isVisibleInTranscriptOnly":
			d.boolean("isVisibleInTranscriptOnly", v, &r.IsVisibleInTranscriptOnly)
		case "message":
			return d.message(v, r)
		case "compactMetadata":
			d.small("compactMetadata", v, &r.CompactMetadata)
		case "compact_metadata":
			d.small("compact_metadata", v, &r.CompactMetadataSnake)
		case "microcompactMetadata":
			d.small("microcompactMetadata", v, &r.MicrocompactMetadata)
		}
		return nil
	})
	if err != nil {
		return &badLineError{msg: err.Error()}
	}
	if d.typeErr != nil {
		return d.typeErr
	}
	return nil
}

// fieldTypeError is a used field whose JSON type is wrong.
type fieldTypeError struct{ field, got, want string }

func (e *fieldTypeError) Error() string {
	return fmt.Sprintf("wrong type for %q: got JSON %s, want %s", e.field, e.got, e.want)
}

func jsKind(v []byte) string {
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '"':
		return "string"
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

type ccDecoder struct{ typeErr error }

func (d *ccDecoder) fail(field string, v []byte, want string) {
	if d.typeErr == nil {
		d.typeErr = &fieldTypeError{field: field, got: jsKind(v), want: want}
	}
}

func (d *ccDecoder) str(field string, v []byte, dst *string) {
	switch v[0] {
	case '"':
		s, err := jsUnquote(v)
		if err != nil {
			d.fail(field, v, "a string")
			return
		}
		*dst = s
	case 'n':
	default:
		d.fail(field, v, "a string")
	}
}

func (d *ccDecoder) strPtr(field string, v []byte) *string {
	if v[0] == 'n' {
		return nil
	}
	var s string
	d.str(field, v, &s)
	return &s
}

func (d *ccDecoder) boolean(field string, v []byte, dst *bool) {
	switch v[0] {
	case 't':
		*dst = true
	case 'f', 'n':
		*dst = false
	default:
		d.fail(field, v, "true or false")
	}
}

// small decodes a small nested value with encoding/json.
func (d *ccDecoder) small(field string, v []byte, dst any) {
	if err := json.Unmarshal(v, dst); err != nil {
		d.fail(field, v, "an object")
	}
}

func (d *ccDecoder) message(v []byte, r *ccLine) error {
	switch v[0] {
	case 'n':
		return nil
	case '{':
	default:
		d.fail("message", v, "an object")
		return nil
	}
	m := &ccMessage{}
	r.Message = m
	return jsFields(v, func(k, val []byte) error {
		switch string(k) {
		case "role":
			d.str("message.role", val, &m.Role)
		case "content":
			return d.content("message.content", val, &m.Content)
		}
		return nil
	})
}

func (d *ccDecoder) content(field string, v []byte, c *ccContent) error {
	switch v[0] {
	case '"':
		c.IsStr = true
		d.str(field, v, &c.Str)
		return nil
	case 'n':
		return nil
	case '[':
	default:
		d.fail(field, v, "a string or an array")
		return nil
	}
	return jsElems(v, func(e []byte) error {
		if e[0] != '{' {
			d.fail(field+"[]", e, "an object")
			return nil
		}
		var b ccBlock
		err := jsFields(e, func(k, val []byte) error {
			switch string(k) {
			case "type":
				d.str("type", val, &b.Type)
			case "text":
				d.str("text", val, &b.Text)
			case "thinking":
				d.str("thinking", val, &b.Thinking)
			case "id":
				d.str("id", val, &b.ID)
			case "name":
				d.str("name", val, &b.Name)
			case "tool_use_id":
				d.str("tool_use_id", val, &b.ToolUseID)
			case "input":
				b.Input = val
			case "content":
				b.Content = &ccContent{}
				return d.content("content", val, b.Content)
			case "is_error":
				d.boolean("is_error", val, &b.IsError)
			case "source":
				if val[0] == '{' {
					src := &struct {
						Type      string `json:"type"`
						MediaType string `json:"media_type"`
					}{}
					b.Source = src
					return jsFields(val, func(sk, sv []byte) error {
						switch string(sk) {
						case "type":
							d.str("source.type", sv, &src.Type)
						case "media_type":
							d.str("source.media_type", sv, &src.MediaType)
						}
						return nil
					})
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
		c.Blocks = append(c.Blocks, b)
		return nil
	})
}

// utf8LineError names the first invalid byte of a line.
func utf8LineError(line []byte) error {
	off := 0
	for off < len(line) {
		r, n := utf8.DecodeRune(line[off:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		off += n
	}
	return &badLineError{msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x at column %d)", line[off], off+1)}
}
