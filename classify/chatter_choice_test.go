package classify

import "testing"

// A process opener ("I should", "I'll") followed by a choice between two ways is the
// agent deciding, not process talk; a short opener with no choice stays chatter.
func TestChatterChoice(t *testing.T) {
	cases := []struct {
		text string
		want Act
	}{
		{"I should keep the tiles as PNG to match the rest of the atlas rather than switching to WebP.", ActDecision},
		{"I'll go with the nightly cron instead of the webhook, since the webhook drops events on redeploys.", ActDecision},
		{"I should run the migration again.", ActChatter},
		{"I'll read the handler next.", ActChatter},
	}
	for _, c := range cases {
		fs := Extract("m1", "assistant", c.text)
		if len(fs) == 0 || fs[0].Act != c.want {
			var got Act
			if len(fs) > 0 {
				got = fs[0].Act
			}
			t.Errorf("%q: act %s, want %s", c.text, got, c.want)
		}
	}
}
