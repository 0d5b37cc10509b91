package classify

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// word is one whitespace-separated word of a text with its outer punctuation
// stripped: text[s:e] is the word.
type word struct {
	s, e int
	t    string
	// stop is true when punctuation ended the word (a comma, a full stop): a unit or
	// a noun after it belongs to the next clause. open is true when the word opened
	// with a bracket or quote: it does not continue the word before.
	stop, open bool
}

const openPunct = "([{\"'`*<“‘«"
const closePunct = ")]}\"'`*,;:.!?>”’»"

// splitWords cuts text into words at white space, stripping outer punctuation.
func splitWords(text string) []word {
	out := make([]word, 0, len(text)/6+1)
	i := 0
	for i < len(text) {
		if n := spaceAt(text, i); n > 0 {
			i += n
			continue
		}
		j := i
		for j < len(text) && spaceAt(text, j) == 0 {
			if text[j] < utf8.RuneSelf {
				j++
			} else {
				_, n := utf8.DecodeRuneInString(text[j:])
				j += n
			}
		}
		if compactJSON(text[i:j]) {
			out = append(out, jsonWords(text, i, j)...)
			i = j
			continue
		}
		s, e := i, j
		for s < e && strings.ContainsRune(openPunct, rune(text[s])) {
			s++
		}
		for e > s {
			r, n := utf8.DecodeLastRuneInString(text[s:e])
			if !strings.ContainsRune(closePunct, r) {
				break
			}
			e -= n
		}
		if strings.HasSuffix(text[s:e], "'s") || strings.HasSuffix(text[s:e], "’s") {
			if t := text[s:e]; strings.ContainsAny(t, "/@.-_#0123456789") {
				e -= len(t) - len(strings.TrimSuffix(strings.TrimSuffix(t, "'s"), "’s")) // "@acme/ui-kit's" names @acme/ui-kit, "#162's" #162
			}
		}
		if settingsList(text[s:e]) {
			out = append(out, listWords(text, s, e)...)
		} else if s < e {
			out = append(out, word{s, e, text[s:e], e < j && strings.ContainsAny(text[e:j], ",;:.!?"), s > i && strings.ContainsAny(text[i:s], "([{\"'“«")})
		}
		i = j
	}
	return out
}

// spaceAt is the length of the white-space character at text[i] (0 when there is
// none): ASCII is read without decoding.
func spaceAt(text string, i int) int {
	if c := text[i]; c < utf8.RuneSelf {
		if c == ' ' || c >= '\t' && c <= '\r' {
			return 1
		}
		return 0
	}
	if r, n := utf8.DecodeRuneInString(text[i:]); unicode.IsSpace(r) {
		return n
	}
	return 0
}

// settingsList: a run of settings without spaces, "a=1,b=2" (as a database prints
// reloptions): each setting is a word of its own.
func settingsList(chunk string) bool {
	if !strings.Contains(chunk, ",") || !strings.Contains(chunk, "=") {
		return false // (most words with a comma are figures: 1,204,331)
	}
	for _, p := range strings.Split(chunk, ",") {
		if k := strings.IndexByte(p, '='); k <= 0 || k == len(p)-1 {
			return false
		}
	}
	return true
}

// listWords are the settings of the list at text[s:e], one word each.
func listWords(text string, s, e int) []word {
	var out []word
	for s < e {
		k := strings.IndexByte(text[s:e], ',')
		end := e
		if k >= 0 {
			end = s + k
		}
		out = append(out, word{s, end, text[s:end], end < e, false})
		s = end + 1
	}
	return out
}

// compactJSON: a run of text without spaces that is JSON ({"mergedAt":"2026-10-12T08:14Z"}):
// its keys and values are words of their own.
func compactJSON(chunk string) bool {
	return len(chunk) > 4 && strings.Contains(chunk, "\":") && strings.ContainsAny(chunk[:1], "{[\"")
}

