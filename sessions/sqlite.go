package sessions

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
)

// A read-only reader for SQLite 3 database files, enough to scan ordinary (rowid)
// tables: the b-tree pages, records, overflow chains, and the write-ahead log, whose
// committed pages override the main file's. No locking: the file is only read, and a
// page changed while it is read at worst gives a located error.

type sqliteDB struct {
	f        *os.File
	size     int64
	pageSize int
	usable   int
	// wal maps a page number to the offset of its newest committed copy in the WAL.
	wal  map[uint32]int64
	walF *os.File
	// overflow is the buffer overflow pages are read into.
	overflow []byte
}

type sqliteTable struct {
	root    uint32
	columns []string
	// rowidCol is the column that aliases the rowid (INTEGER PRIMARY KEY), or -1.
	rowidCol int
}

var errSQLite = errors.New("malformed SQLite database")

func openSQLite(path string) (*sqliteDB, error) {
	f, fi, err := openRegular(path)
	if err != nil {
		var ie *InputError
		if errors.As(err, &ie) {
			return nil, errors.New(ie.Msg)
		}
		return nil, err
	}
	db := &sqliteDB{f: f}
	db.size = fi.Size()
	hdr := make([]byte, 100)
	if _, err := f.ReadAt(hdr, 0); err != nil || string(hdr[:16]) != "SQLite format 3\x00" {
		f.Close()
		return nil, fmt.Errorf("%w: its 100-byte header is cut short or missing", errSQLite)
	}
	db.pageSize = int(binary.BigEndian.Uint16(hdr[16:18]))
	if db.pageSize == 1 {
		db.pageSize = 65536
	}
	if db.pageSize < 512 || db.pageSize&(db.pageSize-1) != 0 {
		f.Close()
		return nil, fmt.Errorf("%w: page size %d", errSQLite, db.pageSize)
	}
	db.usable = db.pageSize - int(hdr[20])
	if hdr[56] > 1 && binary.BigEndian.Uint32(hdr[56:60]) != 1 {
		f.Close()
		return nil, fmt.Errorf("%w: text encoding is not UTF-8", errSQLite)
	}
	db.readWAL(path + "-wal")
	return db, nil
}

func (db *sqliteDB) Close() {
	db.f.Close()
	if db.walF != nil {
		db.walF.Close()
	}
}

// readWAL indexes the committed frames of a write-ahead log, if there is one.
func (db *sqliteDB) readWAL(path string) {
	f, _, err := openRegular(path) // a FIFO named like a WAL is not waited on
	if err != nil {
		return
	}
	hdr := make([]byte, 32)
	if _, err := io.ReadFull(f, hdr); err != nil {
		f.Close()
		return
	}
	magic := binary.BigEndian.Uint32(hdr[0:4])
	if magic != 0x377f0682 && magic != 0x377f0683 || int(binary.BigEndian.Uint32(hdr[8:12])) != db.pageSize {
		f.Close()
		return
	}
	salt1, salt2 := binary.BigEndian.Uint32(hdr[16:20]), binary.BigEndian.Uint32(hdr[20:24])
	pending := map[uint32]int64{}
	committed := map[uint32]int64{}
	fh := make([]byte, 24)
	for off := int64(32); ; off += int64(24 + db.pageSize) {
		if _, err := f.ReadAt(fh, off); err != nil {
			break
		}
		if binary.BigEndian.Uint32(fh[8:12]) != salt1 || binary.BigEndian.Uint32(fh[12:16]) != salt2 {
			break // a frame of an earlier log generation
		}
		pending[binary.BigEndian.Uint32(fh[0:4])] = off + 24
		if binary.BigEndian.Uint32(fh[4:8]) != 0 { // a commit frame
			for p, o := range pending {
				committed[p] = o
			}
			pending = map[uint32]int64{}
		}
	}
	if len(committed) == 0 {
		f.Close()
		return
	}
	db.wal, db.walF = committed, f
}

// page returns page n (1-based), read into buf (reused: a page is read per b-tree
// level and per overflow hop, not allocated per page).
func (db *sqliteDB) page(n uint32, buf *[]byte) ([]byte, error) {
	if len(*buf) != db.pageSize {
		*buf = make([]byte, db.pageSize)
	}
	buf2 := *buf
	if off, ok := db.wal[n]; ok {
		if _, err := db.walF.ReadAt(buf2, off); err != nil {
			return nil, fmt.Errorf("%w: WAL page %d: %v", errSQLite, n, err)
		}
		return buf2, nil
	}
	off := int64(n-1) * int64(db.pageSize)
	if n == 0 || off >= db.size {
		return nil, fmt.Errorf("%w: page %d out of range", errSQLite, n)
	}
	if _, err := db.f.ReadAt(buf2, off); err != nil && err != io.EOF {
		return nil, fmt.Errorf("%w: page %d: %v", errSQLite, n, err)
	}
	return buf2, nil
}

