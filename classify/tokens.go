package classify

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

type tokRule struct {
	kind string
	re   *regexp.Regexp
	norm func(m []string) string
}

// tokGates[i] is tokRules[i]'s exact literal gate (litgate.go).
var tokGates []int

// tokNeeds[i] lists characters one of which a text must contain for tokRules[i] to
// apply ("0" stands for any digit): a cheap test that skips most regexps.
var tokNeeds []string

var months = map[string]int{"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
	"may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9, "september": 9,
	"oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12}

const monthRe = `(?i:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`

func atoiDef(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func dateNorm(y, m, d int) string {
	return "date:" + strconv.Itoa(y) + "-" + pad2(m) + "-" + pad2(d)
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// unitSeconds maps duration units to seconds.
func unitSeconds(u string) float64 {
	u = strings.ToLower(strings.TrimSpace(u))
	switch {
	case u == "ms" || strings.HasPrefix(u, "milli"):
		return 0.001
	case u == "s" || u == "sec" || u == "secs" || strings.HasPrefix(u, "second"):
		return 1
	case u == "m" || u == "min" || u == "mins" || strings.HasPrefix(u, "minute"):
		return 60
	case u == "h" || u == "hr" || u == "hrs" || strings.HasPrefix(u, "hour"):
		return 3600
	case u == "d" || strings.HasPrefix(u, "day"):
		return 86400
	case u == "w" || u == "wk" || strings.HasPrefix(u, "week"):
		return 604800
	}
	return 0
}

func fmtNum(f float64) string {
	return strconv.FormatFloat(f, 'f', -1, 64)
}

var reDurPart = regexp.MustCompile(`(?i)(\d+(?:\.\d+)?)[\s-]*(ms|milliseconds?|seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|wks?|w)`)

var reBigDecimal = regexp.MustCompile(`^\d{5,}\.\d+$`)

// continental normalises a figure written with dots for thousands and a decimal comma.
func continental(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c >= '0' && c <= '9':
			b.WriteRune(c)
		case c == ',':
			b.WriteByte('.')
		}
	}
	v, err := strconv.ParseFloat(b.String(), 64)
	if err != nil {
		return b.String()
	}
	return fmtNum(v)
}

func durNorm(s string) string {
	s = strings.ReplaceAll(s, ",", "")
	total := 0.0
	for _, p := range reDurPart.FindAllStringSubmatch(s, -1) {
		v, _ := strconv.ParseFloat(p[1], 64)
		total += v * unitSeconds(p[2])
	}
	return "dur:" + fmtNum(total)
}

func numNorm(s string) string {
	s = strings.ReplaceAll(s, ",", "")
	s = strings.ReplaceAll(s, "_", "")
	if strings.Contains(s, ".") {
		// decimals: trailing zeros do not change the value (0.20 = 0.2)
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
		if s == "" {
			s = "0"
		}
	}
	return s
}

var sizeUnits = map[string]string{"b": "b", "byte": "b", "bytes": "b", "kb": "kb", "k": "kb", "kib": "kib", "mb": "mb", "mib": "mib",
	"gb": "gb", "gib": "gib", "tb": "tb", "tib": "tib", "pb": "pb", "g": "gb", "gi": "gib", "mi": "mib", "ki": "kib", "ti": "tib"}

var tokRules = []tokRule{
	{TokPath, regexp.MustCompile(`\bhttps?://[^\s)\]>"'` + "`" + `,]+[^\s)\]>"'.,;:` + "`" + `]`), func(m []string) string { return strings.ToLower(m[0]) }},
	{TokID, regexp.MustCompile(`\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b`), func(m []string) string { return "uuid:" + strings.ToLower(m[0]) }},
	{TokDate, regexp.MustCompile(`\b(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?))?`), func(m []string) string {
		return dateNorm(atoiDef(m[1]), atoiDef(m[2]), atoiDef(m[3]))
	}},
	{TokDate, regexp.MustCompile(`\b(\d{1,2})(?:st|nd|rd|th)?\s+(` + monthRe + `)\.?,?\s+(\d{4})\b`), func(m []string) string {
		return dateNorm(atoiDef(m[3]), months[strings.ToLower(m[2])], atoiDef(m[1]))
	}},
	{TokDate, regexp.MustCompile(`\b(` + monthRe + `)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b`), func(m []string) string {
		return dateNorm(atoiDef(m[3]), months[strings.ToLower(m[1])], atoiDef(m[2]))
	}},
	{TokDate, regexp.MustCompile(`\b(` + monthRe + `)\s+(\d{1,2})\s+\d{1,2}:\d{2}(?::\d{2})?\s+(\d{4})\b`), func(m []string) string {
		return dateNorm(atoiDef(m[3]), months[strings.ToLower(m[1])], atoiDef(m[2]))
	}},
	{TokHex, regexp.MustCompile(`\b0[xX][0-9a-fA-F]+\b`), func(m []string) string { return strings.ToLower(m[0]) }},
	{TokTime, regexp.MustCompile(`\b(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:\s*([AaPp])\.?[Mm]\.?)?\b`), func(m []string) string {
		h := atoiDef(m[1])
		if m[4] != "" {
			if strings.EqualFold(m[4], "p") && h < 12 {
				h += 12
			}
			if strings.EqualFold(m[4], "a") && h == 12 {
				h = 0
			}
		}
		s := "time:" + pad2(h) + ":" + m[2]
		if m[3] != "" && m[3] != "00" {
			s += ":" + m[3]
		}
		return s
	}},
	{TokTime, regexp.MustCompile(`\b(1[0-2]|0?[1-9])\s?([AaPp])\.?[Mm]\b`), func(m []string) string {
		h := atoiDef(m[1]) % 12
		if strings.EqualFold(m[2], "p") {
			h += 12
		}
		return "time:" + pad2(h) + ":00"
	}},
	// a figure written the continental way ("1.482.913,47 EUR", "12.500,00"): dots
	// group thousands, the comma marks the decimals
	{TokMoney, regexp.MustCompile(`\b\d{1,3}(?:\.\d{3})+,\d{1,2}\s?(?:EUR|CHF|USD|GBP|€)|(?:EUR|CHF|USD|GBP|€)\s?\d{1,3}(?:\.\d{3})+,\d{1,2}\b`), func(m []string) string {
		cur := "$"
		switch {
		case strings.Contains(m[0], "EUR") || strings.Contains(m[0], "€"):
			cur = "€"
		case strings.Contains(m[0], "GBP"):
			cur = "£"
		case strings.Contains(m[0], "CHF"):
			cur = "CHF"
		}
		return "money:" + cur + continental(m[0])
	}},
	{TokNumber, regexp.MustCompile(`\b\d{1,3}(?:\.\d{3})+,\d{1,2}\b`), func(m []string) string { return "num:" + continental(m[0]) }},
	{TokMoney, regexp.MustCompile(`(?:\b(?:USD|EUR|GBP|CHF|JPY)\s?\d[\d,]*(?:\.\d+)?)|(?:[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:[kKmMbB]\b|million|billion|thousand))?)|(?:\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP|dollars|euros)\b)`), func(m []string) string {
		s := m[0]
		cur := "$"
		for _, c := range []string{"€", "£", "¥", "EUR", "GBP", "euros", "CHF", "JPY"} {
			if strings.Contains(s, c) {
				cur = c
			}
		}
		num := regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`).FindString(s)
		v, _ := strconv.ParseFloat(strings.ReplaceAll(num, ",", ""), 64)
		ls := strings.ToLower(s)
		switch {
		case strings.HasSuffix(ls, "k") || strings.Contains(ls, "thousand"):
			v *= 1e3
		case strings.HasSuffix(ls, "m") || strings.Contains(ls, "million"):
			v *= 1e6
		case strings.HasSuffix(ls, "b") || strings.Contains(ls, "billion"):
			v *= 1e9
		}
		if cur == "EUR" || cur == "euros" {
			cur = "€"
		}
		if cur == "GBP" {
			cur = "£"
		}
		return "money:" + cur + fmtNum(v)
	}},
	{TokPercent, regexp.MustCompile(`\b(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s?(?:%|percent\b|per cent\b)`), func(m []string) string {
		n := regexp.MustCompile(`\d+(?:\.\d+)?`).FindString(m[0])
		return "pct:" + numNorm(n)
	}},
	{TokDuration, regexp.MustCompile(`(?i)\b\d+h(?:\d+m)?(?:\d+(?:\.\d+)?s)?\b|\b\d+m\d+(?:\.\d+)?s\b`), func(m []string) string { return durNorm(m[0]) }},
	{TokDuration, regexp.MustCompile(`(?i)\b(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?[\s-]?(?:ms|milliseconds?|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|wks?)\b(?:\s*(?:and\s+)?[1-5]?\d\s?(?:seconds?|secs?|s)\b)?|\b\d+(?:\.\d+)?\s?s\b`), func(m []string) string { return durNorm(m[0]) }},
	{TokSize, regexp.MustCompile(`(?i)\b(\d[\d,]*(?:\.\d+)?)\s?(bytes|byte|[kmgtp]i?b|gi|mi|ki|ti)\b`), func(m []string) string {
		return "size:" + numNorm(m[1]) + sizeUnits[strings.ToLower(m[2])]
	}},
	{TokVersion, regexp.MustCompile(`\b[A-Za-z][\w.-]*(?:==|~=|>=|<=)\s?(\d+(?:\.\d+){0,3}(?:[-+.][0-9A-Za-z]+)*)`), func(m []string) string { return "ver:" + strings.ToLower(m[1]) }},
	{TokFlag, regexp.MustCompile(`(?:^|\s)(--?[A-Za-z][\w-]*(?:=[^\s,;)]+)?)`), func(m []string) string { return strings.ToLower(strings.TrimSpace(m[1])) }},
	{TokFlag, regexp.MustCompile(`\b[A-Za-z_][\w.-]*=[^\s,;&(){}\[\]` + "`" + `'"]+`), func(m []string) string { return strings.ToLower(strings.TrimRight(m[0], ".")) }},
	{TokPath, regexp.MustCompile(`(?:~|\.{1,2})?(?:/[\w.@~+-]+){2,}/?|(?:~|\.{1,2})/[\w.@~+-]+|\b[\w.-]+(?:/[\w.@+-]+)+\.[A-Za-z0-9]{1,8}\b|/[a-z][\w.-]*\.[a-z]{1,4}\b|/(?:etc|var|tmp|opt|usr|srv|home|dev|mnt|data)\b`), func(m []string) string {
		return strings.TrimRight(m[0], ".")
	}},
	{TokVersion, regexp.MustCompile(`\bgo\d+(?:\.\d+){1,2}\b`), func(m []string) string { return "ver:" + m[0][2:] }},
	// a version range written with a wildcard ("v1.19.x", "18.*") is its own value
	{TokVersion, regexp.MustCompile(`(?:\b[vV]|\b)\d+(?:\.\d+){0,2}\.(?:[xX]\b|\*)`), func(m []string) string {
		s := strings.TrimLeft(m[0], "vV")
		return "ver:" + strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(s), "*"), "x") + "x"
	}},
	{TokVersion, regexp.MustCompile(`(?:\b[vV]|@|\b)\d+(?:\.\d+){1,3}(?:[-+][0-9A-Za-z]+(?:[.-][0-9A-Za-z]+)*)?\b|\b[vV]\d+\b`), func(m []string) string {
		s := strings.TrimLeft(m[0], "vV@")
		if m[0] == s && reBigDecimal.MatchString(s) {
			return "" // "1482913.47" is an amount, not a version
		}
		return "ver:" + strings.ToLower(s)
	}},
	{TokID, regexp.MustCompile(`\b[A-Z][A-Z0-9]{1,9}-\d+(?:-\d+)?\b`), func(m []string) string { return strings.ToUpper(m[0]) }},
	{TokID, regexp.MustCompile(`\b[a-z]{2}[-_][A-Z]{2}\b`), func(m []string) string { return m[0] }},
	{TokID, regexp.MustCompile(`\b\d+x\d+\b`), func(m []string) string { return strings.ToLower(m[0]) }},
	{TokHost, regexp.MustCompile(`\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:internal|local|com|net|org|io|dev|cloud|corp|lan|svc|cluster\.local)\b`), func(m []string) string { return strings.ToLower(m[0]) }},
	{TokID, regexp.MustCompile(`\b[0-9a-f]{7,40}\b`), func(m []string) string {
		if strings.IndexAny(m[0], "abcdef") < 0 {
			return ""
		}
		return strings.ToLower(m[0])
	}},
	// a name that starts with its number ("0087_invoices_due_date_idx"): the digits,
	// leading zeros included, are part of the name
	{TokID, regexp.MustCompile(`\b\d+_[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*\b`), func(m []string) string { return m[0] }},
	{TokID, regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9]*(?:[_.-][A-Za-z0-9]+)+\b|\b[A-Za-z]+\d+[A-Za-z0-9]*\b|\$[A-Z_][A-Z0-9_]*\b`), func(m []string) string {
		s := m[0]
		if strings.HasPrefix(s, "$") {
			return s
		}
		if !strings.ContainsAny(s, "0123456789_") && !(strings.Contains(s, ".") && !strings.Contains(s, "-")) {
			return "" // plain hyphenated words are not identifiers
		}
		if strings.Contains(s, ".") && !strings.ContainsAny(s, "0123456789_") {
			// file.ext style names
			return s
		}
		return s
	}},
	{TokNumber, regexp.MustCompile(`\b\d{1,3}(?:,\d{3})+(?:\.\d+)?\b|\b\d{1,3}(?:_\d{3})+\b|\b\d+(?:\.\d+)?(?:[kKMB]\b)?`), func(m []string) string {
		s := m[0]
		suffix := ""
		if l := s[len(s)-1]; l == 'k' || l == 'K' || l == 'M' || l == 'B' {
			suffix = strings.ToLower(string(l))
			s = s[:len(s)-1]
		}
		return "num:" + numNorm(s) + suffix
	}},
}

func init() {
	tokNeeds = make([]string, len(tokRules))
	for i := range tokRules {
		r := &tokRules[i]
		tokGates = append(tokGates, register(r.re.String(), needSets(r.re.String()), nil))
		src := r.re.String()
		need := "0"
		switch {
		case strings.Contains(src, "https?://"):
			need = ":"
		case strings.Contains(src, "0[xX]"):
			need = "xX"
		case r.kind == TokFlag && strings.HasPrefix(src, "(?:^|"):
			need = "-"
		case r.kind == TokFlag:
			need = "="
		case r.kind == TokPath:
			need = "/"
		case r.kind == TokHost:
			need = "."
		case strings.Contains(src, "[-_][A-Z]{2}"):
			need = "-_"
		case r.kind == TokID && strings.Contains(src, `\$[A-Z_]`):
			need = "0_.-$"
		case r.kind == TokVersion && strings.Contains(src, "==|~=|>=|<="):
			need = "=<>~"
		}
		tokNeeds[i] = need
	}
}

func hasNeed(text, need string, digit bool) bool {
	if need == "" {
		return true
	}
	for i := 0; i < len(need); i++ {
		if need[i] == '0' {
			if digit {
				return true
			}
			continue
		}
		if strings.IndexByte(text, need[i]) >= 0 {
			return true
		}
	}
	return false
}

// Tokens extracts the exact tokens of text, left to right, without overlaps.
func Tokens(text string) []Token {
	taken := make([]bool, len(text))
	var out []Token
	digit := strings.IndexAny(text, "0123456789") >= 0
	sc := scanOf(text)
	for i, r := range tokRules {
		if !hasNeed(text, tokNeeds[i], digit) || !sc.pass(tokGates[i], nil) {
			continue
		}
		for _, m := range r.re.FindAllStringSubmatchIndex(text, -1) {
			s, e := m[0], m[1]
			if r.kind == TokFlag && len(m) >= 4 && m[2] >= 0 && r.re.NumSubexp() >= 1 {
				s, e = m[2], m[3]
			}
			if r.kind == TokPath && e-s > 2 && text[e-1] == '.' && (e == len(text) || text[e] == ' ' || text[e] == '\n') && isWordByte(text[e-2]) {
				e-- // the sentence's full stop is not part of the path
			}
			if s >= e {
				continue
			}
			overlap := false
			for i := s; i < e; i++ {
				if taken[i] {
					overlap = true
					break
				}
			}
			if overlap {
				continue
			}
			groups := make([]string, len(m)/2)
			for g := range groups {
				if m[2*g] >= 0 {
					groups[g] = text[m[2*g]:m[2*g+1]]
				}
			}
			groups[0] = text[s:e]
			norm := r.norm(groups)
			if norm == "" {
				continue
			}
			raw := text[s:e]
			if r.kind == TokNumber && !isMeaningfulNumber(raw, text, s) {
				continue
			}
			if r.kind == TokDate && s > 0 && strings.IndexByte("-_/", text[s-1]) >= 0 {
				continue // a date inside a file name ("axe-2026-12-01.json") belongs to the name
			}
			if r.kind == TokVersion && s >= 2 && text[s-1] == ',' && isDigitByte(text[s-2]) {
				continue // "482,931.47" is one number, not a version
			}
			if r.kind == TokPath && raw[0] == '/' && s > 0 && isWordByte(text[s-1]) {
				continue // "build/test/image": words joined by slashes, not a path
			}
			for i := s; i < e; i++ {
				taken[i] = true
			}
			out = append(out, Token{Kind: r.kind, Raw: raw, Norm: norm, Start: s, End: e})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	// a time carries the zone written after it or after its range ("21:00-22:00 CET",
	// "14:30Z"): 21:00 CET is not 21:00 UTC
	for i := range out {
		t := &out[i]
		if t.Kind != TokTime {
			continue
		}
		if m := reZoneAfter.FindStringSubmatch(text[t.End:]); m != nil {
			t.Norm += "@" + strings.ToLower(strings.ReplaceAll(m[1], ":", ""))
			if m[1] == "Z" {
				t.Norm = strings.TrimSuffix(t.Norm, "@z") + "@utc"
			}
			if z := strings.ToLower(m[1]); z == "gmt" || z == "+0000" || z == "+00" {
				t.Norm = t.Norm[:strings.IndexByte(t.Norm, '@')] + "@utc"
			}
		}
	}
	for i := range out {
		t := &out[i]
		if t.Kind != TokNumber {
			continue
		}
		// a bare number named by a unit-bearing key ("stabilizationWindowSeconds 600",
		// "timeout_ms: 250") is a duration
		before := text[max(0, t.Start-24):t.Start]
		if m := reUnitKey.FindStringSubmatch(before); m != nil {
			if u := unitSeconds(strings.ToLower(strings.TrimPrefix(strings.TrimPrefix(m[1], "_"), "-"))); u > 0 {
				if v, err := strconv.ParseFloat(strings.ReplaceAll(t.Raw, ",", ""), 64); err == nil {
					t.Kind = TokDuration
					t.Norm = "dur:" + fmtNum(v*u)
				}
			}
		}
	}
	return out
}

var reZoneAfter = regexp.MustCompile(`^(?:\s*(?:-|–|to)\s*\d{1,2}:\d{2}(?::\d{2})?)?\s?(UTC|GMT|Z|CET|CEST|EET|EEST|WET|WEST|BST|IST|JST|KST|SGT|HKT|AEST|AEDT|NZST|NZDT|PST|PDT|MST|MDT|CST|CDT|EST|EDT|[+-]\d{2}(?::?\d{2})?)\b`)

var reUnitKey = regexp.MustCompile(`(?i)[a-z](seconds|secs|minutes|mins|hours|_ms|_s|_sec|-seconds|ms|millis)["']?\s*[:=]?\s*$`)

func isDigitByte(c byte) bool { return c >= '0' && c <= '9' }

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// isMeaningfulNumber filters list markers and single digits used as words.
func isMeaningfulNumber(raw, text string, start int) bool {
	if len(raw) == 1 && raw[0] >= '0' && raw[0] <= '9' {
		// single digits are kept: "fetch-depth: 1", "3 skipped", "x of 9"
		return true
	}
	return true
}

// Value returns a token's numeric value and a unit family when it has one:
// number ("n"), percent as a fraction ("n"), duration in seconds ("s").
func (t Token) Value() (float64, string, bool) {
	parse := func(s string) (float64, bool) {
		s = strings.TrimRight(s, "kmb")
		v, err := strconv.ParseFloat(s, 64)
		return v, err == nil
	}
	switch {
	case strings.HasPrefix(t.Norm, "num:"):
		s := t.Norm[4:]
		if mult := map[byte]float64{'k': 1e3, 'm': 1e6, 'b': 1e9}[s[len(s)-1]]; mult > 0 {
			// "10k" is 10,000; "2M" is 2,000,000
			v, ok := parse(s[:len(s)-1])
			return v * mult, "n", ok
		}
		if len(s) > 1 && s[0] == '0' && s[1] != '.' {
			return 0, "", false // leading zeros are identifiers, not values
		}
		v, ok := parse(s)
		return v, "n", ok
	case strings.HasPrefix(t.Norm, "pct:"):
		v, ok := parse(t.Norm[4:])
		return v / 100, "n", ok
	case strings.HasPrefix(t.Norm, "dur:"):
		v, ok := parse(t.Norm[4:])
		return v, "s", ok
	case strings.HasPrefix(t.Norm, "size:"):
		// bytes: 1536Mi = 1.5 GiB, but 48 GB is not 48 GiB
		m := reSizeNorm.FindStringSubmatch(t.Norm[5:])
		if m == nil {
			return 0, "", false
		}
		v, err := strconv.ParseFloat(m[1], 64)
		mult, known := sizeMult[m[2]]
		return v * mult, "b", err == nil && known
	}
	return 0, "", false
}

var reSizeNorm = regexp.MustCompile(`^([\d.]+)([a-z]+)$`)

var sizeMult = map[string]float64{"b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12, "pb": 1e15,
	"kib": 1 << 10, "mib": 1 << 20, "gib": 1 << 30, "tib": 1 << 40}

// Equivalent reports whether two tokens state the same value: equal normal forms,
// or equal numeric values across notations (0.921 and 92.1%; 90 s and 1m30s).
func Equivalent(a, b Token) bool {
	if a.Norm == b.Norm {
		return true
	}
	if a.Kind == TokID && b.Kind == TokID && strings.EqualFold(a.Norm, b.Norm) {
		return true // "s3" and "S3": a name's case is how it was typed, not a different thing
	}
	if !valued(a.Kind) && !valued(b.Kind) {
		return false // names, paths, hosts, flags, dates: equal only when written the same
	}
	if a.Kind == TokTime && b.Kind == TokTime {
		// a time with no zone written is compatible with any zone
		ab, az, _ := strings.Cut(a.Norm, "@")
		bb, bz, _ := strings.Cut(b.Norm, "@")
		return ab == bb && (az == "" || bz == "")
	}
	// a bare number and the same figure with its unit: "600000" and "600000 ms"
	if ((a.Kind == TokNumber) != (b.Kind == TokNumber) || a.Kind == TokNumber && b.Kind == TokNumber && a.Norm[len(a.Norm)-1] != b.Norm[len(b.Norm)-1]) && leadingNumeral(a.Raw) != "" && leadingNumeral(a.Raw) == leadingNumeral(b.Raw) {
		return true
	}
	// versions written as numbers and vice versa: "Python 3.9" (number) vs "3.9" (version)
	if strip(a.Norm) == strip(b.Norm) && (isVerNum(a) && isVerNum(b)) {
		return true
	}
	av, au, aok := a.Value()
	bv, bu, bok := b.Value()
	// a fraction and a percentage: "0.921" (read as a version) and "92.1%"
	if f, ok := fraction(a); ok && b.Kind == TokPercent {
		av, au, aok = f, "n", true
	} else if f, ok := fraction(b); ok && a.Kind == TokPercent {
		bv, bu, bok = f, "n", true
	}
	if aok && bok && au == bu {
		d := av - bv
		if d < 0 {
			d = -d
		}
		return d < 1e-9*(1+abs(av))
	}
	return false
}

var reFraction = regexp.MustCompile(`^0\.\d+$`)

// fraction reads a plain "0.x" decimal (lexed as a number or a version) as a value.
func fraction(t Token) (float64, bool) {
	if (t.Kind != TokNumber && t.Kind != TokVersion) || !reFraction.MatchString(t.Raw) {
		return 0, false
	}
	v, err := strconv.ParseFloat(t.Raw, 64)
	return v, err == nil
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func isVerNum(t Token) bool {
	return strings.HasPrefix(t.Norm, "ver:") || strings.HasPrefix(t.Norm, "num:")
}

func strip(n string) string {
	if i := strings.IndexByte(n, ':'); i >= 0 && i < 6 {
		return n[i+1:]
	}
	return n
}

// valued: tokens of this kind carry a quantity that other notations can restate.
func valued(kind string) bool {
	switch kind {
	case TokID, TokPath, TokHost, TokFlag, TokHex, TokDate:
		return false
	}
	return true
}

// Key is the token's word in the alignment index: "#" and its value, a time without
// its zone (21:00 CET and 21:00 UTC are one subject, then compared as values).
func (t Token) Key() string {
	if t.Kind == TokTime {
		if b, _, ok := strings.Cut(t.Norm, "@"); ok {
			return "#" + b
		}
	}
	return "#" + t.Norm
}

// Strip returns a token's normal form without its kind prefix.
func (t Token) Strip() string { return strip(t.Norm) }

// LeadingNumeral is the first number written in raw, without thousands separators.
func LeadingNumeral(raw string) string { return leadingNumeral(raw) }

func leadingNumeral(raw string) string {
	// the first run of \d[\d,]*(?:\.\d+)? in raw, commas removed (a hand-written
	// scan: this runs for every token comparison)
	i := 0
	for i < len(raw) && (raw[i] < '0' || raw[i] > '9') {
		i++
	}
	if i == len(raw) {
		return ""
	}
	var b strings.Builder
	for i < len(raw) && (raw[i] >= '0' && raw[i] <= '9' || raw[i] == ',') {
		if raw[i] != ',' {
			b.WriteByte(raw[i])
		}
		i++
	}
	if i+1 < len(raw) && raw[i] == '.' && raw[i+1] >= '0' && raw[i+1] <= '9' {
		b.WriteByte('.')
		i++
		for i < len(raw) && raw[i] >= '0' && raw[i] <= '9' {
			b.WriteByte(raw[i])
			i++
		}
	}
	return b.String()
}
