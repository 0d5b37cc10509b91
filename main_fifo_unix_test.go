//go:build unix

package main

import "syscall"

// makeFIFO makes a named pipe at p.
func makeFIFO(p string) error { return syscall.Mkfifo(p, 0o644) }
