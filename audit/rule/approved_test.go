package rule

import (
	"fmt"
	"slices"
	"testing"

	"github.com/compaudit/compaudit/classify"
)

func TestAssent(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"yes please", true},
		{"Go ahead.", true},
		{"ok, do that", true},
		{"sounds good, ship it", true},
		{"oui, vas-y", true},
		{"はい、お願いします", true},
		{"yes, but only for the EU bucket", false},
		{"ok and also bump the timeout", false},
		{"no, keep the old schema", false},
		{"not sure, check the console", false},
		{"yes. the overriding directive is to not block the user, but we should signal and log", false},
		{"please rerun the migration on staging", false},
		{"", false},
	}
	for _, c := range cases {
		if got := Assent(c.text); got != c.want {
			t.Errorf("Assent(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestApproved: the offer a user's assent answers is approved (its question and the
// few facts before it in the same message); an offer the user answered otherwise, a
// reply that picks a numbered option, and facts of an earlier message are not.
func TestApproved(t *testing.T) {
	offer := "The export drops rows with a bad date. I'd log each dropped row and carry on. Want me to add that logging?"
	cases := []struct {
		name  string
		reply string
		want  bool
	}{
		{"assent", "yes please", true},
		{"refusal", "no, stop the export instead", false},
		{"a condition", "yes, but only for the nightly run", false},
		{"a numbered pick", "yes, do 2", false},
	}
	for _, c := range cases {
		var src []classify.Fact
		var pos []int
		for k, m := range []struct{ id, role, text string }{
			{"m1", "assistant", "Earlier note: the bucket is in eu-west-1."},
			{"m2", "assistant", offer},
			{"m3", "user", c.reply},
		} {
			for _, f := range classify.Extract(m.id, m.role, m.text) {
				src, pos = append(src, f), append(pos, k)
			}
		}
		r := &Round{Src: src, Pos: pos}
		for i := range src {
			want := c.want && src[i].Message == "m2" && src[i].Act != classify.ActChatter
			if got := r.Approved(i); got != want {
				t.Errorf("%s: Approved(%q) = %v, want %v", c.name, src[i].Text, got, want)
			}
		}
	}
}

// TestAnswersQuestion: the user's short reply after the assistant's question answers
// it; what follows the user's own question in the same message elaborates that
// question instead ("which format? the files are huge").
func TestAnswersQuestion(t *testing.T) {
	cases := []struct {
		reply, fact string
		want        bool
	}{
		{"parquet, by day", "parquet, by day", true},
		{"which format is cheapest? the files are huge", "the files are huge", false},
		{"no. the files are huge", "the files are huge", true},
	}
	for _, c := range cases {
		var src []classify.Fact
		var pos []int
		for k, m := range []struct{ id, role, text string }{
			{"m1", "assistant", "The export is ready. Should it write CSV or Parquet?"},
			{"m2", "user", c.reply},
		} {
			for _, f := range classify.Extract(m.id, m.role, m.text) {
				src, pos = append(src, f), append(pos, k)
			}
		}
		r := &Round{Src: src, Pos: pos}
		i := slices.IndexFunc(src, func(f classify.Fact) bool { return f.Text == c.fact })
		if i < 0 {
			t.Fatalf("%q: no fact %q among %d", c.reply, c.fact, len(src))
		}
		if got := r.AnswersQuestion(i); got != c.want {
			t.Errorf("%q: AnswersQuestion(%q) = %v, want %v", c.reply, c.fact, got, c.want)
		}
	}
}

// TestWorkedOn: a question the agent follows with its own work waits for nobody; one
// that ends its turn, before the user's reply or the round's end, waits for the user.
func TestWorkedOn(t *testing.T) {
	q := "Is the kiln log rotated before the nightly upload?"
	cases := []struct {
		next []struct{ role, text string }
		want bool
	}{
		{[]struct{ role, text string }{{"assistant", "Checking the logrotate config now."}}, true},
		{[]struct{ role, text string }{{"user", "Yes, at midnight."}}, false},
		{nil, false},
	}
	for k, c := range cases {
		msgs := append([]struct{ role, text string }{{"assistant", q}}, c.next...)
		var src []classify.Fact
		var pos []int
		for p, m := range msgs {
			for _, f := range classify.Extract(fmt.Sprintf("m%d", p+1), m.role, m.text) {
				src, pos = append(src, f), append(pos, p)
			}
		}
		r := &Round{Src: src, Pos: pos}
		if got := r.WorkedOn(0); got != c.want {
			t.Errorf("case %d: WorkedOn = %v, want %v", k, got, c.want)
		}
	}
}
