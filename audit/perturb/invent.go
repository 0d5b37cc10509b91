package perturb

import (
	"fmt"
	"regexp"
	"strings"
)

// template is one invented-* line: where it goes and its text with slots.
type template struct {
	section string
	text    string
}

func templates(file string) []template {
	var out []template
	for _, ln := range lists.lines[file] {
		sec, text, ok := strings.Cut(ln, " ")
		if !ok || !strings.HasPrefix(sec, "@") {
			continue
		}
		out = append(out, template{section: strings.TrimPrefix(sec, "@"), text: text})
	}
	return out
}

// inventFinder inserts, after a leaf bullet of the template's section, a new bullet of
// the same indent and marker that no source supports. Each template is placed once a
// text, at a bullet chosen by the text and template.
func inventFinder(file string) func(d *doc) []site {
	return func(d *doc) []site {
		var out []site
		for ti, t := range templates(file) {
			spots := insertionPoints(d, t.section)
			if len(spots) == 0 {
				continue
			}
			l := spots[pick(d, ti*7919, len(spots))]
			text, ok := fill(d, t.text, l.start+ti)
			if !ok {
				continue
			}
			out = append(out, site{start: l.end, end: l.end, repl: "\n" + l.indent + l.marker + text, anchor: firstClause(text), note: t.text})
		}
		return out
	}
}

// noInvent are the sections an "@any" template stays out of: the chronological
// analysis, the user's own messages, the list of concepts.
var noInvent = map[string]bool{"analysis": true, "user": true, "concepts": true}

// insertionPoints are the "- " or "* " bullet lines of a section (any section for
// "any") that have no children.
func insertionPoints(d *doc, section string) []line {
	var out []line
	for i, l := range d.lines {
		if !l.prose() || (l.marker != "- " && l.marker != "* ") || section != "any" && l.section != section || section == "any" && noInvent[l.section] {
			continue
		}
		if i+1 < len(d.lines) && len(d.lines[i+1].indent) > len(l.indent) && d.lines[i+1].end > d.lines[i+1].start {
			continue
		}
		if section == "user" && !strings.HasPrefix(d.text[l.body:l.end], `"`) {
			continue
		}
		out = append(out, l)
	}
	return out
}

var slotRe = regexp.MustCompile(`\{([a-z]+)\}`)

// fill writes a template's slots: {subject} an inline-code name of the text itself,
// {n} {pct} {pr} {date} numbers the text does not contain, the rest from fills.txt
// (people and teams the text never names).
func fill(d *doc, text string, seed int) (string, bool) {
	ok := true
	out := slotRe.ReplaceAllStringFunc(text, func(s string) string {
		name := s[1 : len(s)-1]
		seed += 31
		switch name {
		case "subject":
			subs := subjects(d)
			if len(subs) == 0 {
				ok = false
				return s
			}
			return "`" + subs[pick(d, seed, len(subs))] + "`"
		case "n":
			return fmt.Sprint(2 + pick(d, seed, 8))
		case "pct":
			return fmt.Sprint(12 + pick(d, seed, 36))
		case "pr":
			return fmt.Sprint(301 + pick(d, seed, 600))
		case "date":
			return fmt.Sprintf("%s %d", lists.groups["dates"]["months"][pick(d, seed, 12)], 3+pick(d, seed+1, 25))
		case "cmd":
			if cmds := commands(d); len(cmds) > 0 {
				return cmds[pick(d, seed, len(cmds))]
			}
			return fromFills(d, name, seed)
		case "newfile":
			return "`" + fromFills(d, name, seed) + "`"
		}
		v := fromFills(d, name, seed)
		if v == "" {
			ok = false
		}
		return v
	})
	return out, ok && !strings.Contains(d.text, out)
}

func fromFills(d *doc, name string, seed int) string {
	var cands []string
	for _, v := range lists.groups["fills"][name] {
		if !strings.Contains(d.text, strings.TrimPrefix(v, "the ")) {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	return cands[pick(d, seed, len(cands))]
}

// subjects are the text's inline-code names (identifiers, paths) outside fences.
func subjects(d *doc) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range d.code {
		s := d.text[c[0]+1 : c[1]-1]
		if len(s) < 3 || len(s) > 40 || strings.ContainsAny(s, " \"'`(){}<>[]$=") || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, s)
	}
	return out
}

// commandRe matches an inline-code span that is a shell command of a build or test tool.
var commandRe = regexp.MustCompile(`^(go|make|npm|pnpm|yarn|npx|pytest|cargo|mise|bazel|dbt|helm|kubectl|terraform|ansible-playbook|mkdocs|vitest|jest|tox|gradle|mvn) [a-z./:-][^\x60]{2,40}$`)

// commands are the text's own build and test commands (inline code), for {cmd}.
func commands(d *doc) []string {
	var out []string
	for _, c := range d.code {
		if s := d.text[c[0]+1 : c[1]-1]; commandRe.MatchString(s) && !contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// firstClause is the inserted text up to its first , ; or " (" : the claim a finding's
// summary side must quote.
func firstClause(text string) string {
	end := len(text)
	for _, sep := range []string{", ", "; ", " (", ". "} {
		if i := strings.Index(text, sep); i >= 0 && i < end && len(strings.Fields(text[:i])) >= 3 {
			end = i
		}
	}
	return strings.Trim(text[:end], `"`)
}
