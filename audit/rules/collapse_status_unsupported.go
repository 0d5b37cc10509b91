package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// The summary's own claim is settled (a cause, done, passing, chosen) while what
// backs it in the sources is not (a guess, open, failing, rejected).
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/status-unsupported",
	Doc:   "The summary states a settled status (a cause, done, passing, chosen) that its best sources only hold in a weaker one (a guess, open or partial, failing, rejected), and no source settles it.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Act == classify.ActQuestion || g.Act == classify.ActPlan || g.Status.Epistemic == classify.StatusHypothesis {
			return rule.Hit{}, false
		}
		gs := classify.StatusClasses(g)
		if g.Status.Epistemic == classify.StatusEstablished || causal(g) {
			gs["established"] = true
		}
		if h, ok := unsupportedStatus(r, k, g, gs, r.Support[k]); ok {
			return h, true
		}
		if k < len(r.Clauses) {
			for _, c := range r.Clauses[k] {
				// a line that joins claims ("A passes; C is resolved"): each clause
				// against the sources that back it
				cs := classify.StatusClasses(&c.Fact)
				if causal(&c.Fact) || concludes(&c) {
					cs["established"] = true
				}
				if h, ok := unsupportedStatus(r, k, &c.Fact, cs, c.Support); ok {
					return h, true
				}
			}
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The mobile client's login test fails: the token refresh rejects clock skew over 30 s. That's in their SDK.\nOpen: we need the identity team to widen the skew window before we ship 4.2.", "assistant: The web login test passes and the desktop app builds on CI."}, Summary: "- Clients: web login test passes (12 tests); desktop app builds on CI; the mobile client's clock-skew failure is resolved.", Fires: true},
		{Source: []string{"assistant: The latency spikes might come from GC pauses during the nightly compaction window, which would also fit the disk queue depth graphs and the alert timestamps from the on-call channel."}, Summary: "Cause of the spikes: GC pauses.", Fires: true},
		{Source: []string{"assistant: So far 12 of the 30 shards are migrated to the new layout; the other 18 wait for the maintenance window next week and the checksum tool."}, Summary: "Shards migrated to the new layout: done.", Fires: true},
		{Source: []string{"assistant: The latency spikes come from GC pauses on the ingest nodes; the GC logs show 4 s pauses."}, Summary: "Cause of the latency spikes: GC pauses on the ingest nodes.", Fires: false},
		// failing tests a later clean run overtook: the summary's "fixed" is supported
		{Source: []string{"assistant: Two invoice tests in ledger_test.go still fail after the currency rename.", "tool: ok  \tgithub.com/acme/ledger\t0.812s\nok  \tgithub.com/acme/ledger/report\t0.204s"}, Summary: "Fixed the invoice tests in ledger_test.go.", Fires: false},
		{Source: []string{"assistant: Two invoice tests in ledger_test.go still fail after the currency rename."}, Summary: "Fixed the invoice tests in ledger_test.go.", Fires: true},
		{Source: []string{"assistant: The retry patch builds and the unit tests pass, but the staging cluster was down so the load test never ran. The ticket stays open until the load test passes."}, Summary: "The retry patch is done: it builds and the unit tests pass.", Fires: true, Quotes: "stays open"},
		{Source: []string{"assistant: The retry patch builds and the unit tests pass. Next I'll tidy the changelog."}, Summary: "The retry patch is done: it builds and the unit tests pass.", Fires: false},
		// a conclusion drawn after an arrow is stated as established
		{Source: []string{"assistant: Stalls like these usually come from the NFS mount rather than the app; unproven so far, it needs the cache on local disk to check."}, Summary: "web-3: iowait 41%, nfsstat retrans 9120 -> the NFS mount on web-3 is stalling the app.", Fires: true},
		{Source: []string{"assistant: Stalls like these usually come from the NFS mount rather than the app; unproven so far, it needs the cache on local disk to check."}, Summary: "web-3: iowait 41%, nfsstat retrans 9120 -> the NFS mount on web-3 is probably stalling the app.", Fires: false},
		{Source: []string{"assistant: The retry patch builds and the unit tests pass, but the staging cluster was down so the load test never ran. The ticket stays open until the load test passes."}, Summary: "The retry patch is done: it builds and the unit tests pass. The ticket stays open until the load test passes.", Fires: false},
	},
})

// concludes: the clause is what the line concludes after an arrow ("count 214 -> the
// cable is faulty"), stated without a hedge: the line gives it as established.
func concludes(c *rule.Clause) bool {
	return c.Concluded && c.Fact.Status.Epistemic != classify.StatusHypothesis &&
		!hedged(&c.Fact)
}

