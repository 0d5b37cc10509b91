package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// binPath is the compaudit binary TestMain builds, for real processes and exit codes.
var binPath string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "compaudit-test-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binPath = filepath.Join(dir, "compaudit")
	if runtime.GOOS == "windows" {
		binPath += ".exe"
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	}
	if out, err := exec.Command(goTool, "build", "-o", binPath, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building compaudit: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// cli runs run() in process.
func cli(args ...string) (stdout, stderr string, code int) {
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return o.String(), e.String(), code
}

// bin runs the built binary.
func bin(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	cmd.Env = append(os.Environ(), "COMPAUDIT_DEBUG=")
	err := cmd.Run()
	code = 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("running %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	return o.String(), e.String(), code
}

// oneLine checks s is exactly one newline-terminated line.
func oneLine(t *testing.T, what, s string) string {
	t.Helper()
	if !strings.HasSuffix(s, "\n") || strings.Count(s, "\n") != 1 {
		t.Errorf("%s: want exactly one line, got %q", what, s)
	}
	return strings.TrimSuffix(s, "\n")
}

func noPanic(t *testing.T, what, stderr string) {
	t.Helper()
	for _, bad := range []string{"panic", "goroutine ", "runtime error", "internal error"} {
		if strings.Contains(stderr, bad) {
			t.Errorf("%s: stderr mentions %q: %s", what, bad, stderr)
		}
	}
}

func commandNames() []string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return names
}

const (
	fixtureDir   = "testdata/fixtures"
	goodSession  = "testdata/bad/good.json"
	f01          = "testdata/fixtures/f01-godot-texture-budget-3round/session.json"
	manifestCase = "testdata/fixtures/p09-jenkins-to-actions-4round-manifest"
)

func TestHelp(t *testing.T) {
	root := [][]string{{"--help"}, {"-h"}, {"-help"}, {"help"}}
	for _, args := range root {
		out, errOut, code := cli(args...)
		if code != 0 || errOut != "" || !strings.Contains(out, "Usage:") {
			t.Errorf("%v: code %d, stderr %q, stdout %.80q", args, code, errOut, out)
		}
		for _, name := range commandNames() {
			if !strings.Contains(out, "  "+name+" ") {
				t.Errorf("%v: usage does not list %s", args, name)
			}
		}
	}
	for _, name := range commandNames() {
		for _, args := range [][]string{{name, "--help"}, {name, "-h"}, {"help", name}, {"--help", name}} {
			out, errOut, code := cli(args...)
			if code != 0 || errOut != "" || !strings.Contains(out, "Usage: compaudit "+name) {
				t.Errorf("%v: code %d, stderr %q, stdout %.120q", args, code, errOut, out)
			}
		}
	}
	// The binary too: usage on stdout, exit 0.
	for _, args := range [][]string{{"--help"}, {"-h"}, {"audit", "--help"}, {"check", "-h"}} {
		out, errOut, code := bin(t, args...)
		if code != 0 || errOut != "" || !strings.Contains(out, "Usage") {
			t.Errorf("binary %v: code %d, stderr %q", args, code, errOut)
		}
	}
	// Help of the flags names each flag.
	out, _, _ := cli("audit", "--help")
	for _, flag := range []string{"-format", "-o ", "-manifest"} {
		if !strings.Contains(out, flag) {
			t.Errorf("audit --help lacks %s", flag)
		}
	}
	out, _, _ = cli("check", "--help")
	if !strings.Contains(out, "-fail-on") {
		t.Errorf("check --help lacks -fail-on")
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-version"}, {"version"}} {
		out, errOut, code := cli(args...)
		if code != 0 || errOut != "" || out != "compaudit "+version+"\n" {
			t.Errorf("%v: code %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	out, _, code := bin(t, "--version")
	if code != 0 || !strings.HasPrefix(out, "compaudit ") {
		t.Errorf("binary --version: %d %q", code, out)
	}
}

// TestUsageErrors: unknown commands, flags and values exit 2 with one line on stderr
// and nothing on stdout.
func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"audit", "--bogus", goodSession}, "compaudit audit: flag provided but not defined: -bogus"},
		{[]string{"check", "-x"}, "compaudit check: flag provided but not defined: -x"},
		{[]string{"audit", "-o"}, "flag needs an argument: -o"},
		{[]string{"audit", "--format", "pdf", goodSession}, `unknown format "pdf"`},
		{[]string{"audit", goodSession, goodSession}, "one session file at a time"},
		{[]string{"check", goodSession, goodSession}, "one session file at a time"},
		{[]string{"check", "--fail-on", "error,bogus", goodSession}, `unknown item "bogus"`},
		{[]string{"check", "--fail-on", "critical", goodSession}, `unknown item "critical"`},
		{[]string{"help", "nosuchcommand"}, `unknown command "nosuchcommand"`},
		{[]string{"version", "extra"}, `unexpected argument "extra"`},
		{[]string{"nosuchcommand", "x"}, `unknown command "nosuchcommand"`},
		{[]string{"--no-tui", "nosuchfile-or-command"}, "nosuchfile-or-command: no such command or file"},
		{[]string{"--no-tui", "--theme", "bogus"}, `unknown theme "bogus"`},
		{[]string{"audti"}, "audti: no such command or file"},
		{[]string{"--no-tui", "missing.json"}, "missing.json: no such file or directory"},
		{[]string{"audit", "--summary-index", "-1", goodSession}, "--summary-index must be 1 or more"},
	}
	for _, tc := range cases {
		out, errOut, code := cli(tc.args...)
		if code != 2 {
			t.Errorf("%v: exit %d, want 2", tc.args, code)
		}
		if out != "" {
			t.Errorf("%v: stdout %.100q", tc.args, out)
		}
		line := oneLine(t, fmt.Sprint(tc.args), errOut)
		if !strings.HasPrefix(line, "compaudit") || !strings.Contains(line, tc.want) {
			t.Errorf("%v: stderr %q lacks %q", tc.args, line, tc.want)
		}
	}
	// Through the binary: the same, as real exit codes.
	out, errOut, code := bin(t, "audit", "--nope", goodSession)
	if code != 2 || out != "" {
		t.Errorf("binary bad flag: %d %q", code, out)
	}
	oneLine(t, "binary bad flag", errOut)
}

