package classify

// Attribution: who established a fact, read through reported speech and labels.

import (
	"regexp"
	"strings"

	"github.com/compaudit/compaudit/classify/lexicon"
)

// attributionOf resolves who established a fact through reported speech ("Marta from
// the DBA team says", "per the runbook", "the user chose", "my guess is"); without
// one, the speaker's role is the source.
func attributionOf(text string, cues cueSet, role string) Provenance {
	p := Provenance{Role: role}
	low := strings.ToLower(text)
	if len(low) != len(text) {
		low = lexicon.Lower(text) // keep offsets into text
	}
	if k, id := headLabel(low); k != "" {
		// "User: don't merge it before the payments lead signs off": the label names who
		// said the line, whoever the line itself mentions
		p.Source, p.Who = firstPerson(k, role), id
		return p
	}
	if k, id := creditOf(low, text, cues); k != "" {
		p.Source, p.Who = firstPerson(k, role), id
		return p
	}
	for _, h := range cues.of("report") {
		var who string
		switch h.Phrase {
		case "according to", "per", "as per", "via", "from":
			if h.Phrase == "from" || h.Phrase == "via" {
				continue // too common as a preposition to name a source
			}
			rest := strings.TrimSpace(low[h.End:])
			if next, _, _ := strings.Cut(rest, " "); h.Phrase != "according to" && PartyWord(strings.Trim(next, ",.;:'\"")) {
				who = strings.Trim(next, ",.;:'\"") // "per user preference", "per reviewer request"
				break
			}
			if h.Phrase != "according to" && !strings.HasPrefix(rest, "the ") {
				continue // "per IP", "per minute": a rate, not a source
			}
			who = phraseAfter(low, h.End)
		default:
			who = phraseBefore(low, h.Start)
		}
		if k, id := identify(who, originalOf(low, text, who)); k != "" {
			p.Source, p.Who = k, id
			return p
		}
	}
	if k, id := labelSpeaker(low); k != "" {
		p.Source, p.Who = firstPerson(k, role), id
		return p
	}
	if role == "summary" {
		// a summary's sentence whose subject is one of the parties: "I profiled ...",
		// "The user asked ..." (the summary's "I" is the agent)
		p.Source = subjectParty(low)
		if p.Source == "user" {
			p.Who = "user"
		}
	}
	return p
}

// subjectParty is the party a summary sentence opens on as its subject: "assistant"
// for "I ...", "user" for "The user ..." or "User ...", "" otherwise.
func subjectParty(low string) string {
	t := strings.TrimLeft(low, "-*• \t")
	switch {
	case strings.HasPrefix(t, "i ") || strings.HasPrefix(t, "i've ") || strings.HasPrefix(t, "i'd ") || hasAnyPrefix(t, firstPersonOpeners):
		return "assistant"
	case strings.HasPrefix(t, "the user ") || strings.HasPrefix(t, "user ") || hasAnyPrefix(t, userOpeners):
		return "user"
	}
	return ""
}

// firstPersonOpeners and userOpeners open a sentence on "I" and on "the user" in
// German, French, Spanish, Portuguese, Japanese and Chinese (lower-case).
var (
	firstPersonOpeners = []string{"ich ", "je ", "j'ai ", "yo ", "eu ", "私は", "私が", "我"}
	userOpeners        = []string{"der user ", "der nutzer ", "der benutzer ", "die nutzerin ", "l'utilisateur ", "l’utilisateur ", "l'utilisatrice ",
		"el usuario ", "la usuaria ", "o usuário ", "a usuária ", "ユーザーは", "ユーザーが", "用户"}
)

