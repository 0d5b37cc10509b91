package sessions

import (
	"fmt"
	"github.com/compaudit/compaudit/internal/outguard"
	"io"
	"io/fs"
	"os"
)

// Bounds on what compaudit reads. A JSON document (native, message array, OpenCode
// export, manifest, one stored OpenCode file) is read whole, so it is bounded; the
// line-based formats stream and are bounded per line by their readers.
var (
	// maxDocBytes bounds a JSON document read whole, and standard input.
	maxDocBytes int64 = 1 << 30
	// maxManifestBytes bounds a sidecar manifest.
	maxManifestBytes int64 = 64 << 20
	// maxStoreBytes bounds the total of an OpenCode storage session's files.
	maxStoreBytes int64 = 1 << 30
)

// maxNesting bounds how deeply a JSON document may nest (encoding/json's own limit is
// 10000; real sessions nest a few dozen levels).
const maxNesting = 512

// StdinPath is how standard input (given as "-") is named in sessions and errors.
const StdinPath = "(stdin)"

// humanBytes renders a byte count for an error message.
func humanBytes(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// notRegular is the error for an input that is neither a regular file nor a folder.
func notRegular(path string, m fs.FileMode) error {
	return &InputError{Path: path, Msg: fmt.Sprintf("is %s; compaudit reads only regular files, folders and - (standard input)", outguard.Kind(m))}
}

// openRegular opens path for reading when it is a regular file. The mode is checked
// before opening (opening a FIFO would block until a writer comes), the file is
// opened without blocking (in case it was swapped since), and the opened file is
// checked again, so nothing that is not a regular file is ever read.
func openRegular(path string) (*os.File, os.FileInfo, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, nil, &InputError{Path: path, Msg: errMsg(err)}
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, notRegular(path, fi.Mode())
	}
	return openListed(path)
}

// openListed is openRegular for a file a folder listing already showed to be a
// regular file (the check before opening is done); the opened file is still checked.
func openListed(path string) (*os.File, os.FileInfo, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlocking, 0)
	if err != nil {
		return nil, nil, &InputError{Path: path, Msg: errMsg(err)}
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, &InputError{Path: path, Msg: errMsg(err)}
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, notRegular(path, fi.Mode())
	}
	return f, fi, nil
}

// readRegular reads a regular file whole, refusing one larger than max.
func readRegular(path string, max int64) ([]byte, error) {
	f, fi, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > max {
		return nil, tooBig(path, fi.Size(), max)
	}
	// One allocation of the file's size (io.ReadAll would grow a buffer from 512 bytes,
	// leaving twice the file in garbage); a file that grows meanwhile reads on.
	buf := make([]byte, fi.Size())
	n, err := io.ReadFull(f, buf)
	switch {
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		return buf[:n], nil // it shrank
	case err != nil:
		return nil, &InputError{Path: path, Msg: errMsg(err)}
	}
	var one [1]byte
	if k, _ := f.Read(one[:]); k == 0 {
		return buf, nil
	}
	if int64(n) >= max {
		return nil, tooBig(path, -1, max)
	}
	more, err := readLimited(path, f, max-int64(n)-1)
	if err != nil {
		return nil, err
	}
	return append(append(buf, one[0]), more...), nil
}

func tooBig(path string, size, max int64) error {
	what := humanBytes(size)
	if size < 0 {
		what = "more than " + humanBytes(max)
	}
	return &InputError{Path: path, Msg: fmt.Sprintf("is %s; compaudit reads a JSON document of at most %s", what, humanBytes(max))}
}

// readLimited reads r to its end, refusing more than max bytes (a file can grow while
// it is read, and a pipe has no size).
func readLimited(path string, r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, &InputError{Path: path, Msg: errMsg(err)}
	}
	if int64(len(data)) > max {
		return nil, tooBig(path, -1, max)
	}
	return data, nil
}

