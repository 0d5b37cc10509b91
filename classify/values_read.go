package classify

import (
	"strconv"
	"strings"
)

// number reads a word that starts with a number: a quantity with its unit (glued or
// the next word), a percentage, a compound duration (2h45m), a count with its noun,
// a zero-padded id, or a name that starts with its number (0087_invoices_idx).
func (sc *scanner) number(i int) {
	w := sc.words[i].t
	lead := len(w) - len(strings.TrimLeft(w, "~+-#≈"))
	if lead > 0 && w[0] == '#' {
		sc.emit(i, i, Token{Kind: TokID, Norm: "id:" + strings.ToLower(w)})
		return
	}
	body := w[lead:]
	if strings.HasPrefix(strings.ToLower(body), "0x") {
		sc.identifier(i)
		return
	}
	v, dec, end, ok := numPrefix(body)
	if !ok {
		sc.identifier(i)
		return
	}
	if lead > 0 && w[0] == '-' {
		v = -v
	}
	sc.numberRest(i, w, body, end, v, dec)
}

// numberRest reads what follows the number's digits in body (w is the whole word):
// nothing, a percent sign, a multiplier, a unit, or the rest of a name.
func (sc *scanner) numberRest(i int, w, body string, end int, v float64, dec int) {
	rest := body[end:]
	digits := body[:end]
	switch {
	case rest == "":
		sc.bareNumber(i, v, dec, digits)
	case rest == "%":
		sc.emit(i, i, Token{Kind: TokPercent, Norm: "pct:" + fmtNum(v), Num: v, Unit: "%", Family: FamPercent, Prec: dec, Key: sc.keyBefore(i)})
	case rest == "k" || rest == "K":
		sc.emit(i, i, sc.count(i, v*1000, 0))
	case rest == "M" || rest == "G":
		mult := map[string]float64{"M": 1e6, "G": 1e9}[rest]
		sc.emit(i, i, sc.count(i, v*mult, dec)) // 88.2M tuples, 1.2B rows
	case rest == "m" && v > 180:
		// 500m: millicores or metres, not minutes
		sc.emit(i, i, Token{Kind: TokNumber, Norm: "qty:" + strings.ToLower(w), Num: v, Unit: "m", Family: "m", Key: sc.keyBefore(i)})
	case rest[0] == '-' && hyphenUnit(rest[1:]):
		// "a 30-second cap", "a 5-minute window": the number and its unit as an adjective
		u, _ := lookupUnit(strings.ToLower(rest[1:]), false)
		sc.emit(i, i, quantity(v, dec, strings.ToLower(rest[1:]), u, sc.keyBefore(i)))
	case rest[0] == '_' || rest[0] == '-' && len(rest) > 1 && isLetter(rest[1]):
		// a name that starts with its number keeps its zeros
		sc.emit(i, i, Token{Kind: TokID, Norm: "id:" + strings.ToLower(w), Num: v, Family: "name"})
	case rest[0] == '/' && dec == 0 && ratioPart(rest[1:]):
		// "12/48", "14/14 passed": two counts, the part and the whole
		key, at := sc.keyBefore(i), len(w)-len(body)
		sc.emitPart(i, at, at+end, Token{Kind: TokNumber, Norm: "num:" + fmtNum(v), Num: v, Family: "count", Key: key})
		whole, _, _, _ := numPrefix(rest[1:])
		sc.emitPart(i, at+end+1, len(w), Token{Kind: TokNumber, Norm: "num:" + fmtNum(whole), Num: whole, Family: "count", Key: key})
	case rest[0] == 'x' && len(rest) > 1 && isDigit(rest[1]):
		sc.emit(i, i, Token{Kind: TokID, Norm: "dim:" + strings.ToLower(w)})
	default:
		sc.gluedRest(i, w, body, rest, v, dec)
	}
}

// gluedRest reads a compound duration (2h45m), a glued unit (30s), a hex digest,
// or else an identifier.
func (sc *scanner) gluedRest(i int, w, body, rest string, v float64, dec int) {
	if t, ok := compoundDuration(body); ok {
		t.Key = sc.keyBefore(i)
		sc.emit(i, i, t)
		return
	}
	if u, ok := lookupUnit(rest, true); ok {
		sc.emit(i, i, quantity(v, dec, strings.ToLower(rest), u, sc.keyBefore(i)))
		return
	}
	if isHex(w) && len(w) >= 7 {
		sc.emit(i, i, Token{Kind: TokHash, Norm: "hash:" + strings.ToLower(w)})
		return
	}
	sc.identifier(i)
}

// hyphenUnit: u is a unit spelled out as a word ("second", "minute", "gigabyte"),
// as in "a 30-second cap"; a short symbol ("30-s") is not read this way.
func hyphenUnit(u string) bool {
	if len(u) < 3 {
		return false
	}
	_, ok := lookupUnit(strings.ToLower(u), false)
	return ok
}