// TestFlagPlacement: flags may follow the file; "--" ends them.
func TestFlagPlacement(t *testing.T) {
	a, _, code := cli("audit", "--format", "json", goodSession)
	b, _, code2 := cli("audit", goodSession, "--format", "json")
	if code != 0 || code2 != 0 || a != b || !strings.HasPrefix(a, "{") {
		t.Errorf("flags after the file: %d %d, same=%v", code, code2, a == b)
	}
	dir := t.TempDir()
	dash := filepath.Join(dir, "-dash.json")
	data, _ := os.ReadFile(goodSession)
	if err := os.WriteFile(dash, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	out, errOut, code := cli("audit", "--format", "json", "--", "-dash.json")
	if code != 0 || !strings.HasPrefix(out, "{") {
		t.Errorf("-- then a dash file: %d %q", code, errOut)
	}
}

func reportOf(t *testing.T, data string) map[string]any {
	t.Helper()
	var r map[string]any
	if err := json.Unmarshal([]byte(data), &r); err != nil {
		t.Fatalf("report is not JSON: %v\n%.300s", err, data)
	}
	return r
}

func TestAuditFormats(t *testing.T) {
	for _, format := range []string{"json", "md", "markdown", "html", "JSON"} {
		out, errOut, code := cli("audit", "--format", format, f01)
		if code != 0 || errOut != "" || out == "" {
			t.Fatalf("%s: exit %d, stderr %q, %d bytes", format, code, errOut, len(out))
		}
		switch strings.ToLower(format) {
		case "json":
			r := reportOf(t, out)
			if r["schema"] != "compaudit.report/v1" || r["file"] != f01 {
				t.Errorf("json: schema %v file %v", r["schema"], r["file"])
			}
			if rounds, _ := r["rounds"].([]any); len(rounds) != 3 {
				t.Errorf("json: %d rounds, want 3", len(rounds))
			}
		case "html":
			if !strings.Contains(strings.ToLower(out), "<html") {
				t.Errorf("html output has no <html: %.100q", out)
			}
		default:
			if strings.Contains(out, "<html") || strings.HasPrefix(out, "{") {
				t.Errorf("md output looks like another format: %.100q", out)
			}
		}
	}
	// "-o -" is stdout.
	dash, _, dcode := cli("audit", "--format", "json", "-o", "-", f01)
	if plain, _, _ := cli("audit", "--format", "json", f01); dcode != 0 || dash != plain {
		t.Error("-o - is not stdout")
	}
	// The default format is Markdown; the embedded example needs --example.
	md, _, _ := cli("audit", "--format", "md", f01)
	def, _, code := cli("audit", f01)
	if code != 0 || def != md {
		t.Error("audit without --format is not Markdown")
	}
	out, errOut, code := cli("audit", "--format", "json", "--example")
	if code != 0 || errOut != "" || reportOf(t, out)["rounds"] == nil {
		t.Errorf("embedded example: %d %q", code, errOut)
	}
}

// listDir names the files in dir.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestAuditOutputFile(t *testing.T) {
	dir := t.TempDir()
	for _, format := range []string{"json", "md", "html"} {
		want, _, _ := cli("audit", "--format", format, f01)
		target := filepath.Join(dir, "report."+format)
		out, errOut, code := bin(t, "audit", "--format", format, "-o", target, f01)
		if code != 0 || out != "" {
			t.Fatalf("%s -o: exit %d, stdout %.80q, stderr %q", format, code, out, errOut)
		}
		got, err := os.ReadFile(target)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("%s: -o file differs from stdout output", format)
		}
		if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v", format, fi.Mode())
		}
	}
	// Overwriting an existing report works and leaves no temporary files.
	target := filepath.Join(dir, "report.json")
	if _, _, code := cli("audit", "--format", "json", "-o", target, goodSession); code != 0 {
		t.Fatal("overwrite failed")
	}
	if got := listDir(t, dir); strings.Join(got, ",") != "report.html,report.json,report.md" {
		t.Errorf("files left in the output folder: %v", got)
	}
	if r := reportOf(t, mustRead(t, target)); r["file"] != goodSession {
		t.Errorf("overwritten report is of %v", r["file"])
	}

	// A failed write: into a missing folder. Exit 2, one line, nothing created.
	missing := filepath.Join(dir, "no", "such", "dir", "r.json")
	out, errOut, code := bin(t, "audit", "--format", "json", "-o", missing, f01)
	if code != 2 || out != "" {
		t.Errorf("missing folder: exit %d, stdout %q", code, out)
	}
	line := oneLine(t, "missing folder", errOut)
	if !strings.Contains(line, missing) || strings.Contains(line, ".tmp-") {
		t.Errorf("missing folder: %q", line)
	}
	if _, err := os.Stat(filepath.Join(dir, "no")); err == nil {
		t.Error("a folder was created")
	}
	// A failed rename: the target is an existing folder. The temporary is cleaned up.
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	before := listDir(t, dir)
	_, errOut, code = bin(t, "audit", "--format", "json", "-o", sub, f01)
	if code != 2 {
		t.Errorf("folder target: exit %d", code)
	}
	oneLine(t, "folder target", errOut)
	if after := listDir(t, dir); strings.Join(after, ",") != strings.Join(before, ",") {
		t.Errorf("folder target left files: %v -> %v", before, after)
	}
	if len(listDir(t, sub)) != 0 {
		t.Error("files written into the folder target")
	}
	// A bad input with -o writes nothing.
	bad := filepath.Join(dir, "bad-out.json")
	if _, _, code := cli("audit", "--format", "json", "-o", bad, "testdata/bad/unknown-id.json"); code != 2 {
		t.Errorf("bad input with -o: exit %d", code)
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("bad input produced an output file")
	}
	// -o naming the input is refused and the input is left alone.
	in := filepath.Join(dir, "in.json")
	orig := mustRead(t, goodSession)
	if err := os.WriteFile(in, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = cli("audit", "--format", "json", "-o", in, in)
	if code != 2 || mustRead(t, in) != orig {
		t.Errorf("-o onto the input: exit %d, input changed: %v", code, mustRead(t, in) != orig)
	}
	oneLine(t, "-o onto input", errOut)
}

