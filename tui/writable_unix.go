//go:build unix

package tui

import "golang.org/x/sys/unix"

// dirWritable reports whether the current user may create files in dir.
func dirWritable(dir string) bool { return unix.Access(dir, unix.W_OK) == nil }
