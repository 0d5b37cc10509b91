package audit

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// restates is the reference the index must agree with: f only repeats o.
func restates(f, o *classify.Fact) bool {
	return overlap(f.Words, o.Words) >= restatedShare && widerShare(f.Words, o.Words) >= widerRestated && sameValues(f, o)
}

// TestDedupeIndexMatchesPairwise: the term index keeps exactly the omissions that
// comparing each with every kept one keeps, on random facts with repeated terms.
func TestDedupeIndexMatchesPairwise(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	vocab := []string{"cache", "bucket", "export", "shard", "retry", "lock", "tenant", "queue", "index", "flag"}
	for trial := 0; trial < 200; trial++ {
		r := &rule.Round{}
		n := 5 + rng.IntN(30)
		for i := 0; i < n; i++ {
			var f classify.Fact
			for w := rng.IntN(6); w > 0; w-- {
				f.Words = append(f.Words, vocab[rng.IntN(len(vocab))])
			}
			if rng.IntN(4) == 0 {
				f.Tokens = []classify.Token{{Norm: vocab[rng.IntN(3)]}}
			}
			r.Src = append(r.Src, f)
		}
		xs := make([]int, n)
		for i := range xs {
			xs[i] = i
		}
		got := dedupe(xs, func(i int) (string, int) { return Omission, i }, r, nil)
		var want, lost []int
		for _, i := range xs {
			if slices.ContainsFunc(lost, func(o int) bool { return restates(&r.Src[i], &r.Src[o]) }) {
				continue
			}
			lost = append(lost, i)
			want = append(want, i)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: index keeps %v, pairwise %v", trial, got, want)
		}
	}
}

// TestDedupeKeepsAPointOfACompoundLine: the same point said twice is one loss; a short
// point inside a long line that lists five choices is a loss of its own.
func TestDedupeKeepsAPointOfACompoundLine(t *testing.T) {
	mk := func(ws ...string) classify.Fact { return classify.Fact{Words: ws} }
	r := &rule.Round{Src: []classify.Fact{
		mk("export", "run", "night", "parquet", "archive", "bucket", "retention", "days", "owner", "finance", "alerts", "pager"),
		mk("export", "parquet"),
		mk("export", "run", "night", "parquet", "archive", "bucket", "retention", "days", "owner", "finance", "alert", "pager"),
	}}
	got := dedupe([]int{0, 1, 2}, func(i int) (string, int) { return Omission, i }, r, nil)
	if want := []int{0, 1}; !slices.Equal(got, want) {
		t.Errorf("kept %v, want %v (the short point kept, the restated line dropped)", got, want)
	}
}

// TestDedupeQuotesTheUser: when the user's own words restate a loss the summary
// paraphrased, the one loss quotes the user; a bare "yes" the summary glossed, or
// the user restating the user, changes nothing.
func TestDedupeQuotesTheUser(t *testing.T) {
	mk := func(origin, section, text string, ws ...string) classify.Fact {
		return classify.Fact{Origin: origin, Section: section, Text: text, Words: ws}
	}
	cases := []struct {
		name string
		a, b classify.Fact
		want int // which fact the kept loss quotes
	}{
		{"the user's words replace a paraphrase",
			mk(classify.OriginSummary, classify.SecIntent, "Then repainting the hall only (skipping rooms 2 and 4)", "repaint", "hall", "skip", "room"),
			mk(classify.OriginSummary, classify.SecUserMessages, `"skip rooms 2 and 4, paint the hall"`, "skip", "room", "paint", "hall"), 1},
		{"a bare yes with a gloss does not",
			mk(classify.OriginSummary, classify.SecIntent, "Archive the old invoices after the auditor signs off", "archiv", "old", "invoic", "auditor", "sign"),
			mk(classify.OriginSummary, classify.SecUserMessages, `"yes" (confirming to archive the old invoices after sign-off)`, "yes", "archiv", "old", "invoic", "sign"), 0},
		{"the user restating the user does not",
			mk(classify.OriginUser, "", "use the staging bucket for the export", "stage", "bucket", "export"),
			mk(classify.OriginUser, "", "export to the staging bucket", "export", "stage", "bucket"), 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &rule.Round{Src: []classify.Fact{c.a, c.b}}
			got := dedupe([]int{0, 1}, func(i int) (string, int) { return Omission, i }, r, func(kept *int, x int) { *kept = x })
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("kept %v, want [%d]", got, c.want)
			}
		})
	}
}
