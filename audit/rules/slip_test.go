package rules

import (
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// A name's digits slip only within the same name: two different names that happen to
// hold digits one edit apart are no slip of each other.
func TestOneSlipOfNames(t *testing.T) {
	path := func(s string) classify.Token {
		return classify.Token{Kind: classify.TokPath, Raw: s, Norm: "path:" + s}
	}
	num := func(s string) classify.Token {
		return classify.Token{Kind: classify.TokNumber, Raw: s, Norm: "num:" + s}
	}
	cases := []struct {
		a, b classify.Token
		want bool
	}{
		{path("db/migrations/0047_add_index.sql"), path("db/migrations/0074_add_index.sql"), true},
		{path("cmd/render/tile_test.go:676"), path("cache/<commit[:7]>-<tree[:6]>"), false},
		{path("logs/2026/run-481.txt"), path("logs/2026/run-418.txt"), true},
		{num("4812"), num("4182"), true},
	}
	for _, c := range cases {
		if got := oneSlip(c.a, c.b); got != c.want {
			t.Errorf("oneSlip(%q, %q) = %v, want %v", c.a.Raw, c.b.Raw, got, c.want)
		}
	}
}
