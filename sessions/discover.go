package sessions

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"
)

// DiscoverOptions tune Discover.
type DiscoverOptions struct {
	// All includes sessions without a compaction, and files that look like sessions but
	// do not load (with Err set).
	All bool
	// Home is the home folder whose usual agent locations are scanned when Discover is
	// given no folder ("" for the current user's).
	Home string
	// Keep keeps each loaded session in its entry (for callers that audit them next).
	Keep bool
}

// SessionEntry is one session found by Discover.
type SessionEntry struct {
	// Path opens the session again (a file, or an OpenCode message folder).
	Path string `json:"path"`
	// Agent is the name of the reader that loaded it.
	Agent string `json:"agent"`
	ID    string `json:"session"`
	// Date is the session's last timestamp (the file's modification time when the
	// session records none).
	Date     time.Time `json:"date"`
	Messages int       `json:"messages"`
	Rounds   int       `json:"rounds"`
	// Err is set when the file looked like a session but did not load.
	Err string `json:"error,omitempty"`
	// Session is the loaded session when DiscoverOptions.Keep is set.
	Session *Session `json:"-"`
}

// DefaultDirs lists the usual session locations under home: Claude Code's projects,
// Codex's sessions and OpenCode's storage ($CLAUDE_CONFIG_DIR, $CODEX_HOME and
// $XDG_DATA_HOME move them, as they do for the agents).
func DefaultDirs(home string) []string {
	claude := filepath.Join(home, ".claude")
	if v := os.Getenv("CLAUDE_CONFIG_DIR"); v != "" {
		claude = v
	}
	codex := filepath.Join(home, ".codex")
	if v := os.Getenv("CODEX_HOME"); v != "" {
		codex = v
	}
	data := filepath.Join(home, ".local", "share")
	if v := os.Getenv("XDG_DATA_HOME"); v != "" {
		data = v
	}
	return []string{
		filepath.Join(claude, "projects"),
		filepath.Join(codex, "sessions"),
		filepath.Join(data, "opencode", "storage"),
	}
}

// compactionMarkers appear in every file of the JSONL agent formats that records a
// compaction; a file without any of them is not parsed unless All is set.
var compactionMarkers = [][]byte{
	[]byte("compact_boundary"), []byte("isCompactSummary"), []byte(`"compacted"`),
	[]byte("context_compacted"), []byte(`"compaction"`), []byte("compaction_summary"),
}

// candidate is something Discover may load.
type candidate struct {
	path string
	// db is set for an SQLite file, which may hold many OpenCode sessions.
	db bool
	// maybe is false when a cheap look found no compaction marker.
	maybe bool
}

// Discovery is what DiscoverWith found.
type Discovery struct {
	Entries []SessionEntry
	// Skipped counts the folder entries that are not regular files (FIFOs, devices,
	// sockets, broken symlinks): they are never opened, as opening one could block.
	Skipped int
}

// Discover lists the sessions under dir (or, when dir is "", under DefaultDirs), newest
// first, ties by path. Only sessions with at least one compaction round are listed
// unless opt.All is set. Files are sniffed before they are parsed, and a JSONL file
// without any compaction marker is not parsed at all unless opt.All is set.
func Discover(dir string, opt DiscoverOptions) ([]SessionEntry, error) {
	d, err := DiscoverWith(dir, opt)
	return d.Entries, err
}

