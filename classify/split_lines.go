package classify

import "strings"

// splitter holds Split's state while it walks the text line by line.
type splitter struct {
	text  string
	lines bool
	out   []Span
	// headings are the markdown heading lines of prose (not of tool output)
	headings []Span
	ctx      string
	// the label bullet nested bullets sit under
	labelIndent int
	labelCtx    string
	tableHeader string
	// paragraph accumulator for prose lines
	paraStart, paraEnd int
}

// lineBounds returns the end of the line starting at p and the start of the next one.
func lineBounds(text string, p int) (lineEnd, next int) {
	e := strings.IndexByte(text[p:], '\n')
	if e < 0 {
		return len(text), len(text)
	}
	return p + e, p + e + 1
}

func (s *splitter) flush() {
	if s.paraStart >= 0 {
		s.out = append(s.out, sentences(s.text, s.paraStart, s.paraEnd, s.ctx)...)
	}
	s.paraStart, s.paraEnd = -1, -1
}

// line consumes the line at pos (and any lines that belong to it) and returns
// where the next unit starts.
func (s *splitter) line(pos int) int {
	lineEnd, next := lineBounds(s.text, pos)
	line := s.text[pos:lineEnd]
	trimmed := strings.TrimSpace(line)
	if isFence(line) {
		s.flush()
		return s.fence(pos, next, line)
	}
	if s.structure(pos, lineEnd, line, trimmed) {
		return next
	}
	switch {
	case strings.HasPrefix(trimmed, "|") && strings.Count(trimmed, "|") >= 2:
		s.flush()
		s.tableRow(pos, lineEnd, trimmed)
	case s.lines:
		s.flush()
		if !isNoiseLine(trimmed) {
			s.out = append(s.out, lineSpan(s.text, pos, lineEnd, s.ctx, true))
		}
	case isBullet(line):
		s.flush()
		return s.bullet(pos, lineEnd, next, line)
	default:
		s.prose(pos, lineEnd, line, trimmed)
	}
	return next
}

// structure handles lines that shape the text rather than state a fact: blank
// lines, rules, XML tags, headings and labels. It reports whether it handled line.
func (s *splitter) structure(pos, lineEnd int, line, trimmed string) bool {
	switch {
	case trimmed == "":
		s.flush()
		s.tableHeader = ""
	case isHRule(trimmed) && !strings.Contains(trimmed, "|"):
		s.flush()
	case isXMLOnly(line):
		s.flush()
		s.ctx = reXMLOnly.FindStringSubmatch(line)[1]
		if strings.HasPrefix(trimmed, "</") {
			s.ctx = "" // a closing tag ends its section
		}
	case isXMLLine(line):
		s.flush()
		m := reXMLLine.FindStringSubmatchIndex(line)
		s.ctx = line[m[2]:m[3]]
		s.out = append(s.out, sentences(s.text, pos+m[4], pos+m[5], s.ctx)...)
	case isHeading(line):
		s.flush()
		s.ctx = reHeading.FindStringSubmatch(line)[1]
		if !s.lines {
			s.headings = append(s.headings, lineSpan(s.text, pos, lineEnd, s.ctx, true))
		}
		if s.lines {
			// in a file dump "# ..." may be a comment that states a rule
			s.out = append(s.out, lineSpan(s.text, pos, lineEnd, s.ctx, true))
		}
	case !s.lines && (isNumHeading(line) || isLabelLine(line)):
		s.flush()
		if m := reNumHeading.FindStringSubmatch(line); m != nil {
			s.ctx = m[1]
		} else {
			s.ctx = reLabelLine.FindStringSubmatch(line)[1]
		}
	default:
		return false
	}
	if trimmed != "" {
		s.labelIndent, s.labelCtx = -1, "" // a rule, a tag or a heading ends the list a label opened
	}
	return true
}

// fence makes one code span of a fenced block opened by line at pos and returns
// the position after its closing fence.
func (s *splitter) fence(pos, next int, line string) int {
	m := reFence.FindStringSubmatch(line)
	fence := m[1]
	lang := m[2]
	start := pos
	p := next
	closeEnd := len(s.text)
	for p < len(s.text) {
		le, nx := lineBounds(s.text, p)
		if strings.HasPrefix(strings.TrimSpace(s.text[p:le]), fence[:3]) {
			closeEnd = le
			p = nx
			break
		}
		p = nx
		closeEnd = le
	}
	s.out = append(s.out, Span{Text: strings.TrimRight(s.text[start:closeEnd], "\r\n "), Start: start, End: closeEnd, Context: s.ctx, Code: true, Lang: lang})
	return p
}

