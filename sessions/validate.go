package sessions

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

// Locator maps an element of a top-level array ("messages", "compactions",
// "invariants", "events") to a 1-based line and column; it may return zeros.
type Locator func(kind string, i int) (line, col int)

var validRoles = map[string]bool{RoleUser: true, RoleAssistant: true, RoleTool: true, RoleSystem: true}

// Validate checks a session's structure: ids, roles, sources, lineage and rounds.
// Every reader calls it, so an importer's session meets the same rules as a native one.
func Validate(s *Session, loc Locator) error {
	if loc == nil {
		loc = func(string, int) (int, int) { return 0, 0 }
	}
	fail := func(kind string, i int, where, format string, args ...any) error {
		line, col := loc(kind, i)
		return &InputError{Path: s.Path, Line: line, Col: col, Where: where, Msg: fmt.Sprintf(format, args...)}
	}
	ids := map[string]string{}
	for i, m := range s.Messages {
		where := fmt.Sprintf("messages[%d]", i)
		if m.ID == "" {
			return fail("messages", i, where, "message has no id")
		}
		if prev, dup := ids[m.ID]; dup {
			return fail("messages", i, where+".id", "duplicate id %q (also %s)", m.ID, prev)
		}
		ids[m.ID] = where
		if !validRoles[m.Role] {
			return fail("messages", i, where+".role", "unknown role %q (want user, assistant, tool or system)", m.Role)
		}
	}
	for i, c := range s.Compactions {
		where := fmt.Sprintf("compactions[%d]", i)
		if c.ID == "" {
			return fail("compactions", i, where, "compaction has no id")
		}
		if prev, dup := ids[c.ID]; dup {
			return fail("compactions", i, where+".id", "duplicate id %q (also %s)", c.ID, prev)
		}
		ids[c.ID] = where
	}
	compIdx := map[string]int{}
	for i, c := range s.Compactions {
		compIdx[c.ID] = i
	}
	for i, c := range s.Compactions {
		where := fmt.Sprintf("compactions[%d]", i)
		if c.Round < 1 {
			return fail("compactions", i, where+".round", "round must be 1 or more, got %d", c.Round)
		}
		if len(c.Sources) == 0 {
			return fail("compactions", i, where+".sources", "compaction %q lists no sources", c.ID)
		}
		seen := map[string]bool{}
		for j, src := range c.Sources {
			w := fmt.Sprintf("%s.sources[%d]", where, j)
			if src == c.ID {
				return fail("compactions", i, w, "compaction %q lists itself as a source", c.ID)
			}
			if _, ok := ids[src]; !ok {
				return fail("compactions", i, w, "unknown id %q", src)
			}
			if seen[src] {
				return fail("compactions", i, w, "source %q listed twice", src)
			}
			seen[src] = true
		}
		if c.Parent != "" {
			if c.Parent == c.ID {
				return fail("compactions", i, where+".parent", "compaction %q is its own parent", c.ID)
			}
			if _, ok := compIdx[c.Parent]; !ok {
				return fail("compactions", i, where+".parent", "parent %q is not a compaction", c.Parent)
			}
		}
		if c.Summary == "" && !c.Opaque {
			return fail("compactions", i, where+".summary", "compaction %q has an empty summary", c.ID)
		}
	}
	// Lineage cycles: follow parent links and compaction sources.
	state := map[string]int{} // 0 new, 1 visiting, 2 done
	var visit func(id string, path []string) []string
	visit = func(id string, path []string) []string {
		switch state[id] {
		case 1:
			return append(path, id)
		case 2:
			return nil
		}
		state[id] = 1
		c := s.Compactions[compIdx[id]]
		next := []string{}
		if c.Parent != "" {
			next = append(next, c.Parent)
		}
		for _, src := range c.Sources {
			if _, ok := compIdx[src]; ok {
				next = append(next, src)
			}
		}
		for _, n := range next {
			if cyc := visit(n, append(path, id)); cyc != nil {
				return cyc
			}
		}
		state[id] = 2
		return nil
	}
	for i, c := range s.Compactions {
		if cyc := visit(c.ID, nil); cyc != nil {
			return fail("compactions", i, fmt.Sprintf("compactions[%d]", i), "lineage cycle: %s", strings.Join(cyc, " -> "))
		}
	}
	// Rounds: unique, and a compaction's round is after every parent compaction's.
	rounds := map[int]string{}
	for i, c := range s.Compactions {
		if prev, dup := rounds[c.Round]; dup {
			return fail("compactions", i, fmt.Sprintf("compactions[%d].round", i), "round %d appears twice (also %s)", c.Round, prev)
		}
		rounds[c.Round] = c.ID
		for _, src := range append([]string{c.Parent}, c.Sources...) {
			if j, ok := compIdx[src]; ok && s.Compactions[j].Round >= c.Round {
				return fail("compactions", i, fmt.Sprintf("compactions[%d].round", i), "round %d summarises %q of round %d: rounds out of order", c.Round, src, s.Compactions[j].Round)
			}
		}
	}
	if s.Manifest != nil {
		invIDs := map[string]bool{}
		for i, inv := range s.Manifest.Invariants {
			where := fmt.Sprintf("manifest.invariants[%d]", i)
			if inv.ID == "" {
				return fail("invariants", i, where, "invariant has no id")
			}
			if invIDs[inv.ID] {
				return fail("invariants", i, where+".id", "duplicate invariant id %q", inv.ID)
			}
			invIDs[inv.ID] = true
			if strings.TrimSpace(inv.Text) == "" {
				return fail("invariants", i, where+".text", "invariant %q has no text", inv.ID)
			}
			if inv.At != "" && s.MessageIndex(inv.At) < 0 && !s.IsCompaction(inv.At) {
				return fail("invariants", i, where+".at", "unknown id %q", inv.At)
			}
		}
		for i, ev := range s.Manifest.Events {
			where := fmt.Sprintf("manifest.events[%d]", i)
			if ev.Kind != "retire" && ev.Kind != "add" {
				return fail("events", i, where+".kind", "unknown event kind %q (want retire)", ev.Kind)
			}
			if !invIDs[ev.ID] {
				return fail("events", i, where+".id", "event names unknown invariant %q", ev.ID)
			}
			if ev.At != "" && s.MessageIndex(ev.At) < 0 && !s.IsCompaction(ev.At) {
				return fail("events", i, where+".at", "unknown id %q", ev.At)
			}
		}
	}
	return nil
}

