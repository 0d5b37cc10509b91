package rules

import (
	"strings"
	"sync"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// Round-wide look-ups the value rules share, built once per round (rule.Round.Memo)
// instead of walking every source value for every summary value.

// valueTokens are, for each value the round states (in sorted order), the tokens of
// its first fact that state it: what a walk of r.Values looks at.
func valueTokens(r *rule.Round) []classify.Token {
	return r.Memo("rules.valueTokens", func() any {
		var out []classify.Token
		for _, norm := range r.SortedValues() {
			refs := r.Values[norm]
			if len(refs) == 0 {
				continue
			}
			for _, y := range r.Fact(refs[0]).Tokens {
				if y.Norm == norm {
					out = append(out, y)
				}
			}
		}
		return out
	}).([]classify.Token)
}

// leadingNumbers are the leading figures of valueTokens (commas dropped).
func leadingNumbers(r *rule.Round) map[string]bool {
	ts := valueTokens(r)
	return r.Memo("rules.leadingNumbers", func() any {
		out := map[string]bool{}
		for _, y := range ts {
			out[leadingNumber(strings.ReplaceAll(y.Raw, ",", ""))] = true
		}
		return out
	}).(map[string]bool)
}

// kindValue is one value a source fact or evidence line states.
type kindValue struct {
	ref    rule.Ref
	tok    classify.Token
	digits tokenDigits // (read once per round: every summary value is compared with it)
}

// valuesOfKind lists, in the order of r.ValueRefs and of each fact's tokens, the values
// whose normal form starts with p+":" (and for "num" also "ver:").
func valuesOfKind(r *rule.Round, p string) []kindValue {
	byKind := r.Memo("rules.valuesOfKind", func() any {
		m := map[string][]kindValue{}
		for _, ref := range r.ValueRefs() {
			for _, x := range r.Fact(ref).Tokens {
				k, _, ok := strings.Cut(x.Norm, ":")
				if !ok {
					continue
				}
				v := kindValue{ref, x, digitsOfToken(x)}
				m[k] = append(m[k], v)
				if k == "num" || k == "ver" {
					m["num+ver"] = append(m["num+ver"], v)
				}
			}
		}
		return m
	}).(map[string][]kindValue)
	if p == "num" {
		return byKind["num+ver"]
	}
	return byKind[p]
}

// factMemo holds per-fact answers of one round (see memoFact).
type factMemo struct {
	mu sync.Mutex
	m  map[int]bool
}

// memoFact is f() for source fact i, computed once per round and key: pair rules ask
// the same question of a source fact once per summary candidate.
func memoFact(r *rule.Round, key string, i int, f func() bool) bool {
	m := r.Memo(key, func() any { return &factMemo{m: map[int]bool{}} }).(*factMemo)
	m.mu.Lock()
	v, ok := m.m[i]
	m.mu.Unlock()
	if ok {
		return v
	}
	v = f()
	m.mu.Lock()
	m.m[i] = v
	m.mu.Unlock()
	return v
}
