// Package sessions owns the Session model (messages, compaction rounds, lineage,
// the optional invariant manifest), the readers for the native format and for real
// agents' files, and format detection. It makes no judgement about content.
package sessions

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
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
	// KindInstruction is a system message that carries injected instructions the agent
	// reads as rules: a CLAUDE.md or AGENTS.md body, a skill's text, a hook's
	// additionalContext (Claude Code's isMeta records). Name says which.
	KindInstruction = "instruction"
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
	// Queued marks a user message typed while the agent was working (Claude Code's
	// queue-operation records): it is the user's words, delivered late.
	Queued bool `json:"queued,omitempty"`
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
	// Instructions are the user's own instructions for this compaction (Claude Code's
	// "/compact <instructions>"): the round's policy in the user's words.
	Instructions string `json:"instructions,omitempty"`
	// Partial says why the round's sources are known to be incomplete (the transcript
	// starts mid-chain, ...); empty when the reader saw the whole history.
	Partial string `json:"partial,omitempty"`
	At      string `json:"at,omitempty"`
	Line    int    `json:"-"`
}

// MaxTokenCount is the largest token count a reader accepts from an agent's file
// (preTokens, postTokens...): far above any model's context window, so a larger
// value is damage, not a count. Readers warn about a count out of range or negative
// and treat it as not recorded (0).
const MaxTokenCount = 1_000_000_000

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
	// indexed* are the lengths the index was built for; a change rebuilds it.
	indexedMsgs, indexedComps int
}

// Index (re)builds the id lookups. Readers call it after filling the session; the
// lookups also rebuild it themselves when messages or compactions were added or
// replaced since. (Lookups are not safe for concurrent use until Index has run.)
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
	s.indexedMsgs, s.indexedComps = len(s.Messages), len(s.Compactions)
}

func (s *Session) ensureIndex() {
	if s.msgIndex == nil || s.compIndex == nil || s.indexedMsgs != len(s.Messages) || s.indexedComps != len(s.Compactions) {
		s.Index()
	}
}

// MessageIndex returns the position of message id, or -1.
func (s *Session) MessageIndex(id string) int {
	s.ensureIndex()
	i, ok := s.msgIndex[id]
	if ok && s.Messages[i].ID != id {
		s.Index() // messages were replaced in place
		i, ok = s.msgIndex[id]
	}
	if ok {
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
	i, ok := s.compIndex[id]
	if ok && s.Compactions[i].ID != id {
		s.Index()
		i, ok = s.compIndex[id]
	}
	if ok {
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

// Chain returns c's ancestry from the oldest compaction to c itself. At each step it
// follows the explicit parent when that is a compaction, else the first compaction
// among the sources.
func (s *Session) Chain(c *Compaction) []*Compaction {
	if c == nil {
		return nil
	}
	var rev []*Compaction
	seen := map[string]bool{}
	for cur := c; cur != nil && !seen[cur.ID]; {
		seen[cur.ID] = true
		rev = append(rev, cur)
		var next *Compaction
		if cur.Parent != "" {
			next = s.Compaction(cur.Parent)
		}
		if next == nil {
			if ps := s.ParentCompactions(cur); len(ps) > 0 {
				next = ps[0]
			}
		}
		cur = next
	}
	out := make([]*Compaction, len(rev))
	for i, x := range rev {
		out[len(rev)-1-i] = x
	}
	return out
}

// Depth is the recursive depth of c: 1 when it summarised only raw messages, 1 plus
// the deepest parent compaction otherwise. (A lineage cycle, which Validate rejects,
// is cut where it closes.)
func (s *Session) Depth(c *Compaction) int {
	if c == nil {
		return 0
	}
	return s.depth(c, map[string]bool{}, map[string]int{})
}

// depth walks the lineage; onPath holds the compactions on the current path (to cut
// cycles), memo the depths already known (so shared ancestors are walked once).
func (s *Session) depth(c *Compaction, onPath map[string]bool, memo map[string]int) int {
	if d, ok := memo[c.ID]; ok {
		return d
	}
	if onPath[c.ID] {
		return 0
	}
	onPath[c.ID] = true
	d := 0
	for _, p := range s.lineageParents(c) {
		if x := s.depth(p, onPath, memo); x > d {
			d = x
		}
	}
	delete(onPath, c.ID)
	memo[c.ID] = d + 1
	return d + 1
}

// lineageParents is the compactions c builds on: the compactions among its sources,
// or its explicit parent when no source is a compaction.
func (s *Session) lineageParents(c *Compaction) []*Compaction { return s.ParentCompactions(c) }

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
	if c == nil {
		return nil
	}
	set := s.originalSet(c)
	type pos struct {
		i  int
		id string
	}
	ps := make([]pos, 0, len(set))
	for id := range set {
		ps = append(ps, pos{s.MessageIndex(id), id})
	}
	slices.SortFunc(ps, func(a, b pos) int {
		if a.i != b.i {
			return cmp.Compare(a.i, b.i)
		}
		return strings.Compare(a.id, b.id)
	})
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.id
	}
	return out
}

// originalSet is the set of raw message ids c covers, through its parent compactions.
func (s *Session) originalSet(c *Compaction) map[string]bool {
	set := map[string]bool{}
	seen := map[string]bool{}
	var walk func(*Compaction)
	walk = func(x *Compaction) {
		if seen[x.ID] {
			return
		}
		seen[x.ID] = true
		for _, id := range x.Sources {
			if !s.IsCompaction(id) {
				set[id] = true
			}
		}
		for _, p := range s.lineageParents(x) {
			walk(p)
		}
	}
	walk(c)
	return set
}

// LastSourceIndex is the position of the last raw message c covers (-1 if none).
func (s *Session) LastSourceIndex(c *Compaction) int {
	last := -1
	if c == nil {
		return last
	}
	for id := range s.originalSet(c) {
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
	slices.SortStableFunc(out, func(a, b *Compaction) int { return cmp.Compare(a.Round, b.Round) })
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
	b.WriteString(quotePath(e.Path))
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	if e.Where != "" {
		b.WriteString(oneLine(e.Where))
		b.WriteString(": ")
	}
	b.WriteString(oneLine(e.Msg))
	return b.String()
}

// quotePath quotes a path only when it holds characters that would break the line.
func quotePath(p string) string {
	if p == "" {
		return "(no file)"
	}
	for _, r := range p {
		if r < 0x20 || r == 0x7f || r == 0x85 || r == 0x2028 || r == 0x2029 || r == utf8.RuneError {
			return strconv.Quote(p)
		}
	}
	return p
}

// oneLine keeps an error message on one line: control characters become escapes.
func oneLine(s string) string {
	ok := true
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == 0x85 || r == 0x2028 || r == 0x2029 {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}
