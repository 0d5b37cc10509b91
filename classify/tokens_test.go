package classify

import (
	"fmt"
	"strings"
	"testing"
)

func tokStr(ts []Token) string {
	var b strings.Builder
	for _, t := range ts {
		fmt.Fprintf(&b, "{%s %q %s} ", t.Kind, t.Raw, t.Norm)
	}
	return b.String()
}

// findTok returns the token whose raw text is raw.
func findTok(ts []Token, raw string) (Token, bool) {
	for _, t := range ts {
		if t.Raw == raw {
			return t, true
		}
	}
	return Token{}, false
}

// TestTokensKindNorm: each hard token is found whole, with its kind and normal form.
func TestTokensKindNorm(t *testing.T) {
	cases := []struct {
		text, raw, kind, norm string
	}{
		// numbers: grouping is notation, leading zeros are not
		{"raise the limit to 5,000 rows", "5,000", TokNumber, "num:5000"},
		{"raise the limit to 5000 rows", "5000", TokNumber, "num:5000"},
		{"const limit = 5_000", "5_000", TokNumber, "num:5000"},
		{"1,000,000 rows", "1,000,000", TokNumber, "num:1000000"},
		{"sample 01947 is the control", "01947", TokNumber, "num:01947"},
		{"the total was 482,931.47.", "482,931.47", TokNumber, "num:482931.47"},
		{"482,931.47 across 3 accounts", "482,931.47", TokNumber, "num:482931.47"},
		// versions
		{"Use PostgreSQL v18.2. Then migrate.", "v18.2", TokVersion, "ver:18.2"},
		{"Use PostgreSQL 18.2 in prod", "18.2", TokVersion, "ver:18.2"},
		{"pin vitest@2.1.4 in package.json", "@2.1.4", TokVersion, "ver:2.1.4"},
		{"pip install pkg==1.2.3", "pkg==1.2.3", TokVersion, "ver:1.2.3"},
		{"requires requests>=2.31.0", "requests>=2.31.0", TokVersion, "ver:2.31.0"},
		{"node 20.11.1-alpine", "20.11.1-alpine", TokVersion, "ver:20.11.1-alpine"},
		{"the v2 API", "v2", TokVersion, "ver:2"},
		{"toolchain go1.22.3 only", "go1.22.3", TokVersion, "ver:1.22.3"},
		// percentages and fractions
		{"recall is 92.1%", "92.1%", TokPercent, "pct:92.1"},
		{"recall is 92.1 percent", "92.1 percent", TokPercent, "pct:92.1"},
		// durations
		{"wait 90 s between retries", "90 s", TokDuration, "dur:90"},
		{"wait 90s between retries", "90s", TokDuration, "dur:90"},
		{"wait 1m30s between retries", "1m30s", TokDuration, "dur:90"},
		{"wait 1.5 minutes between retries", "1.5 minutes", TokDuration, "dur:90"},
		{"wait 1 minute 30 seconds", "1 minute 30 seconds", TokDuration, "dur:90"},
		{"wait 2 minutes and 30 seconds", "2 minutes and 30 seconds", TokDuration, "dur:150"},
		{"timeout 250 ms", "250 ms", TokDuration, "dur:0.25"},
		{"a 2h window", "2h", TokDuration, "dur:7200"},
		{"stabilizationWindowSeconds 600", "600", TokDuration, "dur:600"},
		{"stabilizationWindowSeconds: 600", "600", TokDuration, "dur:600"},
		{"timeout_ms: 250", "250", TokDuration, "dur:0.25"},
		{"periodSeconds=30", "periodSeconds=30", TokFlag, "periodseconds=30"},
		// dates and times
		{"cutover on 2026-10-01", "2026-10-01", TokDate, "date:2026-10-01"},
		{"cutover on 2026-10-01T09:00", "2026-10-01T09:00", TokDate, "date:2026-10-01"},
		{"cutover on 1 October 2026", "1 October 2026", TokDate, "date:2026-10-01"},
		{"cutover on Oct 1, 2026", "Oct 1, 2026", TokDate, "date:2026-10-01"},
		{"cutover on October 1st, 2026", "October 1st, 2026", TokDate, "date:2026-10-01"},
		{"notAfter=Oct  1 12:00:00 2026 GMT", "Oct  1 12:00:00 2026", TokDate, "date:2026-10-01"},
		{"starts at 09:00 sharp", "09:00", TokTime, "time:09:00"},
		{"starts at 09:00:00 sharp", "09:00:00", TokTime, "time:09:00"},
		{"starts at 9:00 am", "9:00 am", TokTime, "time:09:00"},
		{"ends at 5:30 pm", "5:30 pm", TokTime, "time:17:30"},
		{"ends at 9 pm", "9 pm", TokTime, "time:21:00"},
		{"ends at 9pm", "9pm", TokTime, "time:21:00"},
		{"opens at 9 a.m. sharp", "9 a.m", TokTime, "time:09:00"},
		{"runs at 12 am", "12 am", TokTime, "time:00:00"},
		{"at 09:00:30", "09:00:30", TokTime, "time:09:00:30"},
		// money
		{"the invoice is $1,284.60", "$1,284.60", TokMoney, "money:$1284.6"},
		{"exposure is EUR 1,482,931.47 today", "EUR 1,482,931.47", TokMoney, "money:€1482931.47"},
		{"exposure is 1,482,931.47 EUR today", "1,482,931.47 EUR", TokMoney, "money:€1482931.47"},
		{"budget €12k", "€12k", TokMoney, "money:€12000"},
		{"budget €12,000", "€12,000", TokMoney, "money:€12000"},
		{"budget £3.5m", "£3.5m", TokMoney, "money:£3500000"},
		// hex, sizes
		{"flash at 0x10000", "0x10000", TokHex, "0x10000"},
		{"flash at 0X1000", "0X1000", TokHex, "0x1000"},
		{"a 48 GB disk", "48 GB", TokSize, "size:48gb"},
		{"a 48GB disk", "48GB", TokSize, "size:48gb"},
		{"a 48 GiB disk", "48 GiB", TokSize, "size:48gib"},
		{"memory: 48Gi", "48Gi", TokSize, "size:48gib"},
		// ports, hosts
		{"postgres listens on port 5432", "5432", TokNumber, "num:5432"},
		{"connect to db.internal:5433", "db.internal", TokHost, "db.internal"},
		{"connect to db.internal:5433", "5433", TokNumber, "num:5433"},
		{"curl api.example.com", "api.example.com", TokHost, "api.example.com"},
		// identifiers
		{"see SEC-0412 for details", "SEC-0412", TokID, "SEC-0412"},
		{"align to GRCh38 only", "GRCh38", TokID, "GRCh38"},
		{"the fr-CA plural rules", "fr-CA", TokID, "fr-CA"},
		{"commit abc1234 broke it", "abc1234", TokID, "abc1234"},
		{"patch CVE-2024-3094 first", "CVE-2024-3094", TokID, "CVE-2024-3094"},
		{"see INC-2041.", "INC-2041", TokID, "INC-2041"},
		{"set $DATABASE_URL first", "$DATABASE_URL", TokID, "$DATABASE_URL"},
		// paths, URLs, flags
		{"see https://example.com/docs/v1.2/index.html.", "https://example.com/docs/v1.2/index.html", TokPath, "https://example.com/docs/v1.2/index.html"},
		{"run ./scripts/build.sh.", "./scripts/build.sh", TokPath, "./scripts/build.sh"},
		{"edit /etc/nginx/nginx.conf now", "/etc/nginx/nginx.conf", TokPath, "/etc/nginx/nginx.conf"},
		{"edit src/app/main.go now", "src/app/main.go", TokPath, "src/app/main.go"},
		{"edit config.yaml now", "config.yaml", TokID, "config.yaml"},
		{"run it with --dry-run first", "--dry-run", TokFlag, "--dry-run"},
		{"node --max-old-space-size=4096 app.js", "--max-old-space-size=4096", TokFlag, "--max-old-space-size=4096"},
		{"set FOO=bar in the env", "FOO=bar", TokFlag, "foo=bar"},
	}
	for _, c := range cases {
		ts := Tokens(c.text)
		got, ok := findTok(ts, c.raw)
		if !ok {
			t.Errorf("Tokens(%q): no token %q; got %s", c.text, c.raw, tokStr(ts))
			continue
		}
		if got.Kind != c.kind || got.Norm != c.norm {
			t.Errorf("Tokens(%q)[%q] = %s %s, want %s %s", c.text, c.raw, got.Kind, got.Norm, c.kind, c.norm)
		}
		if c.text[got.Start:got.End] != got.Raw {
			t.Errorf("Tokens(%q)[%q]: offsets [%d,%d) point at %q", c.text, c.raw, got.Start, got.End, c.text[got.Start:got.End])
		}
	}
}

