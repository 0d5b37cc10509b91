package rules

import (
	"math"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A specific value (an id, a version, a measured figure) that no source states.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/unsupported-value",
	Doc:   "The summary states a specific value (an id, version, digest, date, measured figure) that no message or tool output gives, in any notation.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Code {
			return rule.Hit{}, false
		}
		for _, t := range g.Tokens {
			if !classify.Specific(t) || lineNumber(t) || r.Explained[k][t.Raw] || valueSupported(r, t) || truncationOfSource(r, t) || ownNumbering(r, g, t) || inStepLabel(r, g, t) || percentOfPair(g, t) {
				continue
			}
			return rule.NewHit(-1, k, 0.8, "no source states "+t.Raw, rule.Slot{Name: slot(t), Summary: t.Raw}), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		// a pull request's number the sources give in its URL or a tool's JSON field
		{Source: []string{"tool: $ gh pr create --fill\nhttps://github.com/acme/tiles/pull/4127"}, Summary: "The tile cache change is PR #4127.", Fires: false},
		{Source: []string{"tool: $ gh pr view --json number,title\n{\"number\":4127,\"title\":\"Move the tile cache\"}"}, Summary: "The tile cache change is PR #4127.", Fires: false},
		{Source: []string{"tool: $ gh pr create --fill\nhttps://github.com/acme/tiles/pull/4127"}, Summary: "The tile cache change is PR #918.", Fires: true},
		// a percentage worked out from the line's own figures
		{Source: []string{"assistant: Minification took the bundle from 5120000 to 3840000 bytes."}, Summary: "Minification took the bundle from 5120000 to 3840000 bytes, i.e. 25% smaller.", Fires: false},
		{Source: []string{"assistant: Minification took the bundle from 5120000 to 3840000 bytes."}, Summary: "Minification took the bundle from 5120000 to 3840000 bytes, i.e. 40% smaller.", Fires: true},
		// a number given as a segment of a path
		{Source: []string{"assistant: Uploaded the firmware build artifacts to s3://acme-ci/firmware/20931/."}, Summary: "Uploaded the firmware build artifacts (build 20931).", Fires: false},
		{Source: []string{"assistant: Uploaded the firmware build artifacts to s3://acme-ci/firmware/20931/."}, Summary: "Uploaded the firmware build artifacts (build 20931, 8812 files).", Fires: true},
		// the summary numbering its own items states no value; a lone "#2" does
		{Source: []string{"user: Three questions: is the cache warm? is the CDN purged? are the logs rotated?"}, Summary: "**Question #1**: is the cache warm?\n**Question #2**: is the CDN purged?\n**Question #3**: are the logs rotated?", Fires: false},
		{Source: []string{"user: Three questions: is the cache warm? is the CDN purged? are the logs rotated?"}, Summary: "**Question #2**: is the CDN purged? (see ticket #2)", Fires: true},
		{Source: []string{"assistant: The cluster runs Kafka with three brokers."}, Summary: "The cluster runs Kafka 3.7.1 with three brokers.", Fires: true},
		{Source: []string{"tool: broker.version=3.7.1 brokers=3"}, Summary: "The cluster runs Kafka 3.7.1 with three brokers.", Fires: false},
		{Source: []string{"assistant: The job took 2700 seconds."}, Summary: "The job took 45 min.", Fires: false},
		{Source: []string{"assistant: 1 module still pins the old toolchain, go1.21.6."}, Summary: "The toolchain is go1.23.4 now.", Fires: true},
		// a range of numbered names is backed by its first and last names
		{Source: []string{"tool: $ for h in web-0{1..4}; do uptime; done\nweb-01 up 3 days\nweb-02 up 3 days\nweb-03 up 3 days\nweb-04 up 9 days"}, Summary: "Hosts in scope for the kernel patch: web-01..04.", Fires: false},
		{Source: []string{"tool: $ uptime\nweb-01 up 3 days\nweb-02 up 3 days"}, Summary: "Hosts in scope for the kernel patch: web-01..04.", Fires: true},
	},
})

// lineNumber: "line 387", "lines 12-40": positions in a file, not values of the work.
func lineNumber(t classify.Token) bool {
	return t.Key == "line" || t.Key == "lines" || t.Key == "l" || t.Key == "at"
}

// valueSupported: some source states the value, the same value in another notation,
// a value it truncates (the mutation rules judge those), or a path it is part of.
func valueSupported(r *rule.Round, t classify.Token) bool {
	if r.HasValue(t.Norm) {
		return true
	}
	switch t.Kind {
	case classify.TokID, classify.TokHash, classify.TokVersion, classify.TokHost, classify.TokPort:
		if nameMentioned(r, t) {
			return true
		}
	case classify.TokNumber, classify.TokCount:
		if sameDigits(r, t) || pathSegment(r, t) {
			return true
		}
	case classify.TokSize, classify.TokDuration, classify.TokPercent:
		if sameDigits(r, t) || derived(r, t) || t.Kind == classify.TokPercent && fractionOf(r, t) {
			return true
		}
	}
	switch t.Kind {
	case classify.TokPath, classify.TokURL:
		// (a line given with a stated file is a place in it: file dumps lose their line numbers)
		return pathSupported(r, t.Norm) || pathOf(t) != "" && pathOf(t) != t.Norm && pathSupported(r, pathOf(t))
	case classify.TokTime:
		clock, _, _ := strings.Cut(t.Norm, "@")
		for norm := range r.Values {
			if strings.HasPrefix(norm, clock) {
				return true
			}
		}
	}
	for _, y := range valueTokens(r) {
		if classify.Equivalent(y, t) || truncates(t, y) && strings.Contains(strings.TrimPrefix(strings.TrimPrefix(y.Norm, "ver:"), "num:"), ".") {
			// (a source's "1.22" backs "1.22.5" cut short; a bare "1" backs no version)
			return true
		}
	}
	return false
}

