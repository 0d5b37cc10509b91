package classify

import (
	"strconv"
	"strings"
)

// ValueClass is what a value can be compared with: a duration only with durations, a
// count of partitions only with counts of partitions, a version with versions.
func ValueClass(t Token) string {
	switch t.Kind {
	case TokDuration, TokSize, TokPercent:
		return t.Family
	case TokCount:
		return "count:" + t.Noun
	case TokNumber:
		return "number"
	case TokMoney:
		return "money:" + t.Family
	case TokTime:
		return "clock"
	case TokDate:
		if i := strings.IndexByte(t.Norm, ':'); i > 0 {
			return t.Norm[:i] // date, weekday, month compare only with their kind
		}
	case TokPath, TokURL, TokHost:
		return "name"
	case TokID:
		if t.Family == "zero-padded" || t.Family == "name" {
			return "number-id"
		}
		if numberLike(t) {
			return "number"
		}
		return "id:" + idShape(t.Norm)
	case TokFlag:
		if k, _, ok := strings.Cut(strings.TrimPrefix(t.Norm, "set:"), "="); ok && strings.HasPrefix(t.Norm, "set:") {
			return "set:" + k // p=quarantine compares with p=reject
		}
		return "flag:" + t.Norm
	}
	return t.Kind
}

// idShape is an id's prefix up to its first digit ("id:ent-108" -> "ent-"), so ENT-108
// compares with ENT-109 but not with SEC-7.
func idShape(norm string) string {
	n := strings.TrimPrefix(norm, "id:")
	if i := strings.IndexAny(n, "0123456789"); i >= 0 {
		return n[:i]
	}
	return n
}

// HasEquivalent reports whether ts holds a value equivalent to x (see Equivalent).
func HasEquivalent(ts []Token, x Token) bool {
	for _, t := range ts {
		if Equivalent(t, x) {
			return true
		}
	}
	return false
}

// Equivalent reports whether two values are the same value written differently:
// the same normalised form, a time without a zone against the same time with one, a
// wildcard version against a release it covers, a number against the same version.
func Equivalent(a, b Token) bool {
	if a.Norm == b.Norm {
		return true
	}
	if same, ok := sameName(a, b); ok {
		return same
	}
	if writtenAlike(a, b) || writtenAlike(b, a) {
		return true
	}
	switch {
	case a.Kind == TokTime && b.Kind == TokTime:
		return sameClock(a, b)
	case a.Kind == TokVersion && b.Kind == TokVersion:
		return wildcardCovers(a.Norm, b.Norm) || wildcardCovers(b.Norm, a.Norm)
	case versionAgainstNumber(a, b):
		return sameRelease(a, b)
	case numberLike(a) && numberLike(b):
		return a.Num == b.Num && (a.Noun == "" || b.Noun == "" || a.Noun == b.Noun)
	case a.Kind == TokMoney && b.Kind == TokMoney:
		return a.Family == b.Family && a.Num == b.Num
	case a.Family != "" && a.Family == b.Family && (a.Kind == TokDuration || a.Kind == TokSize || a.Kind == TokPercent):
		return sameMagnitude(a.Num, b.Num)
	}
	return false
}

// writtenAlike: a is b's figure written another way: as an adjective ("a 500-record
// batch") or with dot-grouped thousands ("12.000").
func writtenAlike(a, b Token) bool { return hyphenCount(a, b) || dotGrouped(a, b) }

// dotGrouped: a is an integer written with dots grouping its thousands, as German,
// Spanish, Portuguese or Italian write them ("12.000/min", "3.412 Sätze"), and b
// states the same integer ("12000", "3,412"). (Read as a decimal, "12.000" is 12.)
func dotGrouped(a, b Token) bool {
	n, ok := dotGroupedInt(a.Raw)
	if !ok || !numberLike(b) && b.Kind != TokDuration && b.Family != "rate" || a.Unit != b.Unit && a.Unit != "" && b.Unit != "" {
		return false
	}
	v, dec, _, ok := numPrefix(strings.TrimLeft(b.Raw, "~≈+"))
	return ok && dec == 0 && v == float64(n)
}

