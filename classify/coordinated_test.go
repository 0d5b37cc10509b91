package classify

import "testing"

// A negation reaches a word coordinated with the one it governs ("not purged or
// restarted"), but not the subject of a new clause that "and" opens.
func TestCoordinatedNegation(t *testing.T) {
	cases := []struct {
		text, word string
		want       bool
	}{
		{"The cache was not purged or restarted after the deploy.", "restart", true},
		{"Ship the build without symbols and maps.", "map", true},
		{"The import ran without a retry and cron has marked it done.", "cron", false},
	}
	for _, c := range cases {
		f := Extract("m1", "assistant", c.text)[0]
		got := false
		for _, s := range f.Scopes {
			if s.Kind == "neg" && s.Head == c.word {
				got = true
			}
		}
		if got != c.want {
			t.Errorf("%q: negation governs %q = %v, want %v (scopes %+v)", c.text, c.word, got, c.want, f.Scopes)
		}
	}
}
