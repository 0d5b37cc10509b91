// Package sessions owns the Session model (messages, compaction rounds, lineage,
// the optional invariant manifest), the readers for the native format and for real
// agents' files, and format detection. It makes no judgement about content.
package sessions

import (
	"fmt"
	"sort"
	"strings"
)

// Roles a message may have.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
	RoleSystem    = "system"
)

// Message kinds, for content that is not plain text.
const (
	KindText       = ""
	KindToolCall   = "tool_call"
	KindToolResult = "tool_result"
	KindThinking   = "thinking"
	KindImage      = "image"
)

// Message is one message of the raw transcript.
type Message struct {
	ID   string `json:"id"`
	Role string `json:"role"`
	// Name is the tool's name for tool calls and results.
	Name string `json:"name,omitempty"`
	Text string `json:"text"`
	At   string `json:"at,omitempty"`
	// Kind is empty for ordinary text; see the Kind constants.
	Kind string `json:"kind,omitempty"`
	// IsError marks a tool result the tool reported as an error.
	IsError bool `json:"is_error,omitempty"`
	// Line is the 1-based line of the input file the message came from (0 when unknown).
	Line int `json:"-"`
}

// Compaction is one compaction round: a summary and what it replaced.
type Compaction struct {
	ID     string `json:"id"`
	Round  int    `json:"round"`
	Parent string `json:"parent,omitempty"`
	// Sources lists message ids and/or earlier compaction ids the summary replaced, in order.
	Sources []string `json:"sources"`
	Summary string   `json:"summary"`
	// Opaque marks an encrypted summary that cannot be audited as text.
	Opaque       bool   `json:"opaque,omitempty"`
	Policy       string `json:"policy,omitempty"`
	Model        string `json:"model,omitempty"`
	TargetTokens int    `json:"target_tokens,omitempty"`
	Trigger      string `json:"trigger,omitempty"`
	// PreTokens and PostTokens are the agent's own token counts, when it recorded them.
	PreTokens  int `json:"pre_tokens,omitempty"`
	PostTokens int `json:"post_tokens,omitempty"`
	// Preserved lists messages the compactor kept verbatim (not sources).
	Preserved []string `json:"preserved,omitempty"`
	At        string   `json:"at,omitempty"`
	Line      int      `json:"-"`
}

// Invariant is a declared invariant from a manifest.
type Invariant struct {
	ID   string `json:"id"`
	Text string `json:"text"`
	At   string `json:"at,omitempty"`
}

// Event is a manifest event; Kind "retire" retires an invariant.
type Event struct {
	Kind   string `json:"kind"`
	ID     string `json:"id"`
	Reason string `json:"reason,omitempty"`
	At     string `json:"at,omitempty"`
}

// Manifest is the declared invariant sidecar.
type Manifest struct {
	Invariants []Invariant `json:"invariants"`
	Events     []Event     `json:"events,omitempty"`
}

// Session is a loaded transcript with its compaction rounds.
type Session struct {
	// Format names the reader that produced the session (e.g. "compaudit session/v1").
	Format string `json:"-"`
	// Path is the file or folder the session was read from.
	Path        string       `json:"-"`
	ID          string       `json:"session"`
	Messages    []Message    `json:"messages"`
	Compactions []Compaction `json:"compactions"`
	Manifest    *Manifest    `json:"manifest,omitempty"`
	// Warnings are problems the reader tolerated (e.g. lines skipped with --skip-bad).
	Warnings []string `json:"-"`

	msgIndex  map[string]int
	compIndex map[string]int
}

// Index (re)builds the id lookups. Readers call it after filling the session.
func (s *Session) Index() {
	s.msgIndex = make(map[string]int, len(s.Messages))
	for i, m := range s.Messages {
		if _, dup := s.msgIndex[m.ID]; !dup {
			s.msgIndex[m.ID] = i
		}
	}
	s.compIndex = make(map[string]int, len(s.Compactions))
	for i, c := range s.Compactions {
		if _, dup := s.compIndex[c.ID]; !dup {
			s.compIndex[c.ID] = i
		}
	}
}

func (s *Session) ensureIndex() {
	if s.msgIndex == nil || s.compIndex == nil {
		s.Index()
	}
}

// MessageIndex returns the position of message id, or -1.
func (s *Session) MessageIndex(id string) int {
	s.ensureIndex()
	if i, ok := s.msgIndex[id]; ok {
		return i
	}
	return -1
}

