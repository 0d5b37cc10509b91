package classify

import "testing"

// "a 500-record batch" (read as a name) states the figure of "500 records" or of a
// bare 500; not another figure, another noun's count, nor an adjective's ending
// ("1-based") or a zero-padded name.
func TestHyphenCount(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"a 500-record batch", "batches of 500 records", true},
		{"a 500-record batch", "at 500 per poll", true},
		{"the 3-node pool", "only has 3 nodes", true},
		{"a 500-record batch", "batches of 200 records", false},
		{"the 3-node pool", "3 replicas", false},
		{"keep 1-based indexing", "index 1", false},
		{"run 0087-add-index", "run 87", false},
	}
	for _, c := range cases {
		a, b := Values(c.a), Values(c.b)
		if len(a) == 0 || len(b) == 0 {
			t.Fatalf("%q / %q: no values", c.a, c.b)
		}
		if got := Equivalent(a[0], b[0]); got != c.want {
			t.Errorf("%q ~ %q: %v, want %v (%+v, %+v)", c.a, c.b, got, c.want, a[0], b[0])
		}
	}
}