func mustRead(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// badInputs lists every bad file with the location its error must name: the line
// and JSON location ("" when the problem has none).
var badInputs = []struct {
	file  string
	line  int
	where string
	msg   string
}{
	{"truncated.json", 6, "messages[3]", "unexpected end of file"},
	{"wrong-type-round.json", 11, "compactions[1].round", "wrong type: got JSON string, want an integer"},
	{"wrong-type-sources.json", 10, "compactions[0].sources", "want an array of strings"},
	{"wrong-type-messages.json", 2, "messages", "got JSON object, want an array"},
	{"unknown-id.json", 11, "compactions[1].sources[2]", `unknown id "m9"`},
	{"lineage-cycle.json", 11, "compactions[1].parent", "lineage cycle: c1 -> c2 -> c1"},
	{"self-source.json", 11, "compactions[1].sources[0]", "lists itself as a source"},
	{"rounds-out-of-order.json", 11, "compactions[1].round", "rounds out of order"},
	{"duplicate-id.json", 6, "messages[3].id", `duplicate id "m2"`},
	{"missing-summary.json", 11, "compactions[1]", "has no summary"},
	{"unknown-role.json", 5, "messages[2].role", `unknown role "robot"`},
	{"invalid-utf8.json", 6, "messages[3].text", "invalid UTF-8"},
	{"trailing-garbage.json", 14, "", "unexpected data after the JSON document"},
	{"empty.json", 1, "", "file is empty"},
	{"whitespace.json", 1, "", "file is empty"},
	{"random.bin", 1, "", "invalid UTF-8"},
}

// checkBadRun checks one run on bad input: exit 2, nothing on stdout, one line on
// stderr naming the file (and line and location when given), no panic.
func checkBadRun(t *testing.T, what, stdout, stderr string, code int, path string, line int, where, msg string) {
	t.Helper()
	if code != 2 {
		t.Errorf("%s: exit %d, want 2", what, code)
	}
	if stdout != "" {
		t.Errorf("%s: stdout not empty: %.100q", what, stdout)
	}
	noPanic(t, what, stderr)
	l := oneLine(t, what, stderr)
	prefix := "compaudit: " + path + ":"
	if line > 0 {
		prefix += fmt.Sprint(line) + ":"
	}
	if !strings.HasPrefix(l, prefix) {
		t.Errorf("%s: %q does not start with %q", what, l, prefix)
	}
	if where != "" && !strings.Contains(l, ": "+where+": ") {
		t.Errorf("%s: %q lacks the location %q", what, l, where)
	}
	if !strings.Contains(l, msg) {
		t.Errorf("%s: %q lacks %q", what, l, msg)
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "a-folder")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	type input struct {
		path       string
		line       int
		where, msg string
	}
	var inputs []input
	for _, b := range badInputs {
		inputs = append(inputs, input{filepath.Join("testdata", "bad", b.file), b.line, b.where, b.msg})
	}
	inputs = append(inputs,
		input{folder, 0, "", "is a folder"},
		input{filepath.Join(dir, "missing.json"), 0, "", "no such file or directory"},
	)
	for _, in := range inputs {
		for _, args := range [][]string{
			{"audit", in.path},
			{"audit", "--format", "json", in.path},
			{"audit", "--format", "html", "-o", filepath.Join(dir, "out.html"), in.path},
			{"check", in.path},
			{"check", "--fail-on", "none", in.path},
			{"--no-tui", in.path},
		} {
			out, errOut, code := cli(args...)
			checkBadRun(t, fmt.Sprint(args), out, errOut, code, in.path, in.line, in.where, in.msg)
		}
		// And as a real process.
		out, errOut, code := bin(t, "check", in.path)
		checkBadRun(t, "binary check "+in.path, out, errOut, code, in.path, in.line, in.where, in.msg)
		out, errOut, code = bin(t, "audit", "--format", "json", in.path)
		checkBadRun(t, "binary audit "+in.path, out, errOut, code, in.path, in.line, in.where, in.msg)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.html")); err == nil {
		t.Error("a bad input produced a report file")
	}
}

func TestBadManifest(t *testing.T) {
	cases := []struct {
		file  string
		line  int
		where string
		msg   string
	}{
		{"manifest-duplicate-id.json", 4, "invariants[1].id", `duplicate invariant id "inv-staging"`},
		{"manifest-unknown-event.json", 6, "events[0].id", `event names unknown invariant "inv-prod"`},
		{"manifest-unknown-kind.json", 6, "events[0].kind", `unknown event kind "forget"`},
		{"manifest-unknown-at.json", 3, "invariants[0].at", `unknown id "m42"`},
		{"truncated.json", 6, "messages[3]", "unexpected end of file"},
		{"empty.json", 1, "", "file is empty"},
		{"random.bin", 1, "", "invalid UTF-8"},
		{"good.json", 1, "", "not a manifest"},
	}
	for _, tc := range cases {
		m := filepath.Join("testdata", "bad", tc.file)
		for _, args := range [][]string{
			{"check", "--manifest", m, goodSession},
			{"audit", "--format", "json", "--manifest", m, goodSession},
		} {
			out, errOut, code := cli(args...)
			checkBadRun(t, fmt.Sprint(args), out, errOut, code, m, tc.line, tc.where, tc.msg)
		}
		out, errOut, code := bin(t, "check", "--manifest", m, goodSession)
		checkBadRun(t, "binary "+m, out, errOut, code, m, tc.line, tc.where, tc.msg)
	}
	missing := filepath.Join(t.TempDir(), "m.json")
	out, errOut, code := cli("check", "--manifest", missing, goodSession)
	checkBadRun(t, "missing manifest", out, errOut, code, missing, 0, "", "no such file")
}

// TestGoodManifest: a fixture's sidecar manifest gives the same report as the
// manifest inside the session.
func TestGoodManifest(t *testing.T) {
	session := filepath.Join(manifestCase, "session.json")
	inline, _, code := cli("audit", "--format", "json", session)
	if code != 0 {
		t.Fatal("inline manifest failed")
	}
	side, errOut, code := cli("audit", "--format", "json", "--manifest", filepath.Join(manifestCase, "manifest.json"), session)
	if code != 0 {
		t.Fatalf("sidecar manifest: %s", errOut)
	}
	a, b := reportOf(t, inline), reportOf(t, side)
	ja, _ := json.Marshal(a["invariants"])
	jb, _ := json.Marshal(b["invariants"])
	if string(ja) != string(jb) {
		t.Error("sidecar and inline manifests give different invariants")
	}
	if inv, _ := a["invariants"].([]any); len(inv) == 0 {
		t.Error("no invariants from the manifest")
	}
}

func fixtureSessions(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(fixtureDir, "*", "session*.json*"))
	if len(files) == 0 {
		t.Skip("no fixtures")
	}
	return files
}

