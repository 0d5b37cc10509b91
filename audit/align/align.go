// Package align pairs source facts with summary facts. It indexes the summary's
// alignment terms (stems, identifier sub-words, values) once, weighs each term by how
// rare it is in the round, and scores a pair by how much of each side the shared terms
// cover. Candidate look-ups go through the index, so the work grows with the postings
// actually shared, not with the product of the two sides; terms too common to tell
// facts apart are not used to find candidates.
package align

import (
	"math"
	"slices"

	"github.com/compaudit/compaudit/classify"
)

// Params are the aligner's thresholds and weights, named in one place (see params.go).
type Params struct {
	// SourceWeight is the share of the pair score given to the source side's coverage.
	SourceWeight float64
	// MaxShare: a term found in more than this share of the summary's facts (and more
	// than MinCommon of them) does not nominate candidates.
	MaxShare  float64
	MinCommon int
	// TopK is how many candidates the union coverage looks at.
	TopK int
}

// Match is a scored candidate.
type Match struct {
	Fact int // index into the summary facts
	// Score blends both coverages; Cover is the share of the source fact's term
	// weight the summary fact holds; Back the share of the summary fact's weight the
	// source fact holds.
	Score, Cover, Back float64
}

// Aligner holds the index of one round's summary facts.
type Aligner struct {
	p       Params
	sum     []classify.Fact
	post    map[string][]int32
	weight  map[string]float64
	sumMass []float64
	nominal map[string]bool // terms allowed to nominate candidates
	acc     []float64       // reused accumulator, one slot per summary fact
	touched []int32
	ti      *termIndex // built on first TopMatching (top.go)
}

// New indexes sum. src is used only for the term weights (rarity over the round).
func New(p Params, src, sum []classify.Fact) *Aligner {
	a := &Aligner{p: p, sum: sum, post: map[string][]int32{}, weight: map[string]float64{}}
	df := map[string]int{}
	for i := range sum {
		for _, t := range sum[i].Words {
			a.post[t] = append(a.post[t], int32(i))
			df[t]++
		}
	}
	for i := range src {
		for _, t := range src[i].Words {
			df[t]++
		}
	}
	n := float64(len(src) + len(sum) + 1)
	for t, d := range df {
		a.weight[t] = math.Log(n/float64(d)) + 1
	}
	a.markNominal()
	a.sumMass = make([]float64, len(sum))
	for i := range sum {
		a.sumMass[i] = a.mass(sum[i].Words)
	}
	a.acc = make([]float64, len(sum))
	return a
}

// markNominal marks the terms allowed to nominate candidates: those no more than
// MaxShare of the summary facts (or MinCommon) hold.
func (a *Aligner) markNominal() {
	a.nominal = map[string]bool{}
	limit := max(a.p.MinCommon, int(a.p.MaxShare*float64(len(a.sum))))
	for t, ps := range a.post {
		a.nominal[t] = len(ps) <= limit
	}
}

// NewQueried is New for an aligner only ever asked about src's facts (Candidates,
// Pair and UnionCover of facts whose terms src holds): the summary's terms src never
// uses get no postings and no stored weight, only their share of each summary fact's
// mass. The answers to those questions are New's, to the bit.
func NewQueried(p Params, src, sum []classify.Fact) *Aligner {
	a := &Aligner{p: p, sum: sum, post: map[string][]int32{}, weight: map[string]float64{}}
	df := map[string]int{}
	for i := range src {
		for _, t := range src[i].Words {
			df[t]++
		}
	}
	asked := make(map[string]bool, len(df))
	for t := range df {
		asked[t] = true
	}
	for i := range sum {
		for _, t := range sum[i].Words {
			if asked[t] {
				a.post[t] = append(a.post[t], int32(i))
			}
			df[t]++
		}
	}
	n := float64(len(src) + len(sum) + 1)
	for t := range asked {
		a.weight[t] = math.Log(n/float64(df[t])) + 1
	}
	a.markNominal()
	a.sumMass = make([]float64, len(sum))
	for i := range sum {
		m := 0.0
		for _, t := range sum[i].Words {
			if w, ok := a.weight[t]; ok {
				m += w
			} else {
				m += math.Log(n/float64(df[t])) + 1 // as New weighs it
			}
		}
		a.sumMass[i] = m
	}
	a.acc = make([]float64, len(sum))
	return a
}

// InSummary reports whether some summary fact holds the term.
func (a *Aligner) InSummary(t string) bool { return len(a.post[t]) > 0 }

// Weight is a term's weight (rare terms weigh more; a term seen nowhere in the round
// weighs as the rarest).
func (a *Aligner) Weight(t string) float64 {
	if w, ok := a.weight[t]; ok {
		return w
	}
	return math.Log(float64(len(a.sum)+2)) + 1
}

func (a *Aligner) mass(ws []string) float64 {
	m := 0.0
	for _, t := range ws {
		m += a.Weight(t)
	}
	return m
}