func hasAnyPrefix(s string, ps []string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// firstPerson: "I" is whoever speaks: the assistant in its reply, the user in theirs.
func firstPerson(kind, role string) string {
	if kind == "assistant" && role == "user" {
		return "user"
	}
	return kind
}

// creditOf reads "<who> <credit verb>" ("the user said", "I identified", "Marta
// confirmed") and "<credit verb> by <who>" ("relayed by the user"), outside quotes.
func creditOf(low, text string, cues cueSet) (string, string) {
	for _, h := range cues.of("credit") {
		if quoted(low, h.Start) {
			continue
		}
		rest := strings.TrimSpace(low[h.End:])
		if strings.HasPrefix(rest, "by ") {
			who := phraseAfter(low, h.End+strings.Index(low[h.End:], "by ")+3)
			if k, id := identify(who, originalOf(low, text, who)); k != "" {
				return k, id
			}
		}
		who := phraseBefore(low, h.Start)
		ws := strings.Fields(who)
		if len(ws) == 0 {
			continue
		}
		// the subject is the last few words before the verb ("the user", "I", "Marta from QA")
		for n := min(5, len(ws)); n >= 1; n-- {
			cand := strings.Join(ws[len(ws)-n:], " ")
			if k, id := identify(cand, ""); k != "" && k != "person" {
				return k, id
			}
		}
		if len(ws) <= 3 && strings.HasSuffix(strings.TrimSpace(low[:h.Start]), ws[len(ws)-1]) {
			// a name right before the verb ("Ines replied", "Dr. Okafor wants")
			if k, id := identify(who, originalOf(low, text, who)); k != "" {
				return k, id
			}
		}
	}
	return "", ""
}

// headLabel reads a line's leading label that names a party: "User: ...", "User
// rules: ...", "Constraints from the reviewer: ...", "Security team rule, copied from
// the wiki: ...".
func headLabel(low string) (string, string) {
	limit := 32
	if strings.HasPrefix(strings.TrimLeft(low, "-•#0123456789. \t"), "**") {
		limit = 48 // a bold heading ("**User's Skepticism About the Bug**:") is a label however long
	}
	t := strings.TrimLeft(low, "-*•#0123456789. \t")
	i := strings.IndexByte(t, ':')
	if j := strings.IndexByte(t, ','); j > 0 && j < 30 && (i < 0 || j < i) {
		i = j // "Security team rule, copied from the wiki: …": the label ends at the comma
	}
	if i <= 0 || i >= limit && !(strings.HasSuffix(strings.TrimRight(t[:i], "*_ "), ")") && len(withoutParens(t[:i])) < limit) {
		return "", "" // (a parenthesis names the label's thing: "Bank guide (EBICS 4.2):")
	}
	head := strings.Trim(t[:i], "*_ ")
	if containsWord(head, "user") || containsWord(head, "users") {
		return "user", "user"
	}
	if k, id := labelParty(head); k != "" {
		return k, id // "Team rules:", "Reviewer:", "Security constraint:"
	}
	return docLabel(head)
}

// labelSpeaker reads "(user decision)", "the user chose", "my guess".
func labelSpeaker(low string) (string, string) {
	if i := strings.LastIndexByte(low, '('); i >= 0 {
		if j := strings.IndexByte(low[i:], ')'); j > 0 && j < 30 {
			if k, who := labelParty(low[i+1 : i+j]); k != "" {
				return k, who // "... (reviewer)", "(team rule)"
			}
		}
	}
	for _, p := range []string{"(user", "user's rule", "user's decision", "user's request", "user's instruction", "user's preference", "user's choice", "user said", "user asked",
		"user wants", "user wanted", "user chose", "user decided", "user confirmed", "user requested", "user noted", "user pointed", "user corrected", "user clarified",
		"user rejected", "user approved", "user prefers", "user instructed", "user specified", "user insisted", "user feedback", "per the user", "you said", "you asked"} {
		if strings.Contains(low, p) {
			return "user", "user"
		}
	}
	if strings.Contains(low, "user ") && reUserSpeaking.MatchString(low) {
		return "user", "user" // "the user is pointing out that …"
	}
	for _, p := range []string{"my guess", "i think", "i decided", "i chose", "i suspect", "i believe", "my call", "my decision", "my choice", "my own call"} {
		if i := strings.Index(low, p); i >= 0 && !quoted(low, i) && wordStart(low, i) {
			return "assistant", "assistant"
		}
	}
	if firstPersonChoice(low) {
		return "assistant", "assistant"
	}
	return "", ""
}

// reUserSpeaking: the user as the subject of a speech verb in its progressive or
// perfect form ("the user is pointing out", "user has asked", "the user was
// suggesting"), which the list of fixed phrases above does not spell out.
var reUserSpeaking = regexp.MustCompile(`\buser (?:is|was|has|had|has been|had been) (?:point|ask|say|said|suggest|request|noted|noting|clarif|correct|tell|told|insist|confirm|mention|propos|explain|stat)\w*`)

// labelParty: a short label ("team rules", "reviewer", "security constraint") names a
// third party; the label's nouns of kind (rule, constraint, note) are not its name.
func labelParty(head string) (string, string) {
	ws := labelWords(head)
	if len(ws) == 0 || len(ws) > 4 {
		return "", ""
	}
	for k, w := range ws {
		for _, t := range teamWords {
			if isTeamWord(w, t) {
				return "team", normWho(teamPhrase(ws[:k+1], t)) // "studio team rule": the studio team
			}
		}
	}
	return "", ""
}

// docLabel: a line's head label that names a document ("Boiler manual:", "Bank guide
// (EBICS 4.2):"): the document says the line. A bare "Manual:" or "Spec:" is as often
// a kind of step or work, so the document noun needs a word before it.
func docLabel(head string) (string, string) {
	ws := labelWords(head)
	if len(ws) == 2 && docLabelWord[ws[1]] {
		return "doc", normWho(strings.Join(ws, " "))
	}
	return "", ""
}

// docLabelWord: a label's noun that names a document as the line's source.
var docLabelWord = map[string]bool{"guide": true, "manual": true, "handbook": true, "runbook": true, "playbook": true, "spec": true, "specification": true, "rfc": true, "documentation": true, "datasheet": true}

// labelWords are a label's words, its parenthesised parts left out ("Bank guide
// (EBICS 4.2)" -> bank, guide).
func labelWords(head string) []string {
	return strings.Fields(strings.Trim(withoutParens(head), "-*# "))
}

// withoutParens is s without its parenthesised parts.
func withoutParens(s string) string {
	var b strings.Builder
	depth := 0
	for _, r := range s {
		switch {
		case r == '(':
			depth++
		case r == ')' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// PartyWord reports whether w (lower case) names a party a claim can be credited to:
// the user, the assistant, a team, a role.
func PartyWord(w string) bool {
	switch w {
	case "user", "users", "assistant", "agent", "i", "we", "you", "me", "my", "our":
		return true
	}
	for _, t := range teamWords {
		if isTeamWord(w, t) {
			return true
		}
	}
	return false
}

// quoted: position i is inside a quotation.
func quoted(s string, i int) bool {
	n := strings.Count(s[:i], "\"") + strings.Count(s[:i], "“") - strings.Count(s[:i], "”")
	return n%2 == 1
}

// phraseBefore is up to five words before i, back to a clause mark.
func phraseBefore(low string, i int) string {
	s := low[:i]
	if j := strings.LastIndexAny(s, ".;:!?(\n\"“"); j >= 0 {
		s = s[j+1:]
	}
	ws := strings.Fields(s)
	if len(ws) > 6 {
		ws = ws[len(ws)-6:]
	}
	return strings.Join(ws, " ")
}

// phraseAfter is up to five words after i, to a clause mark.
func phraseAfter(low string, i int) string {
	s := low[i:]
	if j := strings.IndexAny(s, ",.;:!?)\n"); j >= 0 {
		s = s[:j]
	}
	ws := strings.Fields(s)
	if len(ws) > 5 {
		ws = ws[:5]
	}
	return strings.Join(ws, " ")
}

var docWords = []string{"readme", "docs", "documentation", "guide", "spec", "rfc", "runbook", "changelog", "wiki", "manual", ".md", "contributing",
	"policy", "handbook", "playbook", "release notes", "the api reference", "reference", "comment in", "the code says", "header", "config file", "ticket", "issue"}
var teamWords = []string{"team", "squad", "on-call", "oncall", "sre", "security", "legal", "compliance", "dba", "ops", "support", "finance", "management", "lead", "manager", "reviewer",
	"pi", "customer", "client", "owner", "maintainer", "architect", "cto", "ceo", "admin", "vendor", "registrar"} // (not "agent": in an agent's transcript that is the agent)
var ciWords = []string{"ci", "pipeline", "the build", "the job", "the linter", "the tests", "the test suite", "the logs", "the output", "monitoring", "dashboard", "alert"}

// originalOf is phrase (as cut from low) in the original casing ("" when not found).
func originalOf(low, text, phrase string) string {
	if phrase == "" {
		return ""
	}
	i := strings.LastIndex(low, phrase)
	if i < 0 || i+len(phrase) > len(text) {
		return ""
	}
	return text[i : i+len(phrase)]
}

// agentName: the names an agent goes by in its own transcripts and summaries.
var agentName = map[string]bool{"claude": true, "codex": true}

// identify names the kind and identity of a phrase that introduces reported speech;
// orig is the phrase as written (for telling a name from a common noun), "" when a
// name is not acceptable here.
func identify(who, orig string) (kind, id string) {
	who = strings.TrimSpace(strings.Trim(who, "\"'`*-–— "))
	if who == "" {
		return "", ""
	}
	ws := strings.Fields(who)
	if len(ws) > 5 || strings.ContainsAny(who, "_`=/") {
		return "", "" // a clause, an identifier: not a name for someone
	}
	last := strings.TrimSuffix(strings.TrimSuffix(ws[len(ws)-1], "'s"), "’s") // (Claude's, the agent's)
	switch {
	case last == "i" || last == "we" || who == "i" || agentName[last] || strings.HasSuffix(who, "the assistant") || strings.HasSuffix(who, "the agent"):
		if last == "we" {
			return "", "" // "we" is both parties
		}
		return "assistant", "assistant"
	case last == "user" || last == "you" || strings.HasSuffix(who, "the user"):
		return "user", "user"
	}
	for _, w := range docWords {
		if strings.Contains(who, w) {
			return "doc", normWho(who)
		}
	}
	for _, w := range teamWords {
		if containsWord(who, w) {
			return "team", normWho(teamPhrase(ws, w))
		}
	}
	for _, w := range ciWords {
		if containsWord(who, w) {
			return "ci", normWho(who)
		}
	}
	if len(ws) <= 3 && properName(orig) || namedFromGroup(ws, orig) {
		return "person", normWho(who)
	}
	return "", ""
}

// teamPhrase is the noun phrase that ends at the team word: the word and at most two
// words before it, back to a function word ("stays soft because the reviewer" is the
// reviewer; "the data platform team" is the data platform team).
func teamPhrase(ws []string, team string) string {
	k := len(ws) - 1
	for k > 0 && !teamForm(ws[k], team) {
		k--
	}
	start := k
	for start > 0 && k-start < 2 && !stopWord(strings.Trim(ws[start-1], "'\"`,()")) {
		start--
	}
	end := k + 1
	for end < len(ws) && end-k <= 2 && partyNoun(strings.Trim(ws[end], "'\"`,():")) {
		end++ // "the support agent", "the platform team lead"
	}
	return strings.Join(ws[start:end], " ") // ("the glazing team just wrote": not "just")
}

// partyNoun: a word that names someone of a team, after the team's word ("support
// agent", "team lead").
func partyNoun(w string) bool {
	for _, t := range teamWords {
		if isTeamWord(w, t) {
			return true
		}
	}
	switch strings.TrimSuffix(w, "s") {
	case "agent", "engineer", "member", "rep", "representative", "staff", "people", "folk", "person", "contact":
		return true
	}
	return false
}

// teamForm: w, trimmed of quotes and brackets, is the team word in any of its forms
// (plural, possessive with either apostrophe).
func teamForm(w, team string) bool {
	w = strings.Trim(w, "'\"`,()")
	return isTeamWord(w, team) || w == team+"’s"
}

// isTeamWord: w is the team word, its plural or its possessive, as written.
func isTeamWord(w, team string) bool { return w == team || w == team+"s" || w == team+"'s" }

// namedFromGroup: a name and where they are from ("Ilse from data platform", "Ravi on
// payments"): the words before the preposition are a proper name.
func namedFromGroup(ws []string, orig string) bool {
	ow := strings.Fields(orig)
	for k, w := range ws {
		if k == 0 || k >= len(ow) || k > 2 {
			continue
		}
		switch w {
		case "from", "of", "on", "at", "in":
			return k < len(ws)-1 && properName(strings.Join(ow[:k], " "))
		}
	}
	return false
}

// properName: every word is capitalised, no word is a function word, a common
// sentence opener or a common word of the work ("Root cause", "The fix", "Push
// rejected" are not names).
func properName(orig string) bool {
	ws := strings.Fields(strings.Trim(orig, "\"'`*-–—,:() "))
	if len(ws) == 0 || len(ws) > 3 {
		return false
	}
	for _, w := range ws {
		w = strings.Trim(w, ".,'’")
		if w == "" || !isUpperByte(w[0]) || stopWord(strings.ToLower(w)) || commonOpener[strings.ToLower(w)] || commonWord[strings.ToLower(w)] || len(w) > 1 && strings.ToUpper(w) == w {
			return false // an acronym (IP, CI, PR) names a thing, not a person
		}
	}
	return true
}

// commonOpener are capitalised words that open sentences far more often than they name someone.
var commonOpener = map[string]bool{"root": true, "cause": true, "fix": true, "result": true, "results": true, "note": true, "update": true,
	"status": true, "plan": true, "summary": true, "error": true, "issue": true, "test": true, "tests": true, "build": true, "review": true,
	"user": true, "users": true, "assistant": true, "agent": true, "everyone": true, "nobody": true, "someone": true, "cutover": true, "host": true,
	"nothing": true, "none": true, "everything": true, "something": true, "anything": true, "both": true, "neither": true, "either": true}

func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		if boundary(s, j-1) && boundary(s, j+len(w)) {
			return true
		}
		i = j + 1
	}
}

func boundary(s string, i int) bool {
	return i < 0 || i >= len(s) || !(isLetter(s[i]) || isDigit(s[i]))
}

// normWho is an identity: the phrase without articles and possessives.
func normWho(who string) string {
	var out []string
	for _, w := range strings.Fields(who) {
		w = strings.Trim(w, "'\"`,()")
		w = strings.TrimSuffix(w, "'s")
		if w == "the" || w == "a" || w == "an" || w == "our" || w == "their" || w == "from" || w == "of" || w == "by" || w == "at" || w == "in" || w == "and" {
			continue
		}
		out = append(out, w)
	}
	return strings.Join(out, " ")
}