// dotGroupedInt reads the integer at the start of raw when it is written with dot
// groups: one to three digits, then one or more groups of a dot and three digits, and
// no digit or dot after them.
func dotGroupedInt(raw string) (int64, bool) {
	raw = strings.TrimLeft(raw, "~≈+")
	i := 0
	for i < len(raw) && isDigit(raw[i]) {
		i++
	}
	if i == 0 || i > 3 {
		return 0, false
	}
	digits, groups := raw[:i], 0
	for i+4 <= len(raw) && raw[i] == '.' && groupOf3(raw[i+1:]) {
		digits += raw[i+1 : i+4]
		i += 4
		groups++
	}
	if groups == 0 || i < len(raw) && (isDigit(raw[i]) || raw[i] == '.' && i+1 < len(raw) && isDigit(raw[i+1])) {
		return 0, false
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	return n, err == nil
}

// hyphenCount: a is a count written as an adjective ("a 500-record batch", read as a
// name) and b the same figure, bare or counting the same noun ("500 records").
func hyphenCount(a, b Token) bool {
	if a.Kind != TokID || a.Family != "name" {
		return false
	}
	digits, word, ok := strings.Cut(a.Raw, "-")
	if !ok || digits == "" || digits[0] == '0' || strings.Trim(digits, "0123456789") != "" || !countNoun(word) {
		return false
	}
	return numberLike(b) && b.Kind != TokID && b.Num == a.Num && (b.Noun == "" || b.Noun == singular(word))
}

// countNoun: w, after "N-", can be what N counts ("500-record", "3-node"), not an
// adjective's ending ("1-based", "3-wide").
func countNoun(w string) bool {
	return lowerWord(w) && !strings.HasSuffix(w, "ed") && !adjectiveEndings[w]
}

var adjectiveEndings = map[string]bool{"like": true, "style": true, "only": true, "wide": true, "specific": true, "friendly": true,
	"aware": true, "safe": true, "free": true, "proof": true, "ish": true, "ready": true, "compatible": true}

// lowerWord: w is a lower-case word of at least three letters and nothing else.
func lowerWord(w string) bool {
	if len(w) < 3 {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// sameName compares two names (paths and URLs, hashes and UUIDs); ok is false when a
// and b are not both names of one sort.
func sameName(a, b Token) (same, ok bool) {
	switch {
	case pathOrURL(a) && pathOrURL(b):
		return samePathTail(a, b), true
	case hexID(a) && hexID(b):
		return abbreviates(a.Raw, b.Raw) || abbreviates(b.Raw, a.Raw), true
	}
	return false, false
}

// hexID: a hash, a digest or a UUID, written in hex.
func hexID(t Token) bool {
	return t.Kind == TokHash || t.Kind == TokID && strings.HasPrefix(t.Norm, "uuid:")
}

// abbreviates: short is long's leading hex digits, at least minAbbrev of them, as a
// short commit id or a UUID's first group stands for the whole ("9c41e07b" for
// 9c41e07b-52aa-...). A digest that differs anywhere in what both write is another.
func abbreviates(short, long string) bool {
	short, long = strings.ToLower(short), strings.ToLower(long)
	if len(short) < minAbbrev || len(short) >= len(long) || !strings.HasPrefix(long, short) {
		return false
	}
	for _, c := range short {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// minAbbrev: the fewest hex digits an abbreviated id keeps (git's default short id).
const minAbbrev = 7

func pathOrURL(t Token) bool { return t.Kind == TokPath || t.Kind == TokURL }

// samePathTail: ci.yml is .github/workflows/ci.yml.
func samePathTail(a, b Token) bool {
	x, y := strings.TrimPrefix(strings.TrimPrefix(a.Norm, "path:"), "url:"), strings.TrimPrefix(strings.TrimPrefix(b.Norm, "path:"), "url:")
	return strings.HasSuffix(x, "/"+y) || strings.HasSuffix(y, "/"+x)
}

// sameClock: the same time of day, at most one of them with a zone.
func sameClock(a, b Token) bool {
	ca, za, _ := strings.Cut(a.Norm, "@")
	cb, zb, _ := strings.Cut(b.Norm, "@")
	return ca == cb && (za == "" || zb == "")
}

// versionAgainstNumber: one is a version, the other a number or count.
func versionAgainstNumber(a, b Token) bool {
	countlike := func(k string) bool { return k == TokNumber || k == TokCount }
	return a.Kind == TokVersion && countlike(b.Kind) || countlike(a.Kind) && b.Kind == TokVersion
}

// sameRelease: "4.3" and "v4.3", "v1.20" and "1.20": the same release written with
// or without its prefix (compared as written: 1.20 is not 1.2).
func sameRelease(a, b Token) bool {
	if strings.TrimPrefix(a.Norm, "ver:") == strings.TrimPrefix(b.Norm, "num:") || strings.TrimPrefix(a.Norm, "num:") == strings.TrimPrefix(b.Norm, "ver:") {
		return true
	}
	bare := func(t Token) string { return strings.TrimLeft(strings.ToLower(t.Raw), "v") }
	return a.Raw != "" && bare(a) == bare(b)
}

// wildcardCovers: ver:1.19.x covers ver:1.19.4.
func wildcardCovers(w, v string) bool {
	for _, suf := range []string{".x", ".*"} {
		if strings.HasSuffix(w, suf) {
			return strings.HasPrefix(v, strings.TrimSuffix(w, suf[1:]))
		}
	}
	return false
}

// Comparable reports whether two different values could be the same slot changed:
// the same value class (and, for counts, the same noun).
func Comparable(a, b Token) bool {
	ca, cb := ValueClass(a), ValueClass(b)
	if ca == cb {
		return true
	}
	// a bare number against a count or port of the same slot
	num := func(c string) bool {
		return c == "number" || strings.HasPrefix(c, "count:") || c == TokPort || c == "number-id"
	}
	if num(ca) && num(cb) {
		return ca == "number" || cb == "number" || ca == TokPort || cb == TokPort || ca == "number-id" || cb == "number-id"
	}
	countlike := func(k string) bool { return k == TokNumber || k == TokCount }
	if a.Kind == TokVersion && countlike(b.Kind) || countlike(a.Kind) && b.Kind == TokVersion {
		return true
	}
	return false
}

// Specific reports whether a value is specific enough that stating it without a
// source is an invention (an id, a version, a digest, a measured quantity, a date),
// as opposed to small counts and list numbers.
func Specific(t Token) bool {
	switch t.Kind {
	case TokID, TokVersion, TokHash, TokDate, TokTime, TokMoney, TokDuration, TokSize, TokPercent, TokPort, TokHex, TokURL:
		return true
	case TokNumber, TokCount:
		return t.Num >= 100 || t.Prec > 0
	}
	return false
}

// numberLike: a plain number, a count, a port, or a long run of digits read as an id
// (612004118 is the same figure as 612,004,118).
func numberLike(t Token) bool {
	switch t.Kind {
	case TokNumber, TokCount, TokPort:
		return true
	case TokID:
		return t.Family == "" && t.Num > 0 && hexLetterless(strings.TrimPrefix(t.Norm, "id:"))
	}
	return false
}
