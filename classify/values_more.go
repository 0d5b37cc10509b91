package classify

import (
	"strconv"
	"strings"
	"unicode"
)

var months = map[string]int{"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
	"may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9, "september": 9,
	"oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12}

func dateNorm(y, m, d int) string {
	return "date:" + strconv.Itoa(y) + "-" + pad2(m) + "-" + pad2(d)
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// date reads 2026-03-04 (with an optional T time), 2026/03/04, 4 March 2026,
// March 4, 2026 and Mar 4 2026.
func (sc *scanner) date(i int) bool {
	w := sc.words[i].t
	return sc.isoDateAt(i, w) || sc.dayMonthYear(i, w) || sc.weekday(i, w) || sc.monthDate(i, w)
}

// isoDateAt reads 2026-03-04 or 2026/03/04 and a time glued to it with T or a space.
func (sc *scanner) isoDateAt(i int, w string) bool {
	y, m, d, n, ok := isoDate(w)
	if !ok {
		return false
	}
	sc.emitPart(i, 0, n, Token{Kind: TokDate, Norm: dateNorm(y, m, d)})
	if n < len(w) && (w[n] == 'T' || w[n] == ' ') {
		if t, ok := clockOf(w[n+1:]); ok {
			sc.emitPart(i, n+1, len(w), t)
		}
	}
	return true
}

// dayMonthYear reads 4 March 2026 (and 4th March 2026).
func (sc *scanner) dayMonthYear(i int, w string) bool {
	if w == "" || !isDigit(w[0]) {
		return false
	}
	if d, ok := atoi(strings.TrimRight(w, "stndrh")); ok && d >= 1 && d <= 31 {
		if m, ok := months[strings.ToLower(strings.TrimSuffix(sc.word(i+1), "."))]; ok {
			if y, ok := atoi(sc.word(i + 2)); ok && y >= 1900 && y <= 2200 {
				sc.emit(i, i+2, Token{Kind: TokDate, Norm: dateNorm(y, m, d)})
				return true
			}
		}
	}
	return false
}

// weekday reads a capitalised day of the week (Monday, Friday's).
func (sc *scanner) weekday(i int, w string) bool {
	if !isUpperByte(w[0]) || len(w) < 6 {
		return false
	}
	if d, ok := weekdays[strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(w, "'s"), "’s"))]; ok {
		sc.emit(i, i, Token{Kind: TokDate, Norm: "weekday:" + d})
		return true
	}
	return false
}

// monthDate reads March 4, 2026 and Mar 4 2026, or a month on its own.
func (sc *scanner) monthDate(i int, w string) bool {
	if len(w) < 3 || len(w) > 10 || !isLetter(w[0]) {
		return false
	}
	m, ok := months[strings.ToLower(strings.TrimSuffix(w, "."))]
	if !ok {
		return false
	}
	if d, ok := atoi(strings.TrimRight(sc.word(i+1), "stndrh")); ok && d >= 1 && d <= 31 {
		if y, ok := atoi(sc.word(i + 2)); ok && y >= 1900 && y <= 2200 {
			sc.emit(i, i+2, Token{Kind: TokDate, Norm: dateNorm(y, m, d)})
			return true
		}
	}
	if len(w) > 3 && isUpperByte(w[0]) && strings.ToLower(w) != "march" || strings.ToLower(w) == "march" && w == "March" && i > 0 {
		// a month on its own ("the February batch")
		sc.emit(i, i, Token{Kind: TokDate, Norm: "month:" + pad2(m)})
		return true
	}
	return false
}

var weekdays = map[string]string{"monday": "mon", "tuesday": "tue", "wednesday": "wed", "thursday": "thu", "friday": "fri", "saturday": "sat", "sunday": "sun"}

func isUpperByte(b byte) bool { return b >= 'A' && b <= 'Z' }

