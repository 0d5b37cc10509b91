package classify

import "testing"

// A status cue inside a condition (until, unless, if) is what the claim waits on, not
// the claim's status; the same cue in a main clause or a "when" clause of time counts.
func TestStatusInCondition(t *testing.T) {
	cases := []struct {
		text   string
		status string
		want   bool
	}{
		{"The ticket stays open until the load test passes.", StPassed, false},
		{"The ticket stays open until the load test passes.", StOpen, true},
		{"Keep the flag off unless the canary succeeds.", StPassed, false},
		{"Roll back if the migration fails.", StFailed, false},
		{"The load test passes.", StPassed, true},
		{"When the migration failed, we restored the snapshot.", StFailed, true},
		{"Blocked until Friday, then the import failed.", StFailed, true},
		// the need of a supposition, in the would-form, is no open work
		{"If we wanted it for the night shift too, we'd need a second kiln timer.", StOpen, false},
		{"If the vendor agrees, it would still need a signed quote.", StOpen, false},
		{"We'd need a second kiln timer for the night shift.", StOpen, true},
		{"If the vendor agrees, we need a signed quote first.", StOpen, true},
	}
	for _, c := range cases {
		f := Fact{Text: c.text}
		if got := StatusClasses(&f)[c.status]; got != c.want {
			t.Errorf("%q: %s = %v, want %v", c.text, c.status, got, c.want)
		}
	}
}

// A short status tag after a list item (in parentheses, after a dash) is the item's
// status, whatever the item's own words deny; a tag that denies keeps it open.
func TestStatusTag(t *testing.T) {
	for text, want := range map[string]string{
		"Lock file not released (already fixed)":                     StatusResolved,
		"Webhook retries not capped - resolved":                      StatusResolved,
		"Webhook retries not capped (not fixed yet)":                 StatusOpen,
		"Webhook retries not capped":                                 "",
		"Retry not fixed yet (the cache part is done, retry is not)": StatusOpen,
	} {
		if got := firstFact("summary", text).Status.Resolution; got != want {
			t.Errorf("%q: resolution %q, want %q", text, got, want)
		}
	}
}

// A status word that names a thing ("the working tree") says nothing of the work; the
// same word as a state does.
func TestStatusWordInACompound(t *testing.T) {
	cases := []struct {
		text string
		want string
	}{
		{"The edits are only on the shadow branch, not in the working tree.", ""},
		{"The diff lives in a working copy on the build host.", ""},
		{"Working theory: the kiln thermocouple drifts above 900 C.", ""},
		{"A passing remark in the design review mentioned the quota.", ""},
		{"The importer is not working.", StatusOpen},
		{"The importer is working again.", StatusResolved},
	}
	for _, c := range cases {
		f := Extract("m1", "assistant", c.text)[0]
		if f.Status.Resolution != c.want {
			t.Errorf("%q: resolution %q, want %q", c.text, f.Status.Resolution, c.want)
		}
	}
}

// The status classes read the same way: "not in the working tree" is no open work.
func TestStatusClassesSkipCompounds(t *testing.T) {
	f := Fact{Text: "The edits are only on the shadow branch, not in the working tree."}
	if StatusClasses(&f)[StOpen] {
		t.Errorf("%q reads as open work", f.Text)
	}
	g := Fact{Text: "The importer is not working."}
	if !StatusClasses(&g)[StOpen] {
		t.Errorf("%q does not read as open work", g.Text)
	}
}

// "X instead of Y" rejects Y and chooses X: both classes; a plain rejection only one.
// A sign-off is a decision.
func TestContrastChooses(t *testing.T) {
	cases := []struct {
		text             string
		chosen, rejected bool
	}{
		{"Print the flyers on recycled stock instead of the coated one.", true, true},
		{"The coated stock was ruled out for the flyers.", false, true},
		{"Recycled stock for the flyers has the printer's sign-off.", true, false},
	}
	for _, c := range cases {
		st := StatusClasses(&Fact{Text: c.text})
		if st[StChosen] != c.chosen || st[StRejected] != c.rejected {
			t.Errorf("%q: classes %v, want chosen %v rejected %v", c.text, st, c.chosen, c.rejected)
		}
	}
}

// "open" as a label of the thing ("the open ticket") gives way to the thing's own
// status after it; as the claim's state it stands.
func TestAttributiveOpen(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"The open ticket was closed by QA.", StatusResolved},
		{"The open ticket blocks the release.", StatusOpen},
		{"Two tickets are open.", StatusOpen},
		{"The ticket is open, not closed.", StatusOpen},
	} {
		f := Extract("m1", "assistant", c.text)[0]
		if f.Status.Resolution != c.want {
			t.Errorf("%q: resolution %q, want %q", c.text, f.Status.Resolution, c.want)
		}
	}
}

// A negation with "yet" after it in its clause leaves the thing to be done; "yet" as
// the conjunction of another clause does not.
func TestNotYetIsOpen(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"The resend rate on the night shift isn't measured yet.", StatusOpen},
		{"The patch hasn't been rolled out to the edge nodes yet.", StatusOpen},
		{"The oven is not preheated, yet the first tray is already in.", ""},
	} {
		f := Extract("m1", "assistant", c.text)[0]
		if f.Status.Resolution != c.want {
			t.Errorf("%q: resolution %q, want %q", c.text, f.Status.Resolution, c.want)
		}
	}
}