// bareNumber reads a number with nothing glued to it: the next word may be its unit
// or the noun it counts.
func (sc *scanner) bareNumber(i int, v float64, dec int, digits string) {
	if len(digits) > 1 && digits[0] == '0' && !strings.Contains(digits, ".") {
		// 01947 is not 1947
		sc.emit(i, i, Token{Kind: TokID, Norm: "id:" + digits, Num: v, Family: "zero-padded", Key: sc.keyBefore(i)})
		return
	}
	next := sc.word(i + 1)
	if next != "" && i+1 < len(sc.words) && !sc.used[i+1] && !sc.words[i].stop && !sc.words[i+1].open {
		if u, ok := lookupUnit(next, false); ok {
			t := quantity(v, dec, strings.ToLower(next), u, sc.keyBefore(i))
			j := i + 1
			// "1 min 35 s", "2 h 45 min": one duration in parts
			for u.family == FamTime && j+2 < len(sc.words) && !sc.words[j].stop {
				v2, _, end, ok := numPrefix(sc.word(j + 1))
				u2, ok2 := lookupUnit(sc.word(j+2), false)
				if !ok || end != len(sc.word(j+1)) || !ok2 || u2.family != FamTime || u2.scale >= u.scale {
					break
				}
				t.Num += v2 * u2.scale
				t.Norm = FamTime + ":" + fmtNum(roundSig(t.Num))
				t.Unit = "compound"
				u = u2
				j += 2
			}
			sc.emit(i, j, t)
			return
		}
		if strings.EqualFold(next, "percent") || next == "%" {
			sc.emit(i, i+1, Token{Kind: TokPercent, Norm: "pct:" + fmtNum(v), Num: v, Unit: "%", Family: FamPercent, Prec: dec, Key: sc.keyBefore(i)})
			return
		}
	}
	if len(digits) >= 7 && isHex(digits) && !strings.ContainsAny(digits, ",.") && hexLetterless(digits) && len(digits) >= 9 {
		// a long run of digits is an id (a comment id, a pid), not a quantity
		sc.emit(i, i, Token{Kind: TokID, Norm: "id:" + digits, Num: v, Key: sc.keyBefore(i)})
		return
	}
	sc.emit(i, i, sc.count(i, v, dec))
}

func hexLetterless(s string) bool { return strings.Trim(s, "0123456789") == "" }

// count is a plain number, with the noun it counts when one follows.
func (sc *scanner) count(i int, v float64, dec int) Token {
	if u, x, key, ok := sc.keyUnit(i); ok {
		return quantity(v, dec, u, x, key)
	}
	t := Token{Kind: TokNumber, Norm: "num:" + fmtNum(v), Num: v, Prec: dec, Family: "count", Key: sc.keyBefore(i)}
	if strings.EqualFold(t.Key, "port") || strings.HasSuffix(strings.ToLower(sc.word(i-1)), "port") {
		t.Kind = TokPort
	}
	if n := sc.nounAfter(i); n != "" {
		t.Noun = n
		t.Kind = TokCount
	} else if n := countKeyNoun(t.Key); n != "" {
		t.Noun = n // "PartitionCount: 48" counts partitions
		t.Kind = TokCount
	}
	return t
}

// countKeyNoun is the noun a key that names a count counts ("partitioncount",
// "retry_count" -> partition, retry), or "".
func countKeyNoun(key string) string {
	n, ok := strings.CutSuffix(key, "count")
	n = strings.TrimRight(n, "_-")
	if !ok || len(n) < 3 || !isLetter(n[0]) || n == "max" || n == "min" || n == "total" || strings.ContainsAny(n, "_-./") {
		return ""
	}
	return singular(n)
}

// quantity builds a measured value.
func quantity(v float64, dec int, u string, x unit, key string) Token {
	kind := TokNumber
	switch x.family {
	case FamTime:
		kind = TokDuration
	case FamSize:
		kind = TokSize
	case FamPercent:
		kind = TokPercent
	}
	base := v * x.scale
	return Token{Kind: kind, Norm: x.family + ":" + fmtNum(roundSig(base)), Num: base, Unit: u, Family: x.family, Prec: dec, Key: key}
}

// roundSig rounds to 9 significant digits so that 0.75 min and 45 s share a form.
func roundSig(f float64) float64 {
	s := strconv.FormatFloat(f, 'g', 12, 64)
	v, _ := strconv.ParseFloat(s, 64)
	return v
}

// compoundDuration reads 2h45m, 41m26s, 1h30m15s, 3m12.5s.
func compoundDuration(s string) (Token, bool) {
	total, parts, i := 0.0, 0, 0
	for i < len(s) {
		v, _, end, ok := numPrefix(s[i:])
		if !ok {
			return Token{}, false
		}
		i += end
		j := i
		for j < len(s) && isLetter(s[j]) {
			j++
		}
		u, ok := lookupUnit(s[i:j], true)
		if !ok || u.family != FamTime {
			return Token{}, false
		}
		total += v * u.scale
		parts++
		i = j
	}
	if parts < 2 {
		return Token{}, false
	}
	return Token{Kind: TokDuration, Norm: FamTime + ":" + fmtNum(roundSig(total)), Num: total, Unit: "compound", Family: FamTime}, true
}

