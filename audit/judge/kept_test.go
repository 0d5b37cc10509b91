package judge

import (
	"testing"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/classify"
)

func fact(text string) classify.Fact {
	f := classify.Fact{Text: text, Tokens: classify.Values(text)}
	f.Words = classify.Terms(text, f.Tokens)
	return f
}

// TestKeptNeedsRestatingCandidates: a fact counts as carried in parts only by summary
// facts that are mostly about it, not by long lines that share a word or two.
func TestKeptNeedsRestatingCandidates(t *testing.T) {
	cases := []struct {
		name string
		src  string
		sum  []string
		want bool
	}{
		{"restated whole", "The export job reads the Frankfurt replica and writes parquet files to the archive bucket.",
			[]string{"The export job reads the Frankfurt replica and writes parquet files to the archive bucket."}, true},
		{"restated in two parts", "The export job reads the Frankfurt replica and writes parquet files to the archive bucket.",
			[]string{"The export job reads the Frankfurt replica.", "It writes parquet files to the archive bucket."}, true},
		{"words scattered over unrelated lines", "The export job reads the Frankfurt replica and writes parquet files to the archive bucket.",
			[]string{
				"The export job for invoices was renamed in the scheduler, and its owner moved to the billing team last quarter.",
				"A second replica in Frankfurt serves the analytics dashboards; its lag alarm sits at thirty seconds under load.",
				"Parquet files older than a year are compacted weekly by the storage cleanup task before any audit review.",
				"The archive bucket policy denies deletes from every role except the retention operator account.",
			}, false},
	}
	for _, c := range cases {
		src := []classify.Fact{fact(c.src)}
		var sum []classify.Fact
		for _, s := range c.sum {
			sum = append(sum, fact(s))
		}
		a := align.New(Align, src, sum)
		cs := a.Candidates(&src[0], Align.TopK)
		if got := kept(a, &src[0], sum, cs); got != c.want {
			t.Errorf("%s: kept = %v, want %v (candidates %+v)", c.name, got, c.want, cs)
		}
	}
}
