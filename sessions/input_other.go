//go:build !unix

package sessions

// openNonBlocking: no FIFOs to wait on here.
const openNonBlocking = 0
