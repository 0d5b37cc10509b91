package rules

import (
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

// messageMentions: another fact of f's message names the identity (the user relays
// what the security team said two sentences earlier).
func messageMentions(r *rule.Round, f *classify.Fact, who string) bool {
	for i := range r.Src {
		if r.Src[i].Message == f.Message && mentionsWho(&r.Src[i], who) {
			return true
		}
	}
	return false
}

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
