package judge

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit/align"
	"github.com/compaudit/compaudit/classify"
)

func fact(text string) classify.Fact {
	f := classify.Fact{Text: text, Tokens: classify.Values(text)}
	f.Words = classify.Terms(text, f.Tokens)
	return f
}

// TestKeptNeedsRestatingCandidates: a fact counts as carried in parts only by summary
// facts that are mostly about it, not by long lines that share a word or two.
func TestKeptNeedsRestatingCandidates(t *testing.T) {
	cases := []struct {
		name string
		src  string
		sum  []string
		want bool
	}{
		{"restated whole", "The export job reads the Frankfurt replica and writes parquet files to the archive bucket.",
			[]string{"The export job reads the Frankfurt replica and writes parquet files to the archive bucket."}, true},
		{"restated in two parts", "The export job reads the Frankfurt replica and writes parquet files to the archive bucket.",
			[]string{"The export job reads the Frankfurt replica.", "It writes parquet files to the archive bucket."}, true},
		{"words scattered over unrelated lines", "The export job reads the Frankfurt replica and writes parquet files to the archive bucket.",
			[]string{
				"The export job for invoices was renamed in the scheduler, and its owner moved to the billing team last quarter.",
				"A second replica in Frankfurt serves the analytics dashboards; its lag alarm sits at thirty seconds under load.",
				"Parquet files older than a year are compacted weekly by the storage cleanup task before any audit review.",
				"The archive bucket policy denies deletes from every role except the retention operator account.",
			}, false},
	}
	for _, c := range cases {
		src := []classify.Fact{fact(c.src)}
		var sum []classify.Fact
		for _, s := range c.sum {
			sum = append(sum, fact(s))
		}
		a := align.New(Align, src, sum)
		cs := a.Candidates(&src[0], Align.TopK)
		if got := kept(a, &src[0], sum, cs); got != c.want {
			t.Errorf("%s: kept = %v, want %v (candidates %+v)", c.name, got, c.want, cs)
		}
	}
}

// TestRuleKeptNeedsForce: a rule whose words the summary keeps as a plain statement has
// lost what made it a rule; kept with any force of its own, it is carried. A rule with a
// long reason, kept as one clause of a list of rules without the reason, is carried too;
// the same words in a list of plain facts are not.
func TestRuleKeptNeedsForce(t *testing.T) {
	backup := "The nightly backup must never run on the primary; it locks the orders table."
	autoscaler := "Never enable the autoscaler on the ledger pool (it reshuffles the shard leaders during settlement, finance then reruns the whole close and the auditors flag every rerun)."
	cases := []struct {
		rule, sum string
		want      bool
	}{
		{backup, "Nightly backup: primary, 14 minutes, orders table locked during the run.", false},
		{backup, "The nightly backup must not run on the primary (it locks the orders table).", true},
		{backup, "Never run the nightly backup on the primary: it locks the orders table.", true},
		{autoscaler, "Rules from the user: never the autoscaler on the ledger pool, whatever the load (said again when ops asked); schema changes to billing only with Priya's sign-off after a dry run on staging; nothing goes to customers until the restore drill has passed twice.", true},
		{autoscaler, "Facts: the autoscaler on the ledger pool ran at 40% (raised by ops); schema changes to billing went out after a dry run on staging; the restore drill passed twice.", false},
	}
	for _, c := range cases {
		src := classify.Extract("m1", "user", c.rule)
		sum := classify.Extract("c1", "summary", c.sum)
		if len(src) != 1 || !forceRule(&src[0]) {
			t.Fatalf("source not read as one rule with force: %+v", src)
		}
		a := align.New(Align, src, sum)
		cs := a.Candidates(&src[0], Align.TopK)
		if got := kept(a, &src[0], sum, cs); got != c.want {
			t.Errorf("%q: kept = %v, want %v (candidates %+v)", c.sum, got, c.want, cs)
		}
	}
}

// TestTopicItemDoesNotCarryClaim: an item of the summary's concepts or files list that
// names the topic of a finding does not carry the finding; the same item in another
// section does, and a concepts item that restates the finding does too.
func TestTopicItemDoesNotCarryClaim(t *testing.T) {
	src := "The nightly export runs all show as stale, which means each one keeps a lock file in `/var/lock/export/`."
	cases := []struct {
		sum  string
		want bool
	}{
		{"2. Key Technical Concepts:\n   - Nightly export runs: each keeps a lock file in `/var/lock/export/`", false},
		{"Findings:\n- Nightly export runs: each keeps a lock file in `/var/lock/export/`", true},
		{"2. Key Technical Concepts:\n   - The nightly export runs all show as stale: each keeps a lock file in `/var/lock/export/`", true},
	}
	for _, c := range cases {
		fs := classify.Extract("m1", "assistant", src)
		sum := classify.Extract("c1", "summary", c.sum)
		var items []classify.Fact
		for _, g := range sum {
			if g.Act != classify.ActTemplate && len(g.Words) > 0 && !strings.HasSuffix(strings.TrimSpace(g.Text), ":") {
				items = append(items, g)
			}
		}
		if len(fs) != 1 || len(items) != 1 {
			t.Fatalf("%q: want one fact a side, got %d and %d", c.sum, len(fs), len(items))
		}
		a := align.New(Align, fs, items)
		cs := a.Candidates(&fs[0], Align.TopK)
		if got := kept(a, &fs[0], items, cs); got != c.want {
			t.Errorf("%q (section %q): kept = %v, want %v (candidates %+v)", c.sum, items[0].Section, got, c.want, cs)
		}
	}
}
