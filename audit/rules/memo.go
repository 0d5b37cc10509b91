package rules

import (
	"slices"
	"strings"
	"sync"
)

// textMemo caches a pure function of a fact's text across facts, rounds and the
// cumulative re-judging (the same summary line is compared with every source fact).
// Safe for concurrent use; it holds at most max entries (it starts afresh when full)
// and copies its keys. Callers must not modify a cached value.
type textMemo[V any] struct {
	mu  sync.RWMutex
	m   map[string]V
	max int
	f   func(string) V
}

func newTextMemo[V any](max int, f func(string) V) *textMemo[V] {
	return &textMemo[V]{m: map[string]V{}, max: max, f: f}
}

func (c *textMemo[V]) get(k string) V {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		return v
	}
	v = c.f(k)
	c.mu.Lock()
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[strings.Clone(k)] = v
	c.mu.Unlock()
	return v
}

var (
	identifierWordsMemo = newTextMemo(1<<15, identifierWordsOf)
	nameWordsMemo       = newTextMemo(1<<15, func(s string) []nameWord { return slices.Clip(nameWordsOf(s)) })
)

// identifierWords is identifierWordsOf(text), computed once per text (read-only).
func identifierWords(text string) map[string]bool { return identifierWordsMemo.get(text) }

// nameWords is nameWordsOf(text), computed once per text (read-only: clipped, so an
// append copies).
func nameWords(text string) []nameWord { return nameWordsMemo.get(text) }
