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
func valuesOfKind(r *rule.Round, p string) []kindValue { return kindsOf(r, p).all }

// valueGroupsOfKind is valuesOfKind with the same value (the same token but for where
// it stands) stated by several facts grouped, in order of first occurrence: what
// depends only on the value is asked once a group.
func valueGroupsOfKind(r *rule.Round, p string) ([]kindValue, []valueGroup) {
	k := kindsOf(r, p)
	return k.all, k.groups
}

// valueGroup is one distinct value of a kind: a representative and the indexes of the
// facts' values (into the kind's list) that state it.
type valueGroup struct {
	first   int // the representative's index in the list
	members []int
}

type kindValues struct {
	all    []kindValue
	groups []valueGroup
}

func kindsOf(r *rule.Round, p string) *kindValues {
	byKind := r.Memo("rules.valuesOfKind", func() any {
		m := map[string]*kindValues{}
		add := func(k string, v kindValue) {
			if m[k] == nil {
				m[k] = &kindValues{}
			}
			m[k].all = append(m[k].all, v)
		}
		for _, ref := range r.ValueRefs() {
			for _, x := range r.Fact(ref).Tokens {
				k, _, ok := strings.Cut(x.Norm, ":")
				if !ok {
					continue
				}
				v := kindValue{ref, x, digitsOfToken(x)}
				add(k, v)
				if k == "num" || k == "ver" {
					add("num+ver", v)
				}
			}
		}
		for _, kv := range m {
			kv.groups = groupValues(kv.all)
		}
		return m
	}).(map[string]*kindValues)
	if p == "num" {
		p = "num+ver"
	}
	if kv := byKind[p]; kv != nil {
		return kv
	}
	return &kindValues{}
}

// groupValues groups the list's equal tokens (Start and End aside).
func groupValues(all []kindValue) []valueGroup {
	at := map[classify.Token]int{}
	var out []valueGroup
	for i, v := range all {
		key := v.tok
		key.Start, key.End = 0, 0
		g, ok := at[key]
		if !ok {
			g = len(out)
			at[key] = g
			out = append(out, valueGroup{first: i})
		}
		out[g].members = append(out[g].members, i)
	}
	return out
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
