package sessions

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// Reader is one supported input format. Readers register themselves in init().
type Reader struct {
	// Name is shown in reports and in the unknown-format error ("Claude Code session JSONL").
	Name string
	// Priority orders sniffing: higher first (ties by name).
	Priority int
	// Sniff reports whether data (the file's content; possibly only its first MBs) looks
	// like this format.
	Sniff func(data []byte) bool
	// Parse reads the whole file.
	Parse func(path string, data []byte, opt ReadOptions) (*Session, error)
	// ParseStream, when set, reads the file from r instead of from memory: ReadFileWith
	// uses it so a large file is never held whole (line-based formats).
	ParseStream func(path string, r io.Reader, opt ReadOptions) (*Session, error)
	// ParseDir, when set, reads a folder (e.g. OpenCode storage); SniffDir says if it applies.
	SniffDir func(dir string) bool
	ParseDir func(dir string, opt ReadOptions) (*Session, error)
}

var readers []Reader

// RegisterReader adds a format reader.
func RegisterReader(r Reader) {
	readers = append(readers, r)
	sort.SliceStable(readers, func(i, j int) bool {
		if readers[i].Priority != readers[j].Priority {
			return readers[i].Priority > readers[j].Priority
		}
		return readers[i].Name < readers[j].Name
	})
}

// KnownFormats lists the names of every supported format.
func KnownFormats() []string {
	names := []string{NativeFormat}
	for _, r := range readers {
		names = append(names, r.Name)
	}
	return names
}

// unknownFormat is the error for content no reader recognises.
func unknownFormat(path string) error {
	return &InputError{Path: path, Line: 1, Msg: "unrecognised session format (known: " + strings.Join(KnownFormats(), ", ") + ")"}
}

// readDir opens a folder-based session.
func readDir(path string, opt ReadOptions) (*Session, error) {
	for _, r := range readers {
		if r.SniffDir != nil && r.ParseDir != nil && r.SniffDir(path) {
			return r.ParseDir(path, opt)
		}
	}
	return nil, &InputError{Path: path, Msg: "is a folder, not a session file (known: " + strings.Join(KnownFormats(), ", ") + ")"}
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

var _ = fmt.Sprintf
