//go:build unix

package outguard

import (
	"os"
	"syscall"
)

// linkCount is the number of hard links to fi's file (0 when unknown).
func linkCount(fi os.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 0
}
