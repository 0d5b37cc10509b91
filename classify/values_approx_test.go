package classify

import "testing"

// A tilde before a quantity means "about"; before a bare version it is an operator.
func TestApproxQuantity(t *testing.T) {
	cases := []struct {
		text, kind, norm string
	}{
		{"the export took ~40 min overall", TokDuration, "time:2400"},
		{"the export took ~2400 s overall", TokDuration, "time:2400"},
		{"pin lodash ~4.17 in the lockfile", "", ""},
	}
	for _, c := range cases {
		toks := Values(c.text)
		if c.kind == "" {
			for _, tk := range toks {
				if tk.Kind == TokDuration {
					t.Errorf("%q: read a duration %+v", c.text, tk)
				}
			}
			continue
		}
		if len(toks) == 0 || toks[0].Kind != c.kind || toks[0].Norm != c.norm {
			t.Errorf("%q: got %+v, want %s %s", c.text, toks, c.kind, c.norm)
		}
	}
}
