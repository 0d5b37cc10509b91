package classify

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Span is a piece of text that becomes one fact.
type Span struct {
	Text    string
	Start   int // byte offset in the original text
	End     int
	Context string // nearest heading or label above
	Code    bool
	Lang    string
	// Line is true for tool-output style lines (not prose sentences).
	Line bool
}

var (
	reFence      = regexp.MustCompile("^\\s*(```+|~~~+)\\s*([\\w+#.-]*)")
	reHeading    = regexp.MustCompile(`^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$`)
	reNumHeading = regexp.MustCompile(`^\s*(?:\d+\.|[A-Z]\.)\s+([A-Z][^:.]{1,60}):\s*$`)
	reLabelLine  = regexp.MustCompile(`^\s*(?:\*\*)?([A-Z][A-Za-z /&()'-]{1,40}?)(?:\*\*)?:\s*(?:\*\*)?\s*$`)
	reBullet     = regexp.MustCompile(`^(\s*)(?:[-*+•]|\d{1,3}[.)]|[a-z][.)]|\([a-zA-Z1-9]\)|[A-E][.)])\s+`)
	// reLabelBullet: a bullet whose marker is an option's label ("(b)", "a)", "B.");
	// the label stays in the fact's text, since a later "go with (b)" names it by it
	reLabelBullet = regexp.MustCompile(`^\s*(?:[a-eA-E][.)]|\([a-zA-Z1-9]\))\s+`)
	reTableSep    = regexp.MustCompile(`^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$`)
	reXMLOnly     = regexp.MustCompile(`^\s*</?([A-Za-z_][\w-]*)>\s*$`)
	reXMLLine     = regexp.MustCompile(`^\s*<([A-Za-z_][\w-]*)>(.*?)(?:</[A-Za-z_][\w-]*>)?\s*$`)
	reKeyValue    = regexp.MustCompile(`^\s*(?:\*\*)?[A-Za-z][\w.-]*(?:[ /][\w.-]+){0,3}(?:\*\*)?:(?:\*\*)?\s+\S`)
	reHRule       = regexp.MustCompile(`^\s*([-*_=])(\s*[-*_=]){2,}\s*$`)
)

// Split breaks text into fact spans. It is markdown-aware: fenced code is one span,
// headings and "Label:" lines become context, bullets, numbered items, table rows and
// key: value lines are units, and prose is split into sentences. When lines is true
// (tool output), every non-empty line outside code fences is its own span.
func Split(text string, lines bool) []Span {
	spans, _ := split(text, lines)
	return spans
}

// splitWithHeadings is Split of prose that also returns its markdown headings' lines.
func splitWithHeadings(text string) ([]Span, []Span) { return split(text, false) }

func split(text string, lines bool) ([]Span, []Span) {
	s := &splitter{text: text, lines: lines, labelIndent: -1, paraStart: -1, paraEnd: -1}
	for pos := 0; pos < len(text); {
		pos = s.line(pos)
	}
	s.flush()
	// Drop spans with no letters or digits.
	kept := s.out[:0]
	for _, sp := range s.out {
		if hasAlnum(sp.Text) {
			kept = append(kept, sp)
		}
	}
	return kept, s.headings
}

func joinCtx(ctx, header string) string {
	if header == "" || ctx == "" {
		return ctx + header
	}
	return ctx + " " + header
}

func startsIndented(l string) bool {
	return strings.HasPrefix(l, "  ") || strings.HasPrefix(l, "\t")
}

func isNoiseLine(t string) bool {
	return !hasAlnum(t)
}

func hasAlnum(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	return false
}

func lineSpan(text string, start, end int, ctx string, line bool) Span {
	s, e := trimBounds(text, start, end)
	return Span{Text: text[s:e], Start: s, End: e, Context: ctx, Line: line}
}

func trimBounds(text string, s, e int) (int, int) {
	for s < e {
		r, n := utf8.DecodeRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		s += n
	}
	for e > s {
		r, n := utf8.DecodeLastRuneInString(text[s:e])
		if !unicode.IsSpace(r) {
			break
		}
		e -= n
	}
	return s, e
}

// abbreviations that do not end a sentence.
var abbrevs = map[string]bool{
	"e.g": true, "i.e": true, "vs": true, "cf": true, "approx": true, "dr": true,
	"mr": true, "mrs": true, "ms": true, "prof": true, "st": true, "no": true, "fig": true,
	"inc": true, "ltd": true, "jr": true, "sr": true, "u.s": true, "a.m": true, "p.m": true,
	"min": true, "max": true, "est": true, "ca": true, "resp": true, "incl": true, "al": true,
	"jan": true, "feb": true, "mar": true, "apr": true, "jun": true, "jul": true, "aug": true,
	"sep": true, "sept": true, "oct": true, "nov": true, "dec": true, "ver": true, "v": true,
}

