package perturb

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
)

// rule is one line of a phrase list: a pattern and what replaces it.
//
//	pattern => replacement [families=a,b] [skip-next=w|w] [skip-prev=w|w] [line-skip=w|w]
//	                           [only-prev=w|w] [skip-next-suffix=ing] [skip-prev-number=yes] [heads=only]
//	pattern <=> replacement      (both directions)
//
// A pattern is words matched case-insensitively at word edges (a space matches any run of
// blanks) and placeholders: {V} a verb of verbs.txt in its base form, {Vs} third person,
// {Ved} past, {Ven} participle, {Ving} -ing form, {N} a number, {W} a word. The
// replacement names the same placeholders; a verb placeholder there is the matched verb
// in that form. The first letter follows the case of the match's first letter.
type rule struct {
	src      string
	re       *regexp.Regexp
	slots    []string // placeholder of each capture group, in order
	repl     string
	families []string
	skipNext map[string]bool
	skipPrev map[string]bool
	skipLine []string
	onlyPrev map[string]bool
	// skipNextSuffix skips a match whose next word ends so ("without losing").
	skipNextSuffix string
	headsOnly      bool
	// skipNumPrev skips a match right after a number ("1 min 35 s" is no bound).
	skipNumPrev bool
	// literal is a lower-case word every match contains: lines without it are skipped.
	literal string
}

// condWords open a conditional clause: a change inside one alters a condition, not a claim.
var condWords = regexp.MustCompile(`(?i)\b(when|if|unless|whether|once|until|after|before)\b`)

var placeholder = regexp.MustCompile(`\{(V|Vs|Ved|Ven|Ving|N|W)\}`)

func parseRules(file, text string) ([]rule, error) {
	var out []rule
	for n, ln := range strings.Split(text, "\n") {
		ln = strings.TrimSpace(ln)
		if ln == "" || strings.HasPrefix(ln, "#") {
			continue
		}
		opts := ""
		if i := strings.Index(ln, " ["); i >= 0 {
			ln, opts = strings.TrimSpace(ln[:i]), ln[i:]
		}
		both := strings.Contains(ln, " <=> ")
		sep := " => "
		if both {
			sep = " <=> "
		}
		lhs, rhs, ok := strings.Cut(ln, sep)
		if !ok {
			return nil, fmt.Errorf("lists/%s:%d: want 'pattern => replacement'", file, n+1)
		}
		r, err := compileRule(lhs, rhs, opts)
		if err != nil {
			return nil, fmt.Errorf("lists/%s:%d: %v", file, n+1, err)
		}
		out = append(out, r)
		if both {
			r2, err := compileRule(rhs, lhs, opts)
			if err != nil {
				return nil, fmt.Errorf("lists/%s:%d: %v", file, n+1, err)
			}
			out = append(out, r2)
		}
	}
	return out, nil
}

func compileRule(lhs, rhs, opts string) (rule, error) {
	r := rule{src: lhs + " => " + rhs, repl: strings.TrimSpace(rhs)}
	for _, o := range regexp.MustCompile(`\[([a-z-]+)=([^\]]*)\]`).FindAllStringSubmatch(opts, -1) {
		vals := strings.Split(o[2], "|")
		switch o[1] {
		case "families":
			r.families = strings.Split(o[2], ",")
		case "skip-next":
			r.skipNext = set(vals)
		case "skip-prev":
			r.skipPrev = set(vals)
		case "line-skip":
			r.skipLine = vals
		case "skip-next-suffix":
			r.skipNextSuffix = o[2]
		case "only-prev":
			r.onlyPrev = set(vals)
		case "skip-prev-number":
			r.skipNumPrev = true
		case "heads":
			r.headsOnly = o[2] == "only"
		default:
			return r, fmt.Errorf("unknown option %q", o[1])
		}
	}
	var sb strings.Builder
	sb.WriteString("(?i)")
	toks := strings.Fields(lhs)
	for i, t := range toks {
		if i > 0 {
			sb.WriteString(`\s+`)
		}
		if m := placeholder.FindStringSubmatch(t); m != nil && m[0] == t {
			r.slots = append(r.slots, m[1])
			if m[1] == "N" {
				sb.WriteString(`(\d[\d,]*(?:\.\d+)?)`)
			} else {
				sb.WriteString(`([A-Za-z][A-Za-z-]*)`)
			}
			continue
		}
		if r.literal == "" && !strings.Contains(t, "'") {
			r.literal = strings.ToLower(t)
		}
		q := strings.ReplaceAll(regexp.QuoteMeta(t), "'", "['’]")
		if isWord(rune(t[0])) {
			q = `\b` + q
		}
		if isWord(rune(t[len(t)-1])) {
			q += `\b`
		}
		sb.WriteString(q)
	}
	re, err := regexp.Compile(sb.String())
	if err != nil {
		return r, err
	}
	r.re = re
	for _, m := range placeholder.FindAllStringSubmatch(r.repl, -1) {
		if !hasSlot(r.slots, m[1]) && !(isVerbSlot(m[1]) && hasVerbSlot(r.slots)) {
			return r, fmt.Errorf("replacement names {%s}, the pattern has none", m[1])
		}
	}
	return r, nil
}

func isWord(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) || c == '_' }

func set(vals []string) map[string]bool {
	m := map[string]bool{}
	for _, v := range vals {
		m[strings.ToLower(strings.TrimSpace(v))] = true
	}
	return m
}

