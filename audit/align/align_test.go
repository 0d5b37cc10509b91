package align

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// The k best candidates are the first k of the full ranking.
func TestTopKIsPrefixOfFullRanking(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	facts := func(n int) []classify.Fact {
		out := make([]classify.Fact, n)
		for i := range out {
			for w := 0; w < 2+rng.IntN(6); w++ {
				out[i].Words = append(out[i].Words, fmt.Sprintf("w%d", rng.IntN(40)))
			}
		}
		return out
	}
	src, sum := facts(200), facts(300)
	a := New(Params{SourceWeight: 0.7, MaxShare: 0.5, MinCommon: 3, TopK: 3}, src, sum)
	long := 0
	for i := range src {
		all := a.Candidates(&src[i], 0)
		for _, k := range []int{1, 3, 8} {
			got := a.Candidates(&src[i], k)
			want := all[:min(k, len(all))]
			if !slices.Equal(got, want) {
				t.Fatalf("fact %d, k %d: %v, want %v", i, k, got, want)
			}
		}
		if len(all) > 8 {
			long++
		}
	}
	if long < 50 {
		t.Fatalf("only %d facts with more than 8 candidates: the test does not reach the top-k path", long)
	}
}