// isoDate reads YYYY-MM-DD or YYYY/MM/DD at the start of w; n is its length.
func isoDate(w string) (y, m, d, n int, ok bool) {
	if len(w) < 10 || !isDigit(w[0]) || (w[4] != '-' && w[4] != '/') || w[7] != w[4] {
		return 0, 0, 0, 0, false
	}
	y, ok1 := atoi(w[0:4])
	m, ok2 := atoi(w[5:7])
	d, ok3 := atoi(w[8:10])
	if !ok1 || !ok2 || !ok3 || m < 1 || m > 12 || d < 1 || d > 31 {
		return 0, 0, 0, 0, false
	}
	if len(w) > 10 && isDigit(w[10]) {
		return 0, 0, 0, 0, false
	}
	return y, m, d, 10, true
}

// clock reads 21:00, 9:30pm, 01:00-05:00 (a range: two times) and a zone that follows
// (21:00 CET, 14:02:51Z, 10:00 UTC+2, 09:00 Europe/Berlin).
func (sc *scanner) clock(i int) bool {
	w := sc.words[i].t
	if a, b, ok := strings.Cut(w, "-"); ok && strings.Contains(a, ":") && strings.Contains(b, ":") {
		ta, ok1 := clockOf(a)
		tb, ok2 := clockOf(b)
		if ok1 && ok2 {
			zone := sc.zoneAt(i + 1)
			ta.Norm, tb.Norm = ta.Norm+zone, tb.Norm+zone
			sc.emitPart(i, 0, len(a), ta)
			sc.emitPart(i, len(a)+1, len(w), tb)
			if zone != "" {
				sc.used[i+1] = true
			}
			return true
		}
	}
	t, ok := clockOf(w)
	if !ok {
		return false
	}
	j := i
	if nx := strings.ToLower(sc.word(i + 1)); nx == "am" || nx == "pm" || nx == "a.m" || nx == "p.m" {
		t = withMeridiem(t, nx[0] == 'p')
		j++
	}
	if zone := sc.zoneAt(j + 1); zone != "" && !strings.Contains(t.Norm, "@") {
		t.Norm += zone
		j++
	}
	t.Raw = ""
	sc.emit(i, j, t)
	return true
}

func (sc *scanner) zoneAt(k int) string {
	z := strings.ToLower(sc.word(k))
	if z == "" || k >= len(sc.used) || sc.used[k] {
		return ""
	}
	base := z
	if p := strings.IndexAny(z, "+-"); p > 0 {
		base = z[:p]
	}
	if timeZones[base] || (strings.Count(z, "/") == 1 && isLetter(z[0]) && strings.ToUpper(sc.word(k)[:1]) == sc.word(k)[:1] && !strings.ContainsAny(z, ".")) {
		return "@" + z
	}
	return ""
}

// clockOf reads H:MM[:SS[.fff]][am|pm|Z|+hh:mm] as a whole word.
func clockOf(w string) (Token, bool) {
	h, rest, ok := strings.Cut(w, ":")
	if !ok || len(h) == 0 || len(h) > 2 || len(rest) < 2 {
		return Token{}, false
	}
	hh, ok1 := atoi(h)
	mm, ok2 := atoi(rest[:2])
	if !ok1 || !ok2 || hh > 24 || mm > 59 {
		return Token{}, false
	}
	norm := pad2(hh) + ":" + pad2(mm)
	rest = rest[2:]
	if len(rest) >= 3 && rest[0] == ':' && isDigit(rest[1]) && isDigit(rest[2]) {
		norm += rest[:3]
		rest = rest[3:]
		for len(rest) > 0 && (rest[0] == '.' || isDigit(rest[0])) {
			rest = rest[1:]
		}
	}
	t := Token{Kind: TokTime, Norm: "time:" + norm}
	switch lr := strings.ToLower(rest); {
	case lr == "":
	case lr == "am" || lr == "pm":
		t = withMeridiem(t, lr == "pm")
	case lr == "z":
		t.Norm += "@utc"
	case (lr[0] == '+' || lr[0] == '-') && len(lr) >= 3:
		t.Norm += "@" + lr
	default:
		return Token{}, false
	}
	return t, true
}

