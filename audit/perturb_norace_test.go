//go:build !race

package audit_test

// raceEnabled is true under the race detector (see perturb_race_test.go).
const raceEnabled = false