// jsonWords splits a compact JSON run into its keys and values: quotes, braces,
// brackets and commas separate them, and so does a colon right after a key's quote.
func jsonWords(text string, i, j int) []word {
	var out []word
	start := -1
	flush := func(e int) {
		if start >= 0 && e > start {
			out = append(out, word{start, e, text[start:e], true, true})
		}
		start = -1
	}
	for k := i; k < j; k++ {
		c := text[k]
		sep := c == '"' || c == '{' || c == '}' || c == '[' || c == ']' || c == ',' || c == ':' && k > i && text[k-1] == '"'
		if sep {
			flush(k)
			continue
		}
		if start < 0 {
			start = k
		}
	}
	flush(j)
	return out
}

// scanner reads the values of one text.
type scanner struct {
	text  string
	words []word
	out   []Token
	used  []bool // words already part of a value
}

// Values finds the exact values of a text: numbers with their units (the quantity
// model), versions with their precision, ids with their zeros, digests, dates, times
// with their zones, money, paths, URLs, flags and inline code. Each carries a
// normalised form: equal values written differently share it (5,000 and 5000; 45 s
// and 0.75 min; v18.2 and 18.2), different values never do (01947 and 1947; 18.2
// and 18; 21:00 CET and 21:00 UTC).
func Values(text string) []Token {
	sc := &scanner{text: text, words: splitWords(text)}
	sc.used = make([]bool, len(sc.words))
	for i := range sc.words {
		if !sc.used[i] {
			sc.scan(i)
		}
	}
	sc.codeSpans()
	sortTokens(sc.out)
	return sc.out
}

func (sc *scanner) emit(i, j int, t Token) {
	t.Start, t.End = sc.words[i].s, sc.words[j].e
	if t.Raw == "" {
		t.Raw = sc.text[t.Start:t.End]
	}
	sc.out = append(sc.out, t)
	for k := i; k <= j; k++ {
		sc.used[k] = true
	}
}

// emitPart emits a token for part of word i (byte offsets within the word).
func (sc *scanner) emitPart(i, a, b int, t Token) {
	w := sc.words[i]
	t.Start, t.End = w.s+a, w.s+b
	t.Raw = sc.text[t.Start:t.End]
	sc.out = append(sc.out, t)
	sc.used[i] = true
}

func (sc *scanner) word(i int) string {
	if i < 0 || i >= len(sc.words) {
		return ""
	}
	return sc.words[i].t
}

func (sc *scanner) scan(i int) {
	w := sc.words[i].t
	if lettersOnly(w) {
		// a word of letters alone can only be a month, a weekday or a currency code
		// (the other readers need a digit, a dot, a slash or a sign)
		_ = sc.weekday(i, w) || sc.monthDate(i, w) || sc.money(i)
		return
	}
	lw := strings.ToLower(w)
	switch {
	case opPrefixed(w) && !sc.approxQuantity(i):
		sc.operatorValue(i)
	case strings.HasPrefix(lw, "http://") || strings.HasPrefix(lw, "https://"):
		sc.emit(i, i, Token{Kind: TokURL, Norm: "url:" + strings.TrimRight(lw, "/")})
	case isUUID(w):
		sc.emit(i, i, Token{Kind: TokID, Norm: "uuid:" + lw})
	case sc.ipAddress(i):
	case sc.commitRange(i):
	case sc.date(i):
	case sc.clock(i):
	case sc.money(i):
	case strings.HasPrefix(w, "--") || (len(w) == 2 && w[0] == '-' && isLetter(w[1])) || singleDashOption(w):
		sc.emit(i, i, Token{Kind: TokFlag, Norm: "flag:" + lw})
	case sc.versionLike(i):
	case startsNumber(w):
		sc.number(i)
	case sc.identifier(i):
	}
}

// reIPv4 is an IPv4 address, with a port or a prefix length: 10.0.3.7, 127.0.0.1:8081,
// 10.20.0.0/16.
var reIPv4 = regexp.MustCompile(`^(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})(?::(\d{1,5})|/(\d{1,2}))?$`)

