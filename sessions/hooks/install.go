package hooks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/aymanbagabas/go-udiff"
	"github.com/tidwall/gjson"
	"github.com/tidwall/pretty"
	"github.com/tidwall/sjson"
)

// Scopes of a hook setting.
const (
	ScopeProject = "project"
	ScopeUser    = "user"
)

// TimeoutSeconds is the timeout written into the agents' settings: above compaudit's
// own default of 5 s, so compaudit gives up (and fails open) before the agent kills it.
const TimeoutSeconds = 10

// StatusMessage is what Codex shows while the hook runs.
const StatusMessage = "compaudit: checking what the compaction dropped"

// SettingsPath is the file an agent reads its hooks from: for Claude Code
// .claude/settings.json in the project or ~/.claude/settings.json ($CLAUDE_CONFIG_DIR
// moves it), for Codex .codex/hooks.json in the project or ~/.codex/hooks.json
// ($CODEX_HOME moves it).
func SettingsPath(agent, scope, projectDir, home string, getenv func(string) string) (string, error) {
	var dir, file string
	switch agent {
	case ClaudeCode:
		dir, file = ".claude", "settings.json"
		if scope == ScopeUser {
			if v := getenv("CLAUDE_CONFIG_DIR"); v != "" {
				return filepath.Join(v, file), nil
			}
		}
	case Codex:
		dir, file = ".codex", "hooks.json"
		if scope == ScopeUser {
			if v := getenv("CODEX_HOME"); v != "" {
				return filepath.Join(v, file), nil
			}
		}
	default:
		return "", fmt.Errorf("unknown agent %q (want %s)", agent, strings.Join(Agents, " or "))
	}
	switch scope {
	case ScopeProject:
		return filepath.Join(projectDir, dir, file), nil
	case ScopeUser:
		if home == "" {
			return "", errors.New("no home folder for --user")
		}
		return filepath.Join(home, dir, file), nil
	}
	return "", fmt.Errorf("unknown scope %q", scope)
}

// Entry is the matcher group compaudit adds under hooks.SessionStart.
func Entry(agent, command string) ([]byte, error) {
	type handler struct {
		Type          string `json:"type"`
		Command       string `json:"command"`
		Timeout       int    `json:"timeout"`
		StatusMessage string `json:"statusMessage,omitempty"`
	}
	h := handler{Type: "command", Command: command, Timeout: TimeoutSeconds}
	if agent == Codex {
		h.StatusMessage = StatusMessage
	}
	group := struct {
		Matcher string    `json:"matcher"`
		Hooks   []handler `json:"hooks"`
	}{SourceCompact, []handler{h}}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(group); err != nil {
		return nil, err
	}
	return bytes.TrimSpace(b.Bytes()), nil
}

// Installed reports whether the settings already run `compaudit hook <agent>` on a
// SessionStart.
func Installed(settings []byte, agent string) bool {
	found := false
	gjson.GetBytes(settings, "hooks.SessionStart").ForEach(func(_, group gjson.Result) bool {
		group.Get("hooks").ForEach(func(_, h gjson.Result) bool {
			cmd := h.Get("command").String()
			if strings.Contains(cmd, "compaudit") && strings.Contains(cmd, "hook "+agent) {
				found = true
			}
			return !found
		})
		return !found
	})
	return found
}

// Merge adds entry under hooks.SessionStart of the settings document old (empty for
// none) and returns the new document. Everything else is kept as it was, key order
// and layout included: a document laid out one value a line (as the agents write it)
// gets the entry in that layout, any other keeps its layout and gets the entry on one
// line.
// A document that is not a JSON object, or whose hooks or hooks.SessionStart has
// another type, is an error: it is never overwritten.
func Merge(old, entry []byte) ([]byte, error) {
	base := bytes.TrimSpace(old)
	if len(base) == 0 {
		base = []byte("{}")
	}
	if err := checkShape(base); err != nil {
		return nil, err
	}
	src := base
	if len(bytes.TrimSpace(old)) > 0 {
		src = old // its own trailing white space stays
	}
	out, err := sjson.SetRawBytes(append([]byte(nil), src...), "hooks.SessionStart.-1", entry)
	if err != nil {
		return nil, err
	}
	if opts := (&pretty.Options{Indent: indentOf(old), Width: 0}); canonical(base, opts) {
		// a file laid out as the agents write it keeps that layout, entry included; a
		// hand-formatted one is left as written, the entry added on one line
		out = pretty.PrettyOptions(out, opts)
	}
	if err := keptAll(base, out, entry); err != nil {
		return nil, fmt.Errorf("merging would change more than compaudit's entry (%v); nothing written", err)
	}
	return out, nil
}