// nounAfter is the noun a number counts: the next word when it is a plain word
// (one adjective such as "new" or "failing" may come between).
func (sc *scanner) nounAfter(i int) string {
	for k := i + 1; k <= i+2 && k < len(sc.words); k++ {
		if sc.words[k-1].stop || sc.words[k].open {
			return ""
		}
		w := strings.ToLower(sc.words[k].t)
		if w == "" || !isLetter(w[0]) || strings.ContainsAny(w, "/_.:=") {
			return ""
		}
		if stopWord(w) || w == "of" || w == "to" {
			return ""
		}
		if sc.colonAfter(k) && i > 0 && sc.colonAfter(i-1) {
			return "" // a run of pairs: the next pair's key ("PartitionCount: 48 ReplicationFactor: 3")
		}
		if countAdjectives[w] && k == i+1 {
			continue
		}
		return singular(w)
	}
	return ""
}

// colonAfter: word k is followed by a colon (a key of "key: value").
func (sc *scanner) colonAfter(k int) bool {
	e := sc.words[k].e
	return e < len(sc.text) && sc.text[e] == ':'
}

var countAdjectives = map[string]bool{"new": true, "more": true, "other": true, "extra": true, "additional": true, "total": true,
	"failing": true, "passing": true, "failed": true, "passed": true, "open": true, "remaining": true, "unit": true, "integration": true,
	"dead": true, "live": true, "active": true, "idle": true, "distinct": true, "unique": true, "separate": true, "major": true, "minor": true}

// singular strips a plural ending (partitions -> partition, entries -> entry).
func singular(w string) string {
	switch {
	case strings.HasSuffix(w, "ies") && len(w) > 4:
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "ses") || strings.HasSuffix(w, "xes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && len(w) > 3:
		return w[:len(w)-1]
	}
	return w
}

// keyBefore is the word a value is given to: the nearest content word before it
// within three words ("port 5432", "replica lag 31.2s", "timeout: 30s").
// keyUnit: the number is the value of a compound name that ends in a unit
// ("stabilizationWindowSeconds 600", "timeout_ms: 250", "max-age-days=30"): the name
// gives the quantity its unit. A plain word before the number ("seconds 600") does
// not: only a name of at least two parts.
func (sc *scanner) keyUnit(i int) (string, unit, string, bool) {
	raw := sc.keyWordBefore(i)
	parts := subWords(raw)
	if len(parts) < 2 {
		return "", unit{}, "", false
	}
	u := parts[len(parts)-1]
	if len(u) < 2 || !isLetter(u[0]) {
		return "", unit{}, "", false
	}
	x, ok := lookupUnit(u, false)
	if !ok || x.family == FamLength {
		return "", unit{}, "", false // "…Mm" or "…Cm" inside a name is rarely a length
	}
	return u, x, strings.ToLower(raw), true
}

// keyWordBefore is the word keyBefore reads as the value's name, as written.
func (sc *scanner) keyWordBefore(i int) string {
	for k := i - 1; k >= 0 && k >= i-3; k-- {
		raw := strings.Trim(sc.words[k].t, "\"'`:=")
		w := strings.ToLower(raw)
		if w == "" || isDigit(w[0]) {
			return ""
		}
		if stopWord(w) || w == "of" || w == "at" || w == "to" || w == "is" {
			continue
		}
		if !isLetter(w[0]) {
			return ""
		}
		return raw
	}
	return ""
}

// listJoin: the word that joins the last item of a list ("and", "or", "&").
func listJoin(w string) bool {
	switch strings.ToLower(w) {
	case "and", "or", "&":
		return true
	}
	return false
}

func (sc *scanner) keyBefore(i int) string {
	reach := i - 3
	for k := i - 1; k >= 0 && k >= reach; k-- {
		w := strings.ToLower(sc.words[k].t)
		w = strings.TrimLeft(strings.TrimRight(w, ":="), "(~≈") // ("~line 297", "(~line 40")
		if w != "" && isDigit(w[0]) && k > 0 && (strings.Contains(sc.text[sc.words[k].e:sc.words[k+1].s], ",") || k+1 < i && listJoin(sc.words[k+1].t)) {
			reach-- // an earlier item of a list of values ("lines 87, 123"): the list's key is the value's
			continue
		}
		if w == "" || isDigit(w[0]) {
			return ""
		}
		if stopWord(w) || w == "of" || w == "at" || w == "to" || w == "is" || w == "=" {
			continue
		}
		if !isLetter(w[0]) {
			return ""
		}
		return w
	}
	return ""
}

// ratioPart: s is a whole number of digits alone (the "48" of "12/48").
func ratioPart(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}