// DiscoverWith is Discover that also says how many entries it skipped.
func DiscoverWith(dir string, opt DiscoverOptions) (Discovery, error) {
	var roots, dbs []string
	skipped := 0
	if dir != "" {
		if _, err := os.Stat(dir); err != nil {
			return Discovery{}, &InputError{Path: dir, Msg: errMsg(err)}
		}
		roots = []string{dir}
	} else {
		home := opt.Home
		if home == "" {
			h, err := os.UserHomeDir()
			if err != nil {
				return Discovery{}, &InputError{Path: "~", Msg: "no home folder: " + err.Error()}
			}
			home = h
		}
		for _, d := range DefaultDirs(home) {
			if isDir(d) {
				roots = append(roots, d)
			}
			if filepath.Base(d) == "storage" {
				// Current OpenCode builds keep sessions in a database beside storage/.
				found, _ := filepath.Glob(filepath.Join(filepath.Dir(d), "opencode*.db"))
				for _, f := range found {
					if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
						dbs = append(dbs, f)
					} else {
						skipped++
					}
				}
			}
		}
	}
	var cands []candidate
	seen := map[string]bool{}
	for _, p := range dbs {
		cands = append(cands, candidate{path: p, db: true, maybe: true})
		seen[p] = true
	}
	for _, root := range roots {
		cs, n, err := findCandidates(root)
		skipped += n
		if err != nil {
			return Discovery{}, err
		}
		for _, c := range cs {
			if !seen[c.path] {
				seen[c.path] = true
				cands = append(cands, c)
			}
		}
	}

	entries := make([][]*SessionEntry, len(cands))
	var wg sync.WaitGroup
	next := make(chan int)
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				entries[i] = inspect(cands[i], opt)
			}
		}()
	}
	for i := range cands {
		next <- i
	}
	close(next)
	wg.Wait()

	var out []SessionEntry
	for _, es := range entries {
		for _, e := range es {
			if !opt.All && (e.Err != "" || e.Rounds == 0) {
				continue
			}
			out = append(out, *e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Date.Equal(out[j].Date) {
			return out[i].Date.After(out[j].Date)
		}
		return out[i].Path < out[j].Path
	})
	return Discovery{Entries: out, Skipped: skipped}, nil
}

// findCandidates walks root for session files and OpenCode sessions; skipped counts
// the entries that are neither folders nor regular files.
func findCandidates(root string) ([]candidate, int, error) {
	var out []candidate
	skipped := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return &InputError{Path: root, Msg: errMsg(err)}
			}
			return nil // an unreadable corner: skip it
		}
		if d.IsDir() {
			name := d.Name()
			if p != root && (name == ".git" || name == "node_modules") {
				return filepath.SkipDir
			}
			if isDir(filepath.Join(p, "message")) && isDir(filepath.Join(p, "part")) {
				// An OpenCode storage folder: one candidate per session.
				for _, sid := range openCodeSessionIDs(p) {
					sdir := filepath.Join(p, "message", sid)
					out = append(out, candidate{path: sdir, maybe: openCodeMaybeCompacted(p, sid)})
				}
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			fi, err := os.Stat(p) // a symlink counts as what it names
			if err != nil || !fi.Mode().IsRegular() {
				if err != nil || !fi.IsDir() {
					skipped++
				}
				return nil
			}
		}
		if filepath.Base(filepath.Dir(filepath.Dir(p))) == "plugin" {
			return nil // DCP state beside a database: it opens with its session
		}
		switch {
		case strings.HasSuffix(p, ".jsonl"):
			// Plain message lines mark a summary in too many ways to grep for: read them.
			out = append(out, candidate{path: p, maybe: fileHasMarker(p) || headIsMessageJSONL(p)})
		case strings.HasSuffix(p, ".json"):
			out = append(out, candidate{path: p, maybe: true})
		case strings.HasSuffix(p, ".db"):
			out = append(out, candidate{path: p, db: true, maybe: true})
		}
		return nil
	})
	return out, skipped, err
}

// fileHasMarker streams the file looking for a compaction marker.
func fileHasMarker(path string) bool {
	f, _, err := openRegular(path)
	if err != nil {
		return true // let the reader report it
	}
	defer f.Close()
	const overlap = 32
	r := bufio.NewReaderSize(f, 1<<20)
	buf := make([]byte, 1<<20+overlap)
	carry := 0
	for {
		n, err := io.ReadFull(r, buf[carry:])
		chunk := buf[:carry+n]
		for _, m := range compactionMarkers {
			if bytes.Contains(chunk, m) {
				return true
			}
		}
		if err != nil {
			return false
		}
		carry = copy(buf, chunk[len(chunk)-overlap:])
	}
}

