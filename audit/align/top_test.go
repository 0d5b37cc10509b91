package align

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// TopMatching answers what filtering Candidates answers, bit for bit, on rounds built
// to tie often (repeated facts, a small vocabulary with a few very common terms).
func TestTopMatchingIsFilteredCandidates(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 9))
	facts := func(n, vocab int) []classify.Fact {
		out := make([]classify.Fact, n)
		for i := range out {
			if i > 0 && rng.IntN(5) == 0 {
				out[i].Words = slices.Clone(out[rng.IntN(i)].Words) // a repeat: exact ties
				continue
			}
			if i > 0 && rng.IntN(4) == 0 { // a short fact inside another: a high back
				ws := out[rng.IntN(i)].Words
				out[i].Words = slices.Clone(ws[:min(len(ws), 1+rng.IntN(2))])
				continue
			}
			seen := map[string]bool{}
			for w := 0; w < 1+rng.IntN(9); w++ {
				x := rng.IntN(vocab)
				if rng.IntN(3) == 0 {
					x = rng.IntN(3) // the common terms
				}
				if t := fmt.Sprintf("w%d", x); !seen[t] {
					seen[t] = true
					out[i].Words = append(out[i].Words, t)
				}
			}
		}
		return out
	}
	found, fast := 0, 0
	for trial := 0; trial < 60; trial++ {
		fs := facts(50+rng.IntN(250), 10+rng.IntN(60))
		sw := 0.5 + rng.Float64()/2
		if trial%2 == 0 {
			sw = 0.75
		}
		p := Params{SourceWeight: sw, MaxShare: 0.1 + rng.Float64()/3, MinCommon: 2 + rng.IntN(10)}
		a := New(p, nil, fs)
		q := fs
		if trial%3 == 0 { // queries from another side, some with terms no fact holds
			q = facts(100, 90)
			a = New(p, q, fs)
		}
		for i := range q {
			for _, k := range []int{1, 3, 8} {
				minCover, minBack := rng.Float64(), rng.Float64()*0.8
				if rng.IntN(2) == 0 {
					minCover, minBack = 0.6, 0.5
				}
				want := func(j int) bool { return j != i && j%7 != 3 }
				got := a.TopMatching(&q[i], k, minCover, minBack, want)
				exp := a.filterTop(&q[i], k, minCover, minBack, want)
				if !slices.Equal(got, exp) {
					t.Fatalf("trial %d query %d k %d cover %.3f back %.3f: %v, want %v", trial, i, k, minCover, minBack, got, exp)
				}
				found += len(exp)
			}
		}
		if a.ti != nil && a.ti.ok {
			fast++
		}
	}
	if found < 500 || fast == 0 {
		t.Fatalf("the test matched %d facts on %d fast rounds: too few to check anything", found, fast)
	}
}

// A fact that lists a term twice sends the aligner the long way, with the same answer.
func TestTopMatchingRepeatedTerm(t *testing.T) {
	fs := []classify.Fact{{Words: []string{"a", "b", "a"}}, {Words: []string{"a", "b"}}, {Words: []string{"b", "c"}}}
	a := New(Params{SourceWeight: 0.75, MaxShare: 1, MinCommon: 3}, nil, fs)
	got := a.TopMatching(&fs[1], 8, 0.3, 0.3, func(int) bool { return true })
	if !slices.Equal(got, a.filterTop(&fs[1], 8, 0.3, 0.3, func(int) bool { return true })) || a.ti.ok {
		t.Fatalf("got %v", got)
	}
}

// A query with more than 64 distinct terms is scored by binary search, the same way.
func TestTopMatchingLongFacts(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 8))
	fs := make([]classify.Fact, 120)
	for i := range fs {
		seen := map[string]bool{}
		for n := 5 + rng.IntN(140); len(fs[i].Words) < n; {
			if t := fmt.Sprintf("w%d", rng.IntN(300)); !seen[t] {
				seen[t] = true
				fs[i].Words = append(fs[i].Words, t)
			}
		}
	}
	a := New(Params{SourceWeight: 0.75, MaxShare: 0.6, MinCommon: 12}, nil, fs)
	long := 0
	for i := range fs {
		want := func(j int) bool { return j != i }
		got, exp := a.TopMatching(&fs[i], 8, 0.2, 0.2, want), a.filterTop(&fs[i], 8, 0.2, 0.2, want)
		if !slices.Equal(got, exp) {
			t.Fatalf("query %d: %v, want %v", i, got, exp)
		}
		if len(fs[i].Words) > 64 && len(exp) > 0 && a.ti != nil && a.ti.ok {
			long++
		}
	}
	if long == 0 {
		t.Fatal("no long query matched anything")
	}
}

// NewQueried answers its query side's facts as New does.
func TestNewQueriedMatchesNew(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 1))
	facts := func(n, vocab int) []classify.Fact {
		out := make([]classify.Fact, n)
		for i := range out {
			seen := map[string]bool{}
			for w := 1 + rng.IntN(12); len(out[i].Words) < w; {
				if t := fmt.Sprintf("w%d", rng.IntN(vocab)); !seen[t] {
					seen[t] = true
					out[i].Words = append(out[i].Words, t)
				}
			}
		}
		return out
	}
	found := 0
	for trial := 0; trial < 20; trial++ {
		q, all := facts(30, 80), facts(400, 300)
		p := Params{SourceWeight: 1, MaxShare: 0.25, MinCommon: 12, TopK: 5}
		a, b := New(p, q, all), NewQueried(p, q, all)
		for i := range q {
			for _, k := range []int{0, 3} {
				got, want := b.Candidates(&q[i], k), a.Candidates(&q[i], k)
				if !slices.Equal(got, want) {
					t.Fatalf("trial %d fact %d k %d: %v, want %v", trial, i, k, got, want)
				}
				found += len(want)
			}
			ms := a.Candidates(&q[i], 3)
			if a.UnionCover(&q[i], ms) != b.UnionCover(&q[i], ms) {
				t.Fatalf("trial %d fact %d: union cover differs", trial, i)
			}
		}
	}
	if found == 0 {
		t.Fatal("nothing matched")
	}
}
