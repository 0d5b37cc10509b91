package perturb

import (
	"regexp"
	"strings"
	"unicode"
)

// qualifierDrop removes a qualifying clause (qualifiers.txt): the opener and the words
// up to the next , ; . : ) or the end of the line, with the blank before it; or, for a
// "=word" entry, that word alone. A clause that opens a sentence or a quote, or that
// would leave fewer than three words on the line, is left alone.
func qualifierDrop(d *doc) []site {
	var out []site
	for _, q := range lists.lines["qualifiers"] {
		word := strings.HasPrefix(q, "=")
		q = strings.TrimPrefix(q, "=")
		re := regexp.MustCompile(`(?i)\b` + strings.ReplaceAll(regexp.QuoteMeta(q), " ", `\s+`) + `\b`)
		for _, l := range d.proseLines() {
			for _, m := range re.FindAllStringIndex(d.text[l.body:l.end], -1) {
				a, b := l.body+m[0], l.body+m[1]
				if s, ok := clauseSite(d, l, a, b, word); ok {
					out = append(out, s)
				}
			}
		}
	}
	return dedupe(out)
}

func clauseSite(d *doc, l line, a, b int, word bool) (site, bool) {
	if a == l.body || d.text[a-1] != ' ' || d.sentenceStart(a) {
		return site{}, false
	}
	prev := prevWord(d.text, a)
	if prev == "" || strings.ContainsAny(d.text[a-2:a-1], ",;:(\"") || conjunction[strings.ToLower(prev)] || inQuestion(d.text, b, l.end) || wordsBefore(d, l, a) < 2 {
		return site{}, false
	}
	next := strings.ToLower(nextWord(d.text, b))
	if next == "" || word && (next == "if" || next == "when" || next == "one" || next == "a") {
		return site{}, false
	}
	end := b
	if word {
		end = b + 1 // the blank after the word
	} else {
		end = clauseEnd(d.text, b, l.end)
		clause := d.text[a:end]
		if n := len(strings.Fields(clause)); n < 2 || n > 12 || strings.Contains(clause, " and ") || strings.Contains(clause, " or ") {
			return site{}, false
		}
	}
	start := a
	if !word {
		start = a - 1 // the blank before the clause
	}
	rest := strings.Fields(d.text[l.body:start] + d.text[end:l.end])
	if len(rest) < 3 || strings.Count(d.text[start:end], "`")%2 == 1 || strings.Count(d.text[start:end], `"`)%2 == 1 || strings.Count(d.text[start:end], "(") != strings.Count(d.text[start:end], ")") {
		return site{}, false
	}
	return site{start: start, end: end, repl: "", note: strings.ToLower(d.text[a:b])}, true
}

// clauseEnd returns where the clause starting at b ends: before the next , ; ) or a
// . : ! ? that ends a sentence, or at the line's end.
// conjunction words before a qualifier mean it opens a clause of its own.
var conjunction = map[string]bool{"not": true, "if": true, "but": true, "and": true, "or": true, "so": true, "that": true, "which": true, "when": true, "while": true, "because": true, "since": true, "just": true}

// wordsBefore counts the words between the sentence's start and offset a.
func wordsBefore(d *doc, l line, a int) int {
	ss := sentences(d.text, l.body, l.end)
	for _, s := range ss {
		if a >= s[0] && a <= s[1] {
			return len(strings.Fields(d.text[s[0]:a]))
		}
	}
	return 0
}

func clauseEnd(text string, b, le int) int {
	for i := b; i < le; i++ {
		switch text[i] {
		case ',', ';', ')':
			return i
		case '.', ':', '!', '?':
			if i+1 == le || text[i+1] == ' ' {
				return i
			}
		case ' ':
			if strings.HasPrefix(text[i:], " - ") || strings.HasPrefix(text[i:], " — ") {
				return i
			}
		}
	}
	return le
}

// sentences splits a line's content into sentences: [start,end) byte ranges, each
// ending after its . ! or ? (the blank between them is not part of either).
func sentences(text string, a, b int) [][2]int {
	var out [][2]int
	s := a
	for i := a; i < b; i++ {
		c := text[i]
		if (c == '.' || c == '!' || c == '?') && i+2 < b && text[i+1] == ' ' && unicode.IsUpper(rune(text[i+2])) {
			out = append(out, [2]int{s, i + 1})
			s = i + 2
		}
	}
	return append(out, [2]int{s, b})
}
