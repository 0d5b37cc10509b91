package perturb

import (
	_ "embed"
	"regexp"
	"strings"
)

// line is one line of a corpus text with what the site finders need to know about it.
type line struct {
	start, end int // byte offsets of the line (end excludes the newline)
	body       int // offset where the content starts, after indentation and list marker
	indent     string
	marker     string // "- ", "* ", "1. " or ""
	fence      bool   // a ``` fence line or a line inside a fence
	head       bool   // a heading (a line that names a section and says nothing else)
	boiler     bool   // the agent's continuation boilerplate
	section    string // canonical section name, "" when unknown
}

// doc is a parsed corpus text.
type doc struct {
	name  string
	text  string
	lower string // text in lower case (ASCII only, so offsets match)
	norm  string // Norm(text)
	lines []line
	code  [][2]int // inline code spans (`...`, backticks included) outside fences
}

var (
	markerRe = regexp.MustCompile(`^(\s*)([-*+] |\d+\. |\d+\) )?`)
	// headingRe matches a line that only names a section: a markdown heading, a
	// numbered template head, "Summary:", a digest tag, a bold label alone, a [note].
	headingRe = regexp.MustCompile(`^\s*(#{1,6} .*|(#+ )?\d+\. [A-Z][A-Za-z ,&/-]*:|[A-Z][A-Za-z ]{0,40}:|</?[a-z_]+>|\*\*[^*]+\*\*:?|\*\*[^*]+:\*\*|\[[^\]]*\])\s*$`)
)

// boilerplate starts lines the agent writes around every summary (boilerplate.txt).
var boilerplate = readPrefixes(boilerplateData)

//go:embed boilerplate.txt
var boilerplateData string

// readPrefixes reads one prefix per line, skipping blanks and '#' comments.
func readPrefixes(data string) []string {
	var out []string
	for _, l := range strings.Split(data, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

func parse(name, text string) *doc {
	d := &doc{name: name, text: text, lower: asciiLower(text), norm: Norm(text)}
	inFence := false
	section := ""
	off := 0
	for _, raw := range strings.SplitAfter(text, "\n") {
		if raw == "" {
			break
		}
		content := strings.TrimSuffix(raw, "\n")
		l := line{start: off, end: off + len(content)}
		off += len(raw)
		isFence := strings.HasPrefix(strings.TrimSpace(content), "```")
		if isFence || inFence {
			l.fence = true
			if isFence {
				inFence = !inFence
			}
			d.lines = append(d.lines, l)
			continue
		}
		m := markerRe.FindStringSubmatch(content)
		l.indent, l.marker = m[1], m[2]
		l.body = l.start + len(m[0])
		l.head = headingRe.MatchString(content)
		if l.head {
			if s := sectionOf(content); s != "" {
				section = s
			}
		}
		for _, b := range boilerplate {
			if strings.HasPrefix(strings.TrimSpace(content), b) {
				l.boiler = true
			}
		}
		l.section = section
		d.lines = append(d.lines, l)
		d.code = append(d.code, codeSpans(content, l.start)...)
	}
	return d
}

func sectionOf(head string) string {
	h := strings.ToLower(head)
	for _, s := range lists.sections {
		for _, p := range s.phrases {
			if strings.Contains(h, p) {
				return s.name
			}
		}
	}
	return ""
}

// codeSpans returns the byte ranges of `inline code` in one line.
func codeSpans(s string, base int) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); i++ {
		if s[i] != '`' {
			continue
		}
		j := strings.IndexByte(s[i+1:], '`')
		if j < 0 {
			break
		}
		out = append(out, [2]int{base + i, base + i + 1 + j + 1})
		i += j + 1
	}
	return out
}

// lineAt returns the index of the line holding offset off.
func (d *doc) lineAt(off int) int {
	lo, hi := 0, len(d.lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if d.lines[mid].start <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// prose reports whether the line's content may be changed by a word-level kind.
func (l line) prose() bool { return !l.fence && !l.head && !l.boiler && l.end > l.body }

// inCode reports whether [a,b) touches an inline code span.
func (d *doc) inCode(a, b int) bool {
	for _, c := range d.code {
		if a < c[1] && b > c[0] {
			return true
		}
	}
	return false
}

// sentenceStart reports whether offset off begins a sentence (first word of the line's
// content, or after ". ", ": ", "? ", "! ").
func (d *doc) sentenceStart(off int) bool {
	l := d.lines[d.lineAt(off)]
	before := strings.TrimRight(d.text[l.body:off], " ")
	if before == "" || strings.HasSuffix(before, "**") && strings.Count(before, "**") == 1 {
		return true
	}
	return strings.HasSuffix(before, ".") || strings.HasSuffix(before, ":") || strings.HasSuffix(before, "?") || strings.HasSuffix(before, "!") || before == `"` || strings.HasSuffix(before, `: "`)
}

// proseLines returns the lines whose content a word-level kind may change.
func (d *doc) proseLines() []line {
	var out []line
	for _, l := range d.lines {
		if l.prose() {
			out = append(out, l)
		}
	}
	return out
}

// asciiLower lower-cases ASCII letters only, keeping every byte offset.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 32
		}
	}
	return string(b)
}
