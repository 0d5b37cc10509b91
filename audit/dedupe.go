package audit

import (
	"math"
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// dedupe drops an omission whose source restates one already kept (the same point
// made in the reasoning and again in the reply): one loss, reported once. Which kept
// loss a candidate may restate is found with prefix filtering (as similarity joins
// do): a pair that shares 70% of the shorter fact's terms shares one of that fact's
// rarest few, so each side is looked up by those alone. The answer is exactly what
// comparing the candidate with every kept loss would give.
//
// When the restatement is the user's own words and the kept loss is not (the
// earlier summary's paraphrase of a choice the user typed), dedupe calls quote to
// let the kept loss quote the user instead; quote may be nil.
func dedupe[T any](xs []T, key func(T) (string, int), r *rule.Round, quote func(kept *T, x T)) []T {
	var kept []T
	idx := newLostIndex(r)
	at := map[int]int{} // kept loss (source fact) -> its place in kept
	for _, x := range xs {
		fam, src := key(x)
		if fam == Omission && src >= 0 {
			if o := idx.restated(src); o >= 0 {
				if k, ok := at[o]; ok && quote != nil && quotesBetter(&r.Src[src], &r.Src[o]) {
					quote(&kept[k], x)
				}
				continue
			}
			idx.add(src)
			at[src] = len(kept)
		}
		kept = append(kept, x)
	}
	return kept
}

// quotesBetter: f, the user's own words, says what the kept loss o paraphrases, and
// is at least half as long (a bare "yes" the summary glossed says less than the
// gloss).
func quotesBetter(f, o *classify.Fact) bool {
	return usersWords(f) && !usersWords(o) && 2*len(strings.Fields(typed(f))) >= len(strings.Fields(o.Text))
}

// typed is what the user typed of fact f: in a summary's list of the user's messages,
// the quoted words without the summary's gloss around them.
func typed(f *classify.Fact) string {
	if f.Origin != classify.OriginSummary {
		return f.Text
	}
	a := strings.IndexAny(f.Text, "\"“")
	b := strings.LastIndexAny(f.Text, "\"”")
	if a < 0 || b <= a {
		return ""
	}
	return f.Text[a+1 : b]
}

// usersWords: the fact is what the user typed, in a message of theirs or quoted in an
// earlier summary's list of the user's messages.
func usersWords(f *classify.Fact) bool {
	return f.Origin == classify.OriginUser ||
		f.Origin == classify.OriginSummary && f.Section == classify.SecUserMessages && strings.ContainsAny(f.Text, "\"“”")
}

// lostIndex holds the kept losses, by every term (all), by the terms of their prefix
// (the rarest elements a restatement must share) and by the values they name.
type lostIndex struct {
	r           *rule.Round
	df          map[string]int
	all, prefix map[string][]int // term -> kept losses (source fact indexes)
	byValue     map[string][]int // normalised value -> kept losses that name it
	order       map[int]int      // kept loss -> when it was kept
}

func newLostIndex(r *rule.Round) *lostIndex {
	df := map[string]int{}
	for i := range r.Src {
		for w := range distinct(r.Src[i].Words) {
			df[w]++
		}
	}
	return &lostIndex{r: r, df: df, all: map[string][]int{}, prefix: map[string][]int{}, byValue: map[string][]int{}, order: map[int]int{}}
}

func (x *lostIndex) add(src int) {
	x.order[src] = len(x.order)
	seen := map[string]bool{}
	for _, t := range x.r.Src[src].Tokens {
		if !seen[t.Norm] {
			seen[t.Norm] = true
			x.byValue[t.Norm] = append(x.byValue[t.Norm], src)
		}
	}
	ws := x.r.Src[src].Words
	for w := range distinct(ws) {
		x.all[w] = append(x.all[w], src)
	}
	for _, w := range x.prefixOf(ws) {
		x.prefix[w] = append(x.prefix[w], src)
	}
}

// prefixOf are the distinct terms among the rarest len(ws)-need+1 elements of ws
// (rarest by how many source facts hold them, ties by the term), where need is the
// least number of elements that makes the restated share: a fact missing all of them
// cannot reach it.
func (x *lostIndex) prefixOf(ws []string) []string {
	if len(ws) == 0 {
		return nil
	}
	s := slices.Clone(ws)
	slices.SortFunc(s, func(a, b string) int {
		if x.df[a] != x.df[b] {
			return x.df[a] - x.df[b]
		}
		return strings.Compare(a, b)
	})
	need := int(math.Ceil(restatedShare*float64(len(ws)) - 1e-9))
	return slices.Compact(s[:len(ws)-need+1])
}

// restated is the kept loss that the fact src only repeats (-1 when none): most of
// the terms of the shorter of the two are in the other, and src names no value the
// other does not (a request and the URL of what it produced are two losses, not one).
func (x *lostIndex) restated(src int) int {
	f := &x.r.Src[src]
	if len(f.Words) == 0 {
		return -1
	}
	if len(f.Tokens) > 0 {
		// a restated loss names every value f names: the kept losses that name f's
		// rarest value are all the candidates there are
		return x.restatedAmong(f, x.byValue[x.rarestValue(f)])
	}
	cands := map[int]bool{}
	for _, w := range x.prefixOf(f.Words) { // kept losses at least as long as f
		for _, o := range x.all[w] {
			cands[o] = true
		}
	}
	for w := range distinct(f.Words) { // kept losses shorter than f
		for _, o := range x.prefix[w] {
			cands[o] = true
		}
	}
	ks := make([]int, 0, len(cands))
	for o := range cands {
		ks = append(ks, o)
	}
	return x.restatedAmong(f, ks)
}

// restatedAmong is the kept loss of ks that f restates (-1 when none; of several, the
// first kept, so the answer does not depend on the order of ks).
func (x *lostIndex) restatedAmong(f *classify.Fact, ks []int) int {
	best := -1
	for _, o := range ks {
		if g := &x.r.Src[o]; overlap(f.Words, g.Words) >= restatedShare && widerShare(f.Words, g.Words) >= widerRestated && sameValues(f, g) {
			if best < 0 || x.order[o] < x.order[best] {
				best = o
			}
		}
	}
	return best
}

// rarestValue is the value of f that the fewest kept losses name (ties: the first).
func (x *lostIndex) rarestValue(f *classify.Fact) string {
	best := f.Tokens[0].Norm
	for _, t := range f.Tokens[1:] {
		if len(x.byValue[t.Norm]) < len(x.byValue[best]) {
			best = t.Norm
		}
	}
	return best
}

// widerShare is the share of the longer term list found in the shorter.
func widerShare(a, b []string) float64 {
	if len(a) < len(b) {
		a, b = b, a
	}
	return overlap(b, a) * float64(len(b)) / float64(len(a)) // (the shorter's hits, counted against the longer)
}

// widerRestated: the longer of two lost facts must be this much the shorter's words
// for the two to be one loss; a short point inside a long compound line ("default
// off" among five choices) is a loss of its own.
const widerRestated = 0.4

// restatedShare: a lost fact most of whose terms (of the shorter of the two) another
// lost fact holds repeats it.
const restatedShare = 0.7

// sameValues: every value f names, o names too.
func sameValues(f, o *classify.Fact) bool {
	for _, t := range f.Tokens {
		if !slices.ContainsFunc(o.Tokens, func(u classify.Token) bool { return u.Norm == t.Norm }) {
			return false
		}
	}
	return true
}

// distinct is the set of terms in ws.
func distinct(ws []string) map[string]bool {
	c := make(map[string]bool, len(ws))
	for _, w := range ws {
		c[w] = true
	}
	return c
}

// overlap is the share of the smaller term set found in the other.
func overlap(a, b []string) float64 {
	if len(a) > len(b) {
		a, b = b, a
	}
	return termShare(a, b)
}
