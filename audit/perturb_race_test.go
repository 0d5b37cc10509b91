//go:build race

package audit_test

// raceEnabled is true under the race detector, which makes the perturbation suite's
// ~800 audits take longer than the test timeout; the suite skips itself then.
const raceEnabled = true
