package classify

import "testing"

// A line labelled as an open question asks; it states no finding or request.
func TestOpenQuestionLabel(t *testing.T) {
	for _, c := range []struct {
		text string
		want Act
	}{
		{"Open question: does the night shift need badge access to bay 4, or is the escort rule enough.", ActQuestion},
		{"The question of badge access for bay 4 is open.", ActReport},
	} {
		fs := Extract("m1", "assistant", c.text)
		if len(fs) == 0 || fs[0].Act != c.want {
			t.Errorf("%q: %+v, want act %s", c.text, fs, c.want)
		}
	}
}