// unsupportedStatus judges claim g (summary fact k, or one of its clauses) with
// status classes gs on its best source among ss.
func unsupportedStatus(r *rule.Round, k int, g *classify.Fact, gs map[string]bool, ss []rule.Support) (rule.Hit, bool) {
	for _, s := range ss {
		if s.Ref.Ev || s.Match.Cover < 0.3 {
			continue
		}
		f := &r.Src[s.Ref.I]
		fs := classify.StatusClasses(f)
		if f.Status.Epistemic == classify.StatusHypothesis && claim(f) {
			fs["hypothesis"] = true
		}
		for _, t := range statusPairs {
			if fs[t[0]] && !fs[t[1]] && gs[t[1]] && !gs[t[0]] && !settles(r, k, t[1]) && !laterSettled(r, s.Ref.I, t[1]) {
				return rule.NewHit(s.Ref.I, k, statusStrength(t), "the sources hold it as "+t[0]+"; the summary as "+t[1], rule.Slot{Name: "status", Source: t[0], Summary: t[1]}), true
			}
		}
		if j, t, ok := takenBack(r, s.Ref.I, g, gs); ok {
			return rule.NewHit(j, k, 0.8, "the source takes it back further on ("+t[0]+"); the summary holds it as "+t[1], rule.Slot{Name: "status", Source: t[0], Summary: t[1]}), true
		}
		return rule.Hit{}, false // judged on the best source only
	}
	return rule.Hit{}, false
}

// statusPairs are the weak and the settled side of each status axis, in the order
// they are judged.
var statusPairs = [][2]string{{"hypothesis", "established"}, {classify.StOpen, classify.StDone}, {classify.StFailed, classify.StPassed}, {classify.StRejected, classify.StChosen}}

// statusStrength: a failure given as a pass is the surest and costliest of these
// changes (the next round builds on a green run nobody saw); the others are weighed
// as one reading of the sources.
func statusStrength(t [2]string) float64 {
	if t[0] == classify.StFailed && t[1] == classify.StPassed {
		return 1
	}
	return 0.8
}

// takenBackReach is how many facts further on a message may take a status back.
const takenBackReach = 3

// takenBack: a later fact of source fact i's own message holds the weak side of a
// status the summary gives as settled ("The test passes, but it only simulates the
// retry. The ticket stays open until a real device is tried."), about the
// same thing (it shares a word with the summary fact, or opens on a word that points
// back), and nothing later settles it.
func takenBack(r *rule.Round, i int, g *classify.Fact, gs map[string]bool) (int, [2]string, bool) {
	for _, t := range statusPairs {
		if !gs[t[1]] || gs[t[0]] {
			continue
		}
		if r.Src[i].Origin == classify.OriginSummary {
			return 0, [2]string{}, false // a parent summary's items are separate points, not one account
		}
		for j := i + 1; j < len(r.Src) && j <= i+takenBackReach && r.Src[j].Message == r.Src[i].Message; j++ {
			x := &r.Src[j]
			if x.Act == classify.ActRule || x.Act == classify.ActRequest || x.Act == classify.ActQuestion {
				continue
			}
			fs := classify.StatusClasses(x)
			if t[0] == "hypothesis" && x.Status.Epistemic == classify.StatusHypothesis {
				fs["hypothesis"] = true
			}
			if !r.Kept[j] && fs[t[0]] && !fs[t[1]] && (sharedTerms(x, g) > 0 || pointsBack(x.Text)) && !laterSettled(r, j, t[1]) {
				return j, t, true
			}
		}
	}
	return 0, [2]string{}, false
}

// pointsBack: the fact opens on a word that refers to what came before ("It", "This",
// "The issue", "That fix").
func pointsBack(text string) bool {
	ws := strings.Fields(strings.ToLower(text))
	if len(ws) == 0 {
		return false
	}
	switch strings.Trim(ws[0], ",.;:") {
	case "it", "this", "that", "these", "those", "which":
		return true
	case "the":
		return len(ws) > 1 && anaphoricNoun[strings.Trim(ws[1], ",.;:")]
	}
	return false
}

var anaphoricNoun = map[string]bool{"issue": true, "problem": true, "bug": true, "fix": true, "change": true, "error": true, "failure": true, "task": true, "ticket": true}

// causal: the fact names a cause ("caused by", "because", "root cause", "due to").
func causal(g *classify.Fact) bool {
	low := lower(g.Text)
	for _, c := range []string{"caused by", "because", "root cause", "due to", "cause:", "cause of", "is why", "comes from", "the reason"} {
		if containsWordPrefix(low, c) {
			return true
		}
	}
	return false
}

// settles: some source backing summary fact k holds the summary's status itself.
func settles(r *rule.Round, k int, status string) bool {
	for _, s := range r.Support[k] {
		if s.Match.Cover < 0.3 {
			continue
		}
		f := r.Fact(s.Ref)
		fs := classify.StatusClasses(f)
		if fs[status] || status == "established" && f.Status.Epistemic == classify.StatusEstablished {
			return true
		}
	}
	return false
}

// laterSettled: a later source fact about fact i holds the status, or the round's
// importance model found fact i settled later (a hypothesis confirmed, open work done
// by an edit, failing tests overtaken by a clean run: see judge's superseded).
func laterSettled(r *rule.Round, i int, status string) bool {
	if i < len(r.Settled) && r.Settled[i] {
		return true
	}
	return memoFact(r, "rules.laterSettled:"+status, i, func() bool { // (once per fact, status and round)
		return len(r.Later(i, func(x *classify.Fact) bool {
			return classify.StatusClasses(x)[status] || status == "established" && x.Status.Epistemic == classify.StatusEstablished
		})) > 0
	})
}
