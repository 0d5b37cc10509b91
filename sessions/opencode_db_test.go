package sessions

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const ocDBPath = "testdata/opencode/db/opencode.db"

func TestOpenCodeDatabaseMatchesStorage(t *testing.T) {
	for _, sid := range []string{ocSessionA, ocSessionB} {
		ref := ocDBPath + DBSessionSep + sid
		got, err := ReadFile(ref)
		if err != nil {
			t.Fatalf("%s: %v", ref, err)
		}
		want, err := ReadFile(filepath.Join(ocRoot, "message", sid))
		if err != nil {
			t.Fatal(err)
		}
		if got.Format != OpenCodeDBFormat || got.Path != ref || got.ID != sid {
			t.Errorf("%s: format %q path %q id %q", sid, got.Format, got.Path, got.ID)
		}
		// Session A is only in the write-ahead log; its DCP records sit in storage/
		// beside the database.
		if !reflect.DeepEqual(got.Messages, want.Messages) || !reflect.DeepEqual(got.Compactions, want.Compactions) {
			t.Errorf("%s: the database gives a different session than the storage folder", sid)
		}
	}
}

func TestOpenCodeDatabaseOverflowPagesAndChoice(t *testing.T) {
	s, err := ReadFile(ocDBPath + DBSessionSep + "ses_bigoutput")
	if err != nil {
		t.Fatal(err)
	}
	out := s.Message("prt_big2" + toolResultSuffix)
	if out == nil {
		t.Fatal("no tool result")
	}
	lines := strings.Split(out.Text, "\n")
	if len(lines) != 1500 || lines[0] != "line 00000: GET /api/v1/items?page=0 200 0ms" || lines[1499] != "line 01499: GET /api/v1/items?page=1499 200 44ms" {
		t.Errorf("overflowed text: %d lines, last %q", len(lines), lines[len(lines)-1])
	}
	// The database holds three sessions, one of them compacted: that one opens.
	if s, err := ReadFile(ocDBPath); err != nil || s.ID != ocSessionA || s.Path != ocDBPath+"#"+ocSessionA {
		t.Errorf("no session chosen: %v", err)
	}
	if _, err := ReadFile(ocDBPath + "#ses_nope"); err == nil || !strings.Contains(err.Error(), `"ses_nope"`) {
		t.Errorf("unknown session: %v", err)
	}
}

func TestOpenCodeDatabaseWithoutLog(t *testing.T) {
	dir := t.TempDir()
	data, _ := os.ReadFile(ocDBPath)
	db := filepath.Join(dir, "opencode.db")
	os.WriteFile(db, data, 0o644)
	// Without the log only the checkpointed session is there, and it alone opens, also
	// from the data folder that holds the database.
	for _, p := range []string{db, dir} {
		s, err := ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if s.ID != ocSessionB || s.Path != db+DBSessionSep+ocSessionB {
			t.Errorf("%s: id %q path %q", p, s.ID, s.Path)
		}
	}
	// A log of another generation (other salts) is ignored.
	wal, _ := os.ReadFile(ocDBPath + "-wal")
	wal[16] ^= 0xff
	os.WriteFile(db+"-wal", wal, 0o644)
	if s, err := ReadFile(db); err != nil || s.ID != ocSessionB {
		t.Errorf("stale log: %v", err)
	}
}

func TestOpenCodeDatabaseDamageIsAnError(t *testing.T) {
	dir := t.TempDir()
	data, _ := os.ReadFile(ocDBPath)
	wal, _ := os.ReadFile(ocDBPath + "-wal")
	db := filepath.Join(dir, "opencode.db")
	// Damage one byte at a time across the file and the log: errors, never a panic.
	for off := 100; off < len(data)+len(wal); off += 1601 {
		d, w := append([]byte(nil), data...), append([]byte(nil), wal...)
		if off < len(d) {
			d[off] ^= 0x5a
		} else {
			w[off-len(d)] ^= 0x5a
		}
		os.WriteFile(db, d, 0o644)
		os.WriteFile(db+"-wal", w, 0o644)
		for _, p := range []string{db + DBSessionSep + ocSessionA, db + DBSessionSep + "ses_bigoutput"} {
			if _, err := ReadFile(p); err != nil {
				var ie *InputError
				if !errors.As(err, &ie) {
					t.Errorf("offset %d: %T %v", off, err, err)
				}
			}
		}
	}
	os.WriteFile(db, data[:5000], 0o644)
	os.Remove(db + "-wal")
	if _, err := ReadFile(db); err == nil {
		t.Error("a truncated database read cleanly")
	}
}

func TestSQLiteHelpers(t *testing.T) {
	cols, alias := sqliteColumns("CREATE TABLE `part` (\n\t`id` text PRIMARY KEY NOT NULL,\n\t`message_id` text NOT NULL,\n\t\"n\" integer DEFAULT (1+2),\n\tFOREIGN KEY (`message_id`) REFERENCES `message`(`id`)\n)")
	if !reflect.DeepEqual(cols, []string{"id", "message_id", "n"}) || alias != -1 {
		t.Errorf("columns %v alias %d", cols, alias)
	}
	if _, alias := sqliteColumns("CREATE TABLE t (k INTEGER  PRIMARY KEY, v TEXT)"); alias != 0 {
		t.Errorf("rowid alias %d", alias)
	}
	for _, c := range []struct {
		in   []byte
		want uint64
		n    int
	}{{[]byte{0x05}, 5, 1}, {[]byte{0x81, 0x00}, 128, 2}, {[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, 1<<64 - 1, 9}, {[]byte{0x81}, 0, 0}} {
		if v, n := sqliteVarint(c.in); v != c.want || n != c.n {
			t.Errorf("varint %x = %d,%d", c.in, v, n)
		}
	}
	// header 4 bytes: int8, float, text "hi"
	rec, err := sqliteRecord([]byte{4, 1, 7, 17, 0xfe, 0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18, 'h', 'i'})
	if err != nil || rec[0] != int64(-2) || recText(rec[2]) != "hi" {
		t.Errorf("record %v %v", rec, err)
	}
	if _, err := sqliteRecord([]byte{2, 0x8f}); err == nil {
		t.Error("a bad header decoded")
	}
}
