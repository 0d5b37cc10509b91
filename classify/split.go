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
	reBullet     = regexp.MustCompile(`^(\s*)(?:[-*+•]|\d{1,3}[.)]|[a-z][.)])\s+`)
	reTableSep   = regexp.MustCompile(`^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$`)
	reXMLOnly    = regexp.MustCompile(`^\s*</?([A-Za-z_][\w-]*)>\s*$`)
	reXMLLine    = regexp.MustCompile(`^\s*<([A-Za-z_][\w-]*)>(.*?)(?:</[A-Za-z_][\w-]*>)?\s*$`)
	reKeyValue   = regexp.MustCompile(`^\s*(?:\*\*)?[A-Za-z][\w.-]*(?:[ /][\w.-]+){0,3}(?:\*\*)?:(?:\*\*)?\s+\S`)
	reHRule      = regexp.MustCompile(`^\s*([-*_=])(\s*[-*_=]){2,}\s*$`)
)

// Split breaks text into fact spans. It is markdown-aware: fenced code is one span,
// headings and "Label:" lines become context, bullets, numbered items, table rows and
// key: value lines are units, and prose is split into sentences. When lines is true
// (tool output), every non-empty line outside code fences is its own span.
func Split(text string, lines bool) []Span {
	var out []Span
	ctx := ""
	labelIndent, labelCtx := -1, "" // the label bullet nested bullets sit under
	var tableHeader string
	pos := 0
	// paragraph accumulator for prose lines
	paraStart, paraEnd := -1, -1
	flush := func() {
		if paraStart >= 0 {
			out = append(out, sentences(text, paraStart, paraEnd, ctx)...)
		}
		paraStart, paraEnd = -1, -1
	}
	for pos < len(text) {
		end := strings.IndexByte(text[pos:], '\n')
		lineEnd := len(text)
		next := len(text)
		if end >= 0 {
			lineEnd = pos + end
			next = lineEnd + 1
		}
		line := text[pos:lineEnd]
		trimmed := strings.TrimSpace(line)
		switch {
		case reFence.MatchString(line):
			flush()
			m := reFence.FindStringSubmatch(line)
			fence := m[1]
			lang := m[2]
			start := pos
			p := next
			closeEnd := len(text)
			for p < len(text) {
				e := strings.IndexByte(text[p:], '\n')
				le, nx := len(text), len(text)
				if e >= 0 {
					le, nx = p+e, p+e+1
				}
				if strings.HasPrefix(strings.TrimSpace(text[p:le]), fence[:3]) {
					closeEnd = le
					p = nx
					break
				}
				p = nx
				closeEnd = le
			}
			out = append(out, Span{Text: strings.TrimRight(text[start:closeEnd], "\r\n "), Start: start, End: closeEnd, Context: ctx, Code: true, Lang: lang})
			pos = p
			continue
		case trimmed == "":
			flush()
			tableHeader = ""
		case reHRule.MatchString(trimmed) && !strings.Contains(trimmed, "|"):
			flush()
		case reXMLOnly.MatchString(line):
			flush()
			ctx = reXMLOnly.FindStringSubmatch(line)[1]
			if strings.HasPrefix(trimmed, "</") {
				ctx = "" // a closing tag ends its section
			}
		case reXMLLine.MatchString(line):
			flush()
			m := reXMLLine.FindStringSubmatchIndex(line)
			ctx = line[m[2]:m[3]]
			out = append(out, sentences(text, pos+m[4], pos+m[5], ctx)...)
		case reHeading.MatchString(line):
			flush()
			ctx = reHeading.FindStringSubmatch(line)[1]
			if lines {
				// in a file dump "# ..." may be a comment that states a rule
				out = append(out, lineSpan(text, pos, lineEnd, ctx, true))
			}
		case !lines && (reNumHeading.MatchString(line) || reLabelLine.MatchString(line)):
			flush()
			if m := reNumHeading.FindStringSubmatch(line); m != nil {
				ctx = m[1]
			} else {
				ctx = reLabelLine.FindStringSubmatch(line)[1]
			}
		case strings.HasPrefix(trimmed, "|") && strings.Count(trimmed, "|") >= 2:
			flush()
			if reTableSep.MatchString(trimmed) {
				break
			}
			if tableHeader == "" {
				tableHeader = trimmed
				// A header row is context for the rows below, and a fact only in tool output.
				if lines {
					out = append(out, lineSpan(text, pos, lineEnd, ctx, true))
				}
				break
			}
			// the header names the columns: it is the row's context
			out = append(out, lineSpan(text, pos, lineEnd, joinCtx(ctx, tableHeader), true))
		case lines:
			flush()
			if isNoiseLine(trimmed) {
				break
			}
			out = append(out, lineSpan(text, pos, lineEnd, ctx, true))
		case reBullet.MatchString(line):
			flush()
			m := reBullet.FindStringIndex(line)
			// A bullet's continuation lines (indented, not bullets) belong to it.
			bStart := pos + m[1]
			bEnd := lineEnd
			p := next
			for p < len(text) {
				e := strings.IndexByte(text[p:], '\n')
				le, nx := len(text), len(text)
				if e >= 0 {
					le, nx = p+e, p+e+1
				}
				l := text[p:le]
				if strings.TrimSpace(l) == "" || reBullet.MatchString(l) || reFence.MatchString(l) || !startsIndented(l) {
					break
				}
				bEnd = le
				p = nx
			}
			// a label bullet ("- User rules:") is the context of the bullets nested under it
			indent := len(line) - len(strings.TrimLeft(line, " \t"))
			if labelIndent >= 0 && indent <= labelIndent {
				labelIndent, labelCtx = -1, ""
			}
			bctx := ctx
			if labelCtx != "" {
				bctx = labelCtx
			}
			body := strings.TrimSpace(text[bStart:bEnd])
			if strings.HasSuffix(body, ":") && len(body) <= 60 {
				labelIndent, labelCtx = indent, strings.TrimSuffix(body, ":")
			} else {
				out = append(out, sentences(text, bStart, bEnd, bctx)...)
			}
			pos = p
			continue
		default:
			if reKeyValue.MatchString(line) {
				// a "key: value" line starts a unit of its own
				flush()
			}
			if paraStart < 0 {
				paraStart = pos
			}
			paraEnd = lineEnd
			// a line that ends a sentence ends the paragraph: transcripts put one
			// statement per line far more often than they hard-wrap prose
			if strings.HasSuffix(trimmed, ".") || strings.HasSuffix(trimmed, "!") || strings.HasSuffix(trimmed, "?") || strings.HasSuffix(trimmed, ":") {
				flush()
			}
		}
		pos = next
	}
	flush()
	// Drop spans with no letters or digits.
	kept := out[:0]
	for _, s := range out {
		if hasAlnum(s.Text) {
			kept = append(kept, s)
		}
	}
	return kept
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
			j := i + n
			// swallow closing quotes/brackets
			for j < end && strings.ContainsRune("\"')]”’", rune(text[j])) {
				j++
			}
			if j >= end {
				break
			}
			nr, _ := utf8.DecodeRuneInString(text[j:end])
			if !unicode.IsSpace(nr) {
				break
			}
			k := j
			for k < end {
				rr, nn := utf8.DecodeRuneInString(text[k:end])
				if !unicode.IsSpace(rr) {
					break
				}
				k += nn
			}
			if k >= end {
				break
			}
			nx, _ := utf8.DecodeRuneInString(text[k:end])
			if !(unicode.IsUpper(nx) || unicode.IsDigit(nx) || strings.ContainsRune("\"'“`*", nx) || identStart(text[k:end])) {
				break
			}
			if r == '.' && isAbbrev(text[s:i]) {
				break
			}
			if depth > 0 && r == '.' {
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

func isAbbrev(before string) bool {
	w := before
	if i := strings.LastIndexAny(w, " \t\n("); i >= 0 {
		w = w[i+1:]
	}
	w = strings.ToLower(strings.TrimRight(w, "."))
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
