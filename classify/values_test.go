package classify

import (
	"strings"
	"testing"
)

func norms(text string) string {
	var out []string
	for _, t := range Values(text) {
		out = append(out, t.Kind+"="+t.Norm)
	}
	return strings.Join(out, " ")
}

func TestValues(t *testing.T) {
	cases := []struct{ text, want string }{
		{"latency 250ms", "duration=time:0.25"},
		// an IPv4 address is a host, its port that host's port; a four-part version stays one
		{"upstream 127.0.0.1:8081", "host=host:127.0.0.1 port=num:8081"},
		{"subnet 10.20.0.0/16", "host=host:10.20.0.0/16"},
		{"version 10.0.19041.1", "version=ver:10.0.19041.1"},
		// compact JSON: its keys and values are words of their own
		{`{"mergedAt":"2026-10-12T08:14:55Z","state":"MERGED"}`, "date=date:2026-10-12 time=time:08:14:55@utc"},
		{`{"retries":3,"timeout_ms":250}`, "number=num:3 duration=time:0.25"},
		// a compound name that ends in a unit gives its number that unit
		{"timeout_ms: 250", "duration=time:0.25"},
		{"ttlSeconds: 300", "duration=time:300"},
		{"retention-days is 14", "duration=time:1209600"},
		{"heap_limit_mb 512", "size=size:512000000"},
		{"seconds 600", "number=num:600"},
		{"itemCount 40", "count=num:40"},
		{"latency 0.25 s", "duration=time:0.25"},
		{"waited 45 s", "duration=time:45"},
		{"waited 0.75 min", "duration=time:45"},
		{"took 2h45m", "duration=time:9900"},
		{"a 30-second cap", "duration=time:30"},
		{"a 5-minute window", "duration=time:300"},
		{"the 2-phase commit", "id=id:2-phase"},
		{"took 41m26s", "duration=time:2486"},
		{"p99 of 180 µs", "id=id:p99 duration=time:0.00018"},
		{"a 16 GB index", "size=size:16000000000"},
		{"2 GiB", "size=size:2147483648"},
		{"2048 MiB", "size=size:2147483648"},
		{"maxmemory 6gb", "size=size:6000000000"},
		{"92.1% hit rate", "percent=pct:92.1"},
		// a list of settings without spaces: each setting is read on its own
		{"pool options {max_conns=40,idle_timeout_ms=250}", "number=num:40 number=num:250"},
		// a ratio is two counts, the part and the whole
		{"(9/40) shards lagging", "number=num:9 number=num:40"},
		{"lint 3/3 clean", "number=num:3 number=num:3"},
		{"5,000 rows", "count=num:5000"},
		{"5000 rows", "count=num:5000"},
		{"migration 01947", "id=id:01947"},
		{"migration 1947", "number=num:1947"},
		{"0087_invoices_due_date_idx", "id=id:0087_invoices_due_date_idx"},
		{"PostgreSQL v18.2", "version=ver:18.2"},
		{"postgres:18.2", "version=ver:18.2"},
		{"go1.22.3", "version=ver:1.22.3"},
		{"pin 1.19.x", "version=ver:1.19.x"},
		{"2026-03-04", "date=date:2026-03-04"},
		{"4 March 2026", "date=date:2026-03-04"},
		{"March 4, 2026", "date=date:2026-03-04"},
		{"at 21:00 CET", "time=time:21:00@cet"},
		{"at 21:00", "time=time:21:00"},
		{"01:00-05:00 UTC", "time=time:01:00@utc time=time:05:00@utc"},
		{"9:30pm", "time=time:21:30"},
		{"€12.50", "money=money:EUR:12.5"},
		// a word of letters alone is a value only as a month, a weekday or a currency code
		{"CHF 90 a head", "money=money:CHF:90"},
		{"closes Thursday", "date=weekday:thu"},
		{"the October freeze", "date=month:10"},
		{"ships Sept. 12th 2027", "date=date:2027-09-12"},
		{"friday thursday Junebug", ""},
		{"Monday's standup", "date=weekday:mon"},
		{"1.482.913,47 EUR", "money=money:EUR:1482913.47"},
		{"$1,200", "money=money:USD:1200"},
		// a rate: the amount is the value, whatever it is per
		{"licences at €4.50/seat", "money=money:EUR:4.5"},
		{"egress $2,310.75/month", "money=money:USD:2310.75"},
		{"$12/3 split", ""},
		{"commit 3696270", "number=num:3696270"},
		{"commit c99ce2f2", "hash=hash:c99ce2f2"},
		{"ENT-108", "id=id:ent-108"},
		{"see cmd/entire/cli/explain.go", "path=path:cmd/entire/cli/explain.go"},
		{"docs/plans", "path=path:docs/plans"},
		// file names of the less common types are paths too; a shorthand for several is none
		{"patched tsconfig.jsonc and stubs.pyi", "path=path:tsconfig.jsonc path=path:stubs.pyi"},
		{"the sprite sheet art/hero.webp", "path=path:art/hero.webp"},
		{"vendored Lato-Regular/-Bold/-Italic.ttf", ""},
		// a possessive is not part of the name it follows
		{"so #3127's approach is moot", "id=id:#3127"},
		{"and/or", ""},
		{"https://github.com/x/y/pull/121.", "url=url:https://github.com/x/y/pull/121"},
		{"--setting-sources user", "flag=flag:--setting-sources"},
		{"core-db-1.internal:5432", "port=num:5432"},
		{"scale_factor=0.01", "number=num:0.01"},
		{"#121", "id=id:#121"},
		{"0x08040000", "hex=hex:0x08040000"},
	}
	for _, c := range cases {
		if got := norms(c.text); got != c.want {
			t.Errorf("Values(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestValueKeysAndNouns(t *testing.T) {
	vs := Values("connect to port 5432 with 48 partitions and 7 new tests")
	want := map[string][2]string{"num:5432": {"port", ""}, "num:48": {"", "partition"}, "num:7": {"", "test"}}
	for _, v := range vs {
		w, ok := want[v.Norm]
		if !ok {
			continue
		}
		if w[0] != "" && v.Key != w[0] {
			t.Errorf("%s: key %q, want %q", v.Raw, v.Key, w[0])
		}
		if v.Noun != w[1] {
			t.Errorf("%s: noun %q, want %q", v.Raw, v.Noun, w[1])
		}
	}
}

// In a run of "Key: value" pairs the next key is no noun of the value; a key that
// names a count gives the count its noun ("CrateCount: 12" counts crates).
func TestPairRunNouns(t *testing.T) {
	for text, want := range map[string]string{
		"Rack: r7 CrateCount: 12 LoadFactor: 3": "crate",
		"Rack: r7 Slots: 12 LoadFactor: 3":      "",
		"We keep 12 crates: 3 are empty.":       "crate",
	} {
		for _, v := range Values(text) {
			if v.Norm == "num:12" && v.Noun != want {
				t.Errorf("%q: 12 counts %q, want %q", text, v.Noun, want)
			}
		}
	}
}

// A value later in a list takes the list's key ("lines 87, 123": both are lines).
func TestListValueKeepsKey(t *testing.T) {
	for _, text := range []string{"See lines 87, 123 of the parser.", "ports 8080, 8443 and 9090 stay open"} {
		toks := Values(text)
		if len(toks) < 2 {
			t.Fatalf("%q: %d values", text, len(toks))
		}
		for _, tk := range toks {
			if tk.Key == "" {
				t.Errorf("%q: %q has no key", text, tk.Raw)
			}
		}
	}
}

// A key marked as approximate keeps its name ("~line 297" is a line).
func TestApproximateKey(t *testing.T) {
	for _, text := range []string{"the early return (~line 297, before the loop)", "moved to ~line 40 of the parser", "around ≈line 12"} {
		toks := Values(text)
		if len(toks) != 1 || toks[0].Key != "line" {
			t.Errorf("%q: values %+v, want one keyed line", text, toks)
		}
	}
}
