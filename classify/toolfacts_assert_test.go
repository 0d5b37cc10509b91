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
		// a tool's advice beside the error is not the record
		"hint: could not apply 4f2a1c9... bump schema":  false,
		"error: could not apply 4f2a1c9... bump schema": true,
	} {
		if got := failureLine(line); got != want {
			t.Errorf("failureLine(%q) = %v, want %v", line, got, want)
		}
	}
}
