package perturb

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var (
	isoDateRe = regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})\b`)
	clockRe   = regexp.MustCompile(`\b([01]?\d|2[0-3]):([0-5]\d)\b`)
)

// monthAlt is an alternation of full and short month names.
func monthAlt() string {
	return strings.Join(append(append([]string{}, lists.groups["dates"]["months"]...), lists.groups["dates"]["months-short"]...), "|")
}

func monthIndex(name string) int {
	for _, g := range []string{"months", "months-short"} {
		for i, m := range lists.groups["dates"][g] {
			if m == name {
				return i + 1
			}
		}
	}
	return 0
}

// lineMatches runs re on every prose line and returns the submatch indexes as absolute
// offsets, keeping only matches with no word, digit or dash glued to either end.
func lineMatches(d *doc, re *regexp.Regexp) [][]int {
	var out [][]int
	for _, l := range d.proseLines() {
		for _, m := range re.FindAllStringSubmatchIndex(d.text[l.body:l.end], -1) {
			for i := range m {
				if m[i] >= 0 {
					m[i] += l.body
				}
			}
			a, b := m[0], m[1]
			if a > l.body && strings.ContainsRune("-:./_", rune(d.text[a-1])) || b < l.end && strings.ContainsRune("-:/_", rune(d.text[b])) && b+1 < l.end && isWord(rune(d.text[b+1])) {
				continue
			}
			out = append(out, m)
		}
	}
	return out
}

func dateSwap(d *doc) []site {
	var out []site
	for _, m := range lineMatches(d, isoDateRe) {
		day, _ := strconv.Atoi(d.text[m[6]:m[7]])
		out = append(out, site{start: m[6], end: m[7], repl: fmt.Sprintf("%02d", otherDay(day, pick(d, m[0], 3))), note: "iso day"})
	}
	md := regexp.MustCompile(`\b(` + monthAlt() + `)\.? (\d{1,2})\b`)
	for _, m := range lineMatches(d, md) {
		day, _ := strconv.Atoi(d.text[m[4]:m[5]])
		out = append(out, site{start: m[4], end: m[5], repl: strconv.Itoa(otherDay(day, pick(d, m[0], 3))), note: "month day"})
	}
	dm := regexp.MustCompile(`\b(\d{1,2}) (` + monthAlt() + `)\b`)
	for _, m := range lineMatches(d, dm) {
		day, _ := strconv.Atoi(d.text[m[2]:m[3]])
		out = append(out, site{start: m[2], end: m[3], repl: strconv.Itoa(otherDay(day, pick(d, m[0], 3))), note: "day month"})
	}
	out = append(out, nameSwap(d, lists.groups["dates"]["weekdays"], "weekday")...)
	var months []string
	for _, mo := range lists.groups["dates"]["months"] {
		if mo != "May" && mo != "March" {
			months = append(months, mo)
		}
	}
	for _, s := range nameSwap(d, months, "month") {
		if next := nextWord(d.text, s.end); next == "" || next[0] < '0' || next[0] > '9' {
			out = append(out, s)
		}
	}
	for _, m := range lineMatches(d, clockRe) {
		h, _ := strconv.Atoi(d.text[m[2]:m[3]])
		nh := (h + 1 + pick(d, m[0], 2)) % 24
		hs := strconv.Itoa(nh)
		if len(d.text[m[2]:m[3]]) == 2 {
			hs = fmt.Sprintf("%02d", nh)
		}
		out = append(out, site{start: m[2], end: m[3], repl: hs, note: "clock hour"})
	}
	return dedupe(out)
}

// otherDay moves a day of the month by 1 to 3, staying within 1..28.
func otherDay(day, h int) int {
	n := day + 1 + h
	if n > 28 {
		n = day - 1 - h
	}
	if n < 1 {
		n = 2
	}
	return n
}

// nameSwap replaces whole-word occurrences of one name of names by another the text
// never uses.
func nameSwap(d *doc, names []string, note string) []site {
	var out []site
	var unused []string
	for _, n := range names {
		if !namesIn(d.text, n) {
			unused = append(unused, n)
		}
	}
	if len(unused) == 0 {
		return nil
	}
	for _, n := range names {
		if !strings.Contains(d.text, n) {
			continue
		}
		re := regexp.MustCompile(`\b` + regexp.QuoteMeta(n) + `\b`)
		for _, m := range lineMatches(d, re) {
			r := unused[pick(d, m[0], len(unused))]
			out = append(out, site{start: m[0], end: m[1], repl: r, note: note})
		}
	}
	return out
}

type zone struct {
	name   string
	offset float64
}

func zones() []zone {
	var out []zone
	for _, item := range lists.groups["zones"]["zones"] {
		n, o, _ := strings.Cut(item, "=")
		f, _ := strconv.ParseFloat(o, 64)
		out = append(out, zone{n, f})
	}
	return out
}

func zoneSwap(d *doc) []site {
	var out []site
	zs := zones()
	for _, z := range zs {
		if !strings.Contains(d.text, z.name) {
			continue
		}
		re := regexp.MustCompile(`\b` + z.name + `\b`)
		for _, m := range lineMatches(d, re) {
			l := d.lines[d.lineAt(m[0])]
			before := d.text[max(l.body, m[0]-14):m[0]]
			if !strings.ContainsAny(before, "0123456789") || m[1] < l.end && strings.ContainsRune("+-", rune(d.text[m[1]])) {
				continue
			}
			var cands []string
			for _, o := range zs {
				if o.offset != z.offset && !namesIn(d.text, o.name) {
					cands = append(cands, o.name)
				}
			}
			if len(cands) > 0 {
				out = append(out, site{start: m[0], end: m[1], repl: cands[pick(d, m[0], len(cands))], note: z.name})
			}
		}
	}
	return out
}

// dateFormat writes a date another way: ISO as "May 29, 2026" or "29 May 2026", a
// written date with its year as ISO, a short month name in full.
func dateFormat(d *doc) []site {
	var out []site
	full := lists.groups["dates"]["months"]
	for _, m := range lineMatches(d, isoDateRe) {
		y, mo, day := d.text[m[2]:m[3]], atoi(d.text[m[4]:m[5]]), atoi(d.text[m[6]:m[7]])
		if mo < 1 || mo > 12 || day < 1 || day > 31 || m[1] < len(d.text) && d.text[m[1]] == 'T' {
			continue
		}
		r := fmt.Sprintf("%s %d, %s", full[mo-1], day, y)
		if pick(d, m[0], 2) == 1 {
			r = fmt.Sprintf("%d %s %s", day, full[mo-1], y)
		}
		out = append(out, site{start: m[0], end: m[1], repl: r, note: "iso to words"})
	}
	withYear := regexp.MustCompile(`\b(` + strings.Join(full, "|") + `) (\d{1,2}), (\d{4})\b`)
	for _, m := range lineMatches(d, withYear) {
		mo := monthIndex(d.text[m[2]:m[3]])
		out = append(out, site{start: m[0], end: m[1], repl: fmt.Sprintf("%s-%02d-%02d", d.text[m[6]:m[7]], mo, atoi(d.text[m[4]:m[5]])), note: "words to iso"})
	}
	short := regexp.MustCompile(`\b(` + strings.Join(lists.groups["dates"]["months-short"], "|") + `)\.? (\d{1,2})\b`)
	for _, m := range lineMatches(d, short) {
		name := d.text[m[2]:m[3]]
		if mo := monthIndex(name); mo > 0 && full[mo-1] != name {
			out = append(out, site{start: m[0], end: m[1], repl: full[mo-1] + " " + d.text[m[4]:m[5]], note: "short month in full"})
		}
	}
	return dedupe(out)
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
