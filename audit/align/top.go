package align

import (
	"slices"

	"github.com/compaudit/compaudit/classify"
)

// TopMatching returns the matches of Candidates(f, k) with Cover >= minCover, Back >=
// minBack and want(Fact), in the same order. It finds the k best without scoring every
// summary fact that shares a term with f (see topK); every score is computed as
// Candidates computes it, term by term in the same order, so the answer is the same to
// the last bit.
func (a *Aligner) TopMatching(f *classify.Fact, k int, minCover, minBack float64, want func(j int) bool) []Match {
	if k <= 0 || !a.selfIndexed() {
		return a.filterTop(f, k, minCover, minBack, want)
	}
	q := a.query(f)
	if q.mass == 0 {
		return nil
	}
	if !q.anyNominal {
		return a.filterTop(f, k, minCover, minBack, want) // the least common term nominates: rare, and done the long way
	}
	top, ok := a.topK(f, q, k)
	if !ok {
		return a.filterTop(f, k, minCover, minBack, want)
	}
	var out []Match
	for _, m := range top {
		if m.Cover >= minCover && m.Back >= minBack && want(m.Fact) {
			out = append(out, m)
		}
	}
	return out
}

// topK is Candidates(f, k) by the max-score method: the nominating terms are walked
// heaviest first, and a fact first met on a term's postings holds at most that term's
// and the lighter terms' weight; once that bound cannot reach the k-th best score, the
// fact cannot be among the k best and is not scored (when no fact can, the walk ends).
// When that prunes too little to beat Candidates' walk of every posting (it scores
// more facts than a budget), it gives up: false.
func (a *Aligner) topK(f *classify.Fact, q query, k int) ([]Match, bool) {
	ti := a.ti
	ti.query++
	if ti.query == 0 { // wrapped: clear the stamps
		clear(ti.stamp)
		ti.query = 1
	}
	sw := a.p.SourceWeight
	rest := 0.0 // what a fact not met yet can hold of f: the terms still to walk, and every common one
	var order []int
	for d, x := range q.first {
		rest += q.distinctW[d]
		if q.nominal[x] {
			order = append(order, d)
		}
	}
	slices.SortStableFunc(order, func(x, y int) int {
		switch {
		case q.distinctW[x] > q.distinctW[y]:
			return -1
		case q.distinctW[x] < q.distinctW[y]:
			return 1
		}
		return 0
	})
	// the best score a fact of the given mass holding at most held of f can reach
	bound := func(held, mass float64) float64 {
		back := 1.0
		if mass > 0 {
			back = min(1, held/mass)
		}
		return sw*held/q.mass + (1-sw)*back + slack
	}
	if q.masked {
		for d, x := range q.first {
			ti.qpos[q.ids[x]] = uint8(d + 1)
		}
		defer func() {
			for _, x := range q.first {
				ti.qpos[q.ids[x]] = 0
			}
		}()
	}
	// Candidates walks every posting of f's terms; scoring one fact costs about its
	// terms and f's
	budget := 0
	for _, x := range q.first {
		budget += len(a.post[f.Words[x]])
	}
	budget = budget/(2*len(f.Words)+8) + k
	out := make([]Match, 0, k+1)
	for _, d := range order {
		if len(out) == k && bound(rest, 0) < out[k-1].Score {
			break
		}
		for _, j := range a.post[f.Words[q.first[d]]] {
			if ti.stamp[j] == ti.query {
				continue
			}
			ti.stamp[j] = ti.query
			if len(out) == k && bound(rest, a.sumMass[j]) < out[k-1].Score {
				continue
			}
			if budget--; budget < 0 {
				return nil, false
			}
			if m, ok := a.exact(&q, j); ok {
				out = insertTop(out, m, k)
			}
		}
		rest -= q.distinctW[d]
	}
	return out, true
}

// slack absorbs rounding in the bounds (scores are sums of a few dozen weights).
const slack = 1e-9

// filterTop is TopMatching the long way.
func (a *Aligner) filterTop(f *classify.Fact, k int, minCover, minBack float64, want func(j int) bool) []Match {
	var out []Match
	for _, m := range a.Candidates(f, k) {
		if m.Cover >= minCover && m.Back >= minBack && want(m.Fact) {
			out = append(out, m)
		}
	}
	return out
}

// termIndex holds, per summary fact, its term ids sorted (for membership tests).
type termIndex struct {
	ok    bool // every posting list holds a fact at most once
	id    map[string]int32
	terms [][]int32
	stamp []int32 // per summary fact, the last query that listed it
	query int32
	qpos  []uint8 // per term id, 1 + its distinct index in the query being scored (0: not in it)
}