// sentences splits text[start:end] into sentence spans. A full stop ends a sentence
// only when followed by space and an upper-case letter, digit or quote (or the end),
// and the word before it is not an abbreviation; decimals, versions ("v18.2."), file
// names and URLs never split. Semicolons do not split (a clause keeps its qualifiers).
func sentences(text string, start, end int, ctx string) []Span {
	var out []Span
	s := start
	i := start
	depth := 0
	for i < end {
		r, n := utf8.DecodeRuneInString(text[i:end])
		switch r {
		case '(', '[':
			depth++
		case ')', ']':
			if depth > 0 {
				depth--
			}
		case '。', '！', '？':
			// full-width sentence marks end a sentence with no space after them
			if a, b := trimBounds(text, s, i+n); a < b {
				out = append(out, Span{Text: text[a:b], Start: a, End: b, Context: ctx})
			}
			s = i + n
			i += n
			depth = 0
			continue
		case '.', '!', '?':
			j, k, ok := stopEnds(text, s, i, n, end, r, depth)
			if !ok {
				break
			}
			if a, b := trimBounds(text, s, j); a < b {
				out = append(out, Span{Text: text[a:b], Start: a, End: b, Context: ctx})
			}
			s = k
			i = k
			depth = 0
			continue
		}
		i += n
	}
	if a, b := trimBounds(text, s, end); a < b {
		out = append(out, Span{Text: text[a:b], Start: a, End: b, Context: ctx})
	}
	return out
}

// stopEnds judges the stop r (n bytes) at text[i], in the sentence that starts at s:
// ok when it ends the sentence, j where the sentence ends (past closing quotes,
// brackets and emphasis: "**Shall I?** Then ...") and k where the next one starts.
func stopEnds(text string, s, i, n, end int, r rune, depth int) (j, k int, ok bool) {
	j = i + n
	for j < end && strings.ContainsRune("\"')]”’*_", rune(text[j])) {
		j++
	}
	if j >= end {
		return 0, 0, false
	}
	if nr, _ := utf8.DecodeRuneInString(text[j:end]); !unicode.IsSpace(nr) {
		return 0, 0, false
	}
	k = j
	for k < end {
		rr, nn := utf8.DecodeRuneInString(text[k:end])
		if !unicode.IsSpace(rr) {
			break
		}
		k += nn
	}
	if k >= end {
		return 0, 0, false
	}
	nx, _ := utf8.DecodeRuneInString(text[k:end])
	if !(unicode.IsUpper(nx) || unicode.IsDigit(nx) || strings.ContainsRune("\"'“`*", nx) || identStart(text[k:end]) ||
		unicode.IsLower(nx) && casualStop(text, s, i, j-(i+n), r)) {
		return 0, 0, false
	}
	if r == '.' && (depth > 0 || !unicode.IsLower(nx) && isAbbrev(text[s:i]) && !(unicode.IsUpper(nx) && numberAbbrev(text[s:i]))) {
		return 0, 0, false // (before a lower-case word casualStop judged it)
	}
	return j, k, true
}

// lastWord is the word before's text ends with (after its last space or bracket).
func lastWord(before string) string {
	if i := strings.LastIndexAny(before, " \t\n("); i >= 0 {
		return before[i+1:]
	}
	return before
}

func isAbbrev(before string) bool {
	w := strings.ToLower(strings.TrimRight(lastWord(before), "."))
	if abbrevs[w] {
		return true
	}
	// single letters (initials) like "J. Smith"
	if utf8.RuneCountInString(w) == 1 {
		r, _ := utf8.DecodeRuneInString(w)
		return unicode.IsLetter(r)
	}
	return false
}

// casualStop: a stop before a lower-case word still ends the sentence when the writer
// types without capitals ("ok. run it again", "done? then push"): after a question or
// exclamation mark, or after a full stop that follows a word (not a number, an
// ellipsis, a single letter, or an abbreviation a sentence runs on after: "etc.",
// "e.g."). A mark inside a closing quote does not ("he asked "why?" and left"): the
// quote is part of its sentence.
func casualStop(text string, s, i, swallowed int, r rune) bool {
	if swallowed > 0 || i-s < 2 {
		return false
	}
	if r == '?' || r == '!' {
		return true
	}
	prev, _ := utf8.DecodeLastRuneInString(text[s:i])
	if !unicode.IsLetter(prev) {
		return false
	}
	w := strings.TrimLeft(lastWord(text[s:i]), "\"'“‘*_`[")
	// (a quoted option letter, "A. is fine", is no sentence)
	return utf8.RuneCountInString(w) > 1 && !continuationAbbrev[strings.ToLower(w)]
}

// numberAbbrev: the abbreviation stands before a number ("No. 5", "fig. 3", "v. 2"),
// so before a capital it is a word that ends its sentence ("No. Fix the markup.").
func numberAbbrev(before string) bool {
	switch strings.ToLower(strings.Trim(lastWord(before), "\"'“‘*_`[.")) {
	case "no", "fig", "ver", "nr", "vol":
		return true
	}
	return false
}

// continuationAbbrev: abbreviations a lower-case word continues ("tests, lints etc. and
// the docs", "e.g. the cache"). The others of abbrevs stand before a number or a name
// ("No. 5", "Dr. Smith"): before a lower-case word, "no." is a reply.
var continuationAbbrev = map[string]bool{"etc": true, "al": true, "viz": true, "resp": true, "approx": true, "incl": true,
	"e.g": true, "i.e": true, "vs": true, "cf": true, "ca": true, "a.m": true, "p.m": true, "u.s": true}

// identStart: the next sentence opens with an identifier ("replicaCount must ...",
// "npm_config_cache is ..."), which starts lower-case but is no continuation.
func identStart(s string) bool {
	end := strings.IndexAny(s, " \t\n")
	if end < 0 {
		end = len(s)
	}
	w := s[:end]
	if len(w) < 3 {
		return false
	}
	for i, r := range w {
		if i > 0 && (unicode.IsUpper(r) || r == '_') {
			return true
		}
	}
	return false
}
