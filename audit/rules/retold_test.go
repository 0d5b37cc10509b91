package rules_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// twoRounds is a session whose second summary retells the first one's line.
func twoRounds(t *testing.T, first, second string) *audit.Report {
	t.Helper()
	doc := map[string]any{
		"compaudit": "session/v1", "session": "retold",
		"messages": []map[string]any{
			{"id": "m1", "role": "user", "text": "Profile the checkout service, please."},
			{"id": "m2", "role": "assistant", "text": "Profiling the checkout service now."},
			{"id": "m3", "role": "user", "text": "Thanks. Also look at the coupon path later."},
		},
		"compactions": []map[string]any{
			{"id": "c1", "round": 1, "sources": []string{"m1", "m2"}, "summary": first},
			{"id": "c2", "round": 2, "parent": "c1", "sources": []string{"c1", "m3"}, "summary": second},
		},
	}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "s.json")
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := sessions.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return audit.Run(s, audit.Options{Workers: 1})
}

// TestRetoldSpeakerSwap: an earlier summary's line told again word for word with the
// other party as its speaker is a provenance loss, even when the user said things
// near it; told with the same speaker it is not.
func TestRetoldSpeakerSwap(t *testing.T) {
	const first = "Done so far:\n- I profiled the checkout service and found the N+1 query in the basket loader."
	cases := []struct {
		second string
		want   bool
	}{
		{"Done so far:\n- The user profiled the checkout service and found the N+1 query in the basket loader.", true},
		{"Done so far:\n- I profiled the checkout service and found the N+1 query in the basket loader.", false},
	}
	for _, c := range cases {
		rep := twoRounds(t, first, c.second)
		got := false
		for _, f := range rep.Rounds[1].Findings {
			got = got || f.Rule == "provenance/credited-to-user"
		}
		if got != c.want {
			t.Errorf("%q: credited-to-user = %v, want %v", c.second, got, c.want)
		}
	}
}
