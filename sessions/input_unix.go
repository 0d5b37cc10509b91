//go:build unix

package sessions

import "syscall"

// openNonBlocking keeps open(2) from waiting on a FIFO that was swapped in after its
// mode was checked (the opened file is then refused).
const openNonBlocking = syscall.O_NONBLOCK
