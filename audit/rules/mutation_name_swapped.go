package rules

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A named thing (a product, a library, a service, a team) replaced by another name in
// the same slot of the same claim: the rest of the sentence is kept, the name is not,
// and the new name occurs nowhere in the round's sources.
var _ = rule.Register(&rule.Rule{
	ID:       "mutation/name-swapped",
	Doc:      "The summary keeps the source's claim but puts another name in it (a product, library, service or team the sources never mention), in the slot the source's name held.",
	Stage:    rule.StagePair,
	Anchored: true,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if f.Act == classify.ActQuestion {
			return rule.Hit{}, false
		}
		a, b := nameWords(f.Text), nameWords(g.Text)
		gaps := wordGaps(a, b)
		if p.Match.Cover < 0.4 && !(len(gaps) == 1 && onlyGap(a, b, gaps[0])) {
			return rule.Hit{}, false // a short line whose one name changed covers little of it
		}
		for _, gap := range gaps {
			old, repl := a[gap.a0:gap.a1], b[gap.b0:gap.b1]
			if !nameSlot(r, f, g, old, repl, beforeParty(a, b, gap)) {
				continue
			}
			o, n := joinWords(old), joinWords(repl)
			return rule.NewHit(p.Src, p.Sum, 0.85, "the summary names "+quote(n)+" where the source has "+quote(o),
				rule.Slot{Name: "name", Source: o, Summary: n}), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The nightly export is uploaded to Backblaze with the rclone sync job."}, Summary: "The nightly export is uploaded to Wasabi with the rclone sync job.", Fires: true},
		{Source: []string{"user: Route the alert pages through PagerDuty, not email."}, Summary: "User rule: route the alert pages through Opsgenie, not email.", Fires: true},
		{Source: []string{"assistant: Parsing moved to serde-json in the ingest crate."}, Summary: "Parsing moved to simd-json in the ingest crate.", Fires: true},
		{Source: []string{"assistant: The nightly export is uploaded to Backblaze with the rclone sync job."}, Summary: "The nightly export goes to Backblaze through the rclone sync job.", Fires: false},
		{Source: []string{"assistant: The nightly export is uploaded to Backblaze with the rclone sync job."}, Summary: "The nightly export is uploaded quickly to Backblaze with the rclone sync job.", Fires: false},
		{Source: []string{"assistant: Tile rendering uses Mapnik on the worker pool.", "assistant: The API uses Flask behind nginx."}, Summary: "Tile rendering uses Flask on the worker pool.", Fires: false},
		{Source: []string{"assistant: The reports are built with PostgreSQL views."}, Summary: "The reports are built with Postgres views.", Fires: false},
		{Source: []string{"assistant: Current State: the importer is fixed."}, Summary: "Where Things Stand: the importer is fixed.", Fires: false},
		// German capitalises every noun: a capital names nothing there, inner capitals do
		{Source: []string{"user: Der Sauerteig ruht im Kühlraum mindestens zwölf Stunden, und erst dann wird der Ofen in der Bäckerei angeheizt, nicht vorher."}, Summary: "Vorgabe: Der Sauerteig ruht im Kühlraum mindestens zwölf Stunden, und erst dann wird der Ofen in der Backstube angeheizt, nicht vorher.", Fires: false},
		{Source: []string{"assistant: Die Bestellungen der Filialen laufen über den GitLab-Runner auf dem Lagerserver."}, Summary: "Die Bestellungen der Filialen laufen über den CircleCI-Runner auf dem Lagerserver.", Fires: true},
		// a title-case label is no name
		{Source: []string{"assistant: Review bots:", "assistant: Copilot: the retry loop in `upload()` never backs off."}, Summary: "Review bots:\n- Sourcery: the retry loop in `upload()` never backs off.", Fires: true},
		{Source: []string{"assistant: No more dead code using the buggy `store.Put()`.", "assistant: The reader is still using `store.Get()` for now."}, Summary: "**Dead Code Identification**: The old `Flush()` function using `store.Put()` was identified as dead code with no callers.", Fires: false},
		{Source: []string{"assistant: The invoices table holds 4,200 rows."}, Summary: "The invoices table holds 4,300 rows.", Fires: false},
		{Source: []string{"user: Ship the schema change once the billing team has signed off."}, Summary: "Ship the schema change once the growth team has signed off.", Fires: true},
		{Source: []string{"assistant: Dependencies:", "assistant: - zerolog for structured logs"}, Summary: "- slog-json for structured logs", Fires: true},
		{Source: []string{"user: Ship the schema change once the billing team has signed off."}, Summary: "Ship the schema change once the billing team has approved it.", Fires: false},
	},
})

