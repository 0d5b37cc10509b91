package sessions

import (
	"bytes"
	"fmt"
	"strings"
)

// Locator maps an element of a top-level array ("messages", "compactions",
// "invariants", "events") to a 1-based line and column; it may return zeros.
type Locator func(kind string, i int) (line, col int)

// locator is the readers' richer form: it also sees the exact JSON location the error
// names ("compactions[1].sources[2]") and may rewrite it to the file's own spelling.
type locator func(kind string, i int, where string) (line, col int, where2 string)

var validRoles = map[string]bool{RoleUser: true, RoleAssistant: true, RoleTool: true, RoleSystem: true}

// EventRetire is the one manifest event kind: it retires an invariant.
const EventRetire = "retire"

// Validate checks a session's structure: ids, roles, sources, lineage, rounds and the
// manifest. Every reader calls it, so an importer's session meets the same rules as a
// native one. The first problem found is returned as an *InputError.
func Validate(s *Session, loc Locator) error {
	var l locator
	if loc != nil {
		l = func(kind string, i int, where string) (int, int, string) {
			line, col := loc(kind, i)
			return line, col, where
		}
	}
	return validate(s, l)
}

func validate(s *Session, loc locator) error {
	checkCounts(s)
	if err := validateStructure(s, loc); err != nil {
		return err
	}
	if s.Manifest != nil {
		return validateManifest(s, s.Manifest, s.Path, loc)
	}
	return nil
}

// failer builds located errors for one file.
type failer struct {
	path string
	loc  locator
}

func (f failer) fail(kind string, i int, where, format string, args ...any) error {
	line, col := 0, 0
	if f.loc != nil {
		line, col, where = f.loc(kind, i, where)
	}
	return &InputError{Path: f.path, Line: line, Col: col, Where: where, Msg: fmt.Sprintf(format, shortArgs(args)...)}
}

// maxQuoted bounds a value an error message quotes (an id, a role): the message
// names it, it need not reproduce a megabyte of it.
const maxQuoted = 120

// shortArgs cuts the strings among args to maxQuoted runes.
func shortArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if s, ok := a.(string); ok {
			a = shorten(s, maxQuoted)
		}
		out[i] = a
	}
	return out
}

func validateStructure(s *Session, loc locator) error {
	f := failer{s.Path, loc}
	// ids maps an id to where it is defined: message i as i, compaction i as -(i+1)
	// (the location's text is made only for an error).
	ids := make(map[string]int, len(s.Messages)+len(s.Compactions))
	defined := func(k int) string {
		if k < 0 {
			return fmt.Sprintf("compactions[%d]", -k-1)
		}
		return fmt.Sprintf("messages[%d]", k)
	}
	isMsg := func(id string) bool { k, ok := ids[id]; return ok && k >= 0 }
	for i, m := range s.Messages {
		if m.ID == "" {
			return f.fail("messages", i, defined(i), "message has no id")
		}
		if prev, dup := ids[m.ID]; dup {
			return f.fail("messages", i, defined(i)+".id", "duplicate id %q (also %s)", m.ID, defined(prev))
		}
		ids[m.ID] = i
		if !validRoles[m.Role] {
			where := defined(i)
			if m.Role == "" {
				return f.fail("messages", i, where, "message %q has no role (want user, assistant, tool or system)", m.ID)
			}
			return f.fail("messages", i, where+".role", "unknown role %q (want user, assistant, tool or system)", m.Role)
		}
	}
	compIdx := map[string]int{}
	for i, c := range s.Compactions {
		where := fmt.Sprintf("compactions[%d]", i)
		if c.ID == "" {
			return f.fail("compactions", i, where, "compaction has no id")
		}
		if prev, dup := ids[c.ID]; dup {
			return f.fail("compactions", i, where+".id", "duplicate id %q (also %s)", c.ID, defined(prev))
		}
		ids[c.ID] = -i - 1
		compIdx[c.ID] = i
	}
	for i, c := range s.Compactions {
		where := fmt.Sprintf("compactions[%d]", i)
		if c.Round < 1 {
			if c.Round == 0 {
				return f.fail("compactions", i, where+".round", "compaction %q has no round (want 1 or more)", c.ID)
			}
			return f.fail("compactions", i, where+".round", "round must be 1 or more, got %d", c.Round)
		}
		if len(c.Sources) == 0 {
			return f.fail("compactions", i, where+".sources", "compaction %q lists no sources", c.ID)
		}
		seen := make(map[string]int, len(c.Sources))
		for j, src := range c.Sources {
			w := func() string { return fmt.Sprintf("%s.sources[%d]", where, j) }
			if src == c.ID {
				return f.fail("compactions", i, w(), "compaction %q lists itself as a source", c.ID)
			}
			if src == "" {
				return f.fail("compactions", i, w(), "empty source id")
			}
			if _, ok := ids[src]; !ok {
				return f.fail("compactions", i, w(), "unknown id %q", src)
			}
			if k, dup := seen[src]; dup {
				return f.fail("compactions", i, w(), "source %q listed twice (also sources[%d])", src, k)
			}
			seen[src] = j
		}
		if c.Parent != "" {
			switch {
			case c.Parent == c.ID:
				return f.fail("compactions", i, where+".parent", "compaction %q is its own parent", c.ID)
			case isMsg(c.Parent):
				return f.fail("compactions", i, where+".parent", "parent %q is a message, not a compaction", c.Parent)
			default:
				if _, ok := compIdx[c.Parent]; !ok {
					return f.fail("compactions", i, where+".parent", "unknown parent %q: no compaction has that id", c.Parent)
				}
			}
		}
		if strings.TrimSpace(c.Summary) == "" && !c.Opaque {
			return f.fail("compactions", i, where+".summary", "compaction %q has an empty summary", c.ID)
		}
		for j, id := range c.Preserved {
			if !isMsg(id) {
				return f.fail("compactions", i, fmt.Sprintf("%s.preserved[%d]", where, j), "unknown message id %q", id)
			}
		}
	}
	if err := checkCycles(s, compIdx, f); err != nil {
		return err
	}
	// Rounds: unique, listed in increasing order, and every compaction comes after the
	// compactions it summarises.
	rounds := map[int]int{}
	for i, c := range s.Compactions {
		w := fmt.Sprintf("compactions[%d].round", i)
		if prev, dup := rounds[c.Round]; dup {
			return f.fail("compactions", i, w, "round %d appears twice (also compactions[%d])", c.Round, prev)
		}
		rounds[c.Round] = i
		for _, src := range append([]string{c.Parent}, c.Sources...) {
			if j, ok := compIdx[src]; ok && s.Compactions[j].Round >= c.Round {
				return f.fail("compactions", i, w, "rounds out of order: round %d summarises %q of round %d", c.Round, src, s.Compactions[j].Round)
			}
		}
		if i > 0 && c.Round < s.Compactions[i-1].Round {
			return f.fail("compactions", i, w, "rounds out of order: round %d listed after round %d", c.Round, s.Compactions[i-1].Round)
		}
	}
	return nil
}

