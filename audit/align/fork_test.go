package align

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// Forks asked at once from several goroutines answer what the aligner answers alone,
// query by query (run with -race: they share no scratch space).
func TestForksAnswerAsOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 7))
	mk := func(n int) []classify.Fact {
		out := make([]classify.Fact, n)
		for i := range out {
			for w := 0; w < 2+rng.IntN(8); w++ {
				out[i].Words = append(out[i].Words, fmt.Sprintf("t%d", rng.IntN(60)))
			}
		}
		return out
	}
	src, sum := mk(300), mk(120)
	type answer struct{ cands, top []Match }
	ask := func(a *Aligner, f *classify.Fact) answer {
		return answer{a.Candidates(f, 6), a.TopMatching(f, 8, 0.3, 0.2, func(int) bool { return true })}
	}
	want := make([]answer, len(src))
	solo := New(Params{SourceWeight: 1, MaxShare: 0.5, MinCommon: 1, TopK: 6}, src, sum)
	for i := range src {
		want[i] = ask(solo, &src[i])
	}
	as := Forks(New(Params{SourceWeight: 1, MaxShare: 0.5, MinCommon: 1, TopK: 6}, src, sum), 4)
	got := make([]answer, len(src))
	var wg sync.WaitGroup
	for w, a := range as {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(src); i += len(as) {
				got[i] = ask(a, &src[i])
			}
		}()
	}
	wg.Wait()
	for i := range src {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("fact %d: forks answer %v, the aligner alone %v", i, got[i], want[i])
		}
	}
}
