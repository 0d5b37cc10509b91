package classify

import (
	"strings"
	"testing"
)

func TestOutputLine(t *testing.T) {
	cases := []struct {
		line string
		want bool
	}{
		{"=== Step 4: Seed the cache ===", true},
		{`  "region": "eu-west-1",`, true},
		{"Built: /tmp/build.8841/app", true},
		{"ok  \tgithub.com/acme/ledger/store\t0.412s", true},
		{"✓ migrated 14 tables", true},
		{"0x7ffd 4096 rw-p 00000000", true},
		{"Please keep the old endpoint alive until March.", false},
		{"1. Rename the flag before the release", false},
		{"yes please", false},
		{"ok, it mostly works but the totals look off:", false},
		{"- never touch the prod bucket", false},
		{"## Plan", false},
		{"```sh", false},
		// an agent CLI's transcript pasted back: its prompt and reply glyphs
		{"❯ deploy it to staging please", true},
		{"⏺ Deployed build 412 to staging.", true},
		{"  ⎿  Running hook PreToolUse:Bash...", true},
		// a quoted line, an indented continuation, a log line naming an absolute path
		{"> * 2031-04-02 nightly-rollup (3 runs)", true},
		{"        to retry, run: make clean", true},
		{"Keeping scratch dir at: /tmp/build.x1/work/out", true},
		{"    - keep the old endpoint alive", false},
		{"Copy the certs from /etc/ssl/private/acme before the restart.", false},
	}
	for _, c := range cases {
		if got := outputLine(c.line); got != c.want {
			t.Errorf("outputLine(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}

func TestBlankPasted(t *testing.T) {
	msg := "the import still fails, here is the run:\n\n" +
		"=== Step 1: load fixtures ===\n" +
		"Loaded: 3 files\n" +
		"{\n  \"rows\": 1200,\n  \"skipped\": 4\n}\n" +
		"=== Step 2: verify ===\n" +
		"FAIL rows=1196\n\n" +
		"Don't change the fixture files, fix the importer."
	body, spans := blankPasted(msg)
	if len(body) != len(msg) {
		t.Fatalf("offsets moved: %d != %d", len(body), len(msg))
	}
	for _, keep := range []string{"the import still fails", "Don't change the fixture files"} {
		if !strings.Contains(body, keep) {
			t.Errorf("the user's words %q were blanked:\n%s", keep, body)
		}
	}
	for _, gone := range []string{"=== Step", "\"rows\"", "FAIL rows"} {
		if strings.Contains(body, gone) {
			t.Errorf("pasted output %q kept as the user's words", gone)
		}
	}
	if len(spans) < 5 {
		t.Errorf("pasted lines kept as evidence: %d, want the block's lines", len(spans))
	}

	lead := "back to the loader, it fails with: \n\n" +
		" create mode 100644 seed.sql\n" +
		"=== Step 3: migrate ===\n" +
		"error: cannot open schema file, found lock in /srv/pg/data/lockdir\n" +
		"        to clear it, run:\n" +
		"        pg-unlock --force\n" +
		"Keeping scratch dir at: /srv/pg/tmp/run-88\n"
	if body, spans := blankPasted(lead); strings.Contains(body, "pg-unlock") || len(spans) < 5 || !strings.Contains(body, "back to the loader") {
		t.Errorf("a log pasted after a lead-in was kept as the user's words: %q %d spans", body, len(spans))
	}

	label := "the rollup is still slow.\nhere is the console:\n\n" +
		"=== run 1 ===\nrows: 18233\nelapsed: 41.2s\n=== run 2 ===\nrows: 18233\nelapsed: 40.7s\n"
	if body, _ := blankPasted(label); strings.Contains(body, "console") || !strings.Contains(body, "still slow") {
		t.Errorf("a bare label of pasted output was kept as the user's words: %q", body)
	}

	plain := "Three things:\n1. keep the API stable\n2. add a changelog entry\n3. bump the minor version\n4. tag after CI is green"
	if body, spans := blankPasted(plain); body != plain || len(spans) != 0 {
		t.Errorf("a typed list was taken for output: %q %v", body, spans)
	}
}

// TestBlankPastedShortLog: two or three lines that are all machine-shaped under the
// user's sentence are pasted output too; one such line, or lines of the user's
// own, stay the user's words.
func TestBlankPastedShortLog(t *testing.T) {
	cases := []struct {
		name, text string
		blanked    int
	}{
		{"three log lines", "the nightly import wrote this to the log again\nMar  2 04:10:01.220 |WARN| retry attempt=3 job=import-7 queue=bulk\nMar  2 04:10:01.514 |ERRO| giving up job=import-7 err=\"deadline exceeded\"", 2},
		{"one log line stays", "the import failed with\nMar  2 04:10:01.514 |ERRO| giving up job=import-7", 0},
		{"two lines of the user's", "the import failed again tonight\nplease look at the retry settings before Friday", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, spans := blankPasted(c.text); len(spans) != c.blanked {
				t.Errorf("blanked %d lines, want %d", len(spans), c.blanked)
			}
		})
	}
}

// TestPastedLogWhole: a message that is a program's log pasted with no word of the
// user's is the program's throughout, its prose-like lines included; its failure
// lines are failure records (the program's, as a tool's would be), not the user's
// requests. A log under the user's own sentence keeps that sentence the user's.
func TestPastedLogWhole(t *testing.T) {
	log := "=== Step 3: Seed the kiln profiles ===\n" +
		"Looking for profiles at: cfg/kiln/profiles.yaml\n" +
		"Found profiles.yaml:\n" +
		"{\n  \"cone\": 6,\n  \"ramp\": 120\n}\n\n" +
		"=== Step 4: Fire a test load ===\n" +
		"No thermocouple reading in the last run\n" +
		"unknown command \"fire\" for \"kilnctl\"\n"
	fs := Extract("m1", "user", log)
	failure := false
	for _, f := range fs {
		if f.Origin == OriginUser && !f.Evidence {
			t.Errorf("a line of the pasted log is the user's: %q (act %s)", f.Text, f.Act)
		}
		if strings.Contains(f.Text, "unknown command") {
			failure = f.Act == ActFailure && f.Origin == OriginTool
		}
	}
	if !failure {
		t.Errorf("the log's failure line is no failure record: %+v", fs)
	}
	own := "the test load never fires, can you look?\n" + log
	kept := false
	for _, f := range Extract("m1", "user", own) {
		if f.Origin == OriginUser && strings.Contains(f.Text, "never fires") {
			kept = true
		}
	}
	if !kept {
		t.Error("the user's own sentence above the log was taken for the log")
	}
}
