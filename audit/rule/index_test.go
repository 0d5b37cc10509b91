package rule

import (
	"fmt"
	"index/suffixarray"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// randomRound builds a round of n source facts over a small vocabulary, so facts share
// terms and subjects often (and sometimes list a term twice).
func randomRound(rng *rand.Rand, n int) *Round {
	r := &Round{}
	pos := 0
	for j := 0; j < n; j++ {
		if rng.IntN(3) == 0 {
			pos++
		}
		f := classify.Fact{Text: fmt.Sprintf("Fact %d about W%d", j, rng.IntN(9))}
		for k := rng.IntN(7); k > 0; k-- {
			f.Words = append(f.Words, fmt.Sprintf("w%d", rng.IntN(12)))
		}
		for k := rng.IntN(2); k > 0; k-- {
			f.Subjects = append(f.Subjects, fmt.Sprintf("s%d", rng.IntN(6)))
		}
		r.Src = append(r.Src, f)
		r.Pos = append(r.Pos, pos)
	}
	return r
}

// bruteLater is Later as a scan of every later fact.
func bruteLater(r *Round, i int, pred func(*classify.Fact) bool) []int {
	var out []int
	for j := i + 1; j < len(r.Src); j++ {
		if r.Pos[j] > r.Pos[i] && pred(&r.Src[j]) && About(&r.Src[i], &r.Src[j]) {
			out = append(out, j)
		}
	}
	return out
}

func TestLaterMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	preds := []func(*classify.Fact) bool{
		func(*classify.Fact) bool { return true },
		func(g *classify.Fact) bool { return strings.Contains(g.Text, "W3") },
	}
	for trial := 0; trial < 40; trial++ {
		r := randomRound(rng, 1+rng.IntN(80))
		found := 0
		for i := range r.Src {
			for _, p := range preds {
				got, want := r.Later(i, p), bruteLater(r, i, p)
				if !slices.Equal(got, want) {
					t.Fatalf("trial %d fact %d: Later %v, scan %v", trial, i, got, want)
				}
				found += len(want)
			}
		}
		if trial == 0 && found == 0 {
			t.Fatal("the random rounds relate no facts: the test checks nothing")
		}
	}
}

func TestTextIndexMatchesSuffixArray(t *testing.T) {
	parts := []string{"Deploy to EU-West", "retries: 3", "", "ÄÖ über", "worker-17 crashed"}
	x := NewTextIndex(func() []string { return parts })
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(strings.ToLower(p) + "\x00")
	}
	sa := suffixarray.New([]byte(b.String()))
	queries := []string{"eu-west", "EU", "s: 3\x00", "3\x00\x00ä", "über", "worker-18", "", "x", "crashed\x00"}
	for k := 0; k < 2*scanLookups; k++ { // past scanLookups distinct ones the suffix array answers
		queries = append(queries, fmt.Sprintf("%c%c", 'a'+k%26, 'a'+k/26), fmt.Sprintf("worker-%d", k))
	}
	scanned := false
	for round := 0; round < 2; round++ { // one-hit look-ups first (scanned, then the array), then again from memory and all-hit ones
		ns := []int{1}
		if round == 1 {
			ns = []int{1, -1}
		}
		for _, q := range queries {
			scanned = scanned || x.sa == nil && x.asked > 3
			for _, n := range ns {
				got, want := len(x.Lookup([]byte(q), n)), len(sa.Lookup([]byte(q), n))
				if n == 1 && got != want || n < 0 && !slices.Equal(sorted(x.Lookup([]byte(q), n)), sorted(sa.Lookup([]byte(q), n))) {
					t.Fatalf("look-up %d of %q (n %d): %d hits, suffix array %d", x.asked, q, n, got, want)
				}
			}
		}
	}
	if x.sa == nil || !scanned {
		t.Fatalf("suffix array built %v, scanned %v: both paths should answer", x.sa != nil, scanned)
	}
}

func sorted(xs []int) []int {
	xs = slices.Clone(xs)
	slices.Sort(xs)
	return xs
}

// Any answers the same by its scan (no suffix array yet) and through the array.
func TestTextIndexAny(t *testing.T) {
	parts := []string{"batch 00912_manifest loaded", "912_manifest", "see 1912_manifest"}
	notAfterDigit := func(text []byte) func(int) bool {
		return func(at int) bool { return at == 0 || text[at-1] < '0' || text[at-1] > '9' }
	}
	for _, built := range []bool{false, true} {
		x := NewTextIndex(func() []string { return parts })
		if built {
			x.Lookup([]byte("912"), -1) // (an all-hit look-up builds the array)
		}
		if x.sa != nil != built {
			t.Fatalf("suffix array built %v, want %v", x.sa != nil, built)
		}
		text := x.Bytes()
		if !x.Any([]byte("912_manifest"), notAfterDigit(text)) {
			t.Errorf("built %v: the bare 912_manifest is not found", built)
		}
		if x.Any([]byte("12_manifest"), notAfterDigit(text)) {
			t.Errorf("built %v: 12_manifest found though every occurrence follows a digit", built)
		}
	}
}
