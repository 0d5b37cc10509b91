package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/compaudit/compaudit/internal/termsafe"
)

// rawControl returns the first character of s a terminal would interpret (newlines
// and tabs aside), if any.
func rawControl(s string) (rune, bool) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r == '\n' || r == '\t' {
			continue
		}
		if r == utf8.RuneError && n <= 1 || r < 0x20 || r == 0x7f || termsafe.Invisible(r) {
			return r, true
		}
	}
	return 0, false
}

func copyFile(t *testing.T, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		copyFile(t, p, filepath.Join(dst, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// unchanged fails when a file's bytes differ from before.
func unchanged(t *testing.T, p string, before []byte) {
	t.Helper()
	after, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("%s: %v", p, err)
	}
	if !bytes.Equal(before, after) {
		t.Errorf("%s was changed", p)
	}
}

// Before: the same-file check stat'ed the literal "x.db#ses_x", so -o x.db replaced
// the database with JSON.
func TestOutputNeverReplacesAnOpenCodeDatabase(t *testing.T) {
	d := t.TempDir()
	db := filepath.Join(d, "x.db")
	copyFile(t, "sessions/testdata/opencode/db/opencode.db", db)
	copyFile(t, "sessions/testdata/opencode/db/opencode.db-wal", db+"-wal")
	before, _ := os.ReadFile(db)
	wal, _ := os.ReadFile(db + "-wal")
	ref := db + "#ses_e07c4103fffeSbXOIkDj8Q6xzR"
	for _, args := range [][]string{
		{"audit", "-o", db, ref},
		{"audit", "--format", "json", "-o", db + "-wal", ref},
		{"convert", "-o", db, ref},
		{"convert", "-o", db, db},
	} {
		_, errOut, code := cli(args...)
		if code != exitUsage || !strings.Contains(errOut, "never overwrites what it reads") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
		oneLine(t, strings.Join(args, " "), errOut)
	}
	unchanged(t, db, before)
	unchanged(t, db+"-wal", wal)
	// the same session, written elsewhere, is fine
	if _, errOut, code := cli("audit", "-o", filepath.Join(d, "report.md"), ref); code != exitOK {
		t.Fatalf("audit to a new file: exit %d: %s", code, errOut)
	}
}

// Before: -o pointed at a file inside an input storage folder replaced that file.
func TestOutputNeverWritesIntoAnInputFolder(t *testing.T) {
	d := t.TempDir()
	store := filepath.Join(d, "storage")
	copyDir(t, "sessions/testdata/opencode/minimal/storage", store)
	var inside string
	_ = filepath.Walk(filepath.Join(store, "message"), func(p string, fi os.FileInfo, err error) error {
		if err == nil && !fi.IsDir() && inside == "" {
			inside = p
		}
		return nil
	})
	before, _ := os.ReadFile(inside)
	infos, _ := filepath.Glob(filepath.Join(store, "session", "*", "*.json"))
	inputs := []string{store}
	if len(infos) > 0 {
		inputs = append(inputs, infos[0]) // a session info file reads the whole folder
	}
	for _, in := range inputs {
		for _, out := range []string{inside, filepath.Join(store, "part", "new.json")} {
			for _, cmd := range []string{"audit", "convert"} {
				_, errOut, code := cli(cmd, "-o", out, in)
				if code != exitUsage || !strings.Contains(errOut, "never") {
					t.Errorf("%s -o %s %s: exit %d: %s", cmd, out, in, code, errOut)
				}
			}
		}
	}
	unchanged(t, inside, before)
	if _, err := os.Stat(filepath.Join(store, "part", "new.json")); err == nil {
		t.Error("a file was created inside the input folder")
	}
}

// Before: -o replaced a FIFO, a device or a symlink to stdout with a regular file, and
// left a 0600 file 0644.
func TestOutputOnlyToRegularFilesKeepingTheMode(t *testing.T) {
	d := t.TempDir()
	fifo := filepath.Join(d, "out.fifo")
	if err := makeFIFO(fifo); err != nil {
		t.Skip(err)
	}
	link := filepath.Join(d, "stdout.md")
	if err := os.Symlink("/proc/self/fd/1", link); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{fifo, "/dev/null", link, d} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			_, errOut, code := cli("audit", "--example", "-o", out)
			if code != exitUsage || !strings.Contains(errOut, "regular file") {
				t.Errorf("-o %s: exit %d: %s", out, code, errOut)
			}
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("-o %s blocked", out)
		}
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the FIFO was replaced")
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the symlink was replaced")
	}
	private := filepath.Join(d, "private.json")
	if err := os.WriteFile(private, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"audit", "--example", "--format", "json", "-o", private}, {"convert", "-o", private, "sessions/example/session.json"}} {
		if _, errOut, code := cli(args...); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if fi, _ := os.Stat(private); fi.Mode().Perm() != 0o600 {
			t.Errorf("%v: mode %v, want 0600 kept", args, fi.Mode().Perm())
		}
	}
	// "-o -" is stdout
	if out, _, code := cli("audit", "--example", "--format", "json", "-o", "-"); code != exitOK || !strings.HasPrefix(out, "{") {
		t.Errorf("-o -: exit %d, stdout %.40q", code, out)
	}
}

