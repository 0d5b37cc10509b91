package audit

import (
	"math"
	"sort"

	"github.com/compaudit/compaudit/classify"
)

// minCoverage is the lowest coverage a candidate is reported with.
const minCoverage = 0.1

// tokenBoost weights exact tokens above ordinary content words.
const tokenBoost = 1.6

// aligner scores source facts against summary facts with an inverted index over the
// summary facts' content words and exact tokens, weighted by inverse document
// frequency. Cost is proportional to the postings touched, not to |src| x |sum|.
type aligner struct {
	sum   []classify.Fact
	idf   map[string]float64
	index map[string][]int
	sumW  []float64
	// scratch for candidates: per-summary-fact accumulators and the ones touched
	acc     []float64
	touched []int
}

func newAligner(src, sum []classify.Fact) *aligner {
	df := map[string]int{}
	for _, fs := range [][]classify.Fact{src, sum} {
		for i := range fs {
			for _, w := range fs[i].Words {
				df[w]++
			}
		}
	}
	n := float64(len(src) + len(sum) + 1)
	a := &aligner{sum: sum, idf: make(map[string]float64, len(df)), index: map[string][]int{}}
	for w, d := range df {
		x := math.Log(1 + n/float64(d))
		if len(w) > 0 && w[0] == '#' {
			x *= tokenBoost
		}
		a.idf[w] = x
	}
	a.sumW = make([]float64, len(sum))
	for j := range sum {
		for _, w := range sum[j].Words {
			a.index[w] = append(a.index[w], j)
			a.sumW[j] += a.weight(w)
		}
	}
	return a
}

func (a *aligner) weight(w string) float64 {
	if x, ok := a.idf[w]; ok {
		return x
	}
	x := math.Log(2)
	if len(w) > 0 && w[0] == '#' {
		x *= tokenBoost
	}
	return x
}

// match is a candidate counterpart.
type match struct {
	j        int
	score    float64
	coverage float64 // share of the source fact's weight found in the summary fact
}

// best returns the best counterpart of f among the summary facts (j = -1 when none),
// and the runner-up candidates sorted by score.
func (a *aligner) candidates(f *classify.Fact) []match {
	// dense accumulation over the summary facts the words touch (a scratch slice
	// reused across calls, reset through the touched list): no map per call
	if len(a.acc) != len(a.sum) {
		a.acc = make([]float64, len(a.sum))
	}
	acc, touched := a.acc, a.touched[:0]
	defer func() {
		for _, j := range touched {
			acc[j] = 0
		}
		a.touched = touched[:0]
	}()
	total := 0.0
	for _, w := range f.Words {
		wt := a.weight(w)
		total += wt
		for _, j := range a.index[w] {
			if acc[j] == 0 {
				touched = append(touched, j)
			}
			acc[j] += wt
		}
	}
	if total == 0 {
		return nil
	}
	// near-token credit: a summary fact that carries a changed value of the same
	// kind still talks about the same thing (5432 -> 6432), so mutated facts align.
	if len(f.Tokens) > 0 {
		// only the strongest candidates are worth the near-value check
		for _, j := range topByWeight(touched, acc, 12) {
			for _, t := range f.Tokens {
				w := t.Key()
				if containsWord(a.sum[j].Words, w) {
					continue
				}
				for _, x := range a.sum[j].Tokens {
					if nearValue(t, x) {
						acc[j] += 0.7 * a.weight(w)
						break
					}
				}
			}
		}
	}
	out := make([]match, 0, 16)
	for _, j := range touched {
		s := acc[j]
		cov := s / total
		if cov < minCoverage {
			continue // no caller looks this far down
		}
		prec := 0.0
		if a.sumW[j] > 0 {
			prec = s / a.sumW[j]
		}
		score := 0.8*cov + 0.2*prec
		out = append(out, match{j: j, score: score, coverage: cov})
	}
	sort.Slice(out, func(x, y int) bool {
		if out[x].score != out[y].score {
			return out[x].score > out[y].score
		}
		return out[x].j < out[y].j
	})
	return out
}

// topByWeight returns up to k of ids with the highest acc (ties by lower id), without
// sorting them all.
func topByWeight(ids []int, acc []float64, k int) []int {
	if len(ids) <= k {
		return ids
	}
	better := func(a, b int) bool {
		if acc[a] != acc[b] {
			return acc[a] > acc[b]
		}
		return a < b
	}
	top := make([]int, 0, k)
	for _, j := range ids {
		if len(top) < k {
			top = append(top, j)
			continue
		}
		// replace the worst of the kept ones when j beats it
		w := 0
		for n := 1; n < len(top); n++ {
			if better(top[w], top[n]) {
				w = n
			}
		}
		if better(j, top[w]) {
			top[w] = j
		}
	}
	return top
}

// unionCoverage is the share of f's weight found anywhere in the summary.
func (a *aligner) unionCoverage(f *classify.Fact) float64 {
	total, found := 0.0, 0.0
	for _, w := range f.Words {
		wt := a.weight(w)
		total += wt
		if len(a.index[w]) > 0 {
			found += wt
		}
	}
	if total == 0 {
		return 1
	}
	return found / total
}

func containsWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// nearValue: x looks like a changed copy of t (same family, a truncation or an
// extension of it), so a fact carrying x still talks about t's subject.
func nearValue(t, x classify.Token) bool {
	if t.Norm == x.Norm || !sameFamily(t, x) {
		return false
	}
	return closeToken(t, x) || len(t.Strip()) >= 4 && similarToken(t, x)
}

// pairCoverage is the share of f's weight found in summary fact j.
func (a *aligner) pairCoverage(f *classify.Fact, j int) float64 {
	return a.pairCoverageFact(f, &a.sum[j])
}

// pairCoverageFact is the share of f's weight found in g.
func (a *aligner) pairCoverageFact(f, g *classify.Fact) float64 {
	have := map[string]bool{}
	for _, w := range g.Words {
		have[w] = true
	}
	total, found := 0.0, 0.0
	for _, w := range f.Words {
		wt := a.weight(w)
		total += wt
		if have[w] {
			found += wt
		}
	}
	if total == 0 {
		return 0
	}
	return found / total
}
