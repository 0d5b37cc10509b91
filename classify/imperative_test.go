package classify

import "testing"

// An order opens with a bare verb; a line that opens with the same word as a noun or
// in a description is not one.
func TestImperativeOpening(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"Find the replica's slowest query before Friday.", true},
		{"Reproduce the crash on the staging tablet first.", true},
		{"Please inspect the gasket seals on line 3.", true},
		{"Then evaluate both quotes from the printers.", true},
		{"Look at the payroll diff with Priya.", true},
		{"Figure out which cron job rotates the logs.", true},
		{"Discuss the seating plan with the caterer before booking.", true},
		// phrasal verbs and other orders
		{"Kick off the kiln's overnight firing once the glaze dries.", true},
		{"Spin up a second grader for the exam batch.", true},
		{"Revoke the contractor's badge on Friday.", true},
		{"The kick-off meeting moved to Monday.", false},
		{"The replica's slowest query takes 40 s.", false},
		{"Findings: the gasket seals on line 3 are worn.", false},
		{"Inspection found no leaks.", false},
		{"We looked at the payroll diff.", false},
		// a reply's interjection before its order
		{"OK, rerun the seeding on a copy of yesterday's dump.", true},
		{"no, keep the old schema for the archive tables", true},
		{"yeah, switch the printer queue to the new spooler", true},
		{"OK, the seeding finished.", false},
		{"No changes on the archive tables.", false},
		// a URL's or a clock's colon opens no label
		{"reply to https://tracker.example.org/tickets/4471#c12", true},
		{"restart at 10:30 sharp", true},
		{"Note: restart the kiln controller after the firmware update.", true},
	}
	for _, c := range cases {
		if got := imperativeOpening(c.text, false); got != c.want {
			t.Errorf("imperativeOpening(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}
