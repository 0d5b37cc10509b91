package textmemo

import (
	"fmt"
	"sync"
	"testing"
)

// TestMemo: a value is computed once per key while cached, the memo never holds more
// than its shards' shares (a full shard starts afresh), the newest key is always
// cached, and concurrent readers get the function's value.
func TestMemo(t *testing.T) {
	calls := 0
	var mu sync.Mutex
	m := New(2*shards, func(s string) int {
		mu.Lock()
		calls++
		mu.Unlock()
		return len(s)
	})
	first, again := m.Get("abc"), m.Get("abc")
	if first != 3 || again != 3 || calls != 1 {
		t.Fatalf("first key: calls %d, want 1", calls)
	}
	for i := 0; i < 1000; i++ {
		k := fmt.Sprintf("key-%d", i)
		if m.Get(k) != len(k) {
			t.Fatalf("Get(%q) is wrong", k)
		}
		if v, ok := m.Lookup(k); !ok || v != len(k) {
			t.Fatalf("the newest key %q is not cached (%v, %v)", k, v, ok)
		}
	}
	if n := m.Len(); n > 2*shards {
		t.Errorf("after 1000 keys the memo holds %d entries, want at most %d", n, 2*shards)
	}
	m.Store("stored", 42)
	if v, ok := m.Lookup("stored"); !ok || v != 42 {
		t.Errorf("a stored value reads back as %v, %v", v, ok)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if m.Get("xyz") != 3 {
				t.Error("wrong value")
			}
		}()
	}
	wg.Wait()
}
