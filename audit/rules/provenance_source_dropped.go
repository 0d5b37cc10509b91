package rules

import (
	"regexp"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "Ines on the storage team says X" became "we ruled out X" or a bare X.
var _ = rule.Register(&rule.Rule{
	ID:    "provenance/source-dropped",
	Doc:   "The summary keeps a claim a named third party made (a person, a team, a document, CI) but drops who made it or makes it the agent's own.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if taskLike(g) {
			return rule.Hit{}, false // a task or next step credits no one
		}
		if !(thirdParty(f) || docOrderMadeRule(f, g)) || p.Match.Cover < 0.35 || quotesSource(f, g) || bareName(g) {
			return rule.Hit{}, false
		}
		if g.Provenance.Source != "" && g.Provenance.Source != "assistant" || namesSource(g, f) || verifiedOtherwise(g) {
			return rule.Hit{}, false
		}
		return rule.NewHit(p.Src, p.Sum, 0.8, "the claim of "+speaker(f)+" lost its source",
			rule.Slot{Name: "attribution", Source: speaker(f), Summary: statusOr(g.Provenance.Who, "none")}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: Priya from the security team says: the staging bucket must stay private."}, Summary: "We decided the staging bucket must stay private.", Fires: true},
		{Source: []string{"user: Priya from the security team says: the staging bucket must stay private."}, Summary: "Security (Priya): the staging bucket must stay private.", Fires: false},
		// a vendor document's instruction restated as a rule of no one's
		{Source: []string{"user: Fire the glaze batch tonight.", "tool: docs/vendor/kiln-controller-manual.md (excerpt from the vendor manual, \"Firing schedules\")\n- Keep the ramp rate no faster than 150 degrees per hour above 600 degrees.\n- The controller logs a ramp fault if the thermocouple lags the setpoint by more than 40 degrees."}, Summary: "The ramp rate must stay no faster than 150 degrees per hour above 600 degrees.", Fires: true},
		{Source: []string{"user: Fire the glaze batch tonight.", "tool: docs/vendor/kiln-controller-manual.md (excerpt from the vendor manual, \"Firing schedules\")\n- Keep the ramp rate no faster than 150 degrees per hour above 600 degrees.\n- The controller logs a ramp fault if the thermocouple lags the setpoint by more than 40 degrees."}, Summary: "Per the kiln controller manual, the ramp rate must stay no faster than 150 degrees per hour above 600 degrees.", Fires: false},
		{Source: []string{"user: Fire the glaze batch tonight.", "tool: docs/vendor/kiln-controller-manual.md (excerpt from the vendor manual, \"Firing schedules\")\n- Cone 10 glazes cannot be fired on the 240 V model; the element guard trips at 1,280 degrees.\n- The controller logs a ramp fault if the thermocouple lags the setpoint by more than 40 degrees."}, Summary: "We don't fire cone 10 glazes on the 240 V model (the element guard trips at 1,280 degrees).", Fires: true},
		{Source: []string{"user: Fire the glaze batch tonight.", "tool: docs/vendor/kiln-controller-manual.md (excerpt from the vendor manual, \"Firing schedules\")\n- Cone 10 glazes cannot be fired on the 240 V model; the element guard trips at 1,280 degrees.\n- The controller logs a ramp fault if the thermocouple lags the setpoint by more than 40 degrees."}, Summary: "The kiln manual says cone 10 glazes cannot be fired on the 240 V model (the element guard trips at 1,280 degrees).", Fires: false},
		{Source: []string{"user: Fire the glaze batch tonight.", "tool: docs/plans/glaze-batch.md (the plan we wrote yesterday)\n- Step 2: Load the shelves from the bottom up.\n- Step 3: Fire the test tiles at cone 6.\n- Step 4: Photograph each tile under the daylight lamp."}, Summary: "Fired the test tiles at cone 6 (step 3 of the plan).", Fires: false},
		{Source: []string{"assistant: The staging bucket must stay private."}, Summary: "The staging bucket must stay private.", Fires: false},
		// a heading that only names the file the claim was about
		{Source: []string{"assistant: The ticket mentions `billing/export_sepa.py` but that file doesn't exist in the repo."}, Summary: "**billing/export_sepa.py**", Fires: false},
		{Source: []string{"assistant: The ticket mentions `billing/export_sepa.py` but that file doesn't exist in the repo."}, Summary: "We found that `billing/export_sepa.py` doesn't exist in the repo.", Fires: true},
		{Source: []string{"user: Marta from the network team says the packet loss started when the edge routers moved to firmware 7.2."}, Summary: "Root cause, verified with a pcap diff: the packet loss started when the edge routers moved to firmware 7.2.", Fires: false},
		{Source: []string{"user: Marta from the network team says the packet loss started when the edge routers moved to firmware 7.2."}, Summary: "Root cause: the packet loss started when the edge routers moved to firmware 7.2.", Fires: true},
	},
})