// Candidates scores the summary facts that share terms with f, best first (at most k).
func (a *Aligner) Candidates(f *classify.Fact, k int) []Match {
	mass := a.mass(f.Words)
	if mass == 0 {
		return nil
	}
	best := a.nominate(f.Words)
	// add the common terms' weight to the nominated candidates only
	for _, t := range f.Words {
		if a.nominal[t] || t == best {
			continue
		}
		w := a.Weight(t)
		for _, j := range a.post[t] {
			if a.acc[j] > 0 {
				a.acc[j] += w
			}
		}
	}
	if k <= 0 || len(a.touched) <= k {
		out := make([]Match, 0, len(a.touched))
		for _, j := range a.touched {
			out = append(out, a.match(j, mass))
		}
		slices.SortFunc(out, better)
		return out
	}
	return a.bestK(k, mass)
}

// nominate fills a.touched with the summary facts that share a nominal term of
// words, accumulating those terms' weight. When every term is common the least
// common one nominates; it is returned (else "").
func (a *Aligner) nominate(words []string) string {
	a.touched = a.touched[:0]
	for _, t := range words {
		if !a.nominal[t] {
			continue
		}
		w := a.Weight(t)
		for _, j := range a.post[t] {
			if a.acc[j] == 0 {
				a.touched = append(a.touched, j)
			}
			a.acc[j] += w
		}
	}
	best := ""
	if len(a.touched) > 0 {
		return best
	}
	// every term is common: let the least common one nominate
	for _, t := range words {
		if ps, ok := a.post[t]; ok && (best == "" || len(ps) < len(a.post[best])) {
			best = t
		}
	}
	if best != "" {
		w := a.Weight(best)
		for _, j := range a.post[best] {
			a.touched = append(a.touched, j)
			a.acc[j] += w
		}
	}
	return best
}

// bestK scores the touched facts and keeps the k best only: kept sorted while the
// rest stream past (the order is total, so they are the first k of a full sort).
func (a *Aligner) bestK(k int, mass float64) []Match {
	out := make([]Match, 0, k)
	for _, j := range a.touched {
		out = insertTop(out, a.match(j, mass), k)
	}
	return out
}

// match scores summary fact j from its accumulated shared weight (and clears it).
func (a *Aligner) match(j int32, mass float64) Match {
	shared := a.acc[j]
	a.acc[j] = 0
	cov, back := shared/mass, 0.0
	if a.sumMass[j] > 0 {
		back = shared / a.sumMass[j]
	}
	return Match{Fact: int(j), Cover: cov, Back: back, Score: a.p.SourceWeight*cov + (1-a.p.SourceWeight)*back}
}

// better orders matches best first: higher score, then the earlier fact.
func better(x, y Match) int {
	switch {
	case x.Score > y.Score:
		return -1
	case x.Score < y.Score:
		return 1
	}
	return x.Fact - y.Fact
}

// UnionCover is the share of f's term weight held by any of the given summary facts
// together (a fact the summary split over several bullets).
func (a *Aligner) UnionCover(f *classify.Fact, ms []Match) float64 {
	mass := a.mass(f.Words)
	if mass == 0 || len(ms) == 0 {
		return 0
	}
	held := 0.0
	for _, t := range f.Words {
		for _, m := range ms {
			if slices.Contains(a.sum[m.Fact].Words, t) {
				held += a.Weight(t)
				break
			}
		}
	}
	return held / mass
}

// Pair is the score of one given pair.
func (a *Aligner) Pair(f *classify.Fact, j int) Match {
	mass := a.mass(f.Words)
	if mass == 0 {
		return Match{Fact: j}
	}
	shared := 0.0
	for _, t := range f.Words {
		if slices.Contains(a.sum[j].Words, t) {
			shared += a.Weight(t)
		}
	}
	m := Match{Fact: j, Cover: shared / mass}
	if a.sumMass[j] > 0 {
		m.Back = shared / a.sumMass[j]
	}
	m.Score = a.p.SourceWeight*m.Cover + (1-a.p.SourceWeight)*m.Back
	return m
}

// Fork returns an aligner that shares a's indexes and weights and has scratch space of
// its own, so that a and its forks can be asked at once from different goroutines. It
// builds a's term index first (call it before sharing a).
func (a *Aligner) Fork() *Aligner {
	a.selfIndexed()
	b := *a
	b.acc = make([]float64, len(a.sum))
	b.touched = nil
	if a.ti != nil {
		ti := *a.ti
		ti.stamp = make([]int32, len(ti.stamp))
		ti.qpos = make([]uint8, len(ti.qpos))
		ti.query = 0
		b.ti = &ti
	}
	return &b
}

// Forks returns a and n-1 forks of it: one aligner per goroutine.
func Forks(a *Aligner, n int) []*Aligner {
	out := []*Aligner{a}
	for len(out) < n {
		out = append(out, a.Fork())
	}
	return out
}
