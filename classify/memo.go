package classify

import (
	"strings"
	"sync"
)

// memo caches a pure function of a string, safe for concurrent use. It holds at most
// max entries (it starts afresh when full) and copies its keys, so a cached word never
// keeps the whole text it was cut from alive.
type memo[V any] struct {
	mu  sync.RWMutex
	m   map[string]V
	max int
}

func newMemo[V any](max int) *memo[V] { return &memo[V]{m: map[string]V{}, max: max} }

// get returns f(k), computing it on first use. Callers must not modify the value.
func (c *memo[V]) get(k string, f func(string) V) V {
	c.mu.RLock()
	v, ok := c.m[k]
	c.mu.RUnlock()
	if ok {
		return v
	}
	v = f(k)
	c.mu.Lock()
	if len(c.m) >= c.max {
		clear(c.m)
	}
	c.m[strings.Clone(k)] = v
	c.mu.Unlock()
	return v
}
