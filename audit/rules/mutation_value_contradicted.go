package rules

import (
	"path"
	"slices"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A summary value no source states, one slip away from a value a source does state on
// the same thing: 48,210 became 48,120; 115200 became 11520; 300 s became 3000 s.
var _ = rule.Register(&rule.Rule{
	ID:       "mutation/value-contradicted",
	Doc:      "The summary states a value no source gives, one slip (transposed, dropped or added digit, a character of an id) away from a comparable value a source gives.",
	Stage:    rule.StageClaim,
	Anchored: true,
	Absent:   true, // (the summary's value is in no source the file holds)
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		for _, t := range g.Tokens {
			if !comparableKinds[t.Kind] || lineNumber(t) || r.Explained[k][t.Raw] || g.Code && smallFigure(t) || valueSupported(r, t) {
				// (a code block's small numbers are its constants and indexes, not figures)
				continue
			}
			if ref, x, ok := nearestValue(r, g, t); ok {
				return rule.NewHitAt(ref, k, 0.9, "\""+x.Raw+"\" became \""+t.Raw+"\"", rule.Slot{Name: slot(x), Source: x.Raw, Summary: t.Raw}), true
			}
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"tool: $ wc -l export.csv\n48210 export.csv"}, Summary: "Wrote export.csv with 48,120 lines.", Fires: true},
		{Source: []string{"user: Flash at 115200 baud."}, Summary: "Serial monitor runs at 11520 baud.", Fires: true},
		{Source: []string{"assistant: The certificate is renewed on 30 June 2027; nothing changes before that."}, Summary: "The certificate is renewed on 2027-06-03.", Fires: true},
		{Source: []string{"tool: $ grep -n retries deploy/eu-west/values.yaml\n12:  retries: 3", "tool: edited deploy/eu-west/values.yaml:12: retries: 5"}, Summary: "deploy/eu-east/values.yaml:12 now sets retries to 5.", Fires: true, Quotes: "values.yaml:12: retries"},
		{Source: []string{"user: The backup timer has to start at 01:15 Europe/Paris, and only on weekdays.", "tool: wrote /etc/systemd/system/backup.timer:\nStartAt=Mon..Fri 01:15 Europe/Paris"}, Summary: "backup.timer: StartAt=Mon..Fri 01:45 Europe/Paris", Fires: true, Quotes: "StartAt="},
		// the words before each value say what it is of, though the sentences differ
		{Source: []string{"user: Give the build cache 6 GB on each runner, we have disk to spare."}, Summary: "Build cache raised to 16 GB.", Fires: true},
		{Source: []string{"user: Flash at 115200 baud."}, Summary: "Serial monitor runs at 115200 baud.", Fires: false},
		// one of a family of sibling files is another member, not one name slipped
		{Source: []string{"tool: $ cargo test --test tile_cache_evict\nRunning tests/tile_cache_evict.rs and tests/tile_cache_warm.rs\ntest result: ok. 4 passed"}, Summary: "The eviction tests in tests/tile_cache.rs pass (4 passed).", Fires: false},
		{Source: []string{"tool: $ cargo test --test tile_cache_evict\nRunning tests/tile_cache_evict.rs\ntest result: ok. 4 passed"}, Summary: "The eviction tests in tests/tile_cache.rs pass (4 passed).", Fires: true},
		{Source: []string{"tool: $ grep -rn evict src/render/\nsrc/render/atlas.rs:88: self.evict_lru();"}, Summary: "Next: make the eviction pass in src/render/tile_cache.rs async.", Fires: false},
		// a zero-padded name that lost its zeros, however many, names another file
		{Source: []string{"tool: $ ./load.sh exports/00912_pallet_manifest.csv\nloaded 00912_pallet_manifest.csv: 4100 rows"}, Summary: "Loaded batch 912_pallet_manifest into the warehouse table.", Fires: true},
		{Source: []string{"tool: $ ./load.sh exports/00912_pallet_manifest.csv\nloaded 00912_pallet_manifest.csv: 4100 rows"}, Summary: "Loaded batch 00912_pallet_manifest into the warehouse table.", Fires: false},
		{Source: []string{"tool: $ ./load.sh exports/00912_pallet_manifest.csv\nloaded 00912_pallet_manifest.csv: 4100 rows"}, Summary: "Loaded 912 pallets into the warehouse table.", Fires: false},
		// a name with a placeholder is a pattern: its blanks may be spelled another way
		{Source: []string{"assistant: Each tenant gets a bucket named media/<tenant>-<region> on first upload."}, Summary: "Buckets: media/<tenant-id>-<region>, made on first upload.", Fires: false},
		// a pre-release cut off: 3.2.0 is not named by 3.2.0-beta.4, it is another build
		{Source: []string{"user: Build the firmware with the 3.2.0-beta.4 SDK, since beta.4 is the first that signs images; nobody moves it back to 2.x."}, Summary: "SDK: Zephyr 3.2.0 (never back to 2.x).", Fires: true},
		{Source: []string{"user: Build the firmware with the 3.2.0-beta.4 SDK, since beta.4 is the first that signs images."}, Summary: "SDK: Zephyr 3.2.0-beta.4 for signing.", Fires: false},
		// one digit for another is any change, not a slip of the pen
		{Source: []string{"user: Give the build cache 6 GB on each runner, we have disk to spare."}, Summary: "Build cache raised to 7 GB.", Fires: false},
		{Source: []string{"tool: $ grep -n maxRetries pkg/upload/client.go\n41: const maxRetries = 12"}, Summary: "```go\nconst maxRetries = 13\n```", Fires: false},
		{Source: []string{"assistant: 12 of the 40 jobs failed."}, Summary: "Retried 7 jobs.", Fires: false},
		// a name's digits slip within the same name
		{Source: []string{"tool: $ psql -f db/migrations/0047_add_index.sql\nCREATE INDEX"}, Summary: "Index added; see db/migrations/0074_add_index.sql for the DDL.", Fires: true},
		{Source: []string{"tool: $ git diff --stat\n src/billing/invoice.go | 88 ++++++++------"}, Summary: "`src/billing/invoice.go` line 84: the rounding helper.", Fires: false},
	},
})