// canonical reports whether doc is already laid out as opts would lay it out.
func canonical(doc []byte, opts *pretty.Options) bool {
	return bytes.Equal(bytes.TrimSpace(pretty.PrettyOptions(doc, opts)), bytes.TrimSpace(doc))
}

func checkShape(doc []byte) error {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			line, col := lineCol(doc, int(se.Offset))
			return fmt.Errorf("not valid JSON at line %d, column %d: %v", line, col, err)
		}
		return fmt.Errorf("not valid JSON: %v", err)
	}
	root, ok := v.(map[string]any)
	if !ok {
		return errors.New("not a JSON object")
	}
	hooks, ok := root["hooks"]
	if !ok {
		return nil
	}
	hm, ok := hooks.(map[string]any)
	if !ok {
		return errors.New(`"hooks" is not an object`)
	}
	if ss, ok := hm[EventSessionStart]; ok {
		if _, ok := ss.([]any); !ok {
			return errors.New(`"hooks.SessionStart" is not an array`)
		}
	}
	return nil
}

// keptAll checks that after equals before plus entry appended to hooks.SessionStart.
func keptAll(before, after, entry []byte) error {
	var b, a map[string]any
	var e any
	if err := json.Unmarshal(before, &b); err != nil {
		return err
	}
	if err := json.Unmarshal(after, &a); err != nil {
		return err
	}
	if err := json.Unmarshal(entry, &e); err != nil {
		return err
	}
	hooks, _ := b["hooks"].(map[string]any)
	if hooks == nil {
		hooks = map[string]any{}
		b["hooks"] = hooks
	}
	ss, _ := hooks[EventSessionStart].([]any)
	hooks[EventSessionStart] = append(ss, e)
	if !reflect.DeepEqual(a, b) {
		return errors.New("the documents differ")
	}
	return nil
}

// indentOf is the indentation unit of a JSON document: the leading white space of
// its first indented line ("  " when it has none).
func indentOf(doc []byte) string {
	for _, l := range bytes.Split(doc, []byte("\n"))[1:] {
		n := len(l) - len(bytes.TrimLeft(l, " \t"))
		if n > 0 && n < len(l) {
			return string(l[:n])
		}
	}
	return "  "
}

func lineCol(doc []byte, off int) (int, int) {
	if off > len(doc) {
		off = len(doc)
	}
	line := 1 + bytes.Count(doc[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(doc[:off], '\n')
	return line, col
}

// Diff is the unified diff from old to new, labelled with path.
func Diff(path string, old, new []byte) string {
	return udiff.Unified(path, path+" (with compaudit)", string(old), string(new))
}

// WriteWithBackup replaces path with data atomically (a temporary file in the same
// folder, synced, renamed over it), keeping the file's permissions. An existing file
// is first copied to the first free path.bak, path.bak.1, ...; that name is returned.
func WriteWithBackup(path string, data []byte) (backup string, err error) {
	mode := os.FileMode(0o644)
	old, err := os.ReadFile(path)
	switch {
	case err == nil:
		fi, err := os.Stat(path)
		if err != nil {
			return "", err
		}
		mode = fi.Mode().Perm()
		backup = freeName(path + ".bak")
		if err := os.WriteFile(backup, old, mode); err != nil {
			return "", err
		}
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", err
		}
	default:
		return "", err
	}
	return backup, atomicWrite(path, data, mode)
}

func freeName(p string) string {
	name := p
	for i := 1; ; i++ {
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s.%d", p, i)
	}
}

func atomicWrite(path string, data []byte, mode os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if err := f.Chmod(mode); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
