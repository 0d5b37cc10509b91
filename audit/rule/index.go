package rule

import (
	"bytes"
	"index/suffixarray"
	bits64 "math/bits"
	"slices"
	"strings"
	"sync"

	"github.com/compaudit/compaudit/classify"
)

// TextIndex answers substring look-ups over the lower-cased text of a round's source
// facts and evidence lines (each followed by a NUL byte). It is built on first use:
// the first look-ups scan the joined text, and only a round asked often enough builds
// a suffix array. The answers are those of a suffix array over the same bytes.
type TextIndex struct {
	once  sync.Once
	parts func() []string // the texts, in round order (called once)
	text  []byte
	mu    sync.Mutex
	asked int
	sa    *suffixarray.Index
	seen  map[string]bool // answers to one-hit look-ups asked before
}

// scanLookups is how many look-ups scan the text before the suffix array is built (a
// scan costs about a hundredth of building the array).
const scanLookups = 48

// NewTextIndex indexes the texts parts returns (lower-cased here), when first asked.
func NewTextIndex(parts func() []string) *TextIndex { return &TextIndex{parts: parts} }

func (x *TextIndex) load() {
	x.once.Do(func() {
		ps := x.parts()
		n := 0
		for _, p := range ps {
			n += len(p) + 1
		}
		var b strings.Builder
		b.Grow(n)
		for _, p := range ps {
			b.WriteString(strings.ToLower(p))
			b.WriteByte(0)
		}
		x.text = []byte(b.String())
		x.parts = nil
	})
}

// Lookup returns the offsets of up to n occurrences of s (all when n < 0), in no
// particular order, like (*suffixarray.Index).Lookup; except that a one-hit look-up
// (n == 1), which only asks whether s occurs, is remembered and answers offset 0.
func (x *TextIndex) Lookup(s []byte, n int) []int {
	x.load()
	if len(s) == 0 || n == 0 {
		return nil // as the suffix array answers
	}
	x.mu.Lock()
	if n == 1 {
		if found, ok := x.seen[string(s)]; ok {
			x.mu.Unlock()
			return oneHit(found)
		}
	}
	x.asked++
	if x.sa == nil && (x.asked > scanLookups || n != 1) {
		x.sa = suffixarray.New(x.text)
	}
	sa := x.sa
	x.mu.Unlock()
	if sa != nil && n != 1 {
		return sa.Lookup(s, n)
	}
	var found bool
	if sa != nil {
		found = len(sa.Lookup(s, 1)) > 0
	} else {
		found = strings.Contains(string(x.text), string(s))
	}
	x.mu.Lock()
	if x.seen == nil {
		x.seen = map[string]bool{}
	}
	x.seen[string(s)] = found
	x.mu.Unlock()
	return oneHit(found)
}

// Any reports whether s occurs somewhere ok accepts (ok gets the offset into Bytes):
// through the suffix array when it is built, else by a scan, which a one-off question
// costs less than building the array.
func (x *TextIndex) Any(s []byte, ok func(at int) bool) bool {
	x.load()
	x.mu.Lock()
	sa := x.sa
	x.mu.Unlock()
	if sa != nil {
		for _, at := range sa.Lookup(s, -1) {
			if ok(at) {
				return true
			}
		}
		return false
	}
	for from := 0; from < len(x.text); {
		i := bytes.Index(x.text[from:], s)
		if i < 0 {
			return false
		}
		if ok(from + i) {
			return true
		}
		from += i + 1
	}
	return false
}

// Bytes is the indexed text, lower-cased, each part ended by a zero byte; Lookup's
// offsets (when more than one hit is asked for) index it.
func (x *TextIndex) Bytes() []byte {
	x.load()
	return x.text
}

// oneHit is a one-hit look-up's answer: a hit (its offset is not kept) or none.
func oneHit(found bool) []int {
	if found {
		return []int{0}
	}
	return nil
}

// roundIndex holds look-ups over a round's source facts, built on first use.
type roundIndex struct {
	words, subjects map[string][]int32 // term (subject) -> the source facts holding it, ascending
	mu              sync.Mutex         // held while bits is in use
	bits            []uint64           // scratch: one bit per source fact, all clear between uses
}

func (r *Round) index() *roundIndex {
	r.ixOnce.Do(func() {
		ix := &roundIndex{words: map[string][]int32{}, subjects: map[string][]int32{}, bits: make([]uint64, len(r.Src)/64+1)}
		for j := range r.Src {
			g := &r.Src[j]
			for _, w := range g.Words {
				addPosting(ix.words, w, j)
			}
			for _, s := range g.Subjects {
				addPosting(ix.subjects, s, j)
			}
		}
		r.ix = ix
	})
	return r.ix
}

