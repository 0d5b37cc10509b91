package hooks

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
)

// LogPath is compaudit's audit log: $XDG_STATE_HOME/compaudit/audit.jsonl, or
// ~/.local/state/compaudit/audit.jsonl when XDG_STATE_HOME is unset or not absolute
// (as the XDG base directory rules say).
func LogPath(getenv func(string) string, home string) (string, error) {
	if d := getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "compaudit", "audit.jsonl"), nil
	}
	if home == "" {
		return "", errors.New("no home folder to keep the audit log in (set XDG_STATE_HOME or use --log)")
	}
	return filepath.Join(home, ".local", "state", "compaudit", "audit.jsonl"), nil
}

// AppendLog appends one JSON line to the log at path, creating it (and its folder)
// private to the user: lines quote transcripts.
func AppendLog(path string, line []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	line = append(bytes.TrimRight(line, "\n"), '\n')
	if _, err := f.Write(line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// LogKey names one compaction of one transcript in the log.
type LogKey struct {
	Event      string `json:"event"`
	Session    string `json:"session"`
	Transcript string `json:"transcript"`
	Round      int    `json:"round"`
	Compaction string `json:"compaction"`
	// CompactionAt is the compaction's time in the transcript, when it records one.
	CompactionAt string `json:"compaction_at,omitempty"`
	Error        string `json:"error,omitempty"`
}

// logTail is how much of the log's end Handled reads.
const logTail = 256 << 10

// Handled reports whether the log at path already records a restore of the same
// compaction without an error: the agent then has the block, and a second call for
// the same round (a second hook entry, a transcript not yet showing the new round)
// must not add it again.
func Handled(path string, k LogKey) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > logTail {
		if _, err := f.Seek(fi.Size()-logTail, io.SeekStart); err != nil {
			return false
		}
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	for sc.Scan() {
		var got LogKey
		if json.Unmarshal(sc.Bytes(), &got) != nil {
			continue // the first line of a tail read is usually cut
		}
		if got.Error == "" && got.Event == k.Event && got.Session == k.Session && got.Transcript == k.Transcript &&
			got.Round == k.Round && got.Compaction == k.Compaction && got.CompactionAt == k.CompactionAt {
			return true
		}
	}
	return false
}
