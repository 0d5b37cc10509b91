package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "Nothing pending", "all items addressed" while an item was left open.
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/nothing-left",
	Doc:   "The summary says nothing is left (none pending, all addressed) while the sources end with open work it does not carry.",
	Stage: rule.StageRound,
	Whole: func(r *rule.Round) []rule.Hit {
		last := 0
		for _, p := range r.Pos {
			last = max(last, p)
		}
		tail := func(i int) bool { return float64(r.Pos[i]) >= NothingLeftTail*float64(last) }
		open := func(f *classify.Fact) bool {
			return (f.Status.Resolution == classify.StatusOpen || f.Status.Resolution == "partial" || f.Act == classify.ActQuestion && f.Origin != classify.OriginUser) && f.Act != classify.ActRule
		}
		// a completion no source backs is held against work the sources end with
		// partly done ("7 of 9 resolvers switched"); "nothing left" against any open work
		partly := func(f *classify.Fact) bool { return open(f) && classify.PartialCount(f.Text) }
		unbacked, said := nothingLeftLines(r)
		for _, c := range []struct {
			lines []int
			pred  func(*classify.Fact) bool
		}{{unbacked, partly}, {said, open}} {
			for _, k := range c.lines {
				if i := strongestLost(r, c.pred, tail); i >= 0 {
					return []rule.Hit{rule.NewHit(i, k, 0.9, "the summary says nothing is left; this was still open", rule.Slot{Name: "status", Source: "open", Summary: "nothing left"})}
				}
			}
		}
		if len(said) > 0 {
			if i := lastUnansweredOffer(r); i >= 0 {
				return []rule.Hit{rule.NewHit(i, said[0], 0.8, "the summary says nothing is pending; the assistant's offer still awaited the user's answer", rule.Slot{Name: "status", Source: "awaiting the user", Summary: "nothing left"})}
			}
		}
		return nil
	},
	Examples: []rule.Example{
		// a completion no source reports, while the sources end with the work partial
		{Source: []string{"assistant: Re-indexing started on the 12 search shards.", "assistant: After an hour, 9 of 12 shards report the new mapping; shards 4, 7 and 11 are still building."}, Summary: "- Cluster cutover complete; queries use the new analyzer.", Fires: true},
		{Source: []string{"assistant: Re-indexing started on the 12 search shards.", "assistant: After an hour, shards 4, 7 and 11 are still building the new mapping."}, Summary: "- Cluster cutover complete; queries use the new analyzer.", Fires: false},
		{Source: []string{"assistant: Re-indexing started on the 12 search shards.", "assistant: After an hour, all 12 shards report the new mapping and the re-index is finished."}, Summary: "- Re-index finished; queries use the new analyzer.", Fires: false},
		{Source: []string{"assistant: Re-indexing started on the 12 search shards.", "assistant: After an hour, 9 of 12 shards report the new mapping; shards 4, 7 and 11 are still building."}, Summary: "- Re-index running: 9 of 12 shards report the new mapping; shards 4, 7 and 11 still building.", Fires: false},
		{Source: []string{"assistant: The invoice PDF template now renders the VAT line.", "assistant: The remittance export still needs the IBAN column; I'll add it next."}, Summary: "- Invoice template done: it renders the VAT line.\n- Next: add the IBAN column to the remittance export.", Fires: false},
		{Source: []string{"assistant: The retry for the webhook job is still failing on staging and needs a look."}, Summary: "Pending tasks: none remaining, all requested items are done.", Fires: true},
		{Source: []string{"assistant: The retry for the webhook job works on staging now."}, Summary: "Pending tasks: none remaining, all requested items are done.", Fires: false},
		{Source: []string{"assistant: Ported the retry to the new queue client.", "tool: edited handlers/push.go", "assistant: The retry for the webhook job is still failing on staging and needs a look."}, Summary: "Pending tasks: none remaining, all requested items are done.", Fires: true},
		// the assistant's offer that the user never answered still waits on them
		{Source: []string{"user: Why did the greenhouse sensor poller stop at midnight?", "assistant: The poller's cron entry used the old hostname, so I fixed the entry. Should I also move the sensor config into `ops/sensors.yaml`?", "user: can you check the irrigation log for last night too", "assistant: The irrigation log shows two skipped cycles at 02:10 and 02:40."},
			Summary: "- Fixed the poller's cron entry; the irrigation log shows two skipped cycles.\nPending Tasks:\n- None explicitly pending", Fires: true},
		{Source: []string{"user: Why did the greenhouse sensor poller stop at midnight?", "assistant: The poller's cron entry used the old hostname, so I fixed the entry. Should I also move the sensor config into `ops/sensors.yaml`?", "user: yes please", "assistant: Moved the sensor config into `ops/sensors.yaml`."},
			Summary: "- Fixed the poller's cron entry and moved the sensor config into a yaml file.\nPending Tasks:\n- None explicitly pending", Fires: false},
		{Source: []string{"user: Why did the greenhouse sensor poller stop at midnight?", "assistant: The poller's cron entry used the old hostname, so I fixed the entry. Should I also move the sensor config into `ops/sensors.yaml`?", "user: can you check the irrigation log for last night too", "assistant: The irrigation log shows two skipped cycles; `ops/sensors.yaml` can wait until the valves are replaced."},
			Summary: "- Fixed the poller's cron entry; the irrigation log shows two skipped cycles.\nPending Tasks:\n- None explicitly pending", Fires: false},
	},
})

