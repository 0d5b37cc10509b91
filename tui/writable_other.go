//go:build !unix

package tui

import "os"

// dirWritable reports whether dir exists (other systems: the write itself will tell).
func dirWritable(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}
