package rules

import (
	"slices"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// inLeadClause: g opens with a clause of time ("After finding X, the user asked for
// Y") and the source fact is what that clause holds, not what the credited main clause
// says: the summary credits the user with Y, not with X.
func inLeadClause(f, g *classify.Fact) bool {
	low := lower(g.Text)
	first, _, _ := strings.Cut(strings.TrimLeft(low, "-*• "), " ")
	if !timeLeads[first] {
		return false
	}
	comma := strings.Index(low, ",")
	if comma < 0 {
		return false
	}
	leadTerms, restTerms := classify.Terms(g.Text[:comma], nil), classify.Terms(g.Text[comma:], nil)
	lead, rest := 0, 0
	for _, w := range f.Words {
		if strings.Contains(w, ":") {
			continue // (values count through their words)
		}
		inLead, inRest := slices.Contains(leadTerms, w), slices.Contains(restTerms, w)
		switch {
		case inLead && !inRest:
			lead++
		case inRest && !inLead:
			rest++
		}
	}
	return lead > rest
}

// timeLeads open a clause of time before the main one.
var timeLeads = map[string]bool{"after": true, "when": true, "once": true, "having": true, "upon": true, "following": true}

// The agent's own reading or decision, put in the user's mouth.
var _ = rule.Register(&rule.Rule{
	ID:    "provenance/credited-to-user",
	Doc:   "The summary credits to the user what someone else established (the assistant's decision or reading, a document, a tool), and the user said no such thing.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if taskLike(g) {
			return rule.Hit{}, false // a task or next step credits no one
		}
		from := speakerKind(f)
		if g.Provenance.Source != "user" || from == "user" || from == "" || from == "instruction" {
			return rule.Hit{}, false
		}
		if p.Match.Cover < 0.35 || ownsIt(lower(g.Text)) || citesKind(g, from) {
			return rule.Hit{}, false
		}
		if _, cut, ok := mainQuote(g.Text); ok && cut {
			return rule.Hit{}, false // the user's message quoted, cut by the writer ("[the plan]"): a record of it, whatever it pairs with
		}
		if !retold(p, f) && (quotesSource(f, g) || userBacks(r, p.Sum)) || quotesUser(r, g) || inLeadClause(f, g) {
			return rule.Hit{}, false
		}
		return rule.NewHit(p.Src, p.Sum, 0.85, "credited to the user; it was "+speaker(f),
			rule.Slot{Name: "attribution", Source: speaker(f), Summary: "the user"}), true
	},
	Examples: []rule.Example{
		{Source: []string{"user: Are the retries right?", "assistant: I decided to keep three retries with jitter for the uploader."}, Summary: "User decision: keep three retries with jitter for the uploader.", Fires: true},
		{Source: []string{"user: Keep three retries with jitter for the uploader."}, Summary: "User decision: keep three retries with jitter for the uploader.", Fires: false},
		// the agent's finding in a clause of time; the user credited with what followed
		{Source: []string{"assistant: One review thread still needs an answer: a bot comment about the missing index on invoices.created_at."}, Summary: "After finding one open bot comment about the missing index on invoices.created_at, the user wanted the index in a separate PR on main.", Fires: false},
		{Source: []string{"assistant: One review thread still needs an answer: a bot comment about the missing index on invoices.created_at."}, Summary: "The user found one open bot comment about the missing index on invoices.created_at.", Fires: true},
		{Source: []string{"assistant: I decided to keep three retries with jitter for the uploader."}, Summary: "Decided to keep three retries with jitter for the uploader.", Fires: false},
		// in Spanish: the agent's finding told as the user's demand
		{Source: []string{"assistant: Los lotes de facturas del almacén se cierran a las 18:00 y el transportista recoge a las 18:30."}, Summary: "El usuario exige que los lotes de facturas del almacén se cierren a las 18:00 y el transportista recoja a las 18:30.", Fires: true},
		{Source: []string{"assistant: Los lotes de facturas del almacén se cierran a las 18:00 y el transportista recoge a las 18:30."}, Summary: "Los lotes de facturas del almacén se cierran a las 18:00 y el transportista recoge a las 18:30.", Fires: false},
		{Source: []string{"user: The memory keeps growing after uploads.", "assistant: I noted that the thumbnail cache holds decoded frames for every upload."}, Summary: "The user noted that the thumbnail cache holds decoded frames for every upload.", Fires: true},
		{Source: []string{"assistant: Caching decoded frames per upload is the leak; I'd cap the thumbnail cache at 200 entries.", "user: ok"}, Summary: "Capped the thumbnail cache at 200 entries (my suggestion, which the user accepted).", Fires: false},
		{Source: []string{"user: Could we just buy the Premium tier for a higher quota?", "assistant: Premium doesn't change the per-region write quota according to the docs, and it would triple the bill.", "user: Right, forget Premium, that's off the table."}, Summary: "The user asked about the Premium tier; the user ruled it out (the docs show no per-region gain; triple the bill).", Fires: false},
		{Source: []string{"assistant: Caching decoded frames per upload is the leak; I'd cap the thumbnail cache at 200 entries.", "user: ok"}, Summary: "Capped the thumbnail cache at 200 entries, as the user proposed.", Fires: true},
		{Source: []string{"assistant: Keep the parsers in the `ingest` package.", "user: would it not be cleaner to keep the parsers in the ingest package?"}, Summary: "All user messages:\n- \"would it not be cleaner to keep the parsers in the ingest package?\"", Fires: false},
		{Source: []string{"assistant: Keep the parsers in the `ingest` package.", "user: fine"}, Summary: "The user wants the parsers kept in the `ingest` package.", Fires: true},
		// the user's message quoted and cut by the writer: a record of the message, not a credit of the agent's line
		{Source: []string{"assistant: **Step 2: move the kiln logs to the archive volume**"}, Summary: "All user messages:\n- \"Carry out the attached plan: [a plan for moving the kiln logs to the archive volume]\"", Fires: false},
		{Source: []string{"assistant: **Step 2: move the kiln logs to the archive volume**"}, Summary: "All user messages:\n- The user asked to move the kiln logs to the archive volume.", Fires: true},
		{Source: []string{"user: Archives next. Storage team rule, copied from the wiki: \"the archive bucket keeps 400 days of versions\"."}, Summary: "User rule: the archive bucket keeps 400 days of versions.", Fires: true},
		{Source: []string{"user: From Marek (storage team): \"the archive bucket keeps 400 days of versions\"."}, Summary: "The archive bucket keeps 400 days of versions, per Marek (storage team), which the user passed on.", Fires: false},
		{Source: []string{"assistant: The tile docs say the cache is write-through by default, which favours consistency over latency.", "user: Keep the tile cache as it is; the CDN already absorbs the read load."}, Summary: "The tile cache stays write-through as it is because the user wants consistency over latency (the CDN absorbs the read load).", Fires: true},
		{Source: []string{"assistant: The tile docs say the cache is write-through by default, which favours consistency over latency.", "user: Keep the tile cache write-through, I want consistency over latency here."}, Summary: "The tile cache stays write-through because the user wants consistency over latency.", Fires: false},
	},
})

