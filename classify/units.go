package classify

import (
	"math"
	"strconv"
	"strings"
)

// A unit: its family and how many base units one of it is. Families compare only
// with themselves: a duration is never a size. Base units: seconds, bytes, percent
// points, one (for plain counts).
type unit struct {
	family string
	scale  float64
}

// Unit families.
const (
	FamTime    = "time"
	FamSize    = "size"
	FamPercent = "percent"
	FamRate    = "rate"
	FamLength  = "length"
	FamFreq    = "frequency"
	FamTemp    = "temperature"
)

// units maps a unit as written (lower-case) to its family and scale. Single letters
// are only read when glued to the number ("250ms", "5s", "16G"): "5 m" is not minutes.
var units = map[string]unit{
	"ns": {FamTime, 1e-9}, "nanosecond": {FamTime, 1e-9}, "nanoseconds": {FamTime, 1e-9}, "nanos": {FamTime, 1e-9},
	"µs": {FamTime, 1e-6}, "μs": {FamTime, 1e-6}, "us": {FamTime, 1e-6}, "microsecond": {FamTime, 1e-6}, "microseconds": {FamTime, 1e-6}, "micros": {FamTime, 1e-6},
	"ms": {FamTime, 1e-3}, "msec": {FamTime, 1e-3}, "millis": {FamTime, 1e-3}, "millisecond": {FamTime, 1e-3}, "milliseconds": {FamTime, 1e-3},
	"s": {FamTime, 1}, "sec": {FamTime, 1}, "secs": {FamTime, 1}, "second": {FamTime, 1}, "seconds": {FamTime, 1},
	"min": {FamTime, 60}, "mins": {FamTime, 60}, "minute": {FamTime, 60}, "minutes": {FamTime, 60},
	"h": {FamTime, 3600}, "hr": {FamTime, 3600}, "hrs": {FamTime, 3600}, "hour": {FamTime, 3600}, "hours": {FamTime, 3600},
	"d": {FamTime, 86400}, "day": {FamTime, 86400}, "days": {FamTime, 86400},
	"w": {FamTime, 604800}, "wk": {FamTime, 604800}, "week": {FamTime, 604800}, "weeks": {FamTime, 604800},
	"b": {FamSize, 1}, "byte": {FamSize, 1}, "bytes": {FamSize, 1},
	"kb": {FamSize, 1e3}, "mb": {FamSize, 1e6}, "gb": {FamSize, 1e9}, "tb": {FamSize, 1e12}, "pb": {FamSize, 1e15},
	"kib": {FamSize, 1 << 10}, "mib": {FamSize, 1 << 20}, "gib": {FamSize, 1 << 30}, "tib": {FamSize, 1 << 40},
	"ki": {FamSize, 1 << 10}, "mi": {FamSize, 1 << 20}, "gi": {FamSize, 1 << 30}, "ti": {FamSize, 1 << 40},
	"%": {FamPercent, 1}, "percent": {FamPercent, 1}, "pct": {FamPercent, 1},
	"rps": {FamRate, 1}, "qps": {FamRate, 1}, "req/s": {FamRate, 1}, "/s": {FamRate, 1}, "/sec": {FamRate, 1},
	"/min": {FamRate, 1.0 / 60}, "rpm": {FamRate, 1.0 / 60}, "/h": {FamRate, 1.0 / 3600},
	"mm": {FamLength, 1e-3}, "cm": {FamLength, 1e-2}, "km": {FamLength, 1e3},
	"hz": {FamFreq, 1}, "khz": {FamFreq, 1e3}, "mhz": {FamFreq, 1e6}, "ghz": {FamFreq, 1e9},
}

// cjkUnits are durations as Japanese and Chinese write them, longest first; in text
// without spaces a particle may follow them ("2000 秒に"). Bare 分 and 日 are left out:
// "3分の1" is a third, "5日" a day of the month.
var cjkUnits = []struct {
	word string
	unit unit
}{
	{"ミリ秒", unit{FamTime, 1e-3}}, {"毫秒", unit{FamTime, 1e-3}}, {"秒間", unit{FamTime, 1}}, {"秒钟", unit{FamTime, 1}}, {"秒", unit{FamTime, 1}},
	{"分間", unit{FamTime, 60}}, {"分钟", unit{FamTime, 60}}, {"時間", unit{FamTime, 3600}}, {"小时", unit{FamTime, 3600}}, {"日間", unit{FamTime, 86400}},
}

// cjkUnit is the CJK duration unit w starts with.
func cjkUnit(w string) (unit, bool) {
	for _, c := range cjkUnits {
		if strings.HasPrefix(w, c.word) {
			return c.unit, true
		}
	}
	return unit{}, false
}

// gluedOnly lists units read only when glued to the number: as a separate word they
// are too often something else ("5 m", "a b").
var gluedOnly = map[string]bool{"b": true, "us": true, "ki": true, "mi": true, "gi": true, "ti": true}

// gluedUnits are single letters read as units only when glued to the number, with
// their case: "16G" is a size, "30m" minutes ("41m26s"), "5k" is a count multiplier
// (the scanner's job, not a unit).
var gluedUnits = map[string]unit{"m": {FamTime, 60}}

// lookupUnit returns the unit u names (glued says u touched the number).
func lookupUnit(u string, glued bool) (unit, bool) {
	if glued {
		if x, ok := gluedUnits[u]; ok {
			return x, true
		}
	}
	lu := strings.ToLower(u)
	x, ok := units[lu]
	if !ok {
		return cjkUnit(u)
	}
	if !glued && gluedOnly[lu] {
		return unit{}, false
	}
	return x, true
}

// currencies maps symbols and codes to ISO codes.
var currencies = map[string]string{"$": "USD", "us$": "USD", "usd": "USD", "€": "EUR", "eur": "EUR", "£": "GBP", "gbp": "GBP",
	"¥": "JPY", "jpy": "JPY", "chf": "CHF", "cad": "CAD", "aud": "AUD", "dollars": "USD", "euros": "EUR", "dollar": "USD", "euro": "EUR"}

// timeZones are zone names a clock time may carry.
var timeZones = map[string]bool{"utc": true, "gmt": true, "z": true, "cet": true, "cest": true, "eet": true, "eest": true, "wet": true,
	"bst": true, "ist": true, "est": true, "edt": true, "cst": true, "cdt": true, "mst": true, "mdt": true, "pst": true, "pdt": true,
	"jst": true, "kst": true, "aest": true, "aedt": true, "sgt": true, "hkt": true, "msk": true}

// fmtNum prints a float without a needless exponent or trailing zeros.
func fmtNum(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e15 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', 12, 64)
}

// sameMagnitude: two base-unit magnitudes are equal up to rounding in the last
// written digit (0.75 min = 45 s; 2 GiB = 2048 MiB).
func sameMagnitude(a, b float64) bool {
	if a == b {
		return true
	}
	d := math.Abs(a - b)
	m := math.Max(math.Abs(a), math.Abs(b))
	return m > 0 && d/m < 1e-3
}
