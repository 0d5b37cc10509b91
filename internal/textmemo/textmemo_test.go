package textmemo

import (
	"sync"
	"testing"
)

// TestMemo: a value is computed once per key, a full memo starts afresh, and
// concurrent readers get the function's value.
func TestMemo(t *testing.T) {
	calls := 0
	var mu sync.Mutex
	m := New(2, func(s string) int {
		mu.Lock()
		calls++
		mu.Unlock()
		return len(s)
	})
	first, again := m.Get("abc"), m.Get("abc")
	if first != 3 || again != 3 || calls != 1 {
		t.Fatalf("first key: calls %d, want 1", calls)
	}
	m.Get("de")
	m.Get("fghi") // the memo was full: it starts afresh
	if len(m.m) != 1 {
		t.Errorf("after overflow the memo holds %d entries, want 1", len(m.m))
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
