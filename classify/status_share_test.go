package classify

import "testing"

func TestCountedShare(t *testing.T) {
	cases := []struct {
		text       string
		done, part bool
	}{
		{"Backfill: 1,200 of 5,000 tenants migrated so far.", false, true},
		{"3/5 shards rebalanced", false, true},
		{"9 out of 9 canaries healthy", true, false},
		{"Released on 1/2/2026 to the beta ring.", false, false},
		{"Upgraded to 2.3/2.4 compat mode", false, false},
		{"Ran 40 load tests", false, false},
		{"12 of 10 nodes", false, false}, // more than the whole: not a share
	}
	for _, c := range cases {
		done, part := countedShare(c.text)
		if done != c.done || part != c.part {
			t.Errorf("countedShare(%q) = %v, %v; want %v, %v", c.text, done, part, c.done, c.part)
		}
	}
}

func TestUniversalDone(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"All 412 strings are translated.", true},
		{"- Every replica has been upgraded to the new kernel.", true},
		{"Each invoice was reconciled against the ledger.", true},
		{"All tenants need a migration window.", false},
		{"All of this is speculative.", false},
		{"The replicas are upgraded.", false},
	}
	for _, c := range cases {
		if got := universalDone(c.text); got != c.want {
			t.Errorf("universalDone(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// A status word that labels a record's time field says when, not how far the work is.
func TestTimestampField(t *testing.T) {
	cases := []struct {
		text string
		want string
	}{
		{"Started: 14 Mar 26 09:05 CET", ""},
		{"Finished: 2027-01-09 18:40 UTC", ""},
		{"- Started: Mon 08:12", ""},
		{"Started: the index rebuild, half the shards left", StatusOpen},
		{"Started the index rebuild at 09:05; half the shards are left.", StatusOpen},
		{"Started: branch rebuild/0914", StatusOpen},
	}
	for _, c := range cases {
		fs := Extract("m1", "user", c.text)
		if len(fs) == 0 {
			t.Fatalf("%q: no fact", c.text)
		}
		if got := fs[0].Status.Resolution; got != c.want {
			t.Errorf("%q: resolution %q, want %q", c.text, got, c.want)
		}
	}
}

// Such a field claims nothing (chatter); a field no status word labels, or whose
// value is more than a moment, stays a statement.
func TestStatusMomentAct(t *testing.T) {
	cases := []struct {
		text string
		want Act
	}{
		{"Started: 14 Mar 26 09:05 CET", ActChatter},
		{"Completed: 2027-01-09 18:40 UTC", ActChatter},
		{"Deadline: 2027-01-09", ActReport},
		{"Started: branch rebuild/0914", ActReport},
	}
	for _, c := range cases {
		fs := Extract("m1", "user", c.text)
		if len(fs) == 0 || fs[0].Act != c.want {
			t.Errorf("%q: %+v, want act %s", c.text, fs, c.want)
		}
	}
}