// addPosting appends j to m[k] once (a fact listing a term twice is posted once).
func addPosting(m map[string][]int32, k string, j int) {
	ps := m[k]
	if n := len(ps); n > 0 && ps[n-1] == int32(j) {
		return
	}
	m[k] = append(ps, int32(j))
}

// aboutCandidates calls visit, ascending, for the source facts after fact i that can be
// About fact i: those sharing one of its subjects, or holding one of the terms that any
// fact sharing enough of its terms must hold (every term but the most common need-1 of
// them, counted with repeats as About counts them).
func (r *Round) aboutCandidates(i int, visit func(j int)) {
	ix := r.index()
	f := &r.Src[i]
	var lists [][]int32
	for _, s := range f.Subjects {
		lists = append(lists, after(ix.subjects[s], i))
	}
	need := 3
	if len(f.Words) <= 4 {
		need = 2
	}
	type term struct {
		w    string
		mult int
		ps   []int32
	}
	var ts []term
	for _, w := range f.Words {
		if k := slices.IndexFunc(ts, func(t term) bool { return t.w == w }); k >= 0 {
			ts[k].mult++
			continue
		}
		ts = append(ts, term{w: w, mult: 1, ps: after(ix.words[w], i)})
	}
	// the most common terms go unlisted while their repeats sum to less than need
	slices.SortStableFunc(ts, func(a, b term) int { return len(b.ps) - len(a.ps) })
	left, k := 0, 0
	for k < len(ts) && left+ts[k].mult <= need-1 {
		left += ts[k].mult
		k++
	}
	for _, t := range ts[k:] {
		lists = append(lists, t.ps)
	}
	scratch := ix.bits
	if ix.mu.TryLock() {
		defer ix.mu.Unlock()
	} else { // in use (a nested or concurrent call): a fresh one
		scratch = make([]uint64, len(ix.bits))
	}
	union(scratch, lists, visit)
}

// union calls visit for every fact on some list, ascending, once each. scratch has a
// bit per fact, all clear (and clear again on return).
func union(scratch []uint64, lists [][]int32, visit func(j int)) {
	switch len(lists) {
	case 0:
		return
	case 1:
		for _, j := range lists[0] {
			visit(int(j))
		}
		return
	}
	lo, hi := int32(-1), int32(-1)
	for _, l := range lists {
		if len(l) == 0 {
			continue
		}
		if lo < 0 || l[0] < lo {
			lo = l[0]
		}
		hi = max(hi, l[len(l)-1])
	}
	if lo < 0 {
		return
	}
	bits := scratch[lo/64 : hi/64+1]
	for _, l := range lists {
		for _, j := range l {
			scratch[j/64] |= 1 << (j % 64)
		}
	}
	base := int(lo/64) * 64
	for w := range bits {
		for b := bits[w]; b != 0; b &= b - 1 {
			visit(base + w*64 + bits64.TrailingZeros64(b))
		}
		bits[w] = 0
	}
}

// after is the part of a sorted posting list above i.
func after(ps []int32, i int) []int32 {
	k, _ := slices.BinarySearch(ps, int32(i+1))
	return ps[k:]
}

// valueRefsOf lists every fact that states a value (see ValueRefs), computed once.
func (r *Round) valueRefsOf() []Ref {
	r.vrOnce.Do(func() {
		var out []Ref
		for i := range r.Src {
			if len(r.Src[i].Tokens) > 0 {
				out = append(out, Ref{I: i})
			}
		}
		for i := range r.Ev {
			if len(r.Ev[i].Tokens) > 0 {
				out = append(out, Ref{Ev: true, I: i})
			}
		}
		r.vr = slices.Clip(out)
	})
	return r.vr
}

// laterAbout is Later over the candidates only (About cannot hold for the others).
func (r *Round) laterAbout(i int, pred func(*classify.Fact) bool) []int {
	var out []int
	f := &r.Src[i]
	r.aboutCandidates(i, func(j int) {
		if r.Pos[j] <= r.Pos[i] {
			return
		}
		if g := &r.Src[j]; pred(g) && About(f, g) {
			out = append(out, j)
		}
	})
	return out
}

// Memo returns what build makes for key, built once per round: rules keep their
// round-wide look-ups here. build must not call Memo.
func (r *Round) Memo(key string, build func() any) any {
	r.memoMu.Lock()
	defer r.memoMu.Unlock()
	if v, ok := r.memo[key]; ok {
		return v
	}
	if r.memo == nil {
		r.memo = map[string]any{}
	}
	v := build()
	r.memo[key] = v
	return v
}
