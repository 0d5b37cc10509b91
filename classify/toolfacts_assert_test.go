package classify

import "testing"

// A test's assertion message is a failure line wherever it sits in the line; prose and
// code that merely mention expecting or wanting something are not.
func TestAssertionFailureLine(t *testing.T) {
	for line, want := range map[string]bool{
		"    integration_test.go:212: Expected 2 rewind points, got 0": true,
		"cart_test.go:88: total = 1250, want 1200":                     true,
		"--- FAIL: TestQuota (0.01s) quota_test.go:19: got 3, want 2":  true,
		"expected 200 but got 404":                                     false, // no comma: too loose to call
		"Expected: 4 Received: 5":                                      true,
		"We expected the rollout to finish by noon, and it did.":       false,
		"I want the export, got it?":                                   false,
		"ok  github.com/acme/cart 0.41s":                               false,
		// the code that prints an assertion, as grep shows it, is not a failure
		"212:\t\tt.Errorf(\"total = %d, want 1200\", got)":    false,
		"    expect(total).toBe(1200) // got 1250, want 1200": false,
		// a tool's advice beside the error is not the record
		"hint: could not apply 4f2a1c9... bump schema":  false,
		"error: could not apply 4f2a1c9... bump schema": true,
	} {
		if got := failureLine(line); got != want {
			t.Errorf("failureLine(%q) = %v, want %v", line, got, want)
		}
	}
}

// In a failed run, a diagnostic (a file position and a message) says what failed, and
// the commands the runner echoed before it ran them are not failure records.
func TestFailedRunDiagnostics(t *testing.T) {
	out := "Exit code 2\n[check] $ cargo clippy --all-targets\n[check] $ tsc --noEmit\nweb/src/cart.ts(41,7): error TS2322: Type 'string' is not assignable to type 'number'.\nlib/queue.rs:88:13: unused variable: `batch`\nqueue.rs:1: : # crate queue\n    worker_test.go:31: draining the queue first\n[check] ERROR task failed"
	var got []string
	for _, f := range failureFacts("t1", out, true) {
		got = append(got, f.Text)
	}
	want := []string{"web/src/cart.ts(41,7): error TS2322: Type 'string' is not assignable to type 'number'.", "lib/queue.rs:88:13: unused variable: `batch`"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("failure records %q, want %q", got, want)
	}
	for line, want := range map[string]bool{
		"$ make release": true, "[lint] $ ruff check .": true, "+ npm ci": true,
		"+3 more lines": false, "price is $ 40": false, "[warn] disk at 91%": false,
	} {
		if commandEcho(line) != want {
			t.Errorf("commandEcho(%q) = %v, want %v", line, !want, want)
		}
	}
	for line, want := range map[string]bool{
		"ok  \tgithub.com/acme/cart\t0.41s": true, "?   \tgithub.com/acme/cmd\t[no test files]": true, "PASS": true,
		"✓ renders the empty cart (12 ms)": true, "? what failed here": false, "okay, the build failed": false, "FAIL\tgithub.com/acme/cart": false,
	} {
		if passLine(line) != want {
			t.Errorf("passLine(%q) = %v, want %v", line, !want, want)
		}
	}
}

// A line of code is not a statement, also when it ends in a comment; prose with a
// slash or a comma is.
func TestCodeLikeComments(t *testing.T) {
	for line, want := range map[string]bool{
		"\tRetryBudget: 3, // keep below the broker's limit": true,
		"timeout(30) // seconds":                             true,
		"Retries were capped at 3, per the runbook.":         false,
		"see docs/ops // the runbook":                        false,
	} {
		if got := codeLike(line); got != want {
			t.Errorf("codeLike(%q) = %v, want %v", line, got, want)
		}
	}
}

// A test's log line opens with its file position; the failure cue comes after it. A
// grep's hit at a position is code, not a failure.
func TestFailureAfterLogPosition(t *testing.T) {
	cases := []struct {
		line string
		want bool
	}{
		{"store_test.go:88: failed to open the fixture at testdata/a.db: no such file", true},
		{"    ledger_test.go:120: could not find the posting for account 4711", true},
		{"internal/geo/tiles.go:36:\t\tpanic(\"tile cache not set\")", false},
		{"store_test.go:88: opening the fixture", false},
	}
	for _, c := range cases {
		if got := failureLine(c.line); got != c.want {
			t.Errorf("%q: %v, want %v", c.line, got, c.want)
		}
	}
}
