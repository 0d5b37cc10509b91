package perturb

import (
	"regexp"
	"sort"
	"strings"
)

var (
	zerosRe  = regexp.MustCompile(`\b([A-Z][A-Z0-9]*-)?(0+)([1-9]\d*)\b`)
	hexRe    = regexp.MustCompile(`\b[0-9a-f]{7,64}\b`)
	ticketRe = regexp.MustCompile(`(#|\b[A-Z][A-Z0-9]{1,9}-|\b(?:PR|pull|issues?|comments?|pid|ticket|build|run|job|batch|migration)[ /#]{1,2})(\d{2,12})\b|\b(\d{6,12})\b`)
)

// idLike returns the id matches of re on every prose line, inline code included.
func idMatches(d *doc, re *regexp.Regexp) [][]int {
	var out [][]int
	for _, l := range d.lines {
		if l.fence || l.boiler || l.head {
			continue
		}
		for _, m := range re.FindAllStringSubmatchIndex(d.text[l.body:l.end], -1) {
			for i := range m {
				if m[i] >= 0 {
					m[i] += l.body
				}
			}
			out = append(out, m)
		}
	}
	return out
}

func idSwap(d *doc) []site {
	var out []site
	for _, m := range idMatches(d, zerosRe) {
		a := m[0]
		if m[2] < 0 && a > 0 && strings.ContainsRune(":-.,", rune(d.text[a-1])) || m[1] < len(d.text) && strings.ContainsRune(":.", rune(d.text[m[1]])) && m[1]+1 < len(d.text) && isWord(rune(d.text[m[1]+1])) {
			continue
		}
		if m[2] < 0 && m[1]-m[0] < 3 {
			continue // "05" alone is a date or time part, not an id
		}
		out = append(out, site{start: m[4], end: m[5], repl: "", note: "leading zeros"})
	}
	for _, m := range idMatches(d, hexRe) {
		tok := d.text[m[0]:m[1]]
		if !strings.ContainsAny(tok, "abcdef") || !strings.ContainsAny(tok, "0123456789") || m[0] > 0 && strings.ContainsRune("-_.", rune(d.text[m[0]-1])) {
			continue
		}
		i := len(tok)/2 - 1 + pick(d, m[0], 3)
		out = append(out, site{start: m[0] + i, end: m[0] + i + 1, repl: string(otherHex(tok[i], pick(d, m[0]+1, 5))), note: "hash character"})
	}
	for _, m := range idMatches(d, ticketRe) {
		ga, gb := m[4], m[5]
		if ga < 0 {
			ga, gb = m[6], m[7]
			if ga > 0 && strings.ContainsRune("-_.,:", rune(d.text[ga-1])) {
				continue
			}
		}
		digits := d.text[ga:gb]
		i := len(digits) - 1 - pick(d, ga, min(2, len(digits)-1))
		c := byte('0' + (int(digits[i]-'0')+1+pick(d, ga+1, 8))%10)
		if i == 0 && c == '0' {
			c = '9'
		}
		out = append(out, site{start: ga + i, end: ga + i + 1, repl: string(c), note: "ticket number"})
	}
	return dedupe(out)
}

// otherHex returns another hex character of the same class (digit or letter).
func otherHex(c byte, h int) byte {
	if c >= '0' && c <= '9' {
		return '0' + byte((int(c-'0')+1+h)%10)
	}
	return 'a' + byte((int(c-'a')+1+h%5)%6)
}

var (
	pathRe = regexp.MustCompile(`[A-Za-z0-9_.~@:+-]*/[A-Za-z0-9_.@/+-]*|\b[A-Za-z0-9_-]+\.[a-z]{1,5}\b`)
	fileRe = regexp.MustCompile(`^[A-Za-z0-9_-]*[a-z_][A-Za-z0-9_-]*\.(go|md|mdx|rst|yaml|yml|json|jsonc|ts|tsx|js|mjs|cjs|py|pyi|rs|toml|txt|sh|bash|sql|png|jpg|webp|exr|lock|mod|sum|cfg|ini|conf|html|css|rb|java|kt|tf|lua|c|h|cpp|tscn|gd|xml|csv)$`)
)

func pathSwap(d *doc) []site {
	var out []site
	for _, m := range idMatches(d, pathRe) {
		tok := strings.TrimRight(d.text[m[0]:m[1]], ".,:")
		if !isPath(tok) {
			continue
		}
		cands := pathVariants(tok)
		if len(cands) == 0 {
			continue
		}
		out = append(out, site{start: m[0], end: m[0] + len(tok), repl: cands[pick(d, m[0], len(cands))], note: "path"})
	}
	return out
}

func isPath(tok string) bool {
	if strings.HasPrefix(tok, "http") || strings.Contains(tok, "//") && !strings.Contains(tok, "://") {
		return false
	}
	if !strings.Contains(tok, "/") {
		return fileRe.MatchString(tok)
	}
	segs := strings.Split(strings.Trim(tok, "/"), "/")
	if len(segs) < 2 && !strings.HasSuffix(tok, "/") {
		return false
	}
	last := segs[len(segs)-1]
	return strings.ContainsAny(tok[:1], "./~") || strings.HasSuffix(tok, "/") || strings.Contains(last, ".") || len(segs) >= 3 && strings.ContainsAny(tok, "_-0123456789")
}

