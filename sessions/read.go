package sessions

import (
	"bytes"
	_ "embed"
	"io"
	"os"
	"path/filepath"
)

// ReadOptions tune how a file is read.
type ReadOptions struct {
	// SkipBad skips malformed JSONL lines, recording a warning for each, instead of failing.
	SkipBad bool
	// SummaryIndex marks, for plain message arrays, which message is the compaction summary
	// (1-based; 0 to detect).
	SummaryIndex int
}

// ReadFile reads a session file in any supported format, detected by content.
func ReadFile(path string) (*Session, error) { return ReadFileWith(path, ReadOptions{}) }

// ReadFileWith reads a session file (or folder) in any supported format, detected by
// content. "-" reads standard input. Only regular files and folders are read: a FIFO,
// a device or a socket is refused before it is opened, so nothing blocks.
func ReadFileWith(path string, opt ReadOptions) (*Session, error) {
	if path == "-" {
		return readStdin(opt)
	}
	st, err := os.Stat(path)
	if err != nil {
		if db, sid, ok := splitDBRef(path); ok {
			return readOpenCodeDB(db, sid, path) // one session of an OpenCode database: FILE#SESSION
		}
		return nil, &InputError{Path: path, Msg: errMsg(err)}
	}
	if st.IsDir() {
		return readDir(path, opt)
	}
	f, fi, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > streamThreshold {
		// A large file: detect the format from its head and, when the format reads
		// line by line, stream it rather than hold it whole.
		head := make([]byte, sniffHead)
		n, err := io.ReadFull(f, head)
		if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
			return nil, &InputError{Path: path, Msg: errMsg(err)}
		}
		head = head[:n]
		rest := io.MultiReader(bytes.NewReader(head), f)
		if looksNative(head) {
			return parseNativeStream(path, rest, rereader(path))
		}
		for _, r := range readers {
			if r.ParseStream != nil && r.Sniff != nil && r.Sniff(head) {
				return r.ParseStream(path, rest, opt)
			}
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return nil, &InputError{Path: path, Msg: errMsg(err)}
		}
	}
	if fi.Size() > maxDocBytes {
		return nil, tooBig(path, fi.Size(), maxDocBytes)
	}
	data, err := readLimited(path, f, maxDocBytes)
	if err != nil {
		return nil, err
	}
	return ParseWith(path, data, opt)
}

// InputPaths lists the files and folders that reading path touches, for a writer that
// must never replace one of them: the file or folder itself; for FILE#SESSION the
// database; for a database its write-ahead log and the DCP state beside it; for a file
// or folder inside an OpenCode storage folder the whole storage folder.
func InputPaths(path string) []string {
	if path == "" || path == "-" {
		return nil
	}
	out := []string{path}
	fi, err := os.Stat(path)
	if err != nil {
		if db, _, ok := splitDBRef(path); ok {
			return append(dbCompanions(db), db)
		}
		return out
	}
	if fi.IsDir() {
		if root := storageRoot(path); root != "" {
			out = append(out, root)
		} else if root, _, err := openCodeTarget(path); err == nil {
			out = append(out, root)
		}
		if db := filepath.Join(path, "opencode.db"); fileExists(db) {
			out = append(out, dbCompanions(db)...)
		}
		return out
	}
	head := make([]byte, 4096)
	if f, _, err := openRegular(path); err == nil {
		n, _ := io.ReadFull(f, head)
		head = head[:n]
		f.Close()
	} else {
		return out
	}
	if sniffSQLite(head) {
		return append(out, dbCompanions(path)...)
	}
	if sniffOpenCodeFile(head) {
		root := filepath.Dir(filepath.Dir(filepath.Dir(path)))
		if isDir(filepath.Join(root, "message")) {
			out = append(out, root)
		}
	}
	return out
}

// dbCompanions are the files an OpenCode database is read with.
func dbCompanions(db string) []string {
	return []string{db + "-wal", db + "-shm", filepath.Join(filepath.Dir(db), "storage", "plugin")}
}

// Files larger than streamThreshold are sniffed from their first sniffHead bytes and
// streamed when their reader can; smaller ones are read whole, as before.
const (
	streamThreshold = 8 << 20
	sniffHead       = 1 << 20
)

// Parse reads a session from data in any supported format; path names it in errors.
func Parse(path string, data []byte) (*Session, error) { return ParseWith(path, data, ReadOptions{}) }

// ParseWith is Parse with options.
func ParseWith(path string, data []byte, opt ReadOptions) (*Session, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &InputError{Path: path, Line: 1, Msg: "file is empty"}
	}
	if err := checkUTF8(path, data); err != nil {
		// Line-based formats check each line themselves, so that --skip-bad can skip
		// the bad line rather than refuse the file.
		for _, r := range readers {
			if r.ParseStream != nil && r.Sniff != nil && r.Sniff(data) {
				return r.Parse(path, data, opt)
			}
		}
		return nil, err
	}
	if looksNative(data) {
		return ParseNative(path, data)
	}
	for _, r := range readers {
		if r.Sniff != nil && r.Sniff(data) {
			return r.Parse(path, data, opt)
		}
	}
	if bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) && !bytes.Contains(data[:min(len(data), 1<<16)], []byte("\n{")) {
		// A single JSON object no reader claims: let the native reader explain what is wrong.
		return ParseNative(path, data)
	}
	return nil, unknownFormat(path)
}

// looksNative reports whether data is a native session/v1 document.
func looksNative(data []byte) bool {
	head := data[:min(len(data), 4096)]
	return bytes.Contains(head, []byte(`"compaudit"`)) && bytes.Contains(head, []byte(`session/v1`))
}

//go:embed example/session.json
var exampleSession []byte

// ExamplePath is the name the embedded example is reported under.
const ExamplePath = "(embedded example: staging-migration)"

// Example returns the embedded example session: the seeds' migration story.
func Example() (*Session, error) {
	return ParseNative(ExamplePath, exampleSession)
}

// rereader reads path again, whole: the streaming readers call it only to locate an
// error precisely.
func rereader(path string) func() ([]byte, error) {
	return func() ([]byte, error) { return readRegular(path, maxDocBytes) }
}