// checkCycles follows parent links and compaction sources and reports the first
// lineage cycle, located at the reference that closes it.
func checkCycles(s *Session, compIdx map[string]int, f failer) error {
	type edge struct {
		to    string
		where string
	}
	edges := func(i int) []edge {
		c := s.Compactions[i]
		var out []edge
		if _, ok := compIdx[c.Parent]; ok && c.Parent != "" {
			out = append(out, edge{c.Parent, fmt.Sprintf("compactions[%d].parent", i)})
		}
		for j, src := range c.Sources {
			if _, ok := compIdx[src]; ok {
				out = append(out, edge{src, fmt.Sprintf("compactions[%d].sources[%d]", i, j)})
			}
		}
		return out
	}
	state := make([]int, len(s.Compactions)) // 0 new, 1 on the current path, 2 done
	var stack []string
	var visit func(i int) error
	visit = func(i int) error {
		state[i] = 1
		stack = append(stack, s.Compactions[i].ID)
		for _, e := range edges(i) {
			j := compIdx[e.to]
			switch state[j] {
			case 1:
				k := len(stack) - 1
				for k > 0 && stack[k] != e.to {
					k--
				}
				cyc := append(append([]string{}, stack[k:]...), e.to)
				return f.fail("compactions", i, e.where, "lineage cycle: %s", strings.Join(cyc, " -> "))
			case 0:
				if err := visit(j); err != nil {
					return err
				}
			}
		}
		stack = stack[:len(stack)-1]
		state[i] = 2
		return nil
	}
	for i := range s.Compactions {
		if state[i] == 0 {
			if err := visit(i); err != nil {
				return err
			}
		}
	}
	return nil
}

// validateManifest checks m on its own (ids, texts, event kinds and names) and, when s
// is not nil, that the ids it points at exist in s. path names the file m came from.
func validateManifest(s *Session, m *Manifest, path string, loc locator) error {
	f := failer{path, loc}
	known := func(id string) bool {
		return s == nil || s.MessageIndex(id) >= 0 || s.IsCompaction(id)
	}
	invIDs := map[string]int{}
	for i, inv := range m.Invariants {
		where := fmt.Sprintf("manifest.invariants[%d]", i)
		if inv.ID == "" {
			return f.fail("invariants", i, where, "invariant has no id")
		}
		if prev, dup := invIDs[inv.ID]; dup {
			return f.fail("invariants", i, where+".id", "duplicate invariant id %q (also invariants[%d])", inv.ID, prev)
		}
		invIDs[inv.ID] = i
		if strings.TrimSpace(inv.Text) == "" {
			return f.fail("invariants", i, where+".text", "invariant %q has no text", inv.ID)
		}
		if inv.At != "" && !known(inv.At) {
			return f.fail("invariants", i, where+".at", "unknown id %q: no message or compaction has it", inv.At)
		}
	}
	for i, ev := range m.Events {
		where := fmt.Sprintf("manifest.events[%d]", i)
		if ev.Kind != EventRetire {
			return f.fail("events", i, where+".kind", "unknown event kind %q (want %q)", ev.Kind, EventRetire)
		}
		if _, ok := invIDs[ev.ID]; !ok {
			if ev.ID == "" {
				return f.fail("events", i, where, "event names no invariant (no \"id\")")
			}
			return f.fail("events", i, where+".id", "event names unknown invariant %q", ev.ID)
		}
		if ev.At != "" && !known(ev.At) {
			return f.fail("events", i, where+".at", "unknown id %q: no message or compaction has it", ev.At)
		}
	}
	return nil
}