// pathSegment: a number the sources give as a whole segment of a path or URL
// (".../firmware/20931/" for "build 20931").
func pathSegment(r *rule.Round, t classify.Token) bool {
	n := strings.ReplaceAll(t.Raw, ",", "")
	if len(n) < 3 || strings.Trim(n, "0123456789") != "" {
		return false
	}
	return r.Mentions("/"+n+"/") || r.Mentions("/"+n+" ") || r.Mentions("/"+n+"\n") || r.Mentions("/"+n+"`")
}

func pathSupported(r *rule.Round, norm string) bool {
	p := strings.TrimPrefix(strings.TrimPrefix(norm, "path:"), "url:")
	for v := range r.Values {
		q := strings.TrimPrefix(strings.TrimPrefix(v, "path:"), "url:")
		if strings.HasSuffix(q, p) || strings.HasSuffix(p, q) && len(q) > 3 || strings.Contains(q, p) {
			return true
		}
	}
	return false
}

// truncationOfSource: t is a source value with components cut (18 for 18.2): a change
// the mutation rules report, not an invented value.
func truncationOfSource(r *rule.Round, t classify.Token) bool {
	for _, y := range valueTokens(r) {
		if (strings.HasPrefix(y.Norm, "ver:") || strings.HasPrefix(y.Norm, "num:")) && truncates(y, t) {
			return true
		}
	}
	return false
}

// sameDigits: a source states the same figure with a unit the summary left out or a
// unit on a neighbour ("212 -> 171 MB" for "212 MB"), or the same percentage as a ratio.
func sameDigits(r *rule.Round, t classify.Token) bool {
	raw := leadingNumber(strings.ReplaceAll(t.Raw, ",", ""))
	if raw == "" {
		return false
	}
	return leadingNumbers(r)[raw]
}

// derived: the value is the sum or the difference of two source values of its family
// (21 MB over a 150 MB budget at 171 MB).
func derived(r *rule.Round, t classify.Token) bool {
	if t.Num == 0 {
		return false
	}
	var xs []float64
	for _, norm := range r.SortedValues() {
		refs := r.Values[norm]
		if len(refs) == 0 || len(xs) > 300 {
			continue
		}
		for _, y := range r.Fact(refs[0]).Tokens {
			if y.Norm == norm && y.Family == t.Family && y.Kind == t.Kind && y.Num != 0 {
				xs = append(xs, y.Num)
				break
			}
		}
	}
	for i := range xs {
		for j := i + 1; j < len(xs); j++ {
			if near(xs[i]+xs[j], t.Num) || near(xs[i]-xs[j], t.Num) || near(xs[j]-xs[i], t.Num) {
				return true
			}
		}
	}
	return false
}

func near(a, b float64) bool {
	d := a - b
	if d < 0 {
		d = -d
	}
	return d <= 1e-9*max(1, b) || b != 0 && d/b < 0.005
}

// percentOfPair: a percentage the summary line works out from two figures it gives
// itself ("5120000 -> 3840000 bytes, i.e. 25% smaller"): the change between them or
// the one as a share of the other, to the percentage's own precision. The figures
// are judged on their own.
func percentOfPair(g *classify.Fact, t classify.Token) bool {
	if t.Kind != classify.TokPercent {
		return false
	}
	tol := 0.5 * math.Pow10(-t.Prec)
	var xs []float64
	for _, y := range g.Tokens {
		if y.Kind != classify.TokPercent && y.Num > 0 && (y.Kind == classify.TokNumber || y.Kind == classify.TokCount || y.Kind == classify.TokSize || y.Kind == classify.TokDuration || y.Kind == classify.TokMoney) {
			xs = append(xs, y.Num)
		}
	}
	for i := range xs {
		for j := i + 1; j < len(xs); j++ {
			lo, hi := min(xs[i], xs[j]), max(xs[i], xs[j])
			for _, p := range []float64{(hi - lo) / hi * 100, (hi - lo) / lo * 100, lo / hi * 100} {
				if d := p - t.Num; d <= tol+1e-9 && d >= -tol-1e-9 {
					return true
				}
			}
		}
	}
	return false
}

// fractionOf: a source gives the percentage as a ratio (0.309 for 30.9%).
func fractionOf(r *rule.Round, t classify.Token) bool {
	want := t.Num / 100
	for _, refs := range r.Values {
		if len(refs) == 0 {
			continue
		}
		for _, y := range r.Fact(refs[0]).Tokens {
			if (y.Kind == classify.TokNumber || y.Kind == classify.TokCount) && y.Num > 0 && y.Num <= 1 && near(y.Num, want) {
				return true
			}
		}
	}
	return false
}

// numberedRange reads a range of numbered names written as one ("web-01..04",
// "node3-7" is not one): the first and the last name, the last padded as the first.
func numberedRange(raw string) (string, string, bool) {
	k := strings.Index(raw, "..")
	if k <= 0 || k+2 >= len(raw) {
		return "", "", false
	}
	head, end := raw[:k], raw[k+2:]
	j := len(head)
	for j > 0 && head[j-1] >= '0' && head[j-1] <= '9' {
		j--
	}
	if j == len(head) || j == 0 || strings.Trim(end, "0123456789") != "" {
		return "", "", false
	}
	start := head[j:]
	for len(end) < len(start) {
		end = "0" + end
	}
	return head, head[:j] + end, true
}