// scan calls fn for every row of the table b-tree rooted at root, in rowid order.
func (db *sqliteDB) scan(root uint32, fn func(rowid int64, rec []any) error) error {
	seen := map[uint32]bool{}
	bufs := make([][]byte, 66) // one page buffer per b-tree level
	var walk func(n uint32, depth int) error
	walk = func(n uint32, depth int) error {
		if seen[n] || depth > 64 {
			return fmt.Errorf("%w: b-tree loop at page %d", errSQLite, n)
		}
		seen[n] = true
		pg, err := db.page(n, &bufs[depth])
		if err != nil {
			return err
		}
		h := 0
		if n == 1 {
			h = 100
		}
		if h+8 > len(pg) {
			return fmt.Errorf("%w: page %d", errSQLite, n)
		}
		kind := pg[h]
		cells := int(binary.BigEndian.Uint16(pg[h+3 : h+5]))
		ptrs := h + 8
		if kind == 0x05 {
			ptrs = h + 12
		}
		if ptrs+2*cells > len(pg) {
			return fmt.Errorf("%w: page %d cell count", errSQLite, n)
		}
		for i := 0; i < cells; i++ {
			c := int(binary.BigEndian.Uint16(pg[ptrs+2*i:]))
			if c >= len(pg) {
				return fmt.Errorf("%w: page %d cell %d", errSQLite, n, i)
			}
			switch kind {
			case 0x05: // interior table page: child pointer, key
				if c+4 > len(pg) {
					return fmt.Errorf("%w: page %d cell %d", errSQLite, n, i)
				}
				if err := walk(binary.BigEndian.Uint32(pg[c:]), depth+1); err != nil {
					return err
				}
			case 0x0d: // leaf table page: payload length, rowid, payload
				plen, k := sqliteVarint(pg[c:])
				rowid, k2 := sqliteVarint(pg[c+k:])
				if k == 0 || k2 == 0 {
					return fmt.Errorf("%w: page %d cell %d", errSQLite, n, i)
				}
				payload, err := db.payload(pg, c+k+k2, int(plen))
				if err != nil {
					return err
				}
				rec, err := sqliteRecord(payload)
				if err != nil {
					return fmt.Errorf("%w: page %d cell %d: %v", errSQLite, n, i, err)
				}
				if err := fn(int64(rowid), rec); err != nil {
					return err
				}
			default:
				return fmt.Errorf("%w: page %d is not a table page (type 0x%02x)", errSQLite, n, kind)
			}
		}
		if kind == 0x05 {
			return walk(binary.BigEndian.Uint32(pg[h+8:]), depth+1)
		}
		return nil
	}
	return walk(root, 0)
}

// payload assembles a leaf cell's payload starting at off, following overflow pages.
func (db *sqliteDB) payload(pg []byte, off, plen int) ([]byte, error) {
	u := db.usable
	maxLocal := u - 35
	local := plen
	if plen > maxLocal {
		minLocal := (u-12)*32/255 - 23
		local = minLocal + (plen-minLocal)%(u-4)
		if local > maxLocal {
			local = minLocal
		}
	}
	if plen < 0 || off+local > len(pg) || int64(plen) > db.size+int64(len(db.wal))*int64(db.pageSize) {
		return nil, fmt.Errorf("%w: payload out of page", errSQLite)
	}
	out := make([]byte, 0, plen)
	out = append(out, pg[off:off+local]...)
	if local == plen {
		return out, nil
	}
	if off+local+4 > len(pg) {
		return nil, fmt.Errorf("%w: overflow pointer out of page", errSQLite)
	}
	next := binary.BigEndian.Uint32(pg[off+local:])
	for hops := 0; len(out) < plen; hops++ {
		if next == 0 || hops > 1<<20 {
			return nil, fmt.Errorf("%w: overflow chain ends early", errSQLite)
		}
		op, err := db.page(next, &db.overflow)
		if err != nil {
			return nil, err
		}
		n := min(plen-len(out), u-4)
		out = append(out, op[4:4+n]...)
		next = binary.BigEndian.Uint32(op[0:4])
	}
	return out, nil
}

// sqliteVarint decodes a SQLite varint; k is 0 when b is too short.
func sqliteVarint(b []byte) (uint64, int) {
	var v uint64
	for i := 0; i < 9; i++ {
		if i >= len(b) {
			return 0, 0
		}
		if i == 8 {
			return v<<8 | uint64(b[i]), 9
		}
		v = v<<7 | uint64(b[i]&0x7f)
		if b[i]&0x80 == 0 {
			return v, i + 1
		}
	}
	return v, 9
}

// sqlText is a TEXT value, as bytes of the record's payload (copied only by whoever
// keeps it).
type sqlText []byte