// retold: an earlier summary's line told again nearly word for word, its speaker
// changed ("I reviewed the test files ..." as "The user reviewed the test files ..."):
// the line itself is the evidence of who it was, whatever else the user said.
func retold(p rule.Pair, f *classify.Fact) bool {
	return f.Origin == classify.OriginSummary && p.Match.Cover >= retoldShare && p.Match.Back >= retoldShare
}

// retoldShare is how much of each other two lines must hold to be one line retold.
const retoldShare = 0.8

// citesKind: the summary cites a source of the same kind as f's for its claim ("per the
// docs" for what the assistant read in the docs): the user is credited with something
// else in the line (a decision), not with this.
func citesKind(g *classify.Fact, kind string) bool {
	low := lower(g.Text)
	for _, w := range kindWords[kind] {
		if containsWordPrefix(low, w) {
			return true
		}
	}
	return false
}

var kindWords = map[string][]string{
	"doc":  {"docs", "documentation", "the readme", "the manual", "the spec", "the guide"},
	"ci":   {"the ci", "the pipeline", "the build log"},
	"tool": {"the log", "the output", "the trace"},
}

// ownsIt: the summary's writer claims the idea ("my suggestion, which the user accepted"): the
// user is credited with agreeing, not with the idea.
func ownsIt(low string) bool {
	for _, w := range []string{"my proposal", "my suggestion", "my recommendation", "my call", "my idea", "my choice", "my decision"} {
		if i := strings.Index(low, w); i >= 0 && (i == 0 || low[i-1] == ' ' || low[i-1] == '(') {
			return true
		}
	}
	return false
}