// ipAddress reads an IPv4 address as a host (not a four-part version), and its port,
// when it has one, as the port of that host.
func (sc *scanner) ipAddress(i int) bool {
	w := sc.words[i].t
	if len(w) < 7 || !isDigit(w[0]) || strings.Count(w, ".") != 3 {
		return false
	}
	m := reIPv4.FindStringSubmatch(w)
	if m == nil {
		return false
	}
	switch sc.keyBefore(i) {
	case "version", "ver", "v", "build", "release", "firmware", "driver":
		return false // "version 1.2.3.4": a four-part version
	}
	for _, oct := range strings.Split(m[1], ".") {
		if n, _ := strconv.Atoi(oct); n > 255 {
			return false
		}
	}
	host := m[1]
	if m[3] != "" {
		host += "/" + m[3]
	}
	sc.emitPart(i, 0, len(m[1])+len(m[3])+boolInt(m[3] != ""), Token{Kind: TokHost, Norm: "host:" + host})
	if m[2] != "" {
		port, _ := strconv.Atoi(m[2])
		sc.emitPart(i, len(m[1])+1, len(w), Token{Kind: TokPort, Norm: "num:" + m[2], Num: float64(port), Family: "count", Key: m[1]})
	}
	return true
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// lettersOnly: w is ASCII letters alone ("deploy", "Friday", "EUR").
func lettersOnly(w string) bool {
	for k := 0; k < len(w); k++ {
		if !isLetter(w[k]) {
			return false
		}
	}
	return w != ""
}

func isLetter(b byte) bool { return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') }
func isDigit(b byte) bool  { return b >= '0' && b <= '9' }

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isDigit(c) && !(c >= 'a' && c <= 'f') && !(c >= 'A' && c <= 'F') {
			return false
		}
	}
	return s != ""
}

func isUUID(s string) bool {
	if len(s) != 36 {
		return false
	}
	p := strings.Split(s, "-")
	if len(p) != 5 {
		return false
	}
	for i, n := range []int{8, 4, 4, 4, 12} {
		if len(p[i]) != n || !isHex(p[i]) {
			return false
		}
	}
	return true
}

func startsNumber(w string) bool {
	if w == "" {
		return false
	}
	w = strings.TrimLeft(w, "~+-#≈")
	return w != "" && isDigit(w[0])
}

// numPrefix reads a number at the start of s: digits with thousands separators (, or
// _) and one decimal point. It returns the value, its decimals, and where it ends.
func numPrefix(s string) (v float64, dec int, end int, ok bool) {
	var clean []byte
	i := 0
	for i < len(s) {
		c := s[i]
		if isDigit(c) {
			clean = append(clean, c)
			i++
			continue
		}
		if (c == ',' || c == '_') && i > 0 && groupOf3(s[i+1:]) {
			i++
			continue
		}
		break
	}
	if i == 0 {
		return 0, 0, 0, false
	}
	if i+1 < len(s) && s[i] == '.' && isDigit(s[i+1]) {
		clean = append(clean, '.')
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			clean = append(clean, s[j])
			dec++
			j++
		}
		if j+1 < len(s) && s[j] == '.' && isDigit(s[j+1]) {
			return 0, 0, 0, false // a second dot: a version, not a number
		}
		i = j
	}
	v, err := strconv.ParseFloat(string(clean), 64)
	if err != nil {
		return 0, 0, 0, false
	}
	return v, dec, i, true
}

// groupOf3: s starts with exactly three digits and then a non-digit (or the end).
func groupOf3(s string) bool {
	if len(s) < 3 || !isDigit(s[0]) || !isDigit(s[1]) || !isDigit(s[2]) {
		return false
	}
	return len(s) == 3 || !isDigit(s[3])
}

// sortTokens orders tokens by position.
func sortTokens(ts []Token) {
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && ts[j].Start < ts[j-1].Start; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
}

