package judge

import (
	"sync"
	"sync/atomic"
)

// forEach calls f(w, i) for i in 0..n-1 on up to workers goroutines, w being the
// goroutine's number (0 <= w < shares(n, workers)), which take the indexes in blocks
// of minShare as they free up. f must write only to what belongs to index i or to
// worker w. With one share it runs in order on the calling goroutine.
func forEach(n, workers int, f func(w, i int)) {
	k := shares(n, workers)
	if k == 1 {
		for i := 0; i < n; i++ {
			f(0, i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range k {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := int(next.Add(minShare)) - minShare
				if lo >= n {
					return
				}
				for i := lo; i < min(n, lo+minShare); i++ {
					f(w, i)
				}
			}
		}()
	}
	wg.Wait()
}

// shares is how many goroutines forEach uses for n items: one unless there are at
// least two blocks of minShare to share.
func shares(n, workers int) int {
	return max(1, min(workers, n/minShare))
}

// minShare is the number of facts a worker takes at a time.
const minShare = 32