// Before: a device reports size 0 and was read whole until memory ran out.
func TestDevZeroIsOneLineExit2(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	for _, args := range [][]string{{"check", "/dev/zero"}, {"check", "--example", "--manifest", "/dev/zero"}, {"audit", "/dev/zero"}, {"convert", "/dev/zero"}} {
		out, errOut, code := binWithin(t, 30*time.Second, args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "/dev/zero") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
		oneLine(t, strings.Join(args, " "), errOut)
	}
}

// hostileName is a file name that sets the window title, clears the screen, reverses
// the text and breaks the line.
const hostileName = "evil\x1b]0;pwned\x07\x1b[2J\u202e\nrow"

// Before: raw escapes from a file name or a message id reached the terminal through
// check output, convert warnings and the sessions table.
func TestNoRawControlsInCommandOutput(t *testing.T) {
	d := t.TempDir()
	data, err := os.ReadFile("sessions/example/session.json")
	if err != nil {
		t.Fatal(err)
	}
	evil := bytes.ReplaceAll(data, []byte(`"m1"`), []byte(`"m1\u001b]0;title\u0007\u009b2J\u202e\u007f"`))
	p := filepath.Join(d, hostileName+".json")
	if err := os.WriteFile(p, evil, 0o644); err != nil {
		t.Fatal(err)
	}
	store := filepath.Join(d, hostileName+"-store", "storage")
	copyDir(t, "sessions/testdata/opencode/storage", store)
	runs := [][]string{
		{"check", p}, {"check", "--fail-on", "info", p}, {"audit", p}, {"audit", "--format", "json", p}, {"audit", "--format", "html", p},
		{"convert", p}, {"convert", store}, {"sessions", "--all", d}, {"sessions", "--all", "--json", d},
		{"check", filepath.Join(d, hostileName+"-missing")}, {"audit", "--manifest", p + "x", p},
	}
	for _, args := range runs {
		out, errOut, code := cli(args...)
		if code != exitOK && code != exitFindings && code != exitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
		for what, s := range map[string]string{"stdout": out, "stderr": errOut} {
			if r, bad := rawControl(s); bad {
				t.Errorf("%v: raw %U on %s: %.300q", args, r, what, s)
			}
		}
	}
	// the table keeps one row per session: the newline in the name does not split it
	out, _, _ := cli("sessions", "--all", d)
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		if strings.HasPrefix(line, "row") {
			t.Errorf("a file name split a row: %q", line)
		}
	}
}

func TestSessionsSaysHowManyItSkipped(t *testing.T) {
	d := t.TempDir()
	if err := makeFIFO(filepath.Join(d, "stuck.jsonl")); err != nil {
		t.Skip(err)
	}
	copyFile(t, "sessions/example/session.json", filepath.Join(d, "ok.json"))
	done := make(chan struct{})
	var out, errOut string
	go func() { defer close(done); out, errOut, _ = cli("sessions", "--all", d) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("sessions blocked on a FIFO")
	}
	if !strings.Contains(errOut, "skipped 1 entry that is not a regular file") || !strings.Contains(out, "ok.json") {
		t.Errorf("stdout %q stderr %q", out, errOut)
	}
}

func TestStdinInput(t *testing.T) {
	data, err := os.ReadFile("sessions/example/session.json")
	if err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() { w.Write(data); w.Close() }()
	old := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = old; r.Close() }()
	out, errOut, code := cli("check", "-")
	if code == exitUsage || !strings.Contains(out, "(stdin)") {
		t.Errorf("check -: exit %d: %s %s", code, out, errOut)
	}
}

// binWithin runs the built binary and kills it after d (a read of /dev/zero without
// a bound never ends).
func binWithin(t *testing.T, d time.Duration, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	cmd := exec.CommandContext(ctx, binPath, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%v: still running after %v (killed)", args, d)
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running %v: %v", args, err)
	}
	return o.String(), e.String(), code
}

// Every line compaudit prints goes through say: one line, nothing a terminal obeys.
func TestSayMakesEveryLineSafe(t *testing.T) {
	for _, h := range termsafe.Hostile {
		var b bytes.Buffer
		say(&b, "compaudit: %s: %v", h, errors.New(h))
		if c, bad := rawControl(b.String()); bad {
			t.Errorf("say(%q): raw %U in %q", h, c, b.String())
		}
		if strings.Count(b.String(), "\n") != 1 || !strings.HasSuffix(b.String(), "\n") {
			t.Errorf("say(%q) is not one line: %q", h, b.String())
		}
	}
	for _, h := range termsafe.Hostile {
		for _, format := range []string{"json", "md", "html"} {
			if c, bad := rawControl(string(terminalSafe(format, []byte("{\"a\": \""+h+"\"}\n")))); bad {
				t.Errorf("terminalSafe(%s, %q): raw %U", format, h, c)
			}
		}
	}
}