// codeSpans adds each `inline code` span as a value of its own.
func (sc *scanner) codeSpans() {
	t := sc.text
	for i := 0; i < len(t); {
		a := strings.IndexByte(t[i:], '`')
		if a < 0 {
			return
		}
		a += i
		if strings.HasPrefix(t[a:], "```") {
			i = a + 3
			continue
		}
		b := strings.IndexByte(t[a+1:], '`')
		if b < 0 {
			return
		}
		b += a + 1
		body := strings.TrimSpace(t[a+1 : b])
		if body != "" && b-a-1 <= 200 && !strings.Contains(body, "\n") {
			sc.out = append(sc.out, Token{Kind: TokCode, Raw: t[a+1 : b], Norm: "code:" + strings.ToLower(body), Start: a + 1, End: b})
		}
		i = b + 1
	}
}

// commitRange reads a..b and a...b ranges of commit ids as two digests.
func (sc *scanner) commitRange(i int) bool {
	w := sc.words[i].t
	a, b, ok := strings.Cut(w, "..")
	b = strings.TrimPrefix(b, ".")
	if !ok || len(a) < 7 || len(b) < 7 || !isHex(a) || !isHex(b) {
		return false
	}
	sc.emitPart(i, 0, len(a), rangeEnd(a))
	sc.emitPart(i, len(w)-len(b), len(w), rangeEnd(b))
	return true
}

// rangeEnd: a commit id of a range; one written in digits only reads as the number
// the same id is elsewhere.
func rangeEnd(s string) Token {
	if hexLetterless(s) {
		v, _ := strconv.ParseFloat(s, 64)
		return Token{Kind: TokNumber, Norm: "num:" + s, Num: v, Family: "count"}
	}
	return Token{Kind: TokHash, Norm: "hash:" + strings.ToLower(s)}
}

// operators that open a bound value (">=3.9", "<2.0", "~=1.4", "^18.2").
var valueOps = []string{">=", "<=", "==", "~=", "!=", ">", "<", "^", "~"}

// approxQuantity: a tilde before a number followed by its unit ("~40 min", "~2 GB") is
// "about", not a version operator ("~1.4").
func (sc *scanner) approxQuantity(i int) bool {
	w := sc.words[i].t
	if !strings.HasPrefix(w, "~") {
		return false
	}
	if _, _, end, ok := numPrefix(w[1:]); !ok || end != len(w)-1 {
		return false
	}
	_, ok := lookupUnit(sc.word(i+1), false)
	return ok
}

func opPrefixed(w string) bool {
	for _, op := range valueOps {
		if strings.HasPrefix(w, op) && len(w) > len(op) && isDigit(w[len(op)]) {
			return true
		}
	}
	return false
}

// operatorValue reads the value after a comparison operator as a version or number,
// keyed by the operator's name before it.
func (sc *scanner) operatorValue(i int) {
	w := sc.words[i].t
	for _, op := range valueOps {
		if !strings.HasPrefix(w, op) {
			continue
		}
		rest := w[len(op):]
		if t, ok := versionOf(rest); ok && strings.Contains(rest, ".") {
			t.Key = sc.keyBefore(i)
			sc.emitPart(i, len(op), len(w), t)
			return
		}
		if v, dec, end, ok := numPrefix(rest); ok && end == len(rest) {
			sc.emitPart(i, len(op), len(w), Token{Kind: TokNumber, Norm: "num:" + fmtNum(v), Num: v, Prec: dec, Family: "count", Key: sc.keyBefore(i)})
		}
		return
	}
}

// singleDashOption: a long option written with one dash, as Go's and ProGuard's tools
// take them ("-race", "-count=1", "-dontobfuscate"): a dash, a lower-case letter, then
// lower-case letters and digits, with at most one "=" and its value.
func singleDashOption(w string) bool {
	if len(w) < 3 || w[0] != '-' || w[1] < 'a' || w[1] > 'z' {
		return false
	}
	name, _, _ := strings.Cut(w[1:], "=")
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return len(name) >= 2
}