// sqliteRecord decodes a record into int64, float64, sqlText, []byte or nil values.
func sqliteRecord(p []byte) ([]any, error) {
	hlen, k := sqliteVarint(p)
	if k == 0 || int(hlen) > len(p) || int(hlen) < k {
		return nil, errors.New("bad record header")
	}
	var types []uint64
	for i := k; i < int(hlen); {
		t, n := sqliteVarint(p[i:int(hlen)])
		if n == 0 {
			return nil, errors.New("bad record header")
		}
		types = append(types, t)
		i += n
	}
	body := p[hlen:]
	out := make([]any, 0, len(types))
	for _, t := range types {
		var size int
		switch {
		case t == 0, t == 8, t == 9:
			size = 0
		case t >= 1 && t <= 4:
			size = int(t)
		case t == 5:
			size = 6
		case t == 6, t == 7:
			size = 8
		case t >= 12:
			size = int((t - 12) / 2)
		default:
			return nil, fmt.Errorf("reserved serial type %d", t)
		}
		if size < 0 || size > len(body) {
			return nil, errors.New("record shorter than its header")
		}
		v := body[:size]
		body = body[size:]
		switch {
		case t == 0:
			out = append(out, nil)
		case t == 8:
			out = append(out, int64(0))
		case t == 9:
			out = append(out, int64(1))
		case t <= 6:
			var x int64
			for _, c := range v {
				x = x<<8 | int64(c)
			}
			shift := 64 - 8*uint(size)
			out = append(out, x<<shift>>shift) // sign-extend
		case t == 7:
			out = append(out, math.Float64frombits(binary.BigEndian.Uint64(v)))
		case t%2 == 0:
			out = append(out, v) // the payload is the cell's own: no copy
		default:
			out = append(out, sqlText(v))
		}
	}
	return out, nil
}

// tables reads the schema: every ordinary table with its root page and column names.
func (db *sqliteDB) tables() (map[string]sqliteTable, error) {
	out := map[string]sqliteTable{}
	err := db.scan(1, func(_ int64, rec []any) error {
		if len(rec) < 5 {
			return nil
		}
		typ, name, sql := recText(rec[0]), recText(rec[1]), recText(rec[4])
		root, _ := rec[3].(int64)
		if typ != "table" || root <= 0 || strings.Contains(strings.ToUpper(sql), "WITHOUT ROWID") {
			return nil
		}
		cols, alias := sqliteColumns(sql)
		out[name] = sqliteTable{root: uint32(root), columns: cols, rowidCol: alias}
		return nil
	})
	return out, err
}

// sqliteColumns lists the column names of a CREATE TABLE statement and which one, if
// any, is an INTEGER PRIMARY KEY (an alias of the rowid).
func sqliteColumns(sql string) ([]string, int) {
	open, close := strings.IndexByte(sql, '('), strings.LastIndexByte(sql, ')')
	if open < 0 || close <= open {
		return nil, -1
	}
	body := sql[open+1 : close]
	var defs []string
	depth, start := 0, 0
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				defs = append(defs, body[start:i])
				start = i + 1
			}
		}
	}
	defs = append(defs, body[start:])
	var cols []string
	alias := -1
	for _, d := range defs {
		d = strings.TrimSpace(d)
		up := strings.ToUpper(d)
		if d == "" || strings.HasPrefix(up, "CONSTRAINT") || strings.HasPrefix(up, "PRIMARY KEY") || strings.HasPrefix(up, "FOREIGN KEY") || strings.HasPrefix(up, "UNIQUE") || strings.HasPrefix(up, "CHECK") {
			continue
		}
		name := d
		if q := d[0]; q == '`' || q == '"' || q == '[' {
			endq := byte(q)
			if q == '[' {
				endq = ']'
			}
			if j := strings.IndexByte(d[1:], endq); j >= 0 {
				name = d[1 : 1+j]
			}
		} else if j := strings.IndexAny(d, " \t\n"); j >= 0 {
			name = d[:j]
		}
		if strings.Contains(strings.Join(strings.Fields(up), " "), "INTEGER PRIMARY KEY") {
			alias = len(cols)
		}
		cols = append(cols, name)
	}
	return cols, alias
}

// sqliteRow is one row of a table scan; its TEXT and BLOB values alias the record
// (valid during the callback only).
type sqliteRow struct {
	t     *sqliteTable
	rec   []any
	rowid int64
}

func (r sqliteRow) get(col string) any {
	for i, c := range r.t.columns {
		if c != col {
			continue
		}
		if i == r.t.rowidCol {
			return r.rowid
		}
		if i < len(r.rec) {
			return r.rec[i]
		}
	}
	return nil
}

// str is a column as a string (a copy).
func (r sqliteRow) str(col string) string {
	switch x := r.get(col).(type) {
	case sqlText:
		return string(x)
	case string:
		return x
	}
	return ""
}

// bytes is a TEXT or BLOB column's bytes, not copied.
func (r sqliteRow) bytes(col string) []byte {
	switch x := r.get(col).(type) {
	case sqlText:
		return x
	case []byte:
		return x
	}
	return nil
}

func (r sqliteRow) num(col string) float64 {
	switch x := r.get(col).(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	}
	return 0
}

// rows scans a table, one row at a time.
func (db *sqliteDB) rows(t sqliteTable, fn func(row sqliteRow) error) error {
	return db.scan(t.root, func(rowid int64, rec []any) error {
		return fn(sqliteRow{t: &t, rec: rec, rowid: rowid})
	})
}

func recText(v any) string {
	if x, ok := v.(sqlText); ok {
		return string(x)
	}
	return ""
}
