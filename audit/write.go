package audit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Formats the writers support.
var Formats = []string{"json", "md", "html"}

// WriteJSON writes r as indented report/v1 JSON. Output is byte-identical for equal reports.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r)
}

// Write writes r in format (json, md or html; "brief" is the brief Markdown).
func Write(w io.Writer, format string, r *Report) error {
	switch format {
	case "json":
		return WriteJSON(w, r)
	case "md", "markdown":
		return WriteMarkdown(w, r)
	case "brief":
		return WriteMarkdownBrief(w, r)
	case "html":
		return WriteHTML(w, r)
	}
	return fmt.Errorf("unknown format %q (want json, md or html)", format)
}

// WriteFileAtomic renders r in format and writes it to path atomically: a temporary
// file in the same folder, synced, then renamed over path.
func WriteFileAtomic(path, format string, r *Report) error {
	var buf bytes.Buffer
	if err := Write(&buf, format, r); err != nil {
		return err
	}
	return AtomicWrite(path, buf.Bytes())
}

// AtomicWrite writes data to path through a temporary file and a rename.
// An existing target that is not a regular file (a device such as /dev/null, a FIFO, a
// symlink, a folder) is refused: a rename would replace it with a regular file.
func AtomicWrite(path string, data []byte) error {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file; refusing to replace it", path)
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// MoreImportant orders findings for reading: the engine's rank when both carry one (1
// first), a ranked finding before an unranked one, then severity, then importance.
// Equal findings compare false either way, so a stable sort keeps the engine's order.
func MoreImportant(a, b *Finding) bool {
	if a.Rank > 0 && b.Rank > 0 {
		return a.Rank < b.Rank
	}
	if (a.Rank > 0) != (b.Rank > 0) {
		return a.Rank > 0
	}
	if ra, rb := SeverityRank(a.Severity), SeverityRank(b.Severity); ra != rb {
		return ra > rb
	}
	return a.Importance > b.Importance
}
