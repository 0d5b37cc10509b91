package audit

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/sessions"
)

// The first round reads only the messages it needs; what follows the compaction
// must still be read as far as the judge looks (judge.AfterWindow facts), over many
// batches of messages.
func TestPrefetchAfterReadsTheWindow(t *testing.T) {
	s := &sessions.Session{ID: "after", Path: "after", Format: sessions.NativeFormat}
	var first, rest []string
	for i := 1; i <= 3000; i++ {
		id := fmt.Sprintf("m%d", i)
		text := fmt.Sprintf("Checked shard %d of the ledger: its index holds %d rows and the replica lags by %d seconds.", i, 1000+i, i%60)
		s.Messages = append(s.Messages, sessions.Message{ID: id, Role: sessions.RoleAssistant, Kind: sessions.KindText, Text: text})
		if i <= 100 {
			first = append(first, id)
		} else {
			rest = append(rest, id)
		}
	}
	s.Compactions = []sessions.Compaction{
		{ID: "c1", Round: 1, Sources: first, Summary: "Checked the first hundred shards of the ledger."},
		{ID: "c2", Round: 2, Parent: "c1", Sources: append([]string{"c1"}, rest...), Summary: "Checked every shard."},
	}
	s.Index()
	c := &s.Compactions[0]
	part := newExtractor(s)
	if err := part.prefetchAfter(context.Background(), s, c, 2); err != nil {
		t.Fatal(err)
	}
	whole := newExtractor(s)
	if err := whole.prefetch(context.Background(), whole.allIDs(), 2, nil); err != nil {
		t.Fatal(err)
	}
	got, want := part.after(s, c), whole.after(s, c)
	if len(want) < judge.AfterWindow {
		t.Fatalf("the session is too short to test the window: %d facts after the compaction", len(want))
	}
	if len(got) != len(want) {
		t.Fatalf("the first round read %d facts after the compaction, the whole audit %d", len(got), len(want))
	}
	for k := range got {
		g, w := got[k], want[k]
		g.Index, w.Index = 0, 0 // (a fact's place among its message's facts, evidence included)
		if !reflect.DeepEqual(g, w) {
			t.Fatalf("fact %d after the compaction:\n%+v\nwant\n%+v", k, g, w)
		}
	}
	if n := len(part.facts) + len(part.judged); n >= len(s.Messages) {
		t.Fatalf("the first round read all %d messages", n)
	}
}
