package outguard

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

func write(t *testing.T, p, s string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(s), mode); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func refused(t *testing.T, g *Guard, out, want string) {
	t.Helper()
	err := g.WriteFile(out, []byte("REPORT"))
	var re *RefusedError
	if !errors.As(err, &re) {
		t.Fatalf("WriteFile(%s) = %v, want a refusal", out, err)
	}
	if !strings.Contains(err.Error(), want) {
		t.Errorf("WriteFile(%s): %q does not say %q", out, err, want)
	}
	if strings.Contains(err.Error(), "\n") {
		t.Errorf("refusal spans lines: %q", err)
	}
}

func TestRefusesInputsByEveryName(t *testing.T) {
	d := t.TempDir()
	in := filepath.Join(d, "in.json")
	write(t, in, "INPUT", 0o644)
	man := filepath.Join(d, "man.json")
	write(t, man, "MANIFEST", 0o644)
	store := filepath.Join(d, "storage")
	write(t, filepath.Join(store, "message", "ses_1", "msg_1.json"), "MSG", 0o644)
	var g Guard
	g.Protect(in, "the input")
	g.Protect(man, "the manifest")
	g.Protect(store, "the input folder")

	refused(t, &g, in, "is the input")
	refused(t, &g, man, "is the manifest")
	wd, _ := os.Getwd()
	if rel, err := filepath.Rel(wd, in); err == nil {
		refused(t, &g, rel, "is the input")
	}
	refused(t, &g, filepath.Join(d, ".", "x", "..", "in.json"), "is the input")
	sym := filepath.Join(d, "link.json")
	if err := os.Symlink(in, sym); err != nil {
		t.Fatal(err)
	}
	refused(t, &g, sym, "is the input")
	hard := filepath.Join(d, "hard.json")
	if err := os.Link(in, hard); err != nil {
		t.Fatal(err)
	}
	refused(t, &g, hard, "is the input")
	// inside the folder: an existing file, a new one, through a symlinked folder
	refused(t, &g, filepath.Join(store, "message", "ses_1", "msg_1.json"), "inside the input folder")
	refused(t, &g, filepath.Join(store, "new.json"), "inside the input folder")
	symDir := filepath.Join(d, "alias")
	if err := os.Symlink(store, symDir); err != nil {
		t.Fatal(err)
	}
	refused(t, &g, filepath.Join(symDir, "message", "x.json"), "inside the input folder")
	// a hard link, outside, to a file inside the folder
	outside := filepath.Join(d, "outside.json")
	if err := os.Link(filepath.Join(store, "message", "ses_1", "msg_1.json"), outside); err != nil {
		t.Fatal(err)
	}
	refused(t, &g, outside, "hard link to")
	for p, want := range map[string]string{in: "INPUT", man: "MANIFEST", filepath.Join(store, "message", "ses_1", "msg_1.json"): "MSG"} {
		if got := read(t, p); got != want {
			t.Errorf("%s was changed to %q", p, got)
		}
	}
	// a plain new file beside them is fine
	if err := g.WriteFile(filepath.Join(d, "report.md"), []byte("REPORT")); err != nil {
		t.Fatal(err)
	}
}

func TestRefusesWhatIsNotARegularFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("unix special files")
	}
	d := t.TempDir()
	var g Guard
	fifo := filepath.Join(d, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	refused(t, &g, fifo, "FIFO")
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Fatal("the FIFO was replaced")
	}
	refused(t, &g, "/dev/null", "/dev")
	refused(t, &g, d, "folder")
	for _, p := range []string{"/proc/self/fd/1", "/dev/stdout"} {
		if _, err := os.Lstat(p); err == nil {
			refused(t, &g, p, "")
		}
	}
	toStdout := filepath.Join(d, "stdout.md")
	if err := os.Symlink("/proc/self/fd/1", toStdout); err != nil {
		t.Fatal(err)
	}
	refused(t, &g, toStdout, "")
	if fi, _ := os.Lstat(toStdout); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink to stdout was replaced")
	}
	dangling := filepath.Join(d, "dangling.md")
	if err := os.Symlink(filepath.Join(d, "nowhere", "x"), dangling); err != nil {
		t.Fatal(err)
	}
	refused(t, &g, dangling, "does not exist")
	sock := filepath.Join(d, "s.sock")
	if l, err := net.Listen("unix", sock); err == nil {
		defer l.Close()
		refused(t, &g, sock, "socket")
	}
	refused(t, &g, filepath.Join(d, "no", "such", "dir", "x.md"), "does not exist")
	refused(t, &g, "-", "standard output")
	refused(t, &g, "", "no file name")
}

func TestKeepsModeAndSymlinks(t *testing.T) {
	d := t.TempDir()
	var g Guard
	private := filepath.Join(d, "private.md")
	write(t, private, "old", 0o600)
	if err := g.WriteFile(private, []byte("new")); err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(private)
	if fi.Mode().Perm() != 0o600 || read(t, private) != "new" {
		t.Errorf("replaced file: mode %v, %q", fi.Mode().Perm(), read(t, private))
	}
	fresh := filepath.Join(d, "fresh.md")
	if err := g.WriteFile(fresh, []byte("x")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != newFileMode {
		t.Errorf("new file mode %v", fi.Mode().Perm())
	}
	real := filepath.Join(d, "real.md")
	write(t, real, "old", 0o640)
	link := filepath.Join(d, "link.md")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := g.WriteFile(link, []byte("through")); err != nil {
		t.Fatal(err)
	}
	if li, _ := os.Lstat(link); li.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink became a file")
	}
	if fi, _ := os.Stat(real); read(t, real) != "through" || fi.Mode().Perm() != 0o640 {
		t.Errorf("symlink target: %q mode %v", read(t, real), fi.Mode().Perm())
	}
	ents, _ := os.ReadDir(d)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}
