package sessions

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
)

// Rendering an element's content (strings, content blocks, tool calls, times) as text.

// contentBlocks decodes an array of content blocks; isArray is false for a string,
// null or missing content.
func contentBlocks(raw json.RawMessage) ([]chatBlock, bool) {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '[' {
		return nil, false
	}
	var blocks []chatBlock
	if json.Unmarshal(t, &blocks) != nil {
		return nil, false
	}
	return blocks, true
}

// maxContentDepth bounds how many levels of nested content blocks (a tool result
// holding blocks holding blocks ...) are rendered as text; deeper content is kept as
// compact JSON. Each level is decoded once, so the work is at most this many passes
// over the content, however deep it nests.
const maxContentDepth = 8

// blocksText renders content that is a string, an array of text-bearing blocks, or
// null as plain text; other JSON is kept as compact JSON.
func blocksText(raw json.RawMessage) string { return blocksTextAt(raw, 0) }

func blocksTextAt(raw json.RawMessage, depth int) string {
	t := bytes.TrimSpace(raw)
	if depth >= maxContentDepth && len(t) > 0 && (t[0] == '[' || t[0] == '{') {
		var buf bytes.Buffer
		if json.Compact(&buf, t) == nil {
			return buf.String()
		}
		return string(t)
	}
	if len(t) == 0 || string(t) == "null" {
		return ""
	}
	switch t[0] {
	case '"':
		if json.Valid(t) {
			if s, err := jsUnquote(t); err == nil {
				return s // one allocation (encoding/json makes two for an escaped string)
			}
		}
	case '[':
		var blocks []chatBlock
		if json.Unmarshal(t, &blocks) == nil {
			var parts []string
			for _, b := range blocks {
				switch {
				case b.Text != nil:
					parts = append(parts, string(*b.Text))
				case b.Thinking != "":
					parts = append(parts, string(b.Thinking))
				case len(b.Content) > 0:
					parts = append(parts, blocksTextAt(b.Content, depth+1))
				case b.Type == "image" || b.Type == "input_image" || b.Type == "image_url":
					parts = append(parts, "[image]")
				}
			}
			return joinNonEmpty(parts)
		}
	case '{':
		var b chatBlock
		if json.Unmarshal(t, &b) == nil && b.Text != nil {
			return string(*b.Text)
		}
	}
	var buf bytes.Buffer
	if json.Compact(&buf, t) == nil {
		return buf.String()
	}
	return string(t)
}

// callText renders a tool call as name(arguments).
func callText(name, args string) string {
	args = strings.TrimSpace(args)
	var buf bytes.Buffer
	if args != "" && json.Compact(&buf, []byte(args)) == nil {
		args = buf.String()
	}
	return name + "(" + args + ")"
}

func joinNonEmpty(parts []string) string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n\n")
}

// rawScalar renders a JSON string or number as a string ("" for anything else).
func rawScalar(raw json.RawMessage) string {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return ""
	}
	var s string
	if json.Unmarshal(t, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(t, &n) == nil {
		return n.String()
	}
	return ""
}

// elementTime is the element's timestamp as RFC 3339, if it has one.
func elementTime(e chatElement) string {
	for _, raw := range []json.RawMessage{e.Timestamp, e.CreatedAt, e.At} {
		if at := jsonTime(raw); at != "" {
			return at
		}
	}
	return ""
}

// jsonTime accepts an ISO string, or Unix seconds or milliseconds.
func jsonTime(raw json.RawMessage) string {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || string(t) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(t, &s) == nil {
		return s
	}
	var f float64
	if json.Unmarshal(t, &f) == nil && f > 0 {
		return unixTime(f)
	}
	return ""
}

// unixTime formats Unix seconds (or milliseconds, when the value is that large).
func unixTime(f float64) string {
	ms := int64(f * 1000)
	if f > 1e11 {
		ms = int64(f)
	}
	return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z")
}

// chatContent is an element's "content": a string, decoded once (see jstr), or any
// other JSON (content blocks), kept as it is.
type chatContent struct {
	raw   json.RawMessage // when not a string
	str   string
	isStr bool
}

func (c *chatContent) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		s, err := jsUnquote(b)
		c.str, c.isStr, c.raw = s, true, nil
		return err
	}
	if string(b) == "null" {
		*c = chatContent{}
		return nil
	}
	c.raw, c.isStr = append(json.RawMessage(nil), b...), false
	return nil
}

// set reports whether the element had content.
func (c chatContent) set() bool { return c.isStr || len(c.raw) > 0 }

// text renders the content as blocksText does.
func (c chatContent) text() string {
	if c.isStr {
		return c.str
	}
	return blocksText(c.raw)
}

// json is the content as JSON text.
func (c chatContent) json() string {
	if !c.isStr {
		return string(c.raw)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(c.str)
	return strings.TrimSuffix(b.String(), "\n")
}
