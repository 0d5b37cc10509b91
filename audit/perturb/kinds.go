package perturb

import (
	"hash/fnv"
	"strings"
)

var mut = []string{Mutation}

// planted are the kinds that plant a defect, with the family an audit must report.
var planted = []Kind{
	{Name: "number-swap", Families: mut, Doc: "a number in prose changed (digits transposed, nudged, doubled or halved)", find: numberSwap},
	{Name: "unit-swap", Families: mut, Doc: "a quantity's unit moved within its family (ms to s, MB to GB) while the number stays", find: unitSwap},
	{Name: "date-swap", Families: mut, Doc: "a date, weekday, month or clock time changed", find: dateSwap},
	{Name: "time-zone-swap", Families: mut, Doc: "a time's zone replaced by one with another offset", find: zoneSwap},
	{Name: "id-swap", Families: mut, Doc: "an identifier changed: leading zeros dropped, one character of a hash changed, a ticket or PR number changed", allowCode: true, find: idSwap},
	{Name: "path-swap", Families: mut, Doc: "a path segment, file name or extension changed", allowCode: true, find: pathSwap},
	{Name: "version-precision", Families: mut, Doc: "a version lost its last component (1.4.2 to 1.4, v18.2 to v18)", find: versionPrecision},
	{Name: "entity-swap", Families: mut, Doc: "a named product, person or team replaced by another of its kind", find: entitySwap},
	{Name: "negation-drop", Families: mut, Doc: "a negated statement made positive", find: ruleFinder("negation-drop")},
	{Name: "negation-add", Families: mut, Doc: "a positive statement negated", find: ruleFinder("negation-add")},
	{Name: "modality-weaken", Families: mut, Doc: "an obligation or prohibition weakened (must to should, never to try to avoid)", find: ruleFinder("modality-weaken")},
	{Name: "qualifier-drop", Families: mut, Doc: "a qualifying clause or word removed (only, until, unless, except, before, at most)", find: qualifierDrop},
	{Name: "bound-change", Families: mut, Doc: "a bound turned around (at most to at least, < to <=, inclusive to exclusive)", find: ruleFinder("bound-change")},
	{Name: "hedge-remove", Families: []string{EpistemicCollapse}, Doc: "a hedged claim stated flat (probably X, X seems to, might be)", find: ruleFinder("hedge-remove")},
	{Name: "status-flip", Families: []string{EpistemicCollapse}, Doc: "open work recorded as done, a failure as a success, a rejected option as chosen", find: ruleFinder("status-flip")},
	{Name: "attribution-swap", Families: []string{ProvenanceLoss}, Doc: "a claim credited to someone else (the user's request to the assistant, one person, team or document to another)", find: attributionSwap},
	{Name: "invented-event", Families: []string{Addition}, Doc: "a bullet about an event no source reports", find: inventFinder("invented-event")},
	{Name: "invented-result", Families: []string{Addition}, Doc: "a bullet claiming a result no source reports", find: inventFinder("invented-result")},
	{Name: "invented-decision", Families: []string{Addition}, Doc: "a bullet recording a decision nobody made", find: inventFinder("invented-decision")},
}

