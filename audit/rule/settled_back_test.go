package rule

import (
	"testing"

	"github.com/compaudit/compaudit/classify"
)

func roundOf(texts ...string) *Round {
	r := &Round{}
	for k, t := range texts {
		for _, f := range classify.Extract("m", "assistant", t) {
			r.Src = append(r.Src, f)
			r.Pos = append(r.Pos, k)
		}
	}
	return r
}

// A later fact that points back ("confirms it") settles the last guess it shares a
// term with; one that points at nothing, or at a later guess, does not.
func TestSettledBack(t *testing.T) {
	cases := []struct {
		texts []string
		want  bool
	}{
		{[]string{"My guess: the kiln logs drift because the thermocouple sits too close to the door.", "The door sensor log confirms it: readings jump each time it opens."}, true},
		{[]string{"Probably the replica lags because the nightly vacuum holds a lock.", "That proves it: pg_locks shows the vacuum holding the lock for 40 minutes."}, true},
		{[]string{"My guess: the kiln logs drift because the thermocouple sits too close to the door.", "The door sensor readings jump each time it opens."}, false},
		{[]string{"Suspect the tile cache evicts too early because its TTL is read in seconds, not minutes.", "After the TTL fix the hit rate is back at 94%, so the unit explanation holds."}, true},
		{[]string{"Suspect the tile cache evicts too early because its TTL is read in seconds, not minutes.", "The cache holds 512 tiles per zoom level."}, false},
		{[]string{"My guess: the kiln logs drift because the thermocouple sits too close to the door.", "Perhaps the door sensor also drifts in the cold.", "The door sensor log confirms it: readings jump each time it opens."}, false},
		{[]string{"My guess: the kiln logs drift because the thermocouple sits too close to the door.", "The invoice export confirms it: totals match."}, false},
		// a verdict on a belief it names settles the guess it names best, past a
		// weaker guess in between
		{[]string{"Working theory: the glaze crazes because the bisque firing runs 40 degrees too cool.", "Maybe the test tiles are too thin as well, which the kiln log can't show.", "Test tiles fired hotter come out clean, so the cool-bisque theory holds."}, true},
		{[]string{"Working theory: the glaze crazes because the bisque firing runs 40 degrees too cool.", "Maybe the clay batch is damp, so the glaze firing cools unevenly.", "Tiles from a dry batch come out clean, so the damp-batch theory holds."}, false},
	}
	for k, c := range cases {
		r := roundOf(c.texts...)
		if got := r.SettledBack(0); got != c.want {
			t.Errorf("case %d: settled %v, want %v", k, got, c.want)
		}
	}
}
