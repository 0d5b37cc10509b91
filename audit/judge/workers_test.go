package judge

import (
	"sync/atomic"
	"testing"
)

// forEach calls f once for every index, whatever the number of workers, and on more
// than one goroutine only when there is enough work to share.
func TestForEachCoversEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, minShare, 2*minShare - 1, 2 * minShare, 1000} {
		for _, w := range []int{0, 1, 2, 7} {
			counts := make([]int32, n)
			var calls atomic.Int32
			forEach(n, w, func(k, i int) {
				if k < 0 || k >= shares(n, w) {
					t.Errorf("worker %d of %d", k, shares(n, w))
				}
				atomic.AddInt32(&counts[i], 1)
				calls.Add(1)
			})
			if int(calls.Load()) != n {
				t.Fatalf("n=%d workers=%d: %d calls", n, w, calls.Load())
			}
			for i, c := range counts {
				if c != 1 {
					t.Fatalf("n=%d workers=%d: index %d called %d times", n, w, i, c)
				}
			}
		}
	}
}
