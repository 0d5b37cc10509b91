package sessions

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// toolOutputText reads a function output: a string, a list of content items, or an
// object {content|output, success|metadata.exit_code}. A string that is itself such a
// JSON object (custom tools write {"output": ..., "metadata": ...}) is unwrapped.
func toolOutputText(raw json.RawMessage) (string, bool) {
	if s, ok := jsonString(raw); ok {
		t := strings.TrimSpace(s)
		if strings.HasPrefix(t, "{") && strings.HasSuffix(t, "}") {
			if text, isErr, ok := outputObject([]byte(t)); ok {
				return text, isErr
			}
		}
		return s, false
	}
	if len(raw) > 0 && raw[0] == '[' {
		text, images := cxPartsText(raw)
		if len(images) > 0 {
			text = strings.TrimSpace(text + "\n" + strings.Join(images, "\n"))
		}
		return text, false
	}
	if len(raw) > 0 && raw[0] == '{' {
		if text, isErr, ok := outputObject(raw); ok {
			return text, isErr
		}
	}
	return string(raw), false
}

// stripShellHeader removes the frame Codex puts around a shell tool's output,
// "Exit code: N\n[Wall time: ...\n]Output:\n", so the tool message is the output,
// as in the native rendering. A non-zero exit code is kept as the first line (a
// failure record is a fact) and marks the message as an error.
func stripShellHeader(text string, isErr bool) (string, bool) {
	rest, ok := strings.CutPrefix(text, "Exit code: ")
	if !ok {
		return text, isErr
	}
	nl := strings.IndexByte(rest, '\n')
	if nl < 0 {
		return text, isErr
	}
	code := rest[:nl]
	if _, err := strconv.Atoi(code); err != nil {
		return text, isErr
	}
	rest = rest[nl+1:]
	if strings.HasPrefix(rest, "Wall time: ") {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			return text, isErr
		}
		rest = rest[i+1:]
	}
	body, ok := strings.CutPrefix(rest, "Output:\n")
	if !ok {
		if rest != "Output:" {
			return text, isErr
		}
		body = ""
	}
	if code == "0" {
		return body, isErr
	}
	return "Exit code: " + code + "\n" + body, true
}

func outputObject(b []byte) (string, bool, bool) {
	var o struct {
		Output   *string         `json:"output"`
		Content  json.RawMessage `json:"content"`
		Success  *bool           `json:"success"`
		Metadata *struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	}
	if json.Unmarshal(b, &o) != nil {
		return "", false, false
	}
	isErr := (o.Success != nil && !*o.Success) || (o.Metadata != nil && o.Metadata.ExitCode != nil && *o.Metadata.ExitCode != 0)
	switch {
	case o.Output != nil:
		if o.Metadata != nil && o.Metadata.ExitCode != nil && *o.Metadata.ExitCode != 0 && !strings.HasPrefix(*o.Output, "Exit code: ") {
			return fmt.Sprintf("Exit code: %d\n%s", *o.Metadata.ExitCode, *o.Output), true, true
		}
		return *o.Output, isErr, true
	case len(o.Content) > 0:
		t, _ := toolOutputText(o.Content)
		return t, isErr, true
	}
	return "", false, false
}