// Message returns the message with id, or nil.
func (s *Session) Message(id string) *Message {
	if i := s.MessageIndex(id); i >= 0 {
		return &s.Messages[i]
	}
	return nil
}

// Compaction returns the compaction with id, or nil.
func (s *Session) Compaction(id string) *Compaction {
	s.ensureIndex()
	if i, ok := s.compIndex[id]; ok {
		return &s.Compactions[i]
	}
	return nil
}

// IsCompaction reports whether id names a compaction.
func (s *Session) IsCompaction(id string) bool { return s.Compaction(id) != nil }

// ParentCompactions returns the compactions among c's sources, in source order.
func (s *Session) ParentCompactions(c *Compaction) []*Compaction {
	var out []*Compaction
	for _, id := range c.Sources {
		if p := s.Compaction(id); p != nil {
			out = append(out, p)
		}
	}
	if len(out) == 0 && c.Parent != "" {
		if p := s.Compaction(c.Parent); p != nil {
			out = append(out, p)
		}
	}
	return out
}

// Chain returns c's ancestry from the oldest compaction to c itself, following the
// first parent compaction at each step.
func (s *Session) Chain(c *Compaction) []*Compaction {
	var rev []*Compaction
	seen := map[string]bool{}
	for cur := c; cur != nil && !seen[cur.ID]; {
		seen[cur.ID] = true
		rev = append(rev, cur)
		ps := s.ParentCompactions(cur)
		if len(ps) == 0 {
			break
		}
		cur = ps[0]
	}
	out := make([]*Compaction, len(rev))
	for i, x := range rev {
		out[len(rev)-1-i] = x
	}
	return out
}

// Depth is the recursive depth of c: 1 when it summarised only raw messages, 1 plus
// the deepest parent compaction otherwise.
func (s *Session) Depth(c *Compaction) int {
	return s.depth(c, map[string]bool{})
}

func (s *Session) depth(c *Compaction, seen map[string]bool) int {
	if seen[c.ID] {
		return 0
	}
	seen[c.ID] = true
	d := 0
	for _, p := range s.ParentCompactions(c) {
		if x := s.depth(p, seen); x > d {
			d = x
		}
	}
	return d + 1
}

// NewMessages returns the ids of c's sources that are messages (not compactions).
func (s *Session) NewMessages(c *Compaction) []string {
	var out []string
	for _, id := range c.Sources {
		if !s.IsCompaction(id) {
			out = append(out, id)
		}
	}
	return out
}

// OriginalMessages returns the ids of every raw message c ultimately covers, through
// its parent compactions, in transcript order.
func (s *Session) OriginalMessages(c *Compaction) []string {
	set := map[string]bool{}
	var walk func(*Compaction, map[string]bool)
	walk = func(x *Compaction, seen map[string]bool) {
		if seen[x.ID] {
			return
		}
		seen[x.ID] = true
		for _, id := range x.Sources {
			if p := s.Compaction(id); p != nil {
				walk(p, seen)
			} else {
				set[id] = true
			}
		}
	}
	walk(c, map[string]bool{})
	out := make([]string, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := s.MessageIndex(out[i]), s.MessageIndex(out[j])
		if a != b {
			return a < b
		}
		return out[i] < out[j]
	})
	return out
}

// LastSourceIndex is the position of the last raw message c covers (-1 if none).
func (s *Session) LastSourceIndex(c *Compaction) int {
	last := -1
	for _, id := range s.OriginalMessages(c) {
		if i := s.MessageIndex(id); i > last {
			last = i
		}
	}
	return last
}

// Rounds returns the compactions sorted by round.
func (s *Session) Rounds() []*Compaction {
	out := make([]*Compaction, len(s.Compactions))
	for i := range s.Compactions {
		out[i] = &s.Compactions[i]
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Round < out[j].Round })
	return out
}

// OpaquePrefix starts every summary encrypted by a server-side compactor (Fernet tokens).
const OpaquePrefix = "gAAAAA"

// LooksOpaque reports whether a summary text is an encrypted blob.
func LooksOpaque(summary string) bool {
	t := strings.TrimSpace(summary)
	return strings.HasPrefix(t, OpaquePrefix) && !strings.ContainsAny(t, " \n\t")
}

// InputError is a problem with an input file, located as precisely as the reader can.
type InputError struct {
	Path string
	Line int // 1-based; 0 when unknown
	Col  int // 1-based; 0 when unknown
	// Where is a JSON location such as "compactions[1].sources[2]" (may be empty).
	Where string
	Msg   string
}

func (e *InputError) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	if e.Where != "" {
		b.WriteString(e.Where)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}
