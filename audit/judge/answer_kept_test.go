package judge

import (
	"slices"
	"testing"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/classify"
)

// TestQuestionDoesNotKeepAnswer: a settled statement is not carried by a summary line
// that only asks about it or doubts it; a line that answers, or a source that asks or
// doubts too, keeps the pairing.
func TestQuestionDoesNotKeepAnswer(t *testing.T) {
	cases := []struct {
		name, src, sum string
		keeps          bool // the summary line stays a candidate
	}{
		{"asked, answered later", "Skip rows with a bad date and log them; never stop the import.",
			"The user asked whether the importer should skip rows with a bad date or stop?", false},
		{"doubt kept, answer dropped", "The staging cache is flushed on every deploy.",
			"Not sure if the staging cache is flushed on deploy.", false},
		{"doubt in one clause of a quote", "Rotate the signing key monthly and keep the old one for a week.",
			"\"we rotate things...unsure whether the signing key should be kept for a week\"", false},
		{"Spanish doubt", "El lote nocturno se envía a las 02:00 UTC.",
			"No estoy seguro de si el lote nocturno se envía a las 02:00 UTC.", false},
		{"asked, then answered in the same line", "Skip rows with a bad date and log them.",
			"Asked whether to stop on bad dates; decided to skip rows with a bad date and log them.", true},
		{"plain restatement", "The staging cache is flushed on every deploy.",
			"Staging cache: flushed on each deploy.", true},
		{"source asks too", "Should the importer stop on a bad date?",
			"Should the importer stop on a bad date?", true},
		{"source doubts too", "Unsure whether the leak is in the tile cache.",
			"Not sure whether the leak is in the tile cache.", true},
		{"question mark inside a link", "Port 8443 is the admin listener of the gateway.",
			"Port 8443 is the admin listener of the gateway (https://docs.example.org/gw?id=4).", true},
		{"question about something else", "The staging cache is flushed on every deploy.",
			"The staging cache is flushed on every deploy; which region hosts the replica?", true},
	}
	for _, c := range cases {
		src := classify.Extract("m1", "assistant", c.src)
		sum := classify.Extract("c1", "summary", c.sum)
		if len(src) != 1 || len(sum) != 1 {
			t.Fatalf("%s: want one fact a side, got %d and %d", c.name, len(src), len(sum))
		}
		a := align.New(Align, src, sum)
		cs := a.Candidates(&src[0], Align.TopK)
		if len(cs) == 0 {
			t.Fatalf("%s: the aligner finds no candidate at all", c.name)
		}
		got := answersOnly(&src[0], sum, cs, func(k int) bool { return mayAsk(&sum[k]) })
		if keeps := slices.ContainsFunc(got, func(m align.Match) bool { return m.Fact == 0 }); keeps != c.keeps {
			t.Errorf("%s: summary line kept as a candidate = %v, want %v", c.name, keeps, c.keeps)
		}
	}
}

func TestClauses(t *testing.T) {
	got := clauses("yes. we should log...not sure we need a prompt though. is there a retry? (see a.b/c?d=1) done;next")
	want := []string{"yes.", "we should log...", "not sure we need a prompt though.", "is there a retry?", "(see a.b/c?d=1) done;next"}
	if !slices.Equal(got, want) {
		t.Errorf("clauses = %q\nwant %q", got, want)
	}
}
