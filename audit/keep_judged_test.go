package audit_test

import (
	"bytes"
	"testing"

	"github.com/compaudit/compaudit/audit"
)

// A round's look-ups are dropped once it is reported unless KeepJudged asks for them;
// the report is the same bytes either way, and what invariant tracking and the views
// read of the judged round (facts, alignment, importance) stays.
func TestKeepJudged(t *testing.T) {
	s := genSession(400, 3)
	var kept, shed bytes.Buffer
	full := audit.Run(s, audit.Options{KeepJudged: true})
	slim := audit.Run(s, audit.Options{})
	if err := audit.WriteJSON(&kept, full); err != nil {
		t.Fatal(err)
	}
	if err := audit.WriteJSON(&shed, slim); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(kept.Bytes(), shed.Bytes()) {
		t.Fatal("dropping the look-ups changed the report")
	}
	for i, rd := range slim.Rounds {
		f, j := full.Rounds[i].Judged, rd.Judged
		if f.Ev == nil || f.Support == nil || f.Cands == nil {
			t.Fatalf("round %d: KeepJudged lost the evidence, support or candidates", rd.Round)
		}
		if j.Ev != nil || j.Support != nil || j.Cands != nil || j.Text != nil {
			t.Fatalf("round %d: the look-ups were kept", rd.Round)
		}
		if len(j.Src) != len(f.Src) || len(j.Importance) != len(j.Src) || len(j.Best) != len(j.Src) || len(j.Kept) != len(j.Src) {
			t.Fatalf("round %d: the facts, alignment or importance went with the look-ups", rd.Round)
		}
	}
}
