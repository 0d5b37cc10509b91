package sessions

import (
	"fmt"
	"unicode/utf8"
)

// ccDecode decodes one Claude Code line into r with the fast scanner (see jsFields):
// syntax errors, raw control characters in strings and invalid UTF-8 come back as
// *badLineError, a used field of the wrong type as *fieldTypeError naming the field
// and the column of its value (decoding goes on, like encoding/json), and fields the
// reader does not use are validated and skipped. Raw values kept in r (a tool_use
// input, token counts) point into line and are valid only until the next line is read.
func ccDecode(line []byte, r *ccLine) error {
	if !utf8.Valid(line) {
		return utf8LineError(line)
	}
	d := ccDecoder{line: line}
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
		case "operation":
			d.str("operation", v, &r.Operation)
		case "sourceToolUseID":
			d.str("sourceToolUseID", v, &r.SourceToolUseID)
		case "planContent":
			d.str("planContent", v, &r.PlanContent)
		case "content":
			r.Content = v // a queue operation's text, a system line's note: read when used
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
			return d.compact("compactMetadata", v, &r.CompactMetadata)
		case "compact_metadata":
			return d.compactSnake("compact_metadata", v, &r.CompactMetadataSnake)
		case "microcompactMetadata":
			return d.micro("microcompactMetadata", v, &r.MicrocompactMetadata)
		case "attachment":
			return attachmentDecode(v, &r.Attachment)
		}
		return nil
	})
	if err != nil {
		return lineError(err)
	}
	if d.typeErr != nil {
		return d.typeErr
	}
	return nil
}

// fieldTypeError is a used field whose JSON type is wrong; col is the 1-based column
// of its value (0 when unknown).
type fieldTypeError struct {
	field, got, want string
	col              int
}

func (e *fieldTypeError) Error() string { return e.field + ": " + e.msg() }