// TestDeterministicJSON: the same input gives byte-identical JSON, run after run, in
// separate processes (so map order and scheduling differ).
func TestDeterministicJSON(t *testing.T) {
	for i, f := range fixtureSessions(t) {
		if testing.Short() && i%6 != 0 {
			continue // -short: a sample of the fixtures
		}
		t.Run(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			first, errOut, code := bin(t, "audit", "--format", "json", f)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			for i := 0; i < 2; i++ {
				if again, _, _ := bin(t, "audit", "--format", "json", f); again != first {
					t.Fatalf("run %d differs from run 1", i+2)
				}
			}
		})
	}
}

// TestDeterministicInProcess: repeated in-process runs agree with each other and with
// the binary.
func TestDeterministicInProcess(t *testing.T) {
	for _, f := range []string{f01, filepath.Join(manifestCase, "session.json")} {
		want, _, _ := bin(t, "audit", "--format", "json", f)
		for i := 0; i < 3; i++ {
			if got, _, _ := cli("audit", "--format", "json", f); got != want {
				t.Errorf("%s: in-process run %d differs from the binary's", f, i+1)
			}
		}
	}
}

// expectedCheck computes, from a report's JSON, whether `check --fail-on list` must
// fail, reading the list as the CLI documents it.
func expectedCheck(r map[string]any, list string) bool {
	rank := map[string]int{"error": 3, "warning": 2, "info": 1}
	min, fams, flagged, checks := 0, map[string]bool{}, false, false
	for _, item := range strings.Split(list, ",") {
		item = strings.ReplaceAll(strings.TrimSpace(item), "-", "_")
		switch {
		case rank[item] > 0:
			if min == 0 || rank[item] < min {
				min = rank[item]
			}
		case item == "flagged":
			flagged = true
		case item == "checks":
			checks = true
		case item != "none" && item != "":
			fams[item] = true
		}
	}
	rounds, _ := r["rounds"].([]any)
	for _, rd := range rounds {
		fs, _ := rd.(map[string]any)["findings"].([]any)
		for _, f := range fs {
			fm := f.(map[string]any)
			sev, _ := fm["severity"].(string)
			fam, _ := fm["family"].(string)
			if (min > 0 && rank[sev] >= min) || fams[fam] {
				return true
			}
		}
	}
	if flagged {
		invs, _ := r["invariants"].([]any)
		for _, inv := range invs {
			im := inv.(map[string]any)
			if im["flagged"] == true && im["dropped_in_round"] != nil {
				return true
			}
		}
	}
	if checks {
		cs, _ := r["checks"].([]any)
		for _, c := range cs {
			if c.(map[string]any)["passed"] == false {
				return true
			}
		}
	}
	return false
}