func hasSlot(slots []string, s string) bool {
	for _, x := range slots {
		if x == s {
			return true
		}
	}
	return false
}

func isVerbSlot(s string) bool { return s[0] == 'V' }

func hasVerbSlot(slots []string) bool {
	for _, s := range slots {
		if isVerbSlot(s) {
			return true
		}
	}
	return false
}

// apply finds the rule's sites on one line: each match whose verb slots hold known verbs
// in the right form and that no skip option rules out.
func (r rule) sites(d *doc, l line) []site {
	text := d.text[l.start:l.end]
	if r.literal != "" && !strings.Contains(d.lower[l.start:l.end], r.literal) {
		return nil
	}
	for _, w := range r.skipLine {
		if strings.Contains(strings.ToLower(text), w) {
			return nil
		}
	}
	var out []site
	for _, m := range r.re.FindAllStringSubmatchIndex(text, -1) {
		a, b := l.start+m[0], l.start+m[1]
		if a < l.body || !isWord(rune(text[m[0]])) && a > l.start && !strings.ContainsRune(" (", rune(d.text[a-1])) {
			continue
		}
		vals := map[string]string{}
		lemma := ""
		ok := true
		for i, slot := range r.slots {
			w := text[m[2+2*i]:m[3+2*i]]
			vals[slot] = w
			if isVerbSlot(slot) {
				lm, found := lists.verbs.lemmaOf(strings.ToLower(w), slot)
				if !found {
					ok = false
				}
				lemma = lm
			}
		}
		if !ok || r.skipped(d, a, b) || !r.headsOnly && (inQuestion(d.text, b, l.end) || numberGlued(text, m, r.slots)) {
			continue
		}
		repl := placeholder.ReplaceAllStringFunc(r.repl, func(p string) string {
			s := p[1 : len(p)-1]
			if isVerbSlot(s) {
				return lists.verbs.form(lemma, s)
			}
			return vals[s]
		})
		repl = matchCase(d.text[a:b], repl, d.sentenceStart(a))
		out = append(out, site{start: a, end: b, repl: repl, families: r.families, note: r.src})
	}
	return out
}

func (r rule) skipped(d *doc, a, b int) bool {
	if len(r.skipNext) > 0 && r.skipNext[strings.ToLower(nextWord(d.text, b))] {
		return true
	}
	if r.skipNextSuffix != "" && strings.HasSuffix(strings.ToLower(nextWord(d.text, b)), r.skipNextSuffix) {
		return true
	}
	prev := strings.ToLower(prevWord(d.text, a))
	if len(r.onlyPrev) > 0 && !r.onlyPrev[prev] {
		return true
	}
	if r.skipNumPrev && prev != "" && prev[0] >= '0' && prev[0] <= '9' {
		return true
	}
	return len(r.skipPrev) > 0 && r.skipPrev[strings.ToLower(prevWord(d.text, a))]
}

// inQuestion reports whether the sentence holding offset b ends with a question mark.
func inQuestion(text string, b, le int) bool {
	for i := b; i < le; i++ {
		switch text[i] {
		case '?':
			return true
		case '.', '!':
			if i+1 == le || text[i+1] == ' ' {
				return false
			}
		}
	}
	return false
}

// numberGlued reports whether a {N} slot is glued to a date or time part ("2026-02-02").
func numberGlued(text string, m []int, slots []string) bool {
	for i, s := range slots {
		e := m[3+2*i]
		if s == "N" && e+1 < len(text) && strings.ContainsRune("-:/", rune(text[e])) && text[e+1] >= '0' && text[e+1] <= '9' {
			return true
		}
	}
	return false
}

// inCondition reports whether the clause before offset a opens with a conditional word.
func inCondition(text string, start, a int) bool {
	i := a
	for i > start && !strings.ContainsRune(",;:(", rune(text[i-1])) && !(text[i-1] == ' ' && i >= 2 && text[i-2] == '.') {
		i--
	}
	return condWords.MatchString(text[i:a])
}

// nextWord returns the word after offset b on the same line.
func nextWord(s string, b int) string {
	i := b
	for i < len(s) && s[i] == ' ' {
		i++
	}
	j := i
	for j < len(s) && (isWord(rune(s[j])) || s[j] == '\'' || s[j] == '-') {
		j++
	}
	return s[i:j]
}

// prevWord returns the word before offset a on the same line.
func prevWord(s string, a int) string {
	j := a
	for j > 0 && s[j-1] == ' ' {
		j--
	}
	i := j
	for i > 0 && (isWord(rune(s[i-1])) || s[i-1] == '\'' || s[i-1] == '-') {
		i--
	}
	return s[i:j]
}

// matchCase gives repl a capital when orig has one (lists are written in lower case,
// proper names capitalised); the pronoun "I" says nothing
// about case, so there the sentence position decides.
func matchCase(orig, repl string, atStart bool) string {
	if orig == "" || repl == "" {
		return repl
	}
	r := []rune(repl)
	upper := unicode.IsUpper([]rune(orig)[0])
	if orig == "I" || strings.HasPrefix(orig, "I ") {
		upper = atStart
	}
	if len(orig) > 1 && strings.ToUpper(orig) == orig && strings.ToLower(orig) != orig && !strings.Contains(orig, " ") {
		return strings.ToUpper(repl)
	}
	if upper {
		r[0] = unicode.ToUpper(r[0])
	} else if unicode.IsUpper(r[0]) && strings.HasPrefix(repl, "The ") {
		r[0] = unicode.ToLower(r[0])
	}
	return string(r)
}