// readStdin reads a session from standard input: a pipe or a redirected file, never a
// terminal or a device (which would wait for typing, or never end).
func readStdin(opt ReadOptions) (*Session, error) {
	fi, err := os.Stdin.Stat()
	if err != nil {
		return nil, &InputError{Path: StdinPath, Msg: errMsg(err)}
	}
	if m := fi.Mode(); m&fs.ModeCharDevice != 0 || m&fs.ModeDevice != 0 || m.IsDir() {
		return nil, &InputError{Path: StdinPath, Msg: fmt.Sprintf("standard input is %s; pipe a session into compaudit (compaudit check - < session.jsonl) or name a file", outguard.Kind(m))}
	}
	return ReadWith(StdinPath, os.Stdin, opt)
}

// ReadWith reads a session in any supported format from r (standard input, a pipe);
// path names it. It reads at most the document bound.
func ReadWith(path string, r io.Reader, opt ReadOptions) (*Session, error) {
	data, err := readLimited(path, r, maxDocBytes)
	if err != nil {
		return nil, err
	}
	return ParseWith(path, data, opt)
}

// regularEntry reports whether a folder entry is a regular file, following a symlink.
func regularEntry(dir string, e fs.DirEntry) bool {
	if e.Type().IsRegular() {
		return true
	}
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	fi, err := os.Stat(dir + string(os.PathSeparator) + e.Name())
	return err == nil && fi.Mode().IsRegular()
}

// checkNesting refuses a JSON document that nests deeper than maxNesting, located at
// the bracket that goes too deep. It is one linear pass, before any decoding (whose
// error paths walk the document with a path per level).
func checkNesting(path string, data []byte) error {
	var sc bracketScan
	depth := 0
	for i, c := range data {
		if depth += sc.step(c); depth > maxNesting {
			line, col := lineCol(data, i)
			return &InputError{Path: path, Line: line, Col: col, Msg: fmt.Sprintf("JSON nested more than %d levels deep", maxNesting)}
		}
	}
	return nil
}

// bracketScan follows a JSON text byte by byte, telling brackets from bytes inside
// strings (escapes included).
type bracketScan struct{ inString, escaped bool }

// step reads c and returns how it changes the nesting depth: +1 for an opening
// bracket, -1 for a closing one, 0 for anything else or anything inside a string.
func (s *bracketScan) step(c byte) int {
	if s.inString {
		switch {
		case s.escaped:
			s.escaped = false
		case c == '\\':
			s.escaped = true
		case c == '"':
			s.inString = false
		}
		return 0
	}
	switch c {
	case '"':
		s.inString = true
	case '{', '[':
		return 1
	case '}', ']':
		return -1
	}
	return 0
}

// fileReader reads many small files (an OpenCode storage folder's) through one
// reusable buffer: the decoders copy what they keep out of it, so the files cost no
// garbage of their own size.
type fileReader struct{ buf []byte }

// read returns path's content, valid until the next read.
// listed says a folder listing (jsonFiles) already showed path is a regular file.
func (r *fileReader) read(path string, limit int64, listed bool) ([]byte, error) {
	open := openRegular
	if listed {
		var data []byte
		var ok bool
		if data, r.buf, ok = readListed(path, r.buf, limit); ok {
			return data, nil
		}
		open = openListed // anything unusual: read again here, which names the error
	}
	f, fi, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := fi.Size()
	if size > limit {
		return nil, tooBig(path, size, limit)
	}
	if int64(cap(r.buf)) < size+1 {
		r.buf = make([]byte, max(size+1, 2*int64(cap(r.buf))))
	}
	buf := r.buf[:size+1] // one byte more than the size: a read that fills it saw growth
	n, err := io.ReadFull(f, buf)
	switch {
	case err == io.ErrUnexpectedEOF || err == io.EOF:
		return buf[:n], nil
	case err != nil:
		return nil, &InputError{Path: path, Msg: errMsg(err)}
	}
	f.Close()
	return readRegular(path, limit) // it grew while read: read it again, whole
}
