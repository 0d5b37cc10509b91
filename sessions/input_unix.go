//go:build unix

package sessions

import "syscall"

// openNonBlocking keeps open(2) from waiting on a FIFO that was swapped in after its
// mode was checked (the opened file is then refused).
const openNonBlocking = syscall.O_NONBLOCK

// readListed reads a file a folder listing showed to be a regular file into buf
// (grown when too small; returned for reuse) with system calls of its own: no
// os.File and no FileInfo, which over a storage folder's many small files are garbage
// of the order of the files' own text. It opens as openListed does (read-only,
// without blocking) and checks the opened file is regular and at most limit bytes.
// ok is false for anything else (an error, another kind of file, a file too big or
// growing while read): the caller then reads it the ordinary way, which refuses it
// or names the error.
func readListed(path string, buf []byte, limit int64) (data, grown []byte, ok bool) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|openNonBlocking, 0)
	for err == syscall.EINTR {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC|openNonBlocking, 0)
	}
	if err != nil {
		return nil, buf, false
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, buf, false
	}
	size := int64(st.Size)
	if size < 0 || size > limit {
		return nil, buf, false
	}
	if int64(cap(buf)) < size+1 {
		buf = make([]byte, max(size+1, 2*int64(cap(buf))))
	}
	b := buf[:size+1] // one byte more than the size: a read that fills it saw growth
	for n := 0; n < len(b); {
		k, err := syscall.Read(fd, b[n:])
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, buf, false
		case k == 0:
			return b[:n], buf, true
		}
		n += k
	}
	return nil, buf, false
}
