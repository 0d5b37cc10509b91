// Package outguard is the one way compaudit writes a file: every writer (the CLI's -o,
// convert, the TUI's export) goes through a Guard that knows what the run reads and
// refuses to replace it. A path is refused when it resolves (through symlinks, hard
// links and the folders above it) to an input file, to a file inside an input folder,
// or to the manifest; when it is not a regular file (a FIFO, a device, a socket, a
// folder, anything under /dev or /proc); and when it is a symlink to nothing. A file
// it replaces keeps its permissions; the write is atomic (a temporary file in the
// same folder, synced, renamed over the target). It imports nothing of compaudit's.
package outguard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Guard holds the paths a run reads. The zero Guard protects nothing (and still
// refuses what is not a regular file).
type Guard struct {
	files []entry
	dirs  []entry
}

type entry struct {
	path string      // as given
	real string      // absolute, symlinks resolved (best effort)
	fi   os.FileInfo // nil when the path does not exist
	what string      // "input", "manifest", ...
}

// RefusedError says why a path may not be written.
type RefusedError struct {
	Path   string
	Reason string
}

func (e *RefusedError) Error() string { return e.Reason }

// Protect records path, which the run reads, as never to be written: a file (also by
// its device and inode, so a hard link to it is refused) or a folder (every file
// inside it). what names it in the refusal ("the input", "the manifest").
func (g *Guard) Protect(path, what string) {
	if path == "" || path == "-" {
		return
	}
	e := entry{path: path, real: realPath(path), what: what}
	if fi, err := os.Stat(path); err == nil {
		e.fi = fi
		if fi.IsDir() {
			g.dirs = append(g.dirs, e)
			return
		}
	}
	g.files = append(g.files, e)
}

// realPath is path made absolute with every symlink resolved; for a path that does
// not exist, its nearest existing folder is resolved and the rest appended.
func realPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = filepath.Clean(path)
	}
	rest := ""
	for p := abs; ; {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(r, rest)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return abs
		}
		rest = filepath.Join(filepath.Base(p), rest)
		p = parent
	}
}

// within reports whether path is dir or below it (both real paths).
func within(path, dir string) bool {
	if path == dir {
		return true
	}
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return strings.HasPrefix(path, dir)
}

// target is where a write to out lands: the file itself, or what its symlink names.
type target struct {
	path string      // the file to replace or create (symlinks resolved)
	fi   os.FileInfo // nil when it does not exist yet
}

// Check reports why out may not be written (a *RefusedError), or nil.
func (g *Guard) Check(out string) error {
	_, err := g.resolve(out)
	return err
}

func refuse(out, format string, args ...any) error {
	return &RefusedError{Path: out, Reason: fmt.Sprintf(format, args...)}
}

func (g *Guard) resolve(out string) (target, error) {
	if out == "" {
		return target{}, refuse(out, "no file name given")
	}
	if out == "-" {
		return target{}, refuse(out, `"-" is standard output, not a file`)
	}
	t := target{path: out}
	li, err := os.Lstat(out)
	switch {
	case err == nil && li.Mode()&fs.ModeSymlink != 0:
		r, err := filepath.EvalSymlinks(out)
		if err != nil {
			return t, refuse(out, "is a symlink to a file that does not exist or cannot be reached; compaudit replaces only regular files")
		}
		t.path = r
		if t.fi, err = os.Stat(r); err != nil {
			return t, refuse(out, "cannot be examined: %v", errText(err))
		}
	case err == nil:
		t.fi = li
	case errors.Is(err, fs.ErrNotExist):
		dir := filepath.Dir(out)
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			return t, refuse(out, "folder %s does not exist", dir)
		}
	default:
		return t, refuse(out, "cannot be examined: %v", errText(err))
	}
	real := realPath(t.path)
	if special(real) {
		return t, refuse(out, "is under /dev or /proc (use -o - for standard output); compaudit writes only regular files")
	}
	if t.fi != nil && !t.fi.Mode().IsRegular() {
		return t, refuse(out, "is %s, not a regular file; compaudit writes only regular files (use -o - for standard output)", Kind(t.fi.Mode()))
	}
	for _, p := range g.files {
		if t.fi != nil && p.fi != nil && os.SameFile(t.fi, p.fi) || real == p.real {
			return t, refuse(out, "is %s (%s): compaudit never overwrites what it reads", p.what, p.path)
		}
	}
	for _, d := range g.dirs {
		if within(real, d.real) {
			return t, refuse(out, "is inside %s (%s): compaudit never writes into a folder it reads", d.what, d.path)
		}
	}
	if t.fi != nil && linkCount(t.fi) != 1 {
		for _, d := range g.dirs {
			if p := findSameFile(d.real, t.fi); p != "" {
				return t, refuse(out, "is a hard link to %s inside %s (%s): compaudit never overwrites what it reads", p, d.what, d.path)
			}
		}
	}
	return t, nil
}

// special reports whether a real path is in a kernel file system.
func special(real string) bool {
	for _, d := range []string{"/dev", "/proc", "/sys"} {
		if within(real, d) {
			return true
		}
	}
	return false
}

// maxLinkSearch bounds the walk that looks for a hard link inside a protected folder.
const maxLinkSearch = 1 << 20

var errFound = errors.New("found")

// findSameFile returns a file under dir that is fi (by device and inode), or "".
func findSameFile(dir string, fi os.FileInfo) string {
	found, n := "", 0
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if n++; n > maxLinkSearch {
			return filepath.SkipAll
		}
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		if info, err := d.Info(); err == nil && os.SameFile(info, fi) {
			found = p
			return errFound
		}
		return nil
	})
	return found
}

// Kind names a file mode that is not a regular file ("a folder", "a FIFO (named
// pipe)"), for messages that refuse it; the readers in sessions use it too.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symlink"
	case m&fs.ModeIrregular != 0:
		return "an irregular file"
	}
	return "not a regular file"
}

// errText drops the path an *os.PathError repeats.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// newFileMode is the mode of a file the guard creates (a replaced file keeps its own).
const newFileMode = 0o644

// WriteFile checks out and writes data to it atomically: a temporary file beside the
// target, synced, given the replaced file's permissions (0644 for a new file), and
// renamed over it. A symlink to a regular file stays a symlink: the file it names is
// replaced. On any error the target is left as it was.
func (g *Guard) WriteFile(out string, data []byte) error {
	t, err := g.resolve(out)
	if err != nil {
		return err
	}
	mode := fs.FileMode(newFileMode)
	if t.fi != nil {
		mode = t.fi.Mode().Perm()
	}
	dir := filepath.Dir(t.path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(t.path)+".tmp-*")
	if err != nil {
		return errors.New(errText(err))
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return errors.New(errText(err))
	}
	if err := f.Chmod(mode); err != nil {
		return errors.New(errText(err))
	}
	if err := f.Sync(); err != nil {
		return errors.New(errText(err))
	}
	if err := f.Close(); err != nil {
		return errors.New(errText(err))
	}
	// The target may have changed since it was checked: check again, just before.
	if _, err := g.resolve(out); err != nil {
		return err
	}
	if err := os.Rename(tmp, t.path); err != nil {
		var le *os.LinkError
		if errors.As(err, &le) {
			return le.Err
		}
		return err
	}
	ok = true
	syncDir(dir)
	return nil
}

// syncDir makes a rename durable where the platform allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}