// nearestValue finds a source value comparable to t and one slip away from it, on the
// same thing (a shared key or noun, or a source fact about what g is about). Of several,
// the one written most like t is the original (conf/eu-west/app.yaml:12 rather than
// the bare conf/eu-west/app.yaml).
func nearestValue(r *rule.Round, g *classify.Fact, t classify.Token) (rule.Ref, classify.Token, bool) {
	p := strings.SplitN(t.Norm, ":", 2)[0]
	all, groups := valueGroupsOfKind(r, p) // the values whose norm starts p+":" (num: also ver:)
	var best rule.Ref
	var bestTok classify.Token
	bestDist := -1
	for _, nv := range nearValues(r, all, groups, t) {
		c := &all[nv.i]
		ref, x, f := c.ref, c.tok, r.Fact(c.ref)
		keyed := x.Key != "" && x.Key == t.Key || x.Noun != "" && x.Noun == t.Noun
		slip := nv.slip
		if !slip && !keyed && !shareSlotWord(f, x, g, t) {
			continue // (the slot words are read only for a value one slip away: few are)
		}
		if keyed || !slip || rule.About(g, f) || shareSlotWord(f, x, g, t) {
			// (a digit added passed only in its slot: the slot is known already)
			d := editDistance(strings.ToLower(x.Raw), strings.ToLower(t.Raw))
			if bestDist < 0 || d < bestDist || d == bestDist && sharedTerms(f, g) > sharedTerms(r.Fact(best), g) {
				// the closest form; between equals, the line most like the summary's
				best, bestTok, bestDist = ref, x, d
			}
		}
	}
	return best, bestTok, bestDist >= 0
}

// nearValue is a value of a kind's list (its index) near the summary's, and whether
// it is one slip away (else a digit longer or shorter).
type nearValue struct {
	i    int
	slip bool
}

