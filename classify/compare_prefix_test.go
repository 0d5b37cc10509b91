package classify

import "testing"

// A release written with or without its "v" is the same value; a changed precision is not.
func TestVersionPrefixEquivalent(t *testing.T) {
	tok := func(s string) Token { return firstValue(t, s) }
	cases := []struct {
		a, b string
		want bool
	}{
		{"Unity 2022.3 editor", "Unity v2022.3 editor", true},
		{"bump past v1.20 now", "bump past 1.20 now", true},
		{"bump past v1.20 now", "bump past 1.2 now", false},
		{"pinned to v3.11", "pinned to v3", false},
	}
	for _, c := range cases {
		if got := Equivalent(tok(c.a), tok(c.b)); got != c.want {
			t.Errorf("Equivalent(%q, %q) = %v, want %v (%+v / %+v)", c.a, c.b, got, c.want, tok(c.a), tok(c.b))
		}
	}
}

// firstValue is the first value of s; the test fails when s has none.
func firstValue(t *testing.T, s string) Token {
	t.Helper()
	ts := Values(s)
	if len(ts) == 0 {
		t.Fatalf("%q: no value", s)
	}
	return ts[0]
}
