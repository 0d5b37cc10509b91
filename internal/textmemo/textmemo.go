// Package textmemo caches pure functions of a string (a fact's text, a word), shared
// by the classifier and the rules: the same texts recur across facts, rounds and the
// cumulative re-judging.
package textmemo

import (
	"strings"
	"sync"
)

// Memo caches f, safe for concurrent use. It holds at most max entries (it starts
// afresh when full) and copies its keys, so a cached word never keeps the whole text
// it was cut from alive. Callers must not modify a cached value.
type Memo[V any] struct {
	mu  sync.RWMutex
	m   map[string]V
	max int
	f   func(string) V
}

// New is a memo of f holding at most max entries.
func New[V any](max int, f func(string) V) *Memo[V] {
	return &Memo[V]{m: map[string]V{}, max: max, f: f}
}

// Get returns f(k), computing it on first use.
func (c *Memo[V]) Get(k string) V {
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