// TestCheckExitCodes: check exits 0 when nothing reaches the threshold and 1 when
// something does, consistently with the JSON report, for several --fail-on lists.
// Real processes, so these are real exit codes.
func TestCheckExitCodes(t *testing.T) {
	lists := []string{"error,flagged", "error", "warning", "info", "flagged", "checks", "omission", "mutation,addition", "epistemic-collapse,provenance_loss", "none"}
	files, _ := filepath.Glob(filepath.Join(fixtureDir, "*", "session.json"))
	files = append(files, goodSession)
	if testing.Short() {
		lists = []string{"error,flagged", "info", "checks", "none"}
	}
	for _, f := range files {
		t.Run(filepath.Base(filepath.Dir(f)), func(t *testing.T) {
			t.Parallel()
			out, errOut, code := bin(t, "audit", "--format", "json", f)
			if code != 0 {
				t.Fatalf("audit exit %d: %s", code, errOut)
			}
			r := reportOf(t, out)
			for _, list := range lists {
				want := 0
				if expectedCheck(r, list) {
					want = 1
				}
				if list == "none" && want != 0 {
					t.Error("--fail-on none expected to fail")
				}
				stdout, stderr, code := bin(t, "check", "--fail-on", list, f)
				if code != want {
					t.Errorf("--fail-on %s: exit %d, want %d", list, code, want)
				}
				if stderr != "" {
					t.Errorf("--fail-on %s: stderr %q", list, stderr)
				}
				lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
				if want == 0 && (len(lines) != 1 || !strings.Contains(lines[0], ": ok (")) {
					t.Errorf("--fail-on %s: %q", list, stdout)
				}
				if want == 1 && !strings.Contains(lines[0], ": FAIL, "+fmt.Sprint(len(lines)-1)+" item(s)") {
					t.Errorf("--fail-on %s: %q (%d lines)", list, lines[0], len(lines))
				}
			}
		})
	}
}