// TestTokensNotMisread: text that must not become a token, or must not split.
func TestTokensNotMisread(t *testing.T) {
	cases := []struct {
		name, text string
		bad        func(Token) bool
	}{
		{"grouped decimal is never a version", "the total was 482,931.47.", func(t Token) bool { return t.Kind == TokVersion }},
		{"grouped decimal is never split into 482 and 931.47", "the total was 482,931.47.", func(t Token) bool { return t.Raw == "482" || t.Raw == "931.47" }},
		{"money amount is never a version", "EUR 1,482,931.47", func(t Token) bool { return t.Kind == TokVersion }},
		{"a version at sentence end keeps no full stop", "Use PostgreSQL v18.2.", func(t Token) bool { return strings.HasSuffix(t.Raw, ".") }},
		{"a URL keeps no trailing full stop", "See https://example.com/a/b.", func(t Token) bool { return strings.HasSuffix(t.Raw, ".") }},
		{"a list of durations is not one compound", "1.5 minutes and 90 seconds", func(t Token) bool { return t.Norm == "dur:180" }},
		{"words joined by slashes are not a path", "the build/test/image pipeline", func(t Token) bool { return t.Kind == TokPath }},
		{"plain hyphenated words are not ids", "a well-known long-running job", func(t Token) bool { return t.Kind == TokID }},
		{"a hex-looking word without a-f digits mix is not an id", "1234567 rows", func(t Token) bool { return t.Kind == TokID }},
	}
	for _, c := range cases {
		for _, tok := range Tokens(c.text) {
			if c.bad(tok) {
				t.Errorf("%s: Tokens(%q) has %s %q %s", c.name, c.text, tok.Kind, tok.Raw, tok.Norm)
			}
		}
	}
}