// selfIndexed builds the term index on first use; false when some fact lists a term
// twice (its postings then count it twice, which the membership tests do not).
func (a *Aligner) selfIndexed() bool {
	if a.ti != nil {
		return a.ti.ok
	}
	ti := &termIndex{ok: true, id: make(map[string]int32, len(a.post)), terms: make([][]int32, len(a.sum)), stamp: make([]int32, len(a.sum))}
	a.ti = ti
	for t, ps := range a.post {
		id := int32(len(ti.id))
		ti.id[t] = id
		for x, j := range ps {
			if x > 0 && ps[x-1] == j {
				ti.ok = false
				return false
			}
			ti.terms[j] = append(ti.terms[j], id)
		}
	}
	for j := range ti.terms {
		slices.Sort(ti.terms[j])
	}
	ti.qpos = make([]uint8, len(ti.id))
	return true
}

// query is what scoring f needs, per term of f (in f's order).
type query struct {
	mass    float64
	ids     []int32 // -1: in no summary fact
	weight  []float64
	nominal []bool
	// anyNominal: some term of f nominates (else the least common one would)
	anyNominal bool
	// first is, per distinct term some summary fact holds, its first index in f;
	// distinctW its weight counted as often as f lists it
	first     []int
	distinctW []float64
	// dist is, per term of f, its distinct index (-1: in no summary fact); masked: f
	// has at most 64 distinct terms, marked in the term index's qpos while it is scored
	dist   []int
	masked bool
}

func (a *Aligner) query(f *classify.Fact) query {
	n := len(f.Words)
	q := query{mass: a.mass(f.Words), ids: make([]int32, n), weight: make([]float64, n), nominal: make([]bool, n)}
	for x, t := range f.Words {
		q.weight[x] = a.Weight(t)
		id, ok := a.ti.id[t]
		if !ok {
			id = -1
		}
		q.ids[x] = id
		if a.nominal[t] {
			q.nominal[x], q.anyNominal = true, true
		}
	}
	seen := map[int32]int{}
	q.dist = make([]int, n)
	for x, id := range q.ids {
		q.dist[x] = -1
		if id < 0 {
			continue
		}
		if k, ok := seen[id]; ok {
			q.distinctW[k] += q.weight[x]
			q.dist[x] = k
			continue
		}
		seen[id] = len(q.first)
		q.dist[x] = len(q.first)
		q.first = append(q.first, x)
		q.distinctW = append(q.distinctW, q.weight[x])
	}
	q.masked = len(q.first) <= 64
	return q
}

// insertTop adds m to the k best matches kept sorted in out.
func insertTop(out []Match, m Match, k int) []Match {
	if len(out) == k && better(m, out[k-1]) >= 0 {
		return out
	}
	if len(out) < k {
		out = append(out, m)
	} else {
		out[k-1] = m
	}
	for i := len(out) - 1; i > 0 && better(out[i], out[i-1]) < 0; i-- {
		out[i], out[i-1] = out[i-1], out[i]
	}
	return out
}

// exact scores summary fact j against the query as Candidates does: the nominal
// terms' weights first, then the common terms', each in f's order (false when j shares
// no nominal term: Candidates never looks at it).
func (a *Aligner) exact(q *query, j int32) (Match, bool) {
	terms := a.ti.terms[j]
	var mask uint64 // the distinct terms of f that j holds, when f has at most 64
	if q.masked {
		for _, id := range terms {
			if d := a.ti.qpos[id]; d > 0 {
				mask |= 1 << (d - 1)
			}
		}
	}
	has := func(x int) bool {
		if q.masked {
			return q.dist[x] >= 0 && mask&(1<<q.dist[x]) != 0
		}
		if q.ids[x] < 0 {
			return false
		}
		_, ok := slices.BinarySearch(terms, q.ids[x])
		return ok
	}
	shared, touched := 0.0, false
	for x := range q.ids {
		if q.nominal[x] && has(x) {
			shared += q.weight[x]
			touched = true
		}
	}
	if !touched {
		return Match{}, false
	}
	for x := range q.ids {
		if !q.nominal[x] && has(x) {
			shared += q.weight[x]
		}
	}
	cov, back := shared/q.mass, 0.0
	if a.sumMass[j] > 0 {
		back = shared / a.sumMass[j]
	}
	return Match{Fact: int(j), Cover: cov, Back: back, Score: a.p.SourceWeight*cov + (1-a.p.SourceWeight)*back}, true
}
