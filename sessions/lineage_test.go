package sessions

import (
	"path/filepath"
	"reflect"
	"testing"
)

// lineageSession builds a valid session from compactions given as id -> sources,
// with messages m1..mN.
func lineageSession(t *testing.T, n int, comps ...Compaction) *Session {
	t.Helper()
	s := &Session{Path: "lineage"}
	for i := 1; i <= n; i++ {
		role := RoleUser
		if i%2 == 0 {
			role = RoleAssistant
		}
		s.Messages = append(s.Messages, Message{ID: "m" + itoa(i), Role: role, Text: "text"})
	}
	for _, c := range comps {
		if c.Summary == "" {
			c.Summary = "summary of " + c.ID
		}
		s.Compactions = append(s.Compactions, c)
	}
	s.Index()
	if err := Validate(s, nil); err != nil {
		t.Fatalf("lineage session invalid: %v", err)
	}
	return s
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

func ids(cs []*Compaction) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// fourRounds is a linear recursive chain: each round summarises the previous summary
// plus new messages (listed out of transcript order on purpose in c3).
func fourRounds(t *testing.T) *Session {
	return lineageSession(t, 8,
		Compaction{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}},
		Compaction{ID: "c2", Round: 2, Parent: "c1", Sources: []string{"c1", "m3"}},
		Compaction{ID: "c3", Round: 3, Parent: "c2", Sources: []string{"c2", "m5", "m4"}},
		Compaction{ID: "c4", Round: 4, Parent: "c3", Sources: []string{"c3", "m6", "m7"}},
	)
}

func TestDepthChain(t *testing.T) {
	s := fourRounds(t)
	for i, id := range []string{"c1", "c2", "c3", "c4"} {
		c := s.Compaction(id)
		if d := s.Depth(c); d != i+1 {
			t.Errorf("Depth(%s) = %d, want %d", id, d, i+1)
		}
		want := []string{"c1", "c2", "c3", "c4"}[:i+1]
		if got := ids(s.Chain(c)); !reflect.DeepEqual(got, want) {
			t.Errorf("Chain(%s) = %v, want %v", id, got, want)
		}
	}
	if s.Depth(nil) != 0 || s.Chain(nil) != nil || s.OriginalMessages(nil) != nil {
		t.Error("nil compaction")
	}
}

func TestOriginalMessages(t *testing.T) {
	s := fourRounds(t)
	cases := map[string][]string{
		"c1": {"m1", "m2"},
		"c2": {"m1", "m2", "m3"},
		"c3": {"m1", "m2", "m3", "m4", "m5"}, // transcript order, not source order
		"c4": {"m1", "m2", "m3", "m4", "m5", "m6", "m7"},
	}
	for id, want := range cases {
		if got := s.OriginalMessages(s.Compaction(id)); !reflect.DeepEqual(got, want) {
			t.Errorf("OriginalMessages(%s) = %v, want %v", id, got, want)
		}
	}
}

func TestNewMessagesAndLastSourceIndex(t *testing.T) {
	s := fourRounds(t)
	cases := []struct {
		id   string
		news []string
		last int
	}{
		{"c1", []string{"m1", "m2"}, 1},
		{"c2", []string{"m3"}, 2},
		{"c3", []string{"m5", "m4"}, 4},
		{"c4", []string{"m6", "m7"}, 6},
	}
	for _, tc := range cases {
		c := s.Compaction(tc.id)
		if got := s.NewMessages(c); !reflect.DeepEqual(got, tc.news) {
			t.Errorf("NewMessages(%s) = %v, want %v", tc.id, got, tc.news)
		}
		if got := s.LastSourceIndex(c); got != tc.last {
			t.Errorf("LastSourceIndex(%s) = %d, want %d", tc.id, got, tc.last)
		}
	}
	// A compaction of only compactions covers no new messages but still has a last source.
	s2 := lineageSession(t, 2,
		Compaction{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}},
		Compaction{ID: "c2", Round: 2, Sources: []string{"c1"}},
	)
	c2 := s2.Compaction("c2")
	if got := s2.NewMessages(c2); len(got) != 0 {
		t.Errorf("NewMessages = %v", got)
	}
	if got := s2.LastSourceIndex(c2); got != 1 {
		t.Errorf("LastSourceIndex = %d", got)
	}
	if got := s2.LastSourceIndex(&Compaction{ID: "x"}); got != -1 {
		t.Errorf("LastSourceIndex of an empty compaction = %d", got)
	}
}

// TestDepthSharedAncestor: c3 summarises both c1 and c2, and c2 summarises c1. The
// longest path is c3 -> c2 -> c1, so the depth is 3 whichever parent is walked first.
func TestDepthSharedAncestor(t *testing.T) {
	s := lineageSession(t, 4,
		Compaction{ID: "c1", Round: 1, Sources: []string{"m1"}},
		Compaction{ID: "c2", Round: 2, Sources: []string{"c1", "m2"}},
		Compaction{ID: "c3", Round: 3, Sources: []string{"c1", "c2", "m3"}},
	)
	if d := s.Depth(s.Compaction("c3")); d != 3 {
		t.Errorf("Depth(c3) = %d, want 3", d)
	}
	if got, want := s.OriginalMessages(s.Compaction("c3")), []string{"m1", "m2", "m3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("OriginalMessages(c3) = %v", got)
	}
	if got := ids(s.ParentCompactions(s.Compaction("c3"))); !reflect.DeepEqual(got, []string{"c1", "c2"}) {
		t.Errorf("ParentCompactions(c3) = %v", got)
	}
}