// bareName: the summary fact only names something (a file, an id, a value: a
// heading such as "**cmd/cli/export.go**"): no word of it is outside its values, so
// it restates no one's claim.
func bareName(g *classify.Fact) bool {
	if len(g.Tokens) == 0 {
		return false
	}
	var b strings.Builder
	at := 0
	for _, t := range g.Tokens {
		if t.Start < at || t.End > len(g.Text) {
			return false
		}
		b.WriteString(g.Text[at:t.Start])
		b.WriteByte(' ')
		at = t.End
	}
	b.WriteString(g.Text[at:])
	return len(classify.Terms(b.String(), nil)) == 0
}

// verifiedOtherwise: the summary grounds the claim on evidence of its own ("confirmed
// with a packet capture", "verified against the staging logs"): it was checked,
// not taken on someone's word.
func verifiedOtherwise(g *classify.Fact) bool {
	return reVerified.MatchString(strings.ToLower(g.Text))
}

var reVerified = regexp.MustCompile(`\b(?:confirmed|verified|checked|measured|reproduced|shown)\s+(?:with|by|in|via|against|from|on)\b`)

// thirdParty: the fact reports what a named person, team, document or CI said.
func thirdParty(f *classify.Fact) bool {
	switch f.Provenance.Source {
	case "person", "team", "doc", "ci", "vendor":
		return true
	}
	return f.Origin == classify.OriginDocument && f.Act == classify.ActRule
}

// docOrderMadeRule: a document's instruction ("Refresh the token at most hourly") that
// the summary states as a binding rule of no one's ("tokens must be refreshed at most
// hourly"). A document's step the summary reports as work done credits no one.
func docOrderMadeRule(f, g *classify.Fact) bool {
	if f.Origin != classify.OriginDocument {
		return false
	}
	if f.Act != classify.ActChatter && f.Act != classify.ActQuestion && weOwn(g.Text) {
		return true // a manual's "X cannot be fired on the 240 V model" became "We don't fire X ..."
	}
	if f.Act != classify.ActRequest {
		return false
	}
	if g.Modality.Level >= 3 && g.Modality.Cue != "imperative" {
		return true
	}
	for _, sc := range g.Scopes {
		// (a later clause's "must": "the client (key 4F2A); tokens must be ...")
		if sc.Kind == "deontic" && sc.Force >= 3 && !sc.Neg {
			return true
		}
	}
	return false
}

// weOwn: the line opens with the first person plural ("We don't ...", "Our rule: ..."):
// it states a policy of the team's own.
func weOwn(text string) bool {
	w := strings.Trim(firstWord(text), ",")
	return w == "we" || w == "our" || w == "we'll" || w == "we're"
}

// namesSource: the summary still names the source (a word of its identity) in the
// clause that restates the claim. A party of the conversation is named only where it
// is credited: in the line's label or as the clause's subject ("User: ...", "the user
// wants ..."); "ping the user when done" and "users sign in again" name someone else.
func namesSource(g, f *classify.Fact) bool {
	clause := strings.ToLower(claimClause(f, g))
	label := ""
	if i := strings.IndexByte(g.Text, ':'); i > 0 && i < 60 {
		label = strings.ToLower(g.Text[:i]) // "Ilse (data platform): ..." names its source in the label
	}
	who := f.Provenance.Who
	if k := speakerKind(f); who == "" && partyWho[k] {
		who = k // (the user's own message)
	} else if who == "" {
		who = f.Message
	}
	for _, w := range strings.Fields(who) {
		switch {
		case len(w) < 3 || genericWho[w]:
		case partyWho[w]:
			if creditsParty(label, w) || creditsParty(leadWords(clause, 3), w) {
				return true
			}
		case containsWordPrefix(label+" "+clause, w):
			return true
		}
	}
	return false
}

// partyWho are the parties of the conversation as a source's identity names them.
var partyWho = map[string]bool{"user": true, "assistant": true}

// creditsParty: s names the party w as a word of its own (w, w's), not as part of
// another ("users", "username").
func creditsParty(s, w string) bool {
	for _, x := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' && r != '’' }) {
		if x == w || x == w+"'s" || x == w+"’s" {
			return true
		}
	}
	return false
}

// leadWords are the first n words of s.
func leadWords(s string, n int) string {
	ws := strings.Fields(s)
	return strings.Join(ws[:min(n, len(ws))], " ")
}

// genericWho are words of a source's name that say what it is, not which one.
var genericWho = map[string]bool{"team": true, "teams": true, "the": true, "lead": true, "group": true, "squad": true, "department": true,
	"docs": true, "doc": true, "documentation": true, "guide": true, "page": true, "file": true, "says": true, "said": true, "from": true, "our": true, "their": true}
