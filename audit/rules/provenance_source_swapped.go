package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// Ines said it; the summary says Marta did.
var _ = rule.Register(&rule.Rule{
	ID:    "provenance/source-swapped",
	Doc:   "The summary credits a claim to a different named person, team or document than the source does.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if taskLike(g) {
			return rule.Hit{}, false // a task or next step credits no one
		}
		from := speakerKind(f)
		if !thirdPartyKind(from) && from != "user" || p.Match.Cover < 0.35 || g.Provenance.Who == "" || !thirdPartyKind(g.Provenance.Source) || quotesSource(f, g) {
			return rule.Hit{}, false
		}
		if mentionsWho(f, g.Provenance.Who) || messageMentions(r, f, g.Provenance.Who) {
			return rule.Hit{}, false // the source itself names them: relayed, not swapped
		}
		if namesSource(g, f) || len(sharedClaimWords(f, g)) < 2 {
			return rule.Hit{}, false // too little in common to be the same claim ("just fix it.")
		}
		return rule.NewHit(p.Src, p.Sum, 0.9, "credited to "+g.Provenance.Who+"; it was "+speaker(f),
			rule.Slot{Name: "attribution", Source: speaker(f), Summary: g.Provenance.Who}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: Tomasz (network team) tells us the ingress must keep TLS 1.2."}, Summary: "Per the security team: the ingress must keep TLS 1.2.", Fires: true},
		{Source: []string{"user: Tomasz (network team) tells us the ingress must keep TLS 1.2."}, Summary: "Per Tomasz (network team): the ingress must keep TLS 1.2.", Fires: false},
		{Source: []string{"user: Never restart the primary during business hours."}, Summary: "Team rule: never restart the primary during business hours.", Fires: true},
		{Source: []string{"user: Never restart the primary during business hours."}, Summary: "User rule: never restart the primary during business hours.", Fires: false},
		{Source: []string{"assistant: Dropping the legacy exporter was my suggestion; the user agreed."}, Summary: "Dropping the legacy exporter was my suggestion; the reviewer agreed.", Fires: true},
		{Source: []string{"assistant: Review found four nits.", "user: just fix them."}, Summary: "Fixing the nits the review team raised.", Fires: false},
		// a team named far away in a long message does not make this line relayed
		{Source: []string{"user: Keep the pottery kiln below 1200 C on every firing.\nThe glaze order is due Friday.\nShelves go in the back room.\nLabels are printed.\nThe van is booked for Monday.\nThe studio team picks the colours next month."}, Summary: "Team rule: keep the pottery kiln below 1200 C on every firing.", Fires: true},
		{Source: []string{"user: Keep the pottery kiln below 1200 C on every firing.\nThe glaze order is due Friday.\nThe studio team asked for that."}, Summary: "Studio team rule: keep the pottery kiln below 1200 C on every firing.", Fires: false},
		// the user is credited only as the label or the subject: end users, or the user as
		// the one to be told, credit nothing
		{Source: []string{"user: Keep the nightly export at 02:00 UTC; analysts (the users of the dashboard) read it at 07:00."}, Summary: "Ops team rule: keep the nightly export at 02:00 UTC; analysts (the users of the dashboard) read it at 07:00.", Fires: true},
		{Source: []string{"user: The loader must stay single-threaded; if a batch fails, stop and tell me."}, Summary: "Reviewer constraint: the loader must stay single-threaded; if a batch fails, stop and tell the user.", Fires: true},
		{Source: []string{"user: Keep the nightly export at 02:00 UTC."}, Summary: "Ops team rule, agreed with the user: keep the nightly export at 02:00 UTC.", Fires: false},
		{Source: []string{"user: The loader must stay single-threaded; if a batch fails, stop and tell me."}, Summary: "The user and the reviewer agreed: the loader must stay single-threaded; if a batch fails, stop and tell the user.", Fires: false},
	},
})

// mentionsWho: f's text names one of the words of an identity.
func mentionsWho(f *classify.Fact, who string) bool {
	low := strings.ToLower(f.Text)
	for _, w := range strings.Fields(who) {
		if len(w) >= 3 && !genericWho[w] && containsWordPrefix(low, w) {
			return true
		}
	}
	return false
}

// messageMentions: a fact of f's message close before or after it names the identity
// (the user relays what the security team said two sentences earlier). A long
// message (an earlier summary) naming the team somewhere else relays nothing here.
func messageMentions(r *rule.Round, f *classify.Fact, who string) bool {
	at := slices.IndexFunc(r.Src, func(g classify.Fact) bool { return g.Message == f.Message && g.Start == f.Start })
	for i := max(0, at-relayNear); at >= 0 && i < len(r.Src) && i <= at+relayNear; i++ {
		if r.Src[i].Message == f.Message && mentionsWho(&r.Src[i], who) {
			return true
		}
	}
	return false
}

// relayNear: how many facts away a relayed party may be named.
const relayNear = 3

// sharedClaimWords are the content terms two facts share, the parties' names aside.
func sharedClaimWords(f, g *classify.Fact) []string {
	var out []string
	for _, w := range claimWords(f.Words) {
		if hasWord(g, w) {
			out = append(out, w)
		}
	}
	return out
}
