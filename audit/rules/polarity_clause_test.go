package rules

import (
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// A negation flips a claim only within the clause that holds the word: the clauses
// around it must say mostly the same things.
func TestPolaritySameClause(t *testing.T) {
	for _, c := range []struct {
		src, sum, word string
		want           bool
	}{
		{"The mirror is not synced with upstream.", "The mirror is synced with upstream.", "sync", true},
		{"The nightly export is not compressed, and its upload to the archive bucket retries three times.",
			"Compressed logs from the web tier go to the archive bucket; the nightly export upload retries three times.", "compress", false},
		{"The nightly export is not compressed, and its upload to the archive bucket retries three times.",
			"The nightly export is compressed; its upload retries three times.", "compress", true},
	} {
		f := classify.Fact{Text: c.src}
		g := classify.Fact{Text: c.sum}
		if got := sameClause(&f, &g, c.word); got != c.want {
			t.Errorf("sameClause(%q, %q, %q) = %v, want %v (clauses %v / %v)", c.src, c.sum, c.word, got, c.want, clauseTerms(c.src, c.word), clauseTerms(c.sum, c.word))
		}
	}
}
