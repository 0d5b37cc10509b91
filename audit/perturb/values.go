package perturb

import (
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// quantity is a number in prose, with the unit that follows it, if any.
type quantity struct {
	start, end int // the number
	num        string
	unit       string // "" when none
	ustart     int    // the unit's offset (after the number, or after one blank)
	group      string // the unit's family in units.txt
}

var numberRe = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

// quantities returns the numbers on d's prose lines that stand alone: not part of a word,
// a version, a date or time, an id (#12, ENT-109) or a range, and not a year.
func quantities(d *doc) []quantity {
	var out []quantity
	for _, l := range d.proseLines() {
		text := d.text[:l.end]
		for _, m := range numberRe.FindAllStringIndex(d.text[l.body:l.end], -1) {
			a, b := l.body+m[0], l.body+m[1]
			num := strings.TrimRight(d.text[a:b], ",")
			b = a + len(num)
			if q, ok := standalone(d, text, l, a, b); ok {
				out = append(out, q)
			}
		}
	}
	return out
}

var reGroupedNumber = regexp.MustCompile(`^\d{1,3}(,\d{3})+(\.\d+)?$`)

func standalone(d *doc, text string, l line, a, b int) (quantity, bool) {
	q := quantity{start: a, end: b, num: text[a:b]}
	if !standaloneNumber(text, l, a, b) {
		return q, false
	}
	if !attachUnit(&q, text, b) {
		return q, false
	}
	if q.unit != "" && !endOfWord(text, q.ustart+len(q.unit)) {
		return q, false
	}
	if q.unit != "" && (compound(text, l.body, a) || followedByNumber(text, q.ustart+len(q.unit))) {
		q.unit, q.group = "", "" // "1 min 35 s": the unit belongs to a compound duration
	}
	return q, true
}

// standaloneNumber reports whether text[a:b] is a number of its own, not part of a
// word, a date, a year, a long id or a version.
func standaloneNumber(text string, l line, a, b int) bool {
	num := text[a:b]
	if a > l.body && !strings.ContainsRune(" (~\"≈=$<>", rune(text[a-1])) {
		return false
	}
	if strings.Contains(num, ",") && !reGroupedNumber.MatchString(num) {
		return false
	}
	digits := strings.ReplaceAll(num, ",", "")
	if !strings.Contains(num, ",") && !strings.Contains(num, ".") && (len(digits) >= 6 || len(digits) == 4 && (digits[:2] == "19" || digits[:2] == "20")) {
		return false
	}
	rest := text[b:]
	return !(len(rest) >= 2 && strings.ContainsRune(".:-/x", rune(rest[0])) && isDigitOrWord(rest[1]))
}

// attachUnit gives q the time or size unit written after it (at b), if any. It
// reports false when a word that is no unit is glued to the number.
func attachUnit(q *quantity, text string, b int) bool {
	rest := text[b:]
	if rest == "" || !isDigitOrWord(rest[0]) && !strings.HasPrefix(rest, "µ") {
		if strings.HasPrefix(rest, " ") {
			if u, g := unitAt(text, b+1); g != "" {
				q.unit, q.ustart, q.group = u, b+1, g
			}
		}
		return true
	}
	u, g := unitAt(text, b)
	switch {
	case g != "":
		q.unit, q.ustart, q.group = u, b, g
	case u != "x" && u != "k" && u != "K" && u != "M" && u != "%":
		return false
	}
	return true
}

// unitAt returns the word at off and the unit group it belongs to ("" if none).
func unitAt(text string, off int) (string, string) {
	e := off
	for e < len(text) && (isWord(rune(text[e])) || text[e] == 0xc2 || text[e] == 0xb5) {
		e++
	}
	u := text[off:e]
	for _, g := range []string{"time", "time-long", "bytes", "bytes-bin"} {
		if _, ok := unitSize(g, u); ok {
			return u, g
		}
	}
	return u, ""
}

func isDigitOrWord(c byte) bool { return isWord(rune(c)) }

func endOfWord(text string, i int) bool {
	return i >= len(text) || !isWord(rune(text[i])) && text[i] != '-' && text[i] != '/'
}

// unitSize returns the size of unit u in group g's base unit.
func unitSize(g, u string) (float64, bool) {
	for _, item := range lists.groups["units"][g] {
		name, size, _ := strings.Cut(item, "=")
		if name == u {
			f, err := strconv.ParseFloat(size, 64)
			return f, err == nil
		}
	}
	return 0, false
}

// unitSizes returns group g's spellings in file order with their sizes.
func unitSizes(g string) ([]string, []float64) {
	var names []string
	var sizes []float64
	for _, item := range lists.groups["units"][g] {
		name, size, _ := strings.Cut(item, "=")
		f, _ := strconv.ParseFloat(size, 64)
		names, sizes = append(names, name), append(sizes, f)
	}
	return names, sizes
}

func numberSwap(d *doc) []site {
	var out []site
	for _, q := range quantities(d) {
		v := strings.ReplaceAll(q.num, ",", "")
		if v == "0" || v == "1" {
			continue
		}
		if n := swapNumber(q.num, pick(d, q.start, 1<<16)); n != "" {
			out = append(out, site{start: q.start, end: q.end, repl: n, note: "number"})
		}
	}
	return out
}

// swapNumber returns another plausible value for num, written the same way (commas,
// decimals): two digits transposed, the last digit nudged, or the value doubled/halved.
func swapNumber(num string, h int) string {
	commas := strings.Contains(num, ",")
	intPart, frac, hasFrac := strings.Cut(strings.ReplaceAll(num, ",", ""), ".")
	if hasFrac {
		f := []byte(frac)
		i := len(f) - 1
		f[i] = '0' + byte((int(f[i]-'0')+1+h%3)%10)
		return withCommas(intPart, commas) + "." + string(f)
	}
	n, err := strconv.Atoi(intPart)
	if err != nil {
		return ""
	}
	var cands []string
	if len(intPart) >= 2 {
		for i := 0; i+1 < len(intPart); i++ {
			if intPart[i] != intPart[i+1] && !(i == 0 && intPart[1] == '0') {
				b := []byte(intPart)
				b[i], b[i+1] = b[i+1], b[i]
				cands = append(cands, string(b))
			}
		}
	}
	last := n%10 + 1 + h%4
	if n < 10 {
		if n+1+h%3 <= 12 {
			cands = append(cands, strconv.Itoa(n+1+h%3))
		}
	} else if last%10 != n%10 {
		cands = append(cands, strconv.Itoa(n-n%10+last%10))
	}
	if n%10 == 0 || n%5 == 0 {
		cands = append(cands, strconv.Itoa(n*2))
		if n%2 == 0 && n/2 > 1 {
			cands = append(cands, strconv.Itoa(n/2))
		}
	}
	var ok []string
	for _, c := range cands {
		if c != intPart && c != "0" && c != "1" {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 {
		return ""
	}
	return withCommas(ok[h%len(ok)], commas)
}

func withCommas(digits string, commas bool) string {
	if !commas || len(digits) <= 3 {
		return digits
	}
	var sb strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			sb.WriteByte(',')
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

func unitSwap(d *doc) []site {
	var out []site
	for _, q := range quantities(d) {
		if q.unit == "" {
			continue
		}
		names, sizes := unitSizes(q.group)
		cur, _ := unitSize(q.group, q.unit)
		var cands []string
		seen := map[float64]bool{cur: true}
		for i, s := range sizes {
			if !seen[s] && (s > cur && s <= cur*1100 || s < cur && s >= cur/1100) {
				seen[s] = true
				cands = append(cands, names[i])
			}
		}
		if len(cands) == 0 {
			continue
		}
		u := cands[pick(d, q.ustart, len(cands))]
		out = append(out, site{start: q.ustart, end: q.ustart + len(q.unit), repl: u, note: q.unit + " to " + u})
	}
	return out
}

// unitConvert rewrites a quantity in a neighbouring unit of its family with the number
// converted, when the new number is short (at most two decimals, under 100,000).
func unitConvert(d *doc) []site {
	var out []site
	for _, q := range quantities(d) {
		if q.unit == "" || strings.Contains(q.num, ",") {
			continue
		}
		v, err := strconv.ParseFloat(q.num, 64)
		if err != nil {
			continue
		}
		names, sizes := unitSizes(q.group)
		cur, _ := unitSize(q.group, q.unit)
		var cands []string
		seen := map[float64]bool{cur: true}
		for i, s := range sizes {
			if seen[s] || !(s > cur && s <= cur*1100 || s < cur && s >= cur/1100) {
				continue
			}
			seen[s] = true
			r := math.Round(v*cur/s*1e6) / 1e6
			if r < 0.01 || r >= 100000 || math.Abs(r*100-math.Round(r*100)) > 1e-9 || r == 1 {
				continue
			}
			num := strconv.FormatFloat(r, 'f', -1, 64)
			gap := d.text[q.end:q.ustart]
			cands = append(cands, num+gap+names[i])
		}
		if len(cands) == 0 {
			continue
		}
		c := cands[pick(d, q.start, len(cands))]
		out = append(out, site{start: q.start, end: q.ustart + len(q.unit), repl: c, note: "convert"})
	}
	return out
}

// idWords name a number that is an identifier (port 6432, ISO 4217), not a count.
var idWords = map[string]bool{"port": true, "iso": true, "pep": true, "rfc": true, "partition": true, "line": true, "lines": true, "pid": true, "issue": true, "pr": true, "build": true, "error": true, "code": true, "http": true, "job": true, "run": true, "batch": true, "version": true}

// numberFormat adds or removes thousands separators, or writes a round thousand count
// with k (1500 and 1.5k).
func numberFormat(d *doc) []site {
	var out []site
	for _, q := range quantities(d) {
		digits := strings.ReplaceAll(q.num, ",", "")
		if strings.Contains(q.num, ".") || len(digits) < 4 {
			continue
		}
		if strings.Contains(q.num, ",") {
			out = append(out, site{start: q.start, end: q.end, repl: digits, note: "drop separators"})
			continue
		}
		n, _ := strconv.Atoi(digits)
		if n%100 == 0 && n < 100000 && q.unit == "" && pick(d, q.start, 2) == 0 {
			k := strconv.FormatFloat(float64(n)/1000, 'f', -1, 64) + "k"
			out = append(out, site{start: q.start, end: q.end, repl: k, note: "k"})
			continue
		}
		if next := nextWord(d.text, q.end); q.unit != "" || len(next) > 2 && strings.HasSuffix(next, "s") && !idWords[strings.ToLower(prevWord(d.text, q.start))] {
			out = append(out, site{start: q.start, end: q.end, repl: withCommas(digits, true), note: "add separators"})
		}
	}
	return out
}

var versionRe = regexp.MustCompile(`\b(v|go)?(\d+)\.(\d+)(\.\d+)?`)

// version is a version number in prose.
type version struct {
	start, end   int
	prefix       string
	major, minor string
	patch        string // ".z" or ""
	named        bool   // preceded by a runtime or product name
	all          string
}

func versions(d *doc) []version {
	named := set(lists.lines["versioned"])
	var out []version
	for _, l := range d.proseLines() {
		for _, m := range versionRe.FindAllStringSubmatchIndex(d.text[l.body:l.end], -1) {
			a, b := l.body+m[0], l.body+m[1]
			v := version{start: a, end: b, all: d.text[a:b]}
			sub := func(i int) string {
				if m[2*i] < 0 {
					return ""
				}
				return d.text[l.body+m[2*i] : l.body+m[2*i+1]]
			}
			v.prefix, v.major, v.minor, v.patch = sub(1), sub(2), sub(3), sub(4)
			if a > l.body && strings.ContainsRune("./-_#:", rune(d.text[a-1])) || b < l.end && (isWord(rune(d.text[b])) || strings.ContainsRune(".-+", rune(d.text[b])) && b+1 < l.end && isWord(rune(d.text[b+1]))) {
				continue
			}
			v.named = named[strings.ToLower(prevWord(d.text, a))]
			out = append(out, v)
		}
	}
	return out
}

func versionPrecision(d *doc) []site {
	var out []site
	for _, v := range versions(d) {
		switch {
		case v.patch != "":
			out = append(out, site{start: v.start, end: v.end, repl: v.prefix + v.major + "." + v.minor, note: "drop patch"})
		case (v.prefix == "v" || v.named) && v.major != "0" && v.major != "1":
			out = append(out, site{start: v.start, end: v.end, repl: v.prefix + v.major, note: "drop minor"})
		}
	}
	return out
}

func versionPrefix(d *doc) []site {
	var out []site
	for _, v := range versions(d) {
		switch {
		case v.prefix == "v":
			out = append(out, site{start: v.start, end: v.start + 1, repl: "", note: "drop v"})
		case v.prefix == "" && v.named:
			out = append(out, site{start: v.start, end: v.start, repl: "v", note: "add v"})
		}
	}
	return out
}

// sortSites orders sites by offset (finders that scan several lists call it).
func sortSites(s []site) []site {
	sort.SliceStable(s, func(i, j int) bool { return s[i].start < s[j].start })
	return s
}

// followedByNumber reports whether the next word after offset i starts with a digit
// ("1 min 35 s": the first quantity is half of a compound duration).
func followedByNumber(text string, i int) bool {
	w := nextWord(text, i)
	return w != "" && w[0] >= '0' && w[0] <= '9'
}

// compound reports whether the words before offset a are a number and a unit ("1 min"
// before "35 s").
func compound(text string, body, a int) bool {
	prev := prevWord(text, a)
	if prev == "" {
		return false
	}
	p := strings.LastIndex(text[:a], prev)
	before := prevWord(text, p)
	if p <= body || before == "" {
		return false
	}
	_, isUnit := unitSize("time", prev)
	_, isLong := unitSize("time-long", prev)
	return (isUnit || isLong) && before[0] >= '0' && before[0] <= '9'
}