func withMeridiem(t Token, pm bool) Token {
	hh, _ := atoi(t.Norm[5:7])
	if pm && hh < 12 {
		hh += 12
	}
	if !pm && hh == 12 {
		hh = 0
	}
	t.Norm = "time:" + pad2(hh) + t.Norm[7:]
	return t
}

// money reads $5,000, €12.50, 1.482.913,47 EUR, USD 40 and 30 dollars.
func (sc *scanner) money(i int) bool {
	w := sc.words[i].t
	for _, c := range currencySymbols {
		if sym, code := c[0], c[1]; strings.HasPrefix(w, sym) {
			num, per := perRate(w[len(sym):])
			if v, ok := amount(num); ok {
				t := Token{Kind: TokMoney, Norm: "money:" + code + ":" + fmtNum(v), Num: v, Family: code, Key: sc.keyBefore(i)}
				if per {
					sc.emitPart(i, 0, len(sym)+len(num), t) // a rate: the amount is the value
				} else {
					sc.emit(i, i, t)
				}
				return true
			}
		}
	}
	if !startsNumber(w) {
		if code, ok := currencies[strings.ToLower(w)]; ok && len(w) == 3 {
			if v, ok := amount(sc.word(i + 1)); ok && i+1 < len(sc.words) {
				sc.emit(i, i+1, Token{Kind: TokMoney, Norm: "money:" + code + ":" + fmtNum(v), Num: v, Family: code, Key: sc.keyBefore(i)})
				return true
			}
		}
		return false
	}
	if code, ok := currencies[strings.ToLower(sc.word(i+1))]; ok && i+1 < len(sc.words) {
		if v, ok := amount(w); ok {
			sc.emit(i, i+1, Token{Kind: TokMoney, Norm: "money:" + code + ":" + fmtNum(v), Num: v, Family: code, Key: sc.keyBefore(i)})
			return true
		}
	}
	return false
}

// currencySymbols are the symbols money is written with, and their codes.
var currencySymbols = [][2]string{{"$", "USD"}, {"€", "EUR"}, {"£", "GBP"}, {"¥", "JPY"}}

// perRate splits a rate's amount from what it is per ("1,200/month", "4.50/seat"): the
// part after the slash must be a word of letters.
func perRate(s string) (string, bool) {
	k := strings.IndexByte(s, '/')
	if k <= 0 || k == len(s)-1 {
		return s, false
	}
	for _, c := range s[k+1:] {
		if !unicode.IsLetter(c) {
			return s, false
		}
	}
	return s[:k], true
}

// amount reads an amount in English (1,482,913.47) or continental (1.482.913,47)
// notation; k, m and bn suffixes scale it.
func amount(s string) (float64, bool) {
	mult := 1.0
	ls := strings.ToLower(s)
	for suf, m := range map[string]float64{"k": 1e3, "m": 1e6, "bn": 1e9, "b": 1e9} {
		if strings.HasSuffix(ls, suf) && len(ls) > len(suf) && isDigit(ls[len(ls)-len(suf)-1]) {
			mult, s = m, s[:len(s)-len(suf)]
			break
		}
	}
	if continentalAmount(s) {
		s = strings.ReplaceAll(s, ".", "")
		s = strings.Replace(s, ",", ".", 1)
	}
	v, _, end, ok := numPrefix(s)
	if !ok || end != len(s) {
		return 0, false
	}
	return v * mult, true
}

// continentalAmount: dots group thousands and a comma starts the decimals.
func continentalAmount(s string) bool {
	c := strings.LastIndexByte(s, ',')
	if c < 0 || c != len(s)-3 || !strings.Contains(s[:c], ".") {
		return false
	}
	for _, g := range strings.Split(s[:c], ".")[1:] {
		if len(g) != 3 {
			return false
		}
	}
	return true
}