// TestParentOnly: a compaction that names its parent but does not list it among its
// sources still builds on it.
func TestParentOnly(t *testing.T) {
	s := lineageSession(t, 4,
		Compaction{ID: "c1", Round: 1, Sources: []string{"m1", "m2"}},
		Compaction{ID: "c2", Round: 2, Parent: "c1", Sources: []string{"m3", "m4"}},
	)
	c2 := s.Compaction("c2")
	if d := s.Depth(c2); d != 2 {
		t.Errorf("Depth = %d", d)
	}
	if got := ids(s.Chain(c2)); !reflect.DeepEqual(got, []string{"c1", "c2"}) {
		t.Errorf("Chain = %v", got)
	}
	if got := s.OriginalMessages(c2); !reflect.DeepEqual(got, []string{"m1", "m2", "m3", "m4"}) {
		t.Errorf("OriginalMessages = %v", got)
	}
	if got := s.NewMessages(c2); !reflect.DeepEqual(got, []string{"m3", "m4"}) {
		t.Errorf("NewMessages = %v", got)
	}
}

// TestChainPrefersParent: with two compactions among the sources, Chain follows the
// explicit parent.
func TestChainPrefersParent(t *testing.T) {
	s := lineageSession(t, 3,
		Compaction{ID: "a", Round: 1, Sources: []string{"m1"}},
		Compaction{ID: "b", Round: 2, Sources: []string{"m2"}},
		Compaction{ID: "c", Round: 3, Parent: "b", Sources: []string{"a", "b", "m3"}},
	)
	if got := ids(s.Chain(s.Compaction("c"))); !reflect.DeepEqual(got, []string{"b", "c"}) {
		t.Errorf("Chain = %v", got)
	}
	if d := s.Depth(s.Compaction("c")); d != 2 {
		t.Errorf("Depth = %d", d)
	}
}

// TestLineageCycleSafe: the helpers terminate on a cyclic session built by hand
// (Validate would reject it).
func TestLineageCycleSafe(t *testing.T) {
	s := &Session{Messages: []Message{{ID: "m1", Role: RoleUser}},
		Compactions: []Compaction{
			{ID: "c1", Round: 1, Sources: []string{"m1", "c2"}, Summary: "x"},
			{ID: "c2", Round: 2, Sources: []string{"c1"}, Summary: "y"},
		}}
	if d := s.Depth(&s.Compactions[1]); d != 2 {
		t.Errorf("Depth = %d", d)
	}
	if got := ids(s.Chain(&s.Compactions[1])); len(got) != 2 {
		t.Errorf("Chain = %v", got)
	}
	if got := s.OriginalMessages(&s.Compactions[0]); !reflect.DeepEqual(got, []string{"m1"}) {
		t.Errorf("OriginalMessages = %v", got)
	}
	if err := Validate(s, nil); err == nil {
		t.Error("Validate accepted a cycle")
	}
}

func TestRoundsSorted(t *testing.T) {
	s := &Session{Compactions: []Compaction{{ID: "b", Round: 2}, {ID: "a", Round: 1}, {ID: "c", Round: 3}}}
	if got := ids(s.Rounds()); !reflect.DeepEqual(got, []string{"a", "b", "c"}) {
		t.Errorf("Rounds = %v", got)
	}
}

// TestIndexStaysFresh: lookups see messages and compactions added after Index.
func TestIndexStaysFresh(t *testing.T) {
	s := fourRounds(t)
	s.Messages = append(s.Messages, Message{ID: "m99", Role: RoleUser})
	if i := s.MessageIndex("m99"); i != len(s.Messages)-1 {
		t.Errorf("MessageIndex(m99) = %d", i)
	}
	// A message renamed in place is not found under its old id (and, once that lookup
	// noticed the change, is found under the new one).
	s.Messages[0].ID = "renamed"
	if s.Message("m1") != nil {
		t.Error("stale id m1 still found")
	}
	if s.Message("renamed") == nil {
		t.Error("renamed message not found")
	}
	s.Compactions = append(s.Compactions, Compaction{ID: "c5", Round: 5, Sources: []string{"c4"}})
	if s.Compaction("c5") == nil || !s.IsCompaction("c5") {
		t.Error("c5 not found")
	}
	if s.MessageIndex("nope") != -1 || s.Message("nope") != nil || s.Compaction("nope") != nil {
		t.Error("unknown ids found")
	}
}

// TestFixtureLineage: the fixtures' recursive cases have linear chains whose depth is
// the round number.
func TestFixtureLineage(t *testing.T) {
	files, _ := filepath.Glob("../testdata/fixtures/*round*/session.json")
	if len(files) == 0 {
		t.Skip("no fixtures")
	}
	for _, f := range files {
		s, err := ReadFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		prevOrig := 0
		for _, c := range s.Rounds() {
			if d := s.Depth(c); d != c.Round {
				t.Errorf("%s: Depth(%s) = %d, want %d", f, c.ID, d, c.Round)
			}
			if n := len(s.Chain(c)); n != c.Round {
				t.Errorf("%s: Chain(%s) has %d, want %d", f, c.ID, n, c.Round)
			}
			orig := s.OriginalMessages(c)
			if len(orig) <= prevOrig {
				t.Errorf("%s: round %d covers %d original messages, round before %d", f, c.Round, len(orig), prevOrig)
			}
			prevOrig = len(orig)
			for _, id := range orig {
				if s.Message(id) == nil {
					t.Errorf("%s: %s covers unknown %s", f, c.ID, id)
				}
			}
		}
	}
}