// pathVariants lists the changed paths a path-swap may write: an extension, a
// directory or a file stem traded for another of its group in paths.txt (a directory
// made plural or singular among them), a Go file's _test suffix toggled.
func pathVariants(tok string) []string {
	var out []string
	segs := strings.Split(tok, "/")
	for i, seg := range segs {
		stem, ext, hasExt := strings.Cut(seg, ".")
		swap := func(newSeg string) {
			c := append([]string{}, segs...)
			c[i] = newSeg
			out = append(out, strings.Join(c, "/"))
		}
		if hasExt && i == len(segs)-1 {
			for _, alt := range groupAlts("ext-", ext) {
				swap(stem + "." + alt)
			}
			for _, alt := range groupAlts("stem-", stem) {
				swap(alt + "." + ext)
			}
			if ext == "go" {
				if strings.HasSuffix(stem, "_test") {
					swap(strings.TrimSuffix(stem, "_test") + ".go")
				} else {
					swap(stem + "_test.go")
				}
			}
			continue
		}
		if seg == "" || seg == "." || seg == ".." || seg == "~" || strings.Contains(seg, ":") {
			continue
		}
		for _, alt := range groupAlts("dir-", seg) {
			swap(alt)
		}
		for _, alt := range groupAlts("plural-", seg) {
			swap(alt)
		}
	}
	return out
}

// groupAlts returns the other members of the paths.txt group (name starting with
// prefix) that holds item.
func groupAlts(prefix, item string) []string {
	var out []string
	for _, g := range lists.order["paths"] {
		if !strings.HasPrefix(g, prefix) {
			continue
		}
		members := lists.groups["paths"][g]
		if !contains(members, item) {
			continue
		}
		for _, m := range members {
			if m != item {
				out = append(out, m)
			}
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// entityMatch is one named entity in the text.
type entityMatch struct {
	start, end int
	name       string
	group      string
}

// entities finds the names of entities.txt in prose (longer names first, no overlaps),
// not glued to a path or identifier.
func entities(d *doc, groups ...string) []entityMatch {
	if len(groups) == 0 {
		groups = lists.order["entities"]
	}
	type cand struct{ name, group string }
	var names []cand
	for _, g := range groups {
		for _, n := range lists.groups["entities"][g] {
			names = append(names, cand{n, g})
		}
	}
	sort.SliceStable(names, func(i, j int) bool { return len(names[i].name) > len(names[j].name) })
	var out []entityMatch
	taken := func(a, b int) bool {
		for _, e := range out {
			if a < e.end && b > e.start {
				return true
			}
		}
		return false
	}
	for _, c := range names {
		if !strings.Contains(d.text, c.name) {
			continue
		}
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(c.name) + `\b`)
		for _, m := range lineMatches(d, re) {
			a, b := m[0], m[1]
			if a > 0 && strings.ContainsRune("/.@", rune(d.text[a-1])) || b < len(d.text) && strings.ContainsRune("/.-", rune(d.text[b])) && b+1 < len(d.text) && isWord(rune(d.text[b+1])) || taken(a, b) {
				continue
			}
			out = append(out, entityMatch{a, b, c.name, c.group})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// replacement picks a member of e's group the text never names.
func replacement(d *doc, e entityMatch) string {
	var cands []string
	for _, n := range lists.groups["entities"][e.group] {
		if n != e.name && !namesIn(d.text, n) && !strings.Contains(n, e.name) && !strings.Contains(e.name, n) {
			cands = append(cands, n)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	return cands[pick(d, e.start, len(cands))]
}

func entitySwap(d *doc) []site {
	var out []site
	for _, e := range entities(d) {
		if r := replacement(d, e); r != "" {
			out = append(out, site{start: e.start, end: e.end, repl: r, note: e.group})
		}
	}
	return out
}

var (
	fromRe = regexp.MustCompile(`(?i)\b(feedback|comments?|review|reviews|suggestions?|report|notes?|request|message|input|sign-off|approval) from (the )?$`)
	byRe   = regexp.MustCompile(`(?i)\b(flagged|reported|suggested|raised|requested|rejected|approved|reviewed|proposed|found|noted) by (the )?$`)
)

// spoken reports whether e is cited as the source of a claim: followed by a speech verb,
// or after "per", "according to", "feedback from", "flagged by".
func spoken(d *doc, e entityMatch, prev string) bool {
	before := d.text[max(0, e.start-40):e.start]
	return speechRe.MatchString(d.text[e.end:min(len(d.text), e.end+20)]) || prev == "per" ||
		strings.HasSuffix(strings.ToLower(before), "according to ") || strings.HasSuffix(strings.ToLower(before), "according to the ") ||
		fromRe.MatchString(before) || byRe.MatchString(before)
}

// speechVerbs follow a speaker whose words a summary reports.
var speechRe = regexp.MustCompile(`^\s*(said|says|suggested|suggests|reported|reports|flagged|flags|noted|notes|recommended|recommends|asked|wants|wanted|approved|requested|confirmed|pointed|raised|commented|found)\b`)

// attributionSwap credits a claim to someone else: the user's words to the assistant
// and back (attribution-swap.txt), or a named speaker (a person, team or review bot
// followed by a speech verb, or after "per", "according to", "from", "by") to another.
func attributionSwap(d *doc) []site {
	out := ruleFinder("attribution-swap")(d)
	for _, e := range entities(d, "people", "teams", "review-bots", "dependency-bots", "dashboards") {
		prev := strings.ToLower(prevWord(d.text, e.start))
		if strings.HasPrefix(strings.ToLower(d.text[max(0, e.start-4):e.start]), "the ") {
			prev = strings.ToLower(prevWord(d.text, e.start-4))
		}
		if !spoken(d, e, prev) {
			continue
		}
		if r := replacement(d, e); r != "" {
			out = append(out, site{start: e.start, end: e.end, repl: r, note: "speaker " + e.group, families: []string{ProvenanceLoss, Mutation}})
		}
	}
	return dedupe(sortSites(out))
}