// manifestLocator locates errors in a manifest file's data: inside a "manifest"
// object, or at the top level (where the error's location drops "manifest.").
func manifestLocator(data []byte) locator {
	lines := newLineIndex(data)
	return func(kind string, i int, where string) (int, int, string) {
		for w := where; w != ""; {
			if off, ok := valueOffset(data, w); ok {
				l, c := lines.lineCol(off)
				return l, c, where
			}
			// Try the enclosing value: "manifest.events[0].at" -> "manifest.events[0]".
			k := strings.LastIndexAny(w, ".[")
			if k <= 0 {
				break
			}
			w = w[:k]
		}
		if t := strings.TrimPrefix(where, "manifest."); t != where {
			if l, c, w := manifestLocatorTop(data, lines, t); l > 0 {
				return l, c, w
			}
		}
		return 0, 0, where
	}
}

func manifestLocatorTop(data []byte, lines lineIndex, where string) (int, int, string) {
	for w := where; w != ""; {
		if off, ok := valueOffset(data, w); ok {
			l, c := lines.lineCol(off)
			return l, c, where
		}
		k := strings.LastIndexAny(w, ".[")
		if k <= 0 {
			break
		}
		w = w[:k]
	}
	return 0, 0, where
}

// ReadManifest reads a sidecar manifest file: either {"invariants":[...],"events":[...]}
// or a session-shaped file with a "manifest" key. It checks what it can without the
// session (ids, texts, event kinds); AttachManifest checks the rest.
func ReadManifest(path string) (*Manifest, error) {
	data, err := readRegular(path, maxManifestBytes)
	if err != nil {
		return nil, err
	}
	return parseManifest(path, data)
}

func parseManifest(path string, data []byte) (*Manifest, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &InputError{Path: path, Line: 1, Msg: "file is empty"}
	}
	if err := checkUTF8(path, data); err != nil {
		return nil, err
	}
	if bytes.HasPrefix(data, utf8BOM) {
		data = append([]byte("   "), data[len(utf8BOM):]...)
	}
	if err := checkNesting(path, data); err != nil {
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
	m := wrapper.Manifest
	if m == nil {
		if wrapper.Invariants == nil {
			return nil, &InputError{Path: path, Line: 1, Msg: "not a manifest: no \"invariants\" (or \"manifest\")"}
		}
		m = &Manifest{Invariants: wrapper.Invariants, Events: wrapper.Events}
	}
	if err := validateManifest(nil, m, path, manifestLocator(data)); err != nil {
		return nil, err
	}
	return m, nil
}

// AttachManifest validates m against s and, when it is valid, sets it as s's
// manifest. manifestPath names the manifest's file in errors (and is re-read to
// locate them); on error s is left unchanged.
func AttachManifest(s *Session, m *Manifest, manifestPath string) error {
	if m == nil {
		s.Manifest = nil
		return nil
	}
	var loc locator
	if manifestPath != "" {
		loc = func(kind string, i int, where string) (int, int, string) {
			data, err := readRegular(manifestPath, maxManifestBytes)
			if err != nil {
				return 0, 0, where
			}
			return manifestLocator(data)(kind, i, where)
		}
	}
	if err := validateManifest(s, m, manifestPath, loc); err != nil {
		return err
	}
	s.Manifest = m
	return nil
}

// maxTokenCount bounds a plausible token count: no context window comes near a
// billion tokens, and an overflowed or mistyped number is far beyond it.
const maxTokenCount = 1_000_000_000

// checkCounts drops the token counts that cannot be counts (negative, or beyond
// maxTokenCount), with a warning each: they are the agent's own figures, reported
// as they are, so a wrong one is not a reason to refuse the session.
func checkCounts(s *Session) {
	for i := range s.Compactions {
		c := &s.Compactions[i]
		for _, f := range []struct {
			name string
			v    *int
		}{{"pre_tokens", &c.PreTokens}, {"post_tokens", &c.PostTokens}, {"target_tokens", &c.TargetTokens}} {
			why := ""
			switch {
			case *f.v < 0:
				why = "negative"
			case *f.v > maxTokenCount:
				why = "more than a billion"
			default:
				continue
			}
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s: round %d (%s): %s %d is not a token count (%s); ignored", quotePath(s.Path), c.Round, c.ID, f.name, *f.v, why))
			*f.v = 0
		}
	}
}
