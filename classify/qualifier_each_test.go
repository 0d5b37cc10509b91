package classify

import (
	"slices"
	"testing"
)

// "Each" quantifies over all of a thing and limits nothing; "for each" and "per" give a
// claim its scope.
func TestEachIsNoScope(t *testing.T) {
	cases := []struct {
		text  string
		scope bool
	}{
		{"Each kiln writes its firing log to the shared drive.", false},
		{"Rotate the firing log for each kiln.", true},
		{"Write one firing log per kiln.", true},
	}
	for _, c := range cases {
		fs := Extract("m1", "user", c.text)
		if len(fs) == 0 {
			t.Fatalf("%q: no fact", c.text)
		}
		if got := slices.Contains(fs[0].Qualifiers, "scope"); got != c.scope {
			t.Errorf("%q: scope qualifier %v, want %v (%v)", c.text, got, c.scope, fs[0].Qualifiers)
		}
	}
}
