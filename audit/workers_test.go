package audit_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// The report is the same bytes whatever the number of workers: rounds and their
// cumulative audits run as separate tasks in any order.
func TestWorkersSameReport(t *testing.T) {
	ss := []*sessions.Session{genSession(600, 5)}
	paths, _ := filepath.Glob("../testdata/fixtures-own/*/session.json")
	if len(paths) > 4 {
		paths = paths[:4]
	}
	for _, p := range paths {
		s, err := sessions.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		ss = append(ss, s)
	}
	for _, s := range ss {
		var want bytes.Buffer
		if err := audit.WriteJSON(&want, audit.Run(s, audit.Options{Workers: 1})); err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{2, 5} {
			var got bytes.Buffer
			if err := audit.WriteJSON(&got, audit.Run(s, audit.Options{Workers: w})); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("%s: %d workers give another report than one", s.Path, w)
			}
		}
	}
	if len(ss) < 2 {
		t.Fatal("no fixture sessions found")
	}
}