func headIsMessageJSONL(path string) bool {
	f, _, err := openRegular(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, head)
	return isMessageJSONL(bytes.TrimSpace(head[:n]))
}

// openCodeMaybeCompacted looks for a DCP state file or a summary message without
// reading parts.
func openCodeMaybeCompacted(root, sid string) bool {
	for _, d := range []string{"dcp", "acp"} {
		if _, err := os.Stat(filepath.Join(root, "plugin", d, sid+".json")); err == nil {
			return true
		}
	}
	files, _ := jsonFiles(filepath.Join(root, "message", sid))
	for _, f := range files {
		data, err := readRegular(f, maxDocBytes)
		if err != nil || !bytes.Contains(data, []byte(`"summary"`)) {
			continue
		}
		var m ocMessage
		if json.Unmarshal(data, &m) != nil || (m.Role == "assistant" && isTrue(m.Summary) && !hasError(m.Error)) {
			return true // a summary that did not fail (or a file only a full read can judge)
		}
	}
	return false
}

// inspect loads one candidate; nil when it is not a session at all (or has no
// compaction and All is off). A database gives one entry per session.
func inspect(c candidate, opt DiscoverOptions) []*SessionEntry {
	if !c.maybe && !opt.All {
		return nil
	}
	if c.db {
		return inspectDB(c.path, opt)
	}
	if !isDir(c.path) && !sniffsAsSession(c.path) {
		return nil
	}
	s, err := ReadFileWith(c.path, ReadOptions{})
	if err != nil && err.Error() == unknownFormat(c.path).Error() {
		return nil // not a session
	}
	return []*SessionEntry{entryOf(c.path, c.path, s, err, opt)}
}

// inspectDB lists the sessions of an OpenCode database, read in one pass.
func inspectDB(path string, opt DiscoverOptions) []*SessionEntry {
	f, _, err := openRegular(path)
	if err != nil {
		return nil
	}
	head := make([]byte, 16)
	_, _ = io.ReadFull(f, head)
	f.Close()
	if !sniffSQLite(head) {
		return nil
	}
	all, err := readOpenCodeDBAll(path)
	if err != nil {
		if opt.All && !strings.Contains(err.Error(), "without OpenCode") {
			return []*SessionEntry{entryOf(path, path, nil, err, opt)}
		}
		return nil
	}
	var out []*SessionEntry
	for _, d := range all {
		out = append(out, entryOf(d.ref, path, d.s, d.err, opt))
	}
	return out
}

// entryOf describes a loaded session (or the error loading it); file gives the date
// when the session has no timestamps.
func entryOf(ref, file string, s *Session, err error, opt DiscoverOptions) *SessionEntry {
	e := &SessionEntry{Path: ref}
	if err != nil {
		e.Err = err.Error()
	} else {
		e.Agent, e.ID, e.Messages, e.Rounds = s.Format, s.ID, len(s.Messages), len(s.Compactions)
		e.Date = lastTime(s)
		if opt.Keep {
			e.Session = s
		}
	}
	if e.Date.IsZero() {
		if fi, serr := os.Stat(file); serr == nil {
			e.Date = fi.ModTime().UTC()
		}
	}
	return e
}

// sniffsAsSession reads the head of a file and asks the readers whether it is theirs.
func sniffsAsSession(path string) bool {
	f, _, err := openRegular(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 1<<20) // as much as ParseWith lets readers sniff
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	if looksNative(head) {
		return true
	}
	for _, r := range readers {
		if r.Sniff != nil && r.Sniff(head) {
			return true
		}
	}
	return false
}

// lastTime is the latest timestamp in the session.
func lastTime(s *Session) time.Time {
	var last time.Time
	consider := func(at string) {
		if at == "" {
			return
		}
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05"} {
			if t, err := time.Parse(layout, at); err == nil {
				if t.After(last) {
					last = t.UTC()
				}
				return
			}
		}
	}
	for _, m := range s.Messages {
		consider(m.At)
	}
	for _, c := range s.Compactions {
		consider(c.At)
	}
	return last
}
