package rules

import (
	"math"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A value the sources give one named thing, which the summary gives another named
// thing that the sources give a different value: two lines of a lock file, a config
// or a table read across (module a at v2.4.0, module b at v2.4.0-rc.1, and the summary
// puts b at v2.4.0).
var _ = rule.Register(&rule.Rule{
	ID:       "mutation/value-moved",
	Doc:      "The summary gives a named thing (a module, a key, a host) the value a source gives another named thing, while the sources give this one a different value.",
	Stage:    rule.StageClaim,
	Anchored: true,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Code {
			return rule.Hit{}, false
		}
		for _, t := range g.Tokens {
			if !comparableKinds[t.Kind] || !namedKey(t.Key) || r.Explained[k][t.Raw] || !statedForOther(r, t) {
				continue
			}
			if ref, x, ok := ownValue(r, t); ok {
				return rule.NewHitAt(ref, k, 0.9, t.Key+": \""+x.Raw+"\" became \""+t.Raw+"\"", rule.Slot{Name: slot(x), Source: x.Raw, Summary: t.Raw}), true
			}
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"tool: $ cat deps.lock\nrequests-oauthlib 2.0.0\nurllib3_secure 2.0.0-rc.2"}, Summary: "Pinned urllib3_secure at 2.0.0.", Fires: true, Quotes: "urllib3_secure"},
		{Source: []string{"tool: $ cat deps.lock\nrequests-oauthlib 2.0.0\nurllib3_secure 2.0.0-rc.2"}, Summary: "Pinned requests-oauthlib at 2.0.0.", Fires: false},
		{Source: []string{"assistant: api-gateway.replicas 4 and worker-pool.replicas 6 in prod."}, Summary: "worker-pool.replicas 4 in prod.", Fires: true},
		{Source: []string{"assistant: api-gateway.replicas 4 and worker-pool.replicas 6 in prod.", "user: set worker-pool.replicas 4 as well"}, Summary: "worker-pool.replicas 4 in prod.", Fires: false},
		{Source: []string{"assistant: Timeout was 30s.", "user: Make it 45s."}, Summary: "Timeout is 45s.", Fires: false},
		{Source: []string{"assistant: pg_stat shows seq_scan_total 4,093,118 on orders and idx_scan_total 4.1M on the index."}, Summary: "idx_scan_total was 4,093,118.", Fires: false},
	},
})

// namedKey: the name a value belongs to is a specific name (a dotted, slashed or
// snake_case key, a camelCase field, a module path), not a plain word like "timeout".
func namedKey(key string) bool {
	if len(key) < 4 {
		return false
	}
	if strings.ContainsAny(key, "./_:-") {
		return true
	}
	for i, c := range key {
		if i > 0 && unicode.IsDigit(c) {
			return true
		}
	}
	return false
}

// statedForOther: the sources state t's value, and never for t's own name.
func statedForOther(r *rule.Round, t classify.Token) bool {
	refs := r.Values[t.Norm]
	if len(refs) == 0 {
		return false
	}
	for _, ref := range refs {
		for _, x := range r.Fact(ref).Tokens {
			if x.Norm == t.Norm && x.Key == t.Key {
				return false
			}
		}
	}
	return true
}

// rounding: one figure is the other written to fewer digits (88.2M and 88,213,004).
func rounding(x, t classify.Token) bool {
	if x.Kind == classify.TokVersion || t.Kind == classify.TokVersion || x.Num == 0 || t.Num == 0 {
		return false
	}
	return math.Abs(x.Num-t.Num)/math.Max(math.Abs(x.Num), math.Abs(t.Num)) < 0.005
}

// ownValue: a source gives t's name a comparable, different value.
func ownValue(r *rule.Round, t classify.Token) (rule.Ref, classify.Token, bool) {
	for _, ref := range r.ValueRefs() {
		for _, x := range r.Fact(ref).Tokens {
			if x.Key == t.Key && x.Norm != t.Norm && classify.Comparable(x, t) && !classify.Equivalent(x, t) && !rounding(x, t) {
				return ref, x, true
			}
		}
	}
	return rule.Ref{}, classify.Token{}, false
}
