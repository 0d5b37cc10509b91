package perturb

import (
	"regexp"
	"strings"
)

// orderWords mark a line or sentence whose place in a sequence carries meaning.
var orderWords = regexp.MustCompile(`(?i)\b(then|first|firstly|second|third|finally|afterwards|after that|next|later|earlier|again|now|still|instead|before|previously|initially|eventually|step|just|already|yet|had|so|because|therefore)\b`)

// leansBack reports whether s starts with a word that refers to what came before.
func leansBack(s string) bool {
	s = strings.TrimLeft(s, "*_\"' ")
	w := strings.ToLower(strings.TrimRight(strings.SplitN(s, " ", 2)[0], ",.:;"))
	return contains(lists.lines["anaphora"], w)
}

// bulletReorder swaps two neighbouring sibling bullets ("- " or "* ", same indent, no
// children) outside the chronological sections (the analysis, the user's messages).
func bulletReorder(d *doc) []site {
	var out []site
	for i := 0; i+1 < len(d.lines); i++ {
		a, b := d.lines[i], d.lines[i+1]
		if !sibling(a, b) || a.section == "analysis" || a.section == "user" || i+2 < len(d.lines) && len(d.lines[i+2].indent) > len(b.indent) && d.lines[i+2].prose() {
			continue
		}
		ta, tb := d.text[a.body:a.end], d.text[b.body:b.end]
		if orderWords.MatchString(ta) || orderWords.MatchString(tb) || leansBack(ta) || leansBack(tb) || strings.HasSuffix(ta, ":") || strings.HasSuffix(tb, ":") {
			continue
		}
		repl := d.text[b.start:b.end] + "\n" + d.text[a.start:a.end]
		out = append(out, site{start: a.start, end: b.end, repl: repl, multiLine: true, note: "swap bullets"})
	}
	return out
}

func sibling(a, b line) bool {
	return a.prose() && b.prose() && a.indent == b.indent && a.marker == b.marker && (a.marker == "- " || a.marker == "* ") && a.section == b.section
}

// sentenceReorder swaps two neighbouring sentences of one line when neither leans on
// the other (no opening pronoun or connective, no sequence word) and both end with
// their own full stop.
func sentenceReorder(d *doc) []site {
	var out []site
	for _, l := range d.proseLines() {
		ss := sentences(d.text, l.body, l.end)
		for i := 0; i+1 < len(ss); i++ {
			a, b := d.text[ss[i][0]:ss[i][1]], d.text[ss[i+1][0]:ss[i+1][1]]
			if i == 0 && strings.HasPrefix(a, "**") || !selfContained(a) || !selfContained(b) {
				continue
			}
			out = append(out, site{start: ss[i][0], end: ss[i+1][1], repl: b + " " + a, note: "swap sentences"})
		}
	}
	return out
}

func selfContained(s string) bool {
	if len(strings.Fields(s)) < 4 || !strings.HasSuffix(s, ".") || leansBack(s) || orderWords.MatchString(s) {
		return false
	}
	if !subjectFirst(strings.Fields(s)[0]) {
		return false
	}
	head := strings.ToLower(strings.Join(strings.Fields(s)[:min(4, len(strings.Fields(s)))], " "))
	for _, p := range []string{" it ", " this ", " that ", " they ", " these ", " those ", " them "} {
		if strings.Contains(" "+head+" ", p) {
			return false
		}
	}
	if narrative.MatchString(s) {
		return false
	}
	return strings.Count(s, "`")%2 == 0 && strings.Count(s, `"`)%2 == 0 && strings.Count(s, "**")%2 == 0
}

// subjectFirst reports whether a sentence's first word is its subject: a word of
// sentence-starters.txt, or a capitalised word or a code name that is not a verb form
// of verbs.txt, an -ly adverb or a negation ("Fixed by …", "Temporarily …", "Not …").
func subjectFirst(w string) bool {
	lw := strings.ToLower(strings.Trim(w, "*_\"',:"))
	if contains(lists.lines["sentence-starters"], lw) {
		return true
	}
	if w == "" || !(w[0] == '`' || w[0] >= 'A' && w[0] <= 'Z') || strings.HasSuffix(lw, "ly") || lw == "not" || lw == "no" {
		return false
	}
	_, isVerb := lists.verbs.lemma[lw]
	return !isVerb
}

// narrative marks a sentence that tells what someone did: its place is its time.
var narrative = regexp.MustCompile(`(?i)\b(i|we|user|was|were|did|asked|said|wanted|requested|decided)\b`)

var boldRe = regexp.MustCompile(`\*\*([^*\n]+)\*\*`)

// markdownFormat changes presentation only: bold removed from a phrase, backticks
// removed from a name, the bullet marker changed, or a blank doubled between words.
func markdownFormat(d *doc) []site {
	var out []site
	for _, l := range d.proseLines() {
		line := d.text[l.body:l.end]
		var cands []site
		for _, m := range boldRe.FindAllStringSubmatchIndex(line, -1) {
			cands = append(cands, site{start: l.body + m[0], end: l.body + m[1], repl: line[m[2]:m[3]], note: "drop bold"})
		}
		for _, c := range d.code {
			if c[0] >= l.body && c[1] <= l.end && !strings.ContainsAny(d.text[c[0]+1:c[1]-1], " *_") && c[1]-c[0] > 3 {
				cands = append(cands, site{start: c[0], end: c[1], repl: d.text[c[0]+1 : c[1]-1], note: "drop backticks"})
			}
		}
		if l.marker == "- " {
			cands = append(cands, site{start: l.body - 2, end: l.body, repl: "* ", note: "bullet marker", multiLine: true})
		}
		if i := strings.Index(line, " "); i > 0 && !d.inCode(l.body+i, l.body+i+1) {
			cands = append(cands, site{start: l.body + i, end: l.body + i + 1, repl: "  ", note: "double blank"})
		}
		if len(cands) > 0 {
			out = append(out, cands[pick(d, l.start, len(cands))])
		}
	}
	return out
}
