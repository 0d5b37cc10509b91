package classify

import "testing"

// TestAbbreviatedIDs: a summary's short form of a hash or a UUID (its leading hex
// digits, seven or more) is the same value; a shorter stub, a changed digit, or a
// number are not. Invented values.
func TestAbbreviatedIDs(t *testing.T) {
	tok := func(s string) Token {
		ts := Values("id " + s)
		if len(ts) == 0 {
			t.Fatalf("no value in %q", s)
		}
		return ts[0]
	}
	cases := []struct {
		a, b string
		want bool
	}{
		{"9c41e07b-52aa-4c1e-8d0f-3b7e2a19c6d4", "9c41e07b", true},
		{"4be1f07c2d9e8a6b5c4d3e2f1a0b9c8d7e6f5a4b", "4be1f07", true},
		{"4be1f07c2d9e8a6b5c4d3e2f1a0b9c8d7e6f5a4b", "4be1f0", false},
		{"4be1f07c2d9e8a6b5c4d3e2f1a0b9c8d7e6f5a4b", "4be1f08", false},
		{"9c41e07b-52aa-4c1e-8d0f-3b7e2a19c6d4", "9c41e07c", false},
	}
	for _, c := range cases {
		if got := Equivalent(tok(c.a), tok(c.b)); got != c.want {
			t.Errorf("Equivalent(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
