package sessions

import (
	"bytes"
	"encoding/json"

	"github.com/compaudit/compaudit/internal/outguard"
)

// The writer's documents mirror session-format-v1.md field by field, in a fixed key
// order, so a converted file diffs cleanly and reads back into an equal Session.
type outDoc struct {
	Compaudit   string       `json:"compaudit"`
	Session     string       `json:"session"`
	Messages    []outMessage `json:"messages"`
	Compactions []outComp    `json:"compactions"`
	Manifest    *Manifest    `json:"manifest,omitempty"`
}

type outMessage struct {
	ID      string `json:"id"`
	Role    string `json:"role"`
	Name    string `json:"name,omitempty"`
	Kind    string `json:"kind,omitempty"`
	IsError bool   `json:"is_error,omitempty"`
	Queued  bool   `json:"queued,omitempty"`
	At      string `json:"at,omitempty"`
	Text    string `json:"text"`
}

type outComp struct {
	ID           string   `json:"id"`
	Round        int      `json:"round"`
	Parent       *string  `json:"parent"`
	Sources      []string `json:"sources"`
	Preserved    []string `json:"preserved,omitempty"`
	Opaque       bool     `json:"opaque,omitempty"`
	Policy       string   `json:"policy,omitempty"`
	Model        string   `json:"model,omitempty"`
	TargetTokens int      `json:"target_tokens,omitempty"`
	Trigger      string   `json:"trigger,omitempty"`
	PreTokens    int      `json:"pre_tokens,omitempty"`
	PostTokens   int      `json:"post_tokens,omitempty"`
	Instructions string   `json:"instructions,omitempty"`
	Partial      string   `json:"partial,omitempty"`
	At           string   `json:"at,omitempty"`
	Summary      string   `json:"summary"`
}

// MarshalNative renders s in the native session/v1 format: stable key order, two-space
// indentation, HTML characters left as they are, a trailing newline. The manifest is
// included when s has one; opaque summaries keep "opaque": true.
func MarshalNative(s *Session) ([]byte, error) {
	doc := outDoc{Compaudit: "session/v1", Session: s.ID, Messages: []outMessage{}, Compactions: []outComp{}}
	for _, m := range s.Messages {
		doc.Messages = append(doc.Messages, outMessage{ID: m.ID, Role: m.Role, Name: m.Name, Kind: m.Kind, IsError: m.IsError, Queued: m.Queued, At: m.At, Text: m.Text})
	}
	for _, c := range s.Compactions {
		oc := outComp{
			ID: c.ID, Round: c.Round, Sources: append([]string{}, c.Sources...), Preserved: c.Preserved,
			Opaque: c.Opaque, Policy: c.Policy, Model: c.Model, TargetTokens: c.TargetTokens, Trigger: c.Trigger,
			PreTokens: c.PreTokens, PostTokens: c.PostTokens, Instructions: c.Instructions, Partial: c.Partial, At: c.At, Summary: c.Summary,
		}
		if c.Parent != "" {
			p := c.Parent
			oc.Parent = &p
		}
		doc.Compactions = append(doc.Compactions, oc)
	}
	if s.Manifest != nil {
		// The manifest's own field tags are the format's (session-format-v1.md).
		m := *s.Manifest
		if m.Invariants == nil {
			m.Invariants = []Invariant{}
		}
		doc.Manifest = &m
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteNative writes s to path in the native format, atomically, through the output
// guard (a temporary file in the same folder, synced, renamed over path; a replaced
// file keeps its permissions; what is not a regular file is refused). On any error
// path is left as it was. It protects no input: a caller that read files passes
// through its own guard (outguard.Guard.WriteFile with MarshalNative).
func WriteNative(path string, s *Session) error {
	data, err := MarshalNative(s)
	if err != nil {
		return err
	}
	return (&outguard.Guard{}).WriteFile(path, data)
}