// ReadManifest reads a sidecar manifest file: either {"invariants":[...],"events":[...]}
// or a session-shaped file with a "manifest" key.
func ReadManifest(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &InputError{Path: path, Msg: errMsg(err)}
	}
	if len(strings.TrimSpace(string(data))) == 0 {
		return nil, &InputError{Path: path, Line: 1, Msg: "file is empty"}
	}
	if err := checkUTF8(path, data); err != nil {
		return nil, err
	}
	var wrapper struct {
		Manifest   *Manifest   `json:"manifest"`
		Invariants []Invariant `json:"invariants"`
		Events     []Event     `json:"events"`
	}
	if err := decodeStrict(path, data, &wrapper); err != nil {
		return nil, err
	}
	if wrapper.Manifest != nil {
		return wrapper.Manifest, nil
	}
	if wrapper.Invariants == nil {
		return nil, &InputError{Path: path, Line: 1, Msg: "not a manifest: no \"invariants\""}
	}
	return &Manifest{Invariants: wrapper.Invariants, Events: wrapper.Events}, nil
}

// AttachManifest sets m as s's manifest and validates it against s.
func AttachManifest(s *Session, m *Manifest, manifestPath string) error {
	s.Manifest = m
	path := s.Path
	s.Path = manifestPath
	err := Validate(s, nil)
	s.Path = path
	return err
}

// SortedIDs is a helper for deterministic output.
func SortedIDs(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