// TestCheckInProcess: run() returns the same codes, and -q prints nothing.
func TestCheckInProcess(t *testing.T) {
	out, _, _ := cli("audit", "--format", "json", f01)
	r := reportOf(t, out)
	for _, list := range []string{"info", "error,flagged", "none"} {
		want := 0
		if expectedCheck(r, list) {
			want = 1
		}
		if _, _, code := cli("check", "--fail-on", list, f01); code != want {
			t.Errorf("--fail-on %s: exit %d, want %d", list, code, want)
		}
		if stdout, _, code := cli("check", "-q", "--fail-on", list, f01); code != want || stdout != "" {
			t.Errorf("-q --fail-on %s: exit %d, stdout %q", list, code, stdout)
		}
	}
	if !expectedCheck(r, "info") {
		t.Log("f01 has no finding yet: exit 1 is only checked through the FailOn tests")
	}
}

// TestCheckDroppedInvariant: a hand-built session whose manifest invariant the
// summary plainly drops, without a retirement event. Whatever else the engine finds,
// --fail-on flagged must agree with the report, and the report must list the
// invariant.
func TestCheckDroppedInvariant(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "dropped.json")
	doc := `{"compaudit": "session/v1", "session": "dropped",
 "messages": [
  {"id": "m1", "role": "user", "text": "Never run the migration against the production database on port 5432."},
  {"id": "m2", "role": "assistant", "text": "Understood. I will use the staging database on port 5433."},
  {"id": "m3", "role": "user", "text": "Please also rename the billing table."}
 ],
 "compactions": [
  {"id": "c1", "round": 1, "sources": ["m1", "m2", "m3"], "summary": "The user asked to rename the billing table."}
 ],
 "manifest": {"invariants": [{"id": "inv-prod", "text": "Never run the migration against the production database on port 5432.", "at": "m1"}]}
}
`
	if err := os.WriteFile(p, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := cli("audit", "--format", "json", p)
	if code != 0 {
		t.Fatal("audit failed")
	}
	r := reportOf(t, out)
	invs, _ := r["invariants"].([]any)
	found := false
	for _, inv := range invs {
		if inv.(map[string]any)["id"] == "inv-prod" {
			found = true
		}
	}
	if !found {
		t.Errorf("report lacks the manifest invariant: %v", invs)
	}
	want := 0
	if expectedCheck(r, "flagged") {
		want = 1
	}
	if _, _, code := cli("check", "--fail-on", "flagged", p); code != want {
		t.Errorf("--fail-on flagged: exit %d, want %d", code, want)
	}
	if want == 0 {
		t.Log("engine does not flag the dropped invariant yet")
	}
}