// traps are meaning-preserving rewrites: nothing at warning or above may be reported.
var traps = []Kind{
	{Name: "number-format", Trap: true, Doc: "a number's thousands separators added or removed (5,000 and 5000), or 1500 written 1.5k", find: numberFormat},
	{Name: "unit-convert", Trap: true, Doc: "a quantity written in another unit of its family with the number converted (45 s and 0.75 min)", find: unitConvert},
	{Name: "date-format", Trap: true, Doc: "a date written in another format (2026-05-29 and May 29, 2026)", find: dateFormat},
	{Name: "bullet-reorder", Trap: true, Doc: "two neighbouring sibling bullets swapped", find: bulletReorder},
	{Name: "sentence-reorder", Trap: true, Doc: "two neighbouring self-contained sentences of one line swapped", find: sentenceReorder},
	{Name: "contraction", Trap: true, Doc: "words contracted or spelled out (do not and don't, it is and it's)", find: wordsOnly(ruleFinder("contraction"))},
	{Name: "version-prefix", Trap: true, Doc: "a version's v prefix added or dropped (v18.2 and 18.2)", find: versionPrefix},
	{Name: "heading-reword", Trap: true, Doc: "a section heading worded differently", find: wordsOnly(ruleFinder("heading-reword"))},
	{Name: "markdown-format", Trap: true, allowCode: true, Doc: "emphasis, bullet marker or spacing changed", find: markdownFormat},
	{Name: "synonym", Trap: true, Doc: "a word replaced by a synonym from the suite's own list", find: wordsOnly(ruleFinder("synonym"))},
}

// wordsOnly keeps a meaning-preserving rewrite out of names: a site glued to a path's
// or an identifier's joiner ("the entire/sessions branch", "max_retries") is part of a
// name, and rewriting it changes the name, which is no trap.
func wordsOnly(find func(d *doc) []site) func(d *doc) []site {
	return func(d *doc) []site {
		var out []site
		for _, s := range find(d) {
			if !glued(d.text, s.start, s.end) {
				out = append(out, s)
			}
		}
		return out
	}
}

// glued: text[a:b] runs on into a word through a joiner (/ _ . -) on either side.
func glued(text string, a, b int) bool {
	joiner := func(c byte) bool { return c == '/' || c == '_' || c == '.' || c == '-' }
	return b+1 < len(text) && joiner(text[b]) && isWord(rune(text[b+1])) || a >= 2 && joiner(text[a-1]) && isWord(rune(text[a-2]))
}

// ruleFinder finds the sites of a phrase list on every prose line (heading lines for
// heads-only rules).
func ruleFinder(file string) func(d *doc) []site {
	return func(d *doc) []site {
		var out []site
		for _, r := range lists.rules[file] {
			for _, l := range d.lines {
				if l.fence || l.boiler || l.head != r.headsOnly || l.end <= l.body && !l.head {
					continue
				}
				if r.headsOnly {
					l.body = l.start
				}
				for _, s := range r.sites(d, l) {
					if condSensitive[file] && inCondition(d.text, l.body, s.start) {
						continue
					}
					s.head = r.headsOnly
					out = append(out, s)
				}
			}
		}
		return dedupe(out)
	}
}

// condSensitive lists the phrase lists whose changes inside a conditional clause
// ("skipped when compilation fails") would alter a condition rather than a claim.
var condSensitive = map[string]bool{"negation-drop": true, "negation-add": true, "status-flip": true, "hedge-remove": true}

// dedupe keeps the first site of any that overlap (lists put longer patterns first).
func dedupe(in []site) []site {
	var out []site
	for _, s := range in {
		clash := false
		for _, o := range out {
			if s.start < o.end && s.end > o.start || s.start == o.start {
				clash = true
				break
			}
		}
		if !clash {
			out = append(out, s)
		}
	}
	return out
}

// pick returns a number in [0,n) fixed by the text and offset: finders use it to vary
// the change they make at a site without depending on the seed.
func pick(d *doc, off, n int) int {
	if n <= 1 {
		return 0
	}
	h := fnv.New32a()
	h.Write([]byte(d.name))
	h.Write([]byte{byte(off), byte(off >> 8), byte(off >> 16)})
	return int(h.Sum32() % uint32(n))
}

// namesIn reports whether text names s as a whole word (case-sensitive).
func namesIn(text, s string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], s)
		if j < 0 {
			return false
		}
		a, b := i+j, i+j+len(s)
		if (a == 0 || !isWord(rune(text[a-1]))) && (b == len(text) || !isWord(rune(text[b]))) {
			return true
		}
		i = b
	}
}