// nearValues lists, in list order, the values of a kind comparable to t and one slip
// away from it or a digit longer or shorter: what depends on the value alone is asked
// once per distinct value.
func nearValues(r *rule.Round, all []kindValue, groups []valueGroup, t classify.Token) []nearValue {
	td := digitsOfToken(t)
	var out []nearValue
	for _, gr := range groups {
		c := all[gr.first]
		x := c.tok
		if !classify.Comparable(x, t) || lineRef(x) != lineRef(t) || samePattern(x, t) || sameFile(x, t) {
			continue // (the same file with a line to look at is no other value)
		}
		slip := oneSlipOf(x, t, c.digits, td) || truncates(x, t) || nameKind(x) && nameSlip(r, x, t) || zerosDropped(x.Raw, t.Raw)
		if !slip && !digitAddedOf(c.digits.raw, td.raw) {
			continue
		}
		for _, i := range gr.members {
			out = append(out, nearValue{i, slip})
		}
	}
	slices.SortFunc(out, func(a, b nearValue) int { return a.i - b.i }) // (groups interleave in the list)
	return out
}

// oneSlip: the digits (or characters) of two values differ by one edit or one
// transposition, or by a factor of ten written as one more or one fewer zero.
func oneSlip(a, b classify.Token) bool { return oneSlipOf(a, b, digitsOfToken(a), digitsOfToken(b)) }

// oneSlipOf is oneSlip with the digits of a and b already read.
func oneSlipOf(a, b classify.Token, ta, tb tokenDigits) bool {
	da, db := ta.raw, tb.raw
	if a.Kind == classify.TokDate && b.Kind == classify.TokDate {
		da, db = ta.norm, tb.norm // "31 March 2026" and "2026-03-01" compare as written the same way
	}
	if (nameKind(a) || nameKind(b)) && nonDigits(a.Raw) != nonDigits(b.Raw) {
		return false // a name's digits slip only in the same name ("v2/api.yaml", "v3/api.yaml")
	}
	if da == "" || db == "" || da == db {
		return a.Kind == classify.TokID && editDistance(strings.ToLower(a.Raw), strings.ToLower(b.Raw)) == 1
	}
	if len(da) < 2 || len(db) < 2 {
		return false // 3 and 4: any change of a single digit, not a slip of one
	}
	return editDistance(da, db) == 1 || transposed(da, db)
}

// nameSlip: two names alike but for one part in its place (eu-west and eu-east), or
// for one part more (report.go and report_test.go), may be one name slipped. A name
// with a part more or less is a sibling instead when the sources name a family of such
// siblings (tile_cache_evict.rs, tile_cache_warm.rs beside the summary's tile_cache.rs):
// the summary names another member, not a slip of one.
func nameSlip(r *rule.Round, x, t classify.Token) bool {
	px, pt := nameParts(x.Norm), nameParts(t.Norm)
	switch {
	case len(px) == len(pt):
		return len(px) >= 2 && differingParts(px, pt) == 1
	case len(px) == len(pt)+1 && partAdded(pt, px):
		return siblings(r, t) < 2
	case len(pt) == len(px)+1 && partAdded(px, pt):
		return siblings(r, x) < 2
	}
	return false
}

func differingParts(a, b []string) int {
	n := 0
	for k := range a {
		if a[k] != b[k] {
			n++
		}
	}
	return n
}

// partAdded: long is short with one part inserted.
func partAdded(short, long []string) bool {
	k := 0
	for k < len(short) && short[k] == long[k] {
		k++
	}
	return slices.Equal(short[k:], long[k+1:])
}

// siblings counts the distinct file names the round's sources give that are t's file
// name with one part more ("tile_cache_evict.rs" for "tile_cache.rs").
func siblings(r *rule.Round, t classify.Token) int {
	base := nameParts("name:" + path.Base(t.Norm))
	seen := map[string]bool{}
	for _, c := range slices.Concat(valuesOfKind(r, "path"), valuesOfKind(r, "id")) {
		b := path.Base(c.tok.Norm)
		if pb := nameParts("name:" + b); len(pb) == len(base)+1 && partAdded(base, pb) {
			seen[b] = true
		}
	}
	return len(seen)
}

