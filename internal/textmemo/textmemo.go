// Package textmemo caches pure functions of a string (a fact's text, a word), shared
// by the classifier and the rules: the same texts recur across facts, rounds and the
// cumulative re-judging.
package textmemo

import (
	"hash/maphash"
	"strings"
	"sync"
)

// shards: a memo is cut into this many maps, each with its own lock, so the workers
// that judge rounds side by side rarely meet on one (a single lock's reader count was
// a contended cache line).
const shards = 16

// Memo caches f, safe for concurrent use. It holds at most max entries (a shard starts
// afresh when it holds its share) and copies its keys, so a cached word never keeps
// the whole text it was cut from alive. Callers must not modify a cached value.
type Memo[V any] struct {
	seed  maphash.Seed
	part  [shards]shard[V]
	limit int // entries per shard
	f     func(string) V
}

type shard[V any] struct {
	mu sync.RWMutex
	m  map[string]V
}

// New is a memo of f holding at most about n entries (n/16 a shard, at least one).
func New[V any](n int, f func(string) V) *Memo[V] {
	c := &Memo[V]{seed: maphash.MakeSeed(), limit: max(1, n/shards), f: f}
	for i := range c.part {
		c.part[i].m = map[string]V{}
	}
	return c
}

func (c *Memo[V]) shard(k string) *shard[V] {
	return &c.part[maphash.String(c.seed, k)%shards]
}

// Get returns f(k), computing it on first use.
func (c *Memo[V]) Get(k string) V {
	if v, ok := c.Lookup(k); ok {
		return v
	}
	v := c.f(k)
	c.Store(k, v)
	return v
}

// Lookup returns the cached value of k, if any.
func (c *Memo[V]) Lookup(k string) (V, bool) {
	s := c.shard(k)
	s.mu.RLock()
	v, ok := s.m[k]
	s.mu.RUnlock()
	return v, ok
}

// Store caches v as the value of k (for a memo whose callers compute the value
// themselves, as when it cannot always be had).
func (c *Memo[V]) Store(k string, v V) {
	s := c.shard(k)
	s.mu.Lock()
	if len(s.m) >= c.limit {
		clear(s.m) // its share is full: start afresh
	}
	s.m[strings.Clone(k)] = v
	s.mu.Unlock()
}

// Len is the number of entries the memo holds.
func (c *Memo[V]) Len() int {
	n := 0
	for i := range c.part {
		s := &c.part[i]
		s.mu.RLock()
		n += len(s.m)
		s.mu.RUnlock()
	}
	return n
}