// TestEquivalent: equal values written differently are equivalent; different values
// never are, however close they look.
func TestEquivalent(t *testing.T) {
	one := func(s string) Token {
		ts := Tokens(s)
		if len(ts) == 0 {
			t.Fatalf("no token in %q", s)
		}
		return ts[len(ts)-1]
	}
	cases := []struct {
		a, b string
		want bool
	}{
		{"5,000", "5000", true},
		{"5_000", "5,000", true},
		{"v18.2", "18.2", true},
		{"vitest@2.1.4", "2.1.4", true},
		{"pkg==1.2.3", "v1.2.3", true},
		{"Python 3.12", "3.12", true},
		{"01947", "1947", false},
		{"18.2", "18", false},
		{"v1.10", "v1.1", false},
		{"2.1.4", "2.1.40", false},
		{"0.921", "92.1%", true},
		{"92.1%", "0.921", true},
		{"0.92", "92.1%", false},
		{"92.1%", "92.1 percent", true},
		{"90 s", "1m30s", true},
		{"90 s", "1.5 minutes", true},
		{"1m30s", "90 seconds", true},
		{"90 s", "9 minutes", false},
		{"stabilizationWindowSeconds 600", "600 s", true},
		{"stabilizationWindowSeconds 600", "10 minutes", true},
		{"stabilizationWindowSeconds 600", "600 ms", false},
		{"600000", "600000 ms", true},
		{"2026-10-01", "1 October 2026", true},
		{"2026-10-01", "Oct 1, 2026", true},
		{"Oct 1, 2026", "notAfter=Oct  1 12:00:00 2026 GMT", true},
		{"2026-10-01", "2026-01-10", false},
		{"09:00", "09:00:00", true},
		{"09:00", "9:00 am", true},
		{"09:00", "9:00 pm", false},
		{"21:00", "9 pm", true},
		{"9 am", "9 pm", false},
		{"go1.22.3", "v1.22.3", true},
		{"go1.22.3", "go1.22.4", false},
		{"CVE-2024-3094", "CVE-2024-3095", false},
		{"09:00", "09:30", false},
		{"$1,284.60", "$1284.6", true},
		{"$1,284.60", "$1,284.06", false},
		{"EUR 1,482,931.47", "€1,482,931.47", true},
		{"EUR 1,482,931.47", "1,482,931.47 EUR", true},
		{"€12k", "€12,000", true},
		{"€12k", "$12,000", false},
		{"0x10000", "0x1000", false},
		{"0x1000", "0X1000", true},
		{"48 GB", "48GB", true},
		{"48 GB", "48 GiB", false},
		{"port 5432", "5432", true},
		{"port 5432", "port 5433", false},
		{"SEC-0412", "SEC-412", false},
		{"GRCh38", "GRCh37", false},
		{"fr-CA", "fr-FR", false},
		{"482,931.47", "482.931", false},
		{"10k", "10,000", true},
		{"1.5k", "1500", true},
		{"2M", "2,000,000", true},
		{"10k", "1,000", false},
		{"localhost:5432", "port 5432", true},
		{"localhost:5432", "localhost:5433", false},
	}
	for _, c := range cases {
		a, b := one(c.a), one(c.b)
		if got := Equivalent(a, b); got != c.want {
			t.Errorf("Equivalent(%q [%s], %q [%s]) = %v, want %v", c.a, a.Norm, c.b, b.Norm, got, c.want)
		}
		if got := Equivalent(b, a); got != c.want {
			t.Errorf("Equivalent(%q, %q) is not symmetric", c.b, c.a)
		}
	}
}

// TestTokenValue: the numeric reading of a token.
func TestTokenValue(t *testing.T) {
	cases := []struct {
		text string
		v    float64
		unit string
		ok   bool
	}{
		{"5,000", 5000, "n", true},
		{"01947", 0, "", false},
		{"92.1%", 0.921, "n", true},
		{"1m30s", 90, "s", true},
		{"1.5 minutes", 90, "s", true},
		{"10k", 10000, "n", true},
		{"2M", 2e6, "n", true},
		{"SEC-0412", 0, "", false},
	}
	for _, c := range cases {
		ts := Tokens(c.text)
		if len(ts) != 1 {
			t.Fatalf("Tokens(%q) = %s, want one", c.text, tokStr(ts))
		}
		v, u, ok := ts[0].Value()
		if ok != c.ok || u != c.unit || (ok && abs(v-c.v) > 1e-9) {
			t.Errorf("Value(%q) = %v %q %v, want %v %q %v", c.text, v, u, ok, c.v, c.unit, c.ok)
		}
	}
}