// NothingLeftTail: the open work must be stated in the round's last part (at or after
// this share of its messages): a plan's step given at the start and followed by the
// round's work is not what the sources end with.
var NothingLeftTail = 0.5

// claimsNothingLeft: "none pending", "nothing remaining", "no open items", "all ... addressed".
func claimsNothingLeft(g *classify.Fact) bool {
	low := strings.ToLower(g.Text)
	for _, p := range []string{"none remaining", "nothing remaining", "none pending", "nothing pending", "no pending", "no remaining", "no open items",
		"nothing left", "none left", "nothing outstanding", "no outstanding", "all requested items", "explicitly pending", "explicitly remaining"} {
		if strings.Contains(low, p) {
			return !strings.Contains(low, "except")
		}
	}
	return g.Section == classify.SecPending && (strings.HasPrefix(strings.TrimSpace(low), "none") || strings.HasPrefix(strings.TrimSpace(low), "no "))
}

// strongestLost is the most important source fact pred accepts, at a position at
// accepts, that the summary does not carry (-1 when none).
func strongestLost(r *rule.Round, pred func(*classify.Fact) bool, at func(int) bool) int {
	best, bestImp := -1, 0.3
	for i := range r.Src {
		if r.Kept[i] || !pred(&r.Src[i]) || !at(i) || r.Importance[i] < bestImp || len(r.Settled) > i && r.Settled[i] {
			continue
		}
		best, bestImp = i, r.Importance[i]
	}
	return best
}

// nothingLeftLines are the summary facts that report a completion no source backs
// (they name what is not finished), and those that say outright that nothing is left
// ("Open questions: none").
func nothingLeftLines(r *rule.Round) (unbacked, said []int) {
	for k := range r.Sum {
		switch {
		case unbackedCompletion(r, k):
			unbacked = append(unbacked, k)
		case claimsNothingLeft(&r.Sum[k]):
			said = append(said, k)
		}
	}
	return unbacked, said
}

// unbackedCompletion: summary fact k, or one of the claims it joins, reports something
// finished ("Re-index finished", "propagation complete") that no source backs: the
// summary declares the state final on its own word, which says nothing is left of it.
func unbackedCompletion(r *rule.Round, k int) bool {
	g := &r.Sum[k]
	if g.Act == classify.ActQuestion || g.Act == classify.ActPlan || g.Code || hedged(g) ||
		g.Section == classify.SecUserMessages || strings.ContainsAny(g.Text, "\"“”") {
		return false // (a code line or a quote of someone's words reports no state of the work)
	}
	if k < len(r.Clauses) && len(r.Clauses[k]) > 0 {
		for _, c := range r.Clauses[k] {
			if completes(&c.Fact) && bestCover(c.Support) < UnbackedCover {
				return true
			}
		}
		return false
	}
	return completes(g) && bestCover(r.Support[k]) < UnbackedCover
}

// UnbackedCover: a completion whose best source holds less of it than this is the
// summary's own word.
var UnbackedCover = 0.15

// completes: the claim reports something done, with no count of its own ("9 of 12
// done" says how much) and no open or failed side.
func completes(f *classify.Fact) bool {
	st := classify.StatusClasses(f)
	if !st[classify.StDone] || st[classify.StOpen] || st[classify.StFailed] || f.Status.Resolution == "partial" || f.Negated {
		return false
	}
	for _, t := range f.Tokens {
		if t.Kind == classify.TokNumber || t.Kind == classify.TokCount {
			return false
		}
	}
	return true
}

func bestCover(ss []rule.Support) float64 {
	best := 0.0
	for _, s := range ss {
		best = max(best, s.Match.Cover)
	}
	return best
}