func (e *fieldTypeError) msg() string {
	return fmt.Sprintf("wrong type: got JSON %s, want %s", e.got, e.want)
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

// ccDecoder records the first type error of a line. line is the whole line, so that
// a value's column can be found (values are subslices of it).
type ccDecoder struct {
	line    []byte
	typeErr *fieldTypeError
}

func (d *ccDecoder) fail(field string, v []byte, want string) {
	if d.typeErr == nil {
		d.typeErr = &fieldTypeError{field: field, got: jsKind(v), want: want, col: d.col(v)}
	}
}

// col is the 1-based column of v within the line, 0 when v is not part of it.
func (d *ccDecoder) col(v []byte) int {
	if len(d.line) == 0 || len(v) == 0 {
		return 0
	}
	off := cap(d.line) - cap(v)
	if off < 0 || off >= len(d.line) || &d.line[off] != &v[0] {
		return 0
	}
	return off + 1
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

// strs decodes an array of strings.
func (d *ccDecoder) strs(field string, v []byte, dst *[]string) error {
	switch v[0] {
	case 'n':
		return nil
	case '[':
	default:
		d.fail(field, v, "an array of strings")
		return nil
	}
	out := []string{}
	i := 0
	err := jsElems(v, func(e []byte) error {
		var s string
		d.str(fmt.Sprintf("%s[%d]", field, i), e, &s)
		out = append(out, s)
		i++
		return nil
	})
	*dst = out
	return err
}

// object reports whether v is an object; anything but an object or null is a type error.
func (d *ccDecoder) object(field string, v []byte) bool {
	switch v[0] {
	case '{':
		return true
	case 'n':
	default:
		d.fail(field, v, "an object")
	}
	return false
}

func (d *ccDecoder) message(v []byte, r *ccLine) error {
	if !d.object("message", v) {
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
	i := 0
	return jsElems(v, func(e []byte) error {
		at := elemPath{field, i}
		i++
		if e[0] != '{' {
			d.fail(at.String(), e, "an object")
			return nil
		}
		var b ccBlock
		if err := d.block(at, e, &b); err != nil {
			return err
		}
		c.Blocks = append(c.Blocks, b)
		return nil
	})
}

// elemPath names an array element ("message.content[2]"), built only when an error
// needs it (blocks are many; their names are rarely wanted).
type elemPath struct {
	field string
	i     int
}

func (p elemPath) String() string { return fmt.Sprintf("%s[%d]", p.field, p.i) }

// bstr decodes a block's string field, naming it only on a type error.
func (d *ccDecoder) bstr(at elemPath, name string, v []byte, dst *string) {
	if v[0] == '"' {
		if s, err := jsUnquote(v); err == nil {
			*dst = s
			return
		}
	}
	if v[0] != 'n' && d.typeErr == nil {
		d.str(at.String()+"."+name, v, dst)
	}
}

func (d *ccDecoder) block(at elemPath, e []byte, b *ccBlock) error {
	return jsFields(e, func(k, val []byte) error {
		switch string(k) {
		case "type":
			d.bstr(at, "type", val, &b.Type)
		case "text":
			d.bstr(at, "text", val, &b.Text)
		case "thinking":
			d.bstr(at, "thinking", val, &b.Thinking)
		case "id":
			d.bstr(at, "id", val, &b.ID)
		case "name":
			d.bstr(at, "name", val, &b.Name)
		case "tool_use_id":
			d.bstr(at, "tool_use_id", val, &b.ToolUseID)
		case "input":
			b.Input = val
		case "content":
			b.Content = &ccContent{}
			if val[0] == '"' {
				b.Content.IsStr = true
				d.bstr(at, "content", val, &b.Content.Str)
				return nil
			}
			return d.content(at.String()+".content", val, b.Content)
		case "is_error":
			if val[0] == 't' {
				b.IsError = true
			} else if val[0] != 'f' && val[0] != 'n' {
				d.boolean(at.String()+".is_error", val, &b.IsError)
			}
		case "source":
			if val[0] == '{' {
				src := &ccSource{}
				b.Source = src
				return jsFields(val, func(sk, sv []byte) error {
					switch string(sk) {
					case "type":
						d.bstr(at, "source.type", sv, &src.Type)
					case "media_type":
						d.bstr(at, "source.media_type", sv, &src.MediaType)
					}
					return nil
				})
			}
		}
		return nil
	})
}

// compact decodes compactMetadata; token counts stay raw (checked when used).
func (d *ccDecoder) compact(field string, v []byte, dst **ccCompact) error {
	if !d.object(field, v) {
		return nil
	}
	m := &ccCompact{}
	*dst = m
	return jsFields(v, func(k, val []byte) error {
		switch string(k) {
		case "trigger":
			d.str(field+".trigger", val, &m.Trigger)
		case "preTokens":
			m.PreTokens = val
		case "postTokens":
			m.PostTokens = val
		case "userContext":
			d.str(field+".userContext", val, &m.UserContext)
		case "preservedSegment":
			if d.object(field+".preservedSegment", val) {
				m.PreservedSegment = &ccSegment{}
				return d.segment(field+".preservedSegment", val, m.PreservedSegment, "headUuid", "anchorUuid", "tailUuid")
			}
		case "preservedMessages":
			if d.object(field+".preservedMessages", val) {
				pm := &ccPreservedMsgs{}
				m.PreservedMessages = pm
				return jsFields(val, func(pk, pv []byte) error {
					switch string(pk) {
					case "anchorUuid":
						d.str(field+".preservedMessages.anchorUuid", pv, &pm.AnchorUUID)
					case "uuids":
						return d.strs(field+".preservedMessages.uuids", pv, &pm.UUIDs)
					}
					return nil
				})
			}
		}
		return nil
	})
}

// compactSnake decodes the SDK stream's compact_metadata.
func (d *ccDecoder) compactSnake(field string, v []byte, dst **ccCompactSn) error {
	if !d.object(field, v) {
		return nil
	}
	m := &ccCompactSn{}
	*dst = m
	return jsFields(v, func(k, val []byte) error {
		switch string(k) {
		case "trigger":
			d.str(field+".trigger", val, &m.Trigger)
		case "pre_tokens":
			m.PreTokens = val
		case "post_tokens":
			m.PostTokens = val
		case "preserved_segment":
			if d.object(field+".preserved_segment", val) {
				var seg ccSegment
				err := d.segment(field+".preserved_segment", val, &seg, "head_uuid", "anchor_uuid", "tail_uuid")
				sn := ccSegmentSn(seg)
				m.PreservedSegment = &sn
				return err
			}
		}
		return nil
	})
}

func (d *ccDecoder) segment(field string, v []byte, s *ccSegment, head, anchor, tail string) error {
	return jsFields(v, func(k, val []byte) error {
		switch string(k) {
		case head:
			d.str(field+"."+head, val, &s.HeadUUID)
		case anchor:
			d.str(field+"."+anchor, val, &s.AnchorUUID)
		case tail:
			d.str(field+"."+tail, val, &s.TailUUID)
		}
		return nil
	})
}

func (d *ccDecoder) micro(field string, v []byte, dst **ccMicro) error {
	if !d.object(field, v) {
		return nil
	}
	m := &ccMicro{}
	*dst = m
	return jsFields(v, func(k, val []byte) error {
		switch string(k) {
		case "trigger":
			d.str(field+".trigger", val, &m.Trigger)
		case "preTokens":
			m.PreTokens = val
		case "tokensSaved":
			m.TokensSaved = val
		case "compactedToolIds":
			return d.strs(field+".compactedToolIds", val, &m.CompactedToolIDs)
		}
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
	return &badLineError{msg: fmt.Sprintf("invalid UTF-8 (byte 0x%02x)", line[off]),
		text: fmt.Sprintf("invalid UTF-8 (byte 0x%02x at column %d)", line[off], off+1), col: off + 1}
}