// TestInputsUnchanged: runs only ever read their inputs: bytes, mode and mtime stay.
func TestInputsUnchanged(t *testing.T) {
	dir := t.TempDir()
	session := filepath.Join(dir, "session.json")
	manifest := filepath.Join(dir, "manifest.json")
	if err := os.WriteFile(session, []byte(mustRead(t, filepath.Join(manifestCase, "session.json"))), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(manifest, []byte(mustRead(t, filepath.Join(manifestCase, "manifest.json"))), 0o444); err != nil {
		t.Fatal(err)
	}
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, p := range []string{session, manifest} {
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	type snap struct {
		data  string
		mode  os.FileMode
		mtime time.Time
	}
	take := func(p string) snap {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		return snap{mustRead(t, p), fi.Mode(), fi.ModTime()}
	}
	before := map[string]snap{session: take(session), manifest: take(manifest)}
	runs := [][]string{
		{"audit", "--format", "json", "--manifest", manifest, session},
		{"audit", "--format", "html", "-o", filepath.Join(dir, "r.html"), "--manifest", manifest, session},
		{"check", "--manifest", manifest, session},
		{"--no-tui", session},
	}
	for _, args := range runs {
		if _, errOut, code := bin(t, args...); code == 2 {
			t.Errorf("%v: %s", args, errOut)
		}
	}
	for p, b := range before {
		if a := take(p); a != b {
			t.Errorf("%s changed: mode %v -> %v, mtime %v -> %v, bytes same %v", p, b.mode, a.mode, b.mtime, a.mtime, a.data == b.data)
		}
	}
	if got := listDir(t, dir); strings.Join(got, ",") != "manifest.json,r.html,session.json" {
		t.Errorf("files in the folder: %v", got)
	}
}

// TestDefaultCommand: with no command and stdout not a terminal, compaudit prints the
// Markdown audit.
func TestDefaultCommand(t *testing.T) {
	md, _, _ := cli("audit", "--format", "md", f01)
	out, errOut, code := cli("--no-tui", f01)
	if code != 0 || errOut != "" || out != md {
		t.Errorf("--no-tui: exit %d, stderr %q, same as audit: %v", code, errOut, out == md)
	}
	out, _, code = bin(t, f01)
	if code != 0 || out != md {
		t.Errorf("binary with a pipe: exit %d, same as audit: %v", code, out == md)
	}
}