// tableRow records a table's header row as context and makes a span of each row below it.
func (s *splitter) tableRow(pos, lineEnd int, trimmed string) {
	if isTableSep(trimmed) {
		return
	}
	if s.tableHeader == "" {
		s.tableHeader = trimmed
		// A header row is context for the rows below, and a fact only in tool output.
		if s.lines {
			s.out = append(s.out, lineSpan(s.text, pos, lineEnd, s.ctx, true))
		}
		return
	}
	// the header names the columns: it is the row's context
	s.out = append(s.out, lineSpan(s.text, pos, lineEnd, joinCtx(s.ctx, s.tableHeader), true))
}

// bullet makes spans of a bullet item and its continuation lines and returns the
// position after them.
func (s *splitter) bullet(pos, lineEnd, next int, line string) int {
	m := reBullet.FindStringIndex(line)
	// A bullet's continuation lines (indented, not bullets) belong to it.
	bStart := pos + m[1]
	if reLabelBullet.MatchString(line) {
		bStart = pos + len(line) - len(strings.TrimLeft(line, " \t"))
	}
	bEnd, p := s.continuation(lineEnd, next)
	// a label bullet ("- User rules:") is the context of the bullets nested under it
	indent := len(line) - len(strings.TrimLeft(line, " \t"))
	if s.labelIndent >= 0 && indent <= s.labelIndent {
		s.labelIndent, s.labelCtx = -1, ""
	}
	bctx := s.ctx
	if s.labelCtx != "" {
		bctx = s.labelCtx
	}
	body := strings.TrimSpace(s.text[bStart:bEnd])
	if strings.HasSuffix(body, ":") && len(body) <= 60 {
		s.labelIndent, s.labelCtx = indent, strings.TrimSuffix(body, ":")
	} else {
		s.out = append(s.out, sentences(s.text, bStart, bEnd, bctx)...)
	}
	return p
}

// continuation extends a bullet ending at bEnd over the indented lines from p on,
// returning the bullet's new end and where the next line starts.
func (s *splitter) continuation(bEnd, p int) (int, int) {
	for p < len(s.text) {
		le, nx := lineBounds(s.text, p)
		l := s.text[p:le]
		if strings.TrimSpace(l) == "" || isBullet(l) || isFence(l) || !startsIndented(l) {
			break
		}
		bEnd = le
		p = nx
	}
	return bEnd, p
}

// prose adds a prose line to the current paragraph.
func (s *splitter) prose(pos, lineEnd int, line, trimmed string) {
	if reKeyValue.MatchString(line) {
		// a "key: value" line starts a unit of its own
		s.flush()
	}
	if s.paraStart < 0 {
		s.paraStart = pos
	}
	s.paraEnd = lineEnd
	// a line that ends a sentence ends the paragraph: transcripts put one
	// statement per line far more often than they hard-wrap prose
	s.labelIndent, s.labelCtx = -1, "" // prose ends the list a label opened
	if strings.HasSuffix(trimmed, ".") || strings.HasSuffix(trimmed, "!") || strings.HasSuffix(trimmed, "?") || strings.HasSuffix(trimmed, ":") {
		s.flush()
	}
	if lead := leadIn(trimmed); lead != "" {
		// "User wants X. Key requirements:": the list that follows is the lead-in's
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		s.labelIndent, s.labelCtx = indent-1, lead
	}
}

// leadIn is the closing clause of a prose line that ends with a colon and so
// introduces what follows ("..., default off. Key requirements:" -> "Key
// requirements"), or "" when the line does not end so or the clause is long.
func leadIn(trimmed string) string {
	if !strings.HasSuffix(trimmed, ":") {
		return ""
	}
	body := strings.TrimSuffix(trimmed, ":")
	if i := strings.LastIndexAny(body, ".;!?"); i >= 0 {
		body = body[i+1:]
	}
	body = strings.TrimSpace(body)
	if body == "" || len(body) > 60 {
		return ""
	}
	return body
}