// userBacks: some fact of the user's (or an earlier summary crediting the user) is
// about what the summary fact says.
func userBacks(r *rule.Round, k int) bool {
	g := &r.Sum[k]
	gw := claimWords(g.Words)
	if cw := creditedClause(g.Text); len(cw) >= 2 {
		gw = cw // what the line says the user did or said, not the rest of it
	}
	for i := range r.Src {
		x := &r.Src[i]
		if x.Origin != classify.OriginUser && x.Provenance.Source != "user" || x.Act == classify.ActQuestion {
			continue // a question about it is not the user saying it
		}
		if thirdPartyKind(x.Provenance.Source) && !namesRelayer(x, g) {
			continue // what the user relayed ("the security team's rule: …") is the third party's word
		}
		// the parties' names are no shared content ("The user reported:" backs nothing)
		xw := claimWords(x.Words)
		if len(xw) == 0 {
			continue
		}
		if termOverlap(gw, xw) >= 0.45 || termOverlap(xw, gw) >= 0.5 && (len(xw) >= 3 || termOverlap(xw, gw) == 1) || sharedRare(x, g) >= 2 {
			return true
		}
	}
	return false
}

// creditedClause is the content of the clause a line credits to the user: the words
// after "the user" up to the clause's end ("The cache stays write-through because the
// user wants consistency (CDN in front)" gives want, consistency). Nil when the line
// names no user.
func creditedClause(text string) []string {
	low := lower(text)
	i := strings.Index(low, "the user ")
	if i < 0 {
		return nil
	}
	rest := low[i+len("the user "):]
	if j := strings.IndexAny(rest, ",;.()\n"); j >= 0 {
		rest = rest[:j]
	}
	var out []string
	for _, w := range strings.Fields(rest) {
		for _, t := range classify.ContentWords(w) {
			if !classify.PartyWord(t) {
				out = append(out, t)
			}
		}
	}
	return out
}

// termOverlap is the share of a's terms found in b.
func termOverlap(a, b []string) float64 {
	if len(a) == 0 {
		return 0
	}
	n := 0
	for _, w := range a {
		for _, x := range b {
			if x == w {
				n++
				break
			}
		}
	}
	return float64(n) / float64(len(a))
}

// speaker names who established a fact.
func speaker(f *classify.Fact) string {
	if f.Provenance.Who != "" && f.Provenance.Source != "" {
		return f.Provenance.Who
	}
	switch f.Origin {
	case classify.OriginAssistant, classify.OriginThinking:
		return "the assistant"
	case classify.OriginTool, classify.OriginToolError:
		return "a tool's output"
	case classify.OriginDocument:
		return "a document"
	case classify.OriginInstruction:
		return "an instruction"
	case classify.OriginSummary:
		return "the earlier summary"
	}
	return f.Origin
}

// sharedRare counts the distinctive terms (identifiers, values, long words) two facts share.
func sharedRare(a, b *classify.Fact) int {
	n := 0
	for _, w := range a.Words {
		if (strings.Contains(w, ":") && !smallCount(w) || len(w) >= 6) && slices.Contains(b.Words, w) {
			n++
		}
	}
	return n
}

// smallCount: the term is a figure of one or two digits ("num:3"), which many facts
// share by chance.
func smallCount(w string) bool {
	n, ok := strings.CutPrefix(w, "num:")
	return ok && len(n) <= 2 && strings.Trim(n, "0123456789") == ""
}

// claimWords are a fact's terms without the parties' names (user, assistant, we).
func claimWords(ws []string) []string {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		if !classify.PartyWord(w) {
			out = append(out, w)
		}
	}
	return out
}

// quotesUser: the summary fact quotes a user message (a quotation of at least a few
// words that a user's fact holds): whatever else it pairs with, the user said it.
func quotesUser(r *rule.Round, g *classify.Fact) bool {
	for _, q := range quotations(g.Text) {
		var pieces []string // (the speaker's words: elisions and the writer's [insertions] aside)
		for _, p := range rule.QuotePieces(q) {
			if fp := flat(p); len(fp) >= 12 {
				pieces = append(pieces, fp)
			}
		}
		if len(pieces) == 0 {
			continue
		}
		for i := range r.Src {
			if r.Src[i].Origin != classify.OriginUser {
				continue
			}
			ft := flat(r.Src[i].Text)
			if !slices.ContainsFunc(pieces, func(p string) bool { return !strings.Contains(ft, p) }) {
				return true
			}
		}
	}
	return false
}

// namesRelayer: the summary line names the person whose words the user relayed (a
// capitalised name in the relaying head, "From Marek (storage team): …", that the line
// repeats): it credits them, whatever else it says of the user.
func namesRelayer(x, g *classify.Fact) bool {
	head := x.Text
	if i := strings.IndexAny(head, ":\"“"); i > 0 {
		head = head[:i]
	}
	low := lower(g.Text)
	for k, w := range strings.Fields(head) {
		w = strings.Trim(w, "(),.;'’")
		if k == 0 || len(w) < 3 || !unicode.IsUpper([]rune(w)[0]) {
			continue // (the first word is capitalised as a sentence opens)
		}
		if containsWordPrefix(low, lower(w)) {
			return true
		}
	}
	return false
}