// nameWord is one word of a fact's text: its surface form, its stems, and whether it
// opens a sentence.
type nameWord struct {
	raw   string
	terms []string
	first bool
	// label: the word is part of a title-case heading ("**Dead Code Identification**:")
	label bool
}

// nameWordsOf splits text into words, trimmed of punctuation and Markdown marks.
func nameWordsOf(text string) []nameWord {
	var out []nameWord
	first := true
	fields := strings.Fields(text)
	label := titleLabel(fields)
	for k, w := range fields {
		t := strings.Trim(w, ",.;:!?\"'`*()[]{}<>“”‘’")
		if t != "" && t != "-" {
			out = append(out, nameWord{raw: t, terms: classify.ContentWords(t), first: first, label: k < label})
		}
		first = t == "" || strings.ContainsAny(w[len(w)-1:], ".:!?") || w == "-"
	}
	return out
}

// titleLabel is the number of leading words that form a title-case label of two or
// more words ending in a colon ("**Dead Code Identification**:", "Current State:"): a
// heading's capitals name nothing. 0 when the text opens with none.
func titleLabel(fields []string) int {
	for k, w := range fields {
		if k >= 6 {
			return 0
		}
		t := strings.Trim(w, "*_#-•")
		if t == "" {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(t); !unicode.IsUpper(r) && !isSmallWord(t) {
			return 0
		}
		if strings.HasSuffix(strings.TrimRight(w, "*_"), ":") {
			if k == 0 {
				return 0 // one word and a colon names a speaker or a tool ("Copilot:"), not a heading
			}
			return k + 1
		}
	}
	return 0
}

// isSmallWord: a short function word a title leaves in lower case ("Root Cause of the Bug").
func isSmallWord(w string) bool {
	switch strings.ToLower(strings.TrimRight(w, ":*_")) {
	case "of", "the", "a", "an", "and", "or", "for", "to", "in", "on", "vs", "with", "about":
		return true
	}
	return false
}

func (w nameWord) key() string { return strings.ToLower(w.raw) }

// gap is a stretch of words the two sides do not share, between shared words.
type gap struct{ a0, a1, b0, b1 int }

// wordGaps aligns two word lists by their longest common subsequence (case-folded) and
// returns the stretches replaced on both sides: between two shared words, or at an end
// next to a shared content word or after two of them.
func wordGaps(a, b []nameWord) []gap {
	n, m := len(a), len(b)
	if n == 0 || m == 0 || n > 80 || m > 80 {
		return nil
	}
	lcs := lcsTable(a, b)
	var out []gap
	pi, pj, leftContent, shared := 0, 0, false, 0
	for i, j := 0, 0; ; {
		end := i >= n || j >= m
		if end || a[i].key() == b[j].key() {
			if end {
				i, j = n, m
			}
			if i > pi && j > pj && (pi > 0 && !end || leftContent || rightContent(a, b, i, j) || shared >= 2) {
				out = append(out, gap{pi, i, pj, j})
			}
			if end {
				return out
			}
			leftContent = len(a[i].terms) > 0
			if leftContent {
				shared++
			}
			i, j = i+1, j+1
			pi, pj = i, j
			continue
		}
		if lcs[i+1][j] >= lcs[i][j+1] {
			i++
		} else {
			j++
		}
	}
}

// lcsTable is the longest-common-subsequence table of two word lists (case-folded).
func lcsTable(a, b []nameWord) [][]int {
	n, m := len(a), len(b)
	lcs := make([][]int, n+1)
	for i := range lcs {
		lcs[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i].key() == b[j].key() {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	return lcs
}

// rightContent: a shared content word follows the gap ending at the shared words a[i]
// and b[j], at once or after a shared stopword ("X for terminal styling").
func rightContent(a, b []nameWord, i, j int) bool {
	if i >= len(a) {
		return false
	}
	return len(a[i].terms) > 0 || i+1 < len(a) && j+1 < len(b) && a[i+1].key() == b[j+1].key() && len(a[i+1].terms) > 0
}

// nameSlot: one side of the gap names something, the replacement's own words occur
// nowhere in the round's sources, the replaced name nowhere in the summary
// (words both share, "json" of "serde-json" and "simd-json", are not the swap),
// neither is a value, and the two are not spellings of one name.
func nameSlot(r *rule.Round, f, g *classify.Fact, old, repl []nameWord, party bool) bool {
	if len(old) == 0 || len(repl) == 0 || len(old) > 3 || len(repl) > 3 {
		return false
	}
	if !(party || anyNamed(r, old) || anyNamed(r, repl)) || valueWords(f, old) && valueWords(g, repl) {
		return false
	}
	oldT, newT := termSet(old), termSet(repl)
	if oldT == nil || newT == nil {
		return false
	}
	novel := 0
	for _, w := range repl {
		if r.Terms[w.terms[0]] {
			return false // the word itself ("CircleCI"; its part "CI" may occur)
		}
	}
	for t := range newT {
		if !oldT[t] && !r.Terms[t] {
			novel++
		}
	}
	// the replaced name, as a phrase, is named fewer times in the summary than in the
	// sources ("Claude Code" may go while "Claude" and "code" stay elsewhere; a name
	// moved to another bullet is still there)
	name := lower(joinWords(old))
	gone := phraseCount(r.Sum, name) < phraseCount(r.Src, name)
	return novel > 0 && gone && !sameName(joinWords(old), joinWords(repl))
}

// onlyGap: the two word lists are the same but for this one stretch, with at least
// two words kept ("lipgloss for terminal styling", "go-git for terminal styling").
func onlyGap(a, b []nameWord, gp gap) bool {
	return len(a)-(gp.a1-gp.a0) == len(b)-(gp.b1-gp.b0) && len(a)-(gp.a1-gp.a0) >= 2 && gp.a1-gp.a0 <= 2 && gp.b1-gp.b0 <= 2
}

// beforeParty: both stretches name the same kind of party right after them ("the
// search team", "the payments team"): the stretch is that party's name.
func beforeParty(a, b []nameWord, gp gap) bool {
	if gp.a1 >= len(a) || gp.b1 >= len(b) || a[gp.a1].key() != b[gp.b1].key() {
		return false
	}
	switch a[gp.a1].key() {
	case "team", "squad", "group", "crew", "department", "org", "guild":
		return true
	}
	return false
}

// termSet is the stems of ws; nil when a word has none (a stopword in the gap) or is
// a cue of the claim's form ("never", "always", "maybe") or a party ("user", "team"):
// other rules judge those.
func termSet(ws []nameWord) map[string]bool {
	out := map[string]bool{}
	for _, w := range ws {
		if len(w.terms) == 0 || classify.CueWord(lower(w.raw)) || classify.PartyWord(lower(w.raw)) {
			return nil
		}
		for _, t := range w.terms {
			out[t] = true
		}
	}
	return out
}

// anyNamed: a word of ws is written as a name: capitalised inside a sentence, with
// inner capitals (CircleCI), or joined by a hyphen (serde-json); or, opening a
// sentence, capitalised and never written in lower case anywhere in the round.
//
// In a language that capitalises every noun (German), a capital says nothing: only
// inner capitals and hyphens name.
func anyNamed(r *rule.Round, ws []nameWord) bool {
	nouns := nounCapitals(r)
	for _, w := range ws {
		if nouns {
			if markedName(w.raw) {
				return true
			}
			continue
		}
		if namedWord(w) || w.first && !w.label && capitalisedOnly(r, w) {
			return true
		}
	}
	return false
}

// capitalisedOnly: w opens a sentence, is capitalised, is not a past or present
// participle ("Added", "Fixing": how a summary line starts), and its lower-case form
// occurs nowhere in the round's sources or summary.
func capitalisedOnly(r *rule.Round, w nameWord) bool {
	c, _ := utf8.DecodeRuneInString(w.raw)
	low := lower(w.raw)
	if !unicode.IsUpper(c) || len(w.raw) < 4 || strings.HasSuffix(low, "ed") || strings.HasSuffix(low, "ing") || !hasLetters(w.raw) {
		return false
	}
	if r.Text != nil && len(r.Text.Lookup([]byte(low), 1)) > 0 {
		// the index is lower-cased: look for the word as written in lower case
		for _, fs := range [][]classify.Fact{r.Src, r.Sum} {
			for k := range fs {
				if wordCount(fs[k].Text, low) > 0 {
					return false
				}
			}
		}
	}
	return true
}

func namedWord(w nameWord) bool {
	if markedName(w.raw) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(w.raw)
	return unicode.IsUpper(r) && !w.first && !w.label // (a heading's capitals name nothing)
}

// markedName: the word is written as a name whatever the language's capitals: inner
// capitals (GitHub, CircleCI, API) or a hyphen joining letters (serde-json).
func markedName(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	for _, c := range s[utf8.RuneLen(r):] {
		if unicode.IsUpper(c) {
			return true
		}
	}
	return strings.Contains(strings.Trim(s, "-"), "-") && hasLetters(s)
}

// nounCapitals: the round's conversation or its summary is written in a language
// that capitalises every noun (German), so a capital inside a sentence names nothing.
func nounCapitals(r *rule.Round) bool {
	return r.Memo("rules.nounCapitals", func() any {
		return proseLanguage(r.Src) == "de" || proseLanguage(r.Sum) == "de"
	}).(bool)
}

// proseLanguage is classify.Language of the first languageSample bytes of the facts'
// prose (code aside).
func proseLanguage(fs []classify.Fact) string {
	var b strings.Builder
	for i := range fs {
		if b.Len() >= languageSample {
			break
		}
		if !fs[i].Code && !classify.ToolSide(&fs[i]) {
			b.WriteString(fs[i].Text)
			b.WriteByte('\n')
		}
	}
	return classify.Language(b.String())
}

// languageSample caps the text read to guess a side's language.
const languageSample = 20000

func hasLetters(s string) bool {
	n := 0
	for _, c := range s {
		if unicode.IsLetter(c) {
			n++
		}
	}
	return n >= 2
}

// valueWords: a word holds a digit or is part of one of the fact's values (numbers,
// versions, ids, zones and units have rules of their own).
func valueWords(f *classify.Fact, ws []nameWord) bool {
	for _, w := range ws {
		if strings.ContainsAny(w.raw, "0123456789/") {
			return true
		}
		for _, t := range f.Tokens {
			// a digit-free id ("go-git") is a name here
			if t.Kind != classify.TokID && strings.Contains(t.Raw, w.raw) {
				return true
			}
		}
	}
	return false
}

// phraseCount is how often the facts name phrase (lower case), as whole words.
func phraseCount(fs []classify.Fact, phrase string) int {
	n := 0
	for k := range fs {
		n += wordCount(lower(fs[k].Text), phrase)
	}
	return n
}

// wordCount is how often s holds w with no letter or digit on either side.
func wordCount(s, w string) int {
	n := 0
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return n
		}
		j += i
		end := j + len(w)
		if (j == 0 || !isAlnum(s[j-1])) && (end == len(s) || !isAlnum(s[end])) {
			n++
		}
		i = j + 1
	}
}

func joinWords(ws []nameWord) string {
	parts := make([]string, len(ws))
	for i, w := range ws {
		parts[i] = w.raw
	}
	return strings.Join(parts, " ")
}

// sameName: one is a prefix or abbreviation of the other (Postgres, PostgreSQL; k8s,
// Kubernetes), so the summary respelled the name rather than swapped it.
func sameName(a, b string) bool {
	x, y := squash(a), squash(b)
	if x == "" || y == "" {
		return false
	}
	if strings.HasPrefix(x, y) || strings.HasPrefix(y, x) {
		return true
	}
	n := 0
	for n < len(x) && n < len(y) && x[n] == y[n] {
		n++
	}
	return n >= 5 || initials(a) == y || initials(b) == x
}

func squash(s string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(s) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func initials(s string) string {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(s, func(c rune) bool { return c == ' ' || c == '-' }) {
		r, _ := utf8.DecodeRuneInString(w)
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}

func quote(s string) string { return "\"" + s + "\"" }