// zerosDropped: b is a, a name or id that starts with zero-padded digits, without its
// leading zeros ("00412" and "412"; "0031_drop_legacy.sql" and "31_drop_legacy",
// its file suffix gone too), or b is a name built on the bare id a without them
// ("0031" and "31_drop_legacy"). However many zeros went, the id is another one.
func zerosDropped(a, b string) bool {
	da, db := leadingDigits(a), leadingDigits(b)
	if len(da) < 2 || da[0] != '0' || db == "" || strings.TrimLeft(da, "0") != db {
		return false
	}
	ra, rb := strings.ToLower(a[len(da):]), strings.ToLower(b[len(db):])
	return ra == rb || rb != "" && (strings.HasPrefix(ra, rb+".") || ra == "" && (rb[0] == '_' || rb[0] == '-'))
}

// leadingDigits is the run of digits s starts with.
func leadingDigits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// digitAdded: a one-digit figure gained a digit (6 GB became 16 GB), or lost one.
func digitAdded(a, b classify.Token) bool { return digitAddedOf(digitsOf(a.Raw), digitsOf(b.Raw)) }

// digitAddedOf is digitAdded of two values' digits.
func digitAddedOf(da, db string) bool {
	return min(len(da), len(db)) == 1 && max(len(da), len(db)) == 2 && editDistance(da, db) == 1
}

// tokenDigits are the digits of a value as written and, for a date, of its normal
// form (what oneSlip compares).
type tokenDigits struct{ raw, norm string }

func digitsOfToken(t classify.Token) tokenDigits {
	d := tokenDigits{raw: digitsOf(t.Raw)}
	if t.Kind == classify.TokDate {
		d.norm = digitsOf(t.Norm)
	}
	return d
}

// nonDigits is s lower-cased without its digits.
func nonDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

func digitsOf(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r < '0' || r > '9' }) < 0 {
		return s // (most are all digits)
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func transposed(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	var diff []int
	for i := 0; i < len(a); i++ {
		if a[i] != b[i] {
			diff = append(diff, i)
		}
	}
	return len(diff) == 2 && a[diff[0]] == b[diff[1]] && a[diff[1]] == b[diff[0]]
}

// editDistance is the Levenshtein distance of two short strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := 1
			if a[i-1] == b[j-1] {
				c = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+c)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func nameKind(t classify.Token) bool {
	return t.Kind == classify.TokPath || t.Kind == classify.TokURL || t.Kind == classify.TokHost
}

// shareSlotWord: the words just before the two values, in their own clauses, share a
// term: both say what the value is of ("give the build cache 6 GB on each runner",
// "build cache raised to 16 GB"), however each sentence goes on.
func shareSlotWord(f *classify.Fact, x classify.Token, g *classify.Fact, t classify.Token) bool {
	a, b := slotTerms(f.Text, x.Start), slotTerms(g.Text, t.Start)
	for _, w := range a {
		if slices.Contains(b, w) {
			return true
		}
	}
	return false
}

// slotTerms are the terms of the few words before offset at, back to the start of its
// clause.
func slotTerms(text string, at int) []string {
	if at <= 0 || at > len(text) {
		return nil
	}
	before := text[:at]
	if k := strings.LastIndexAny(before, ",;:.!?()\n"); k >= 0 && k < len(before)-1 {
		before = before[k+1:]
	}
	ws := strings.Fields(before)
	if len(ws) > slotReach {
		ws = ws[len(ws)-slotReach:]
	}
	var out []string
	for _, w := range classify.Terms(strings.Join(ws, " "), nil) {
		if !strings.Contains(w, ":") {
			out = append(out, w)
		}
	}
	return out
}

// slotReach is how many words before a value say what it is of.
const slotReach = 5
