package classify

import (
	"strings"
	"testing"
)

// "just" limits a phrase ("just the staging bucket") but not an order or a time.
func TestJustAsQualifier(t *testing.T) {
	for text, want := range map[string]bool{
		"Back up just the staging bucket tonight.": true,
		"Keep just one retry for the webhook.":     true,
		"just fix it.":                             false,
		"I just ran the migration on a copy.":      false,
	} {
		f := ExtractSource(Source{ID: "m", Role: "user", Text: text})
		got := false
		for _, x := range f {
			for _, b := range x.Bounds {
				got = got || b.Kind == "only"
			}
		}
		if got != want {
			t.Errorf("%q: an 'only' bound = %v, want %v", text, got, want)
		}
	}
}

// A negated bound is the opposite bound ("not before" floors, "not after" caps), read
// once: the shorter cue inside it is not a second bound.
func TestNegatedBound(t *testing.T) {
	for text, want := range map[string]string{
		"Decommission the old cluster not before 2027-03-01.":    "atleast",
		"Invoices go out not after the 5th of each month.":       "atmost",
		"Publish the advisory before 2027-03-01.":                "before",
		"Keep at most 4 shards per node.":                        "atmost",
		"Refresh the token no more often than every 20 minutes.": "atmost",
	} {
		f := ExtractSource(Source{ID: "m", Role: "user", Text: text})
		var kinds []string
		for _, x := range f {
			for _, b := range x.Bounds {
				if b.Kind != "scope" {
					kinds = append(kinds, b.Kind)
				}
			}
		}
		if len(kinds) != 1 || kinds[0] != want {
			t.Errorf("%q: bounds %v, want just %s", text, kinds, want)
		}
	}
}

// A qualifier word used as a tag ("[pending]", "(only)") bounds nothing; in a clause it does.
func TestTagIsNoBound(t *testing.T) {
	for text, want := range map[string]bool{
		"**Task #4** [pending]: Check that the purge job removes orphaned thumbnails.": false,
		"Purge orphaned thumbnails (only) from the archive bucket.":                    false,
		"Keep the purge job paused pending the storage review.":                        true,
	} {
		got := false
		for _, x := range ExtractSource(Source{ID: "m", Role: "assistant", Text: text}) {
			for _, b := range x.Bounds {
				got = got || b.Kind == "until" || b.Kind == "only"
			}
		}
		if got != want {
			t.Errorf("%q: a bound = %v, want %v", text, got, want)
		}
	}
}

// "once" opens a time clause ("once the build is green") unless it counts how often
// ("once every 10 minutes", "more than once").
func TestOnceAsQualifier(t *testing.T) {
	for text, want := range map[string]bool{
		"Rotate the signing key once the new HSM is online.":              true,
		"Once the backfill finishes, drop the shadow table.":              true,
		"Poll the kiln sensor once every 10 minutes and log the reading.": false,
		"Archive the old ledger once a new one is opened.":                true,
		"Water the seedlings once a day, in the morning.":                 false,
		"The batch must not be submitted more than once.":                 false,
		"Compile the shaders at once after the asset import.":             false,
	} {
		f := ExtractSource(Source{ID: "m", Role: "user", Text: text})
		got := false
		for _, x := range f {
			for _, b := range x.Bounds {
				got = got || b.Kind == "after" && strings.HasPrefix(strings.ToLower(b.Cue), "once")
			}
		}
		if got != want {
			t.Errorf("%q: an 'after' bound on once = %v, want %v", text, got, want)
		}
	}
}
