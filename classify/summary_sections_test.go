package classify

import "testing"

// TestSummarySubHeadings: a summary's section is the one its plain heading opened; a
// label with numbers or an aside under it heads a step of the narrative and keeps the
// section, even when one of its words names another section. Cases are invented, in
// several domains.
func TestSummarySubHeadings(t *testing.T) {
	cases := []struct {
		name, text, fact, want string
	}{
		{"a step's label that says 'fixes' stays in the narrative",
			"Analysis:\n1. The user asked to tidy the ledger export.\n2. **Rounding Fixes** (commit 4be1f07):\n   - Switched totals to banker's rounding\n",
			"Switched totals to banker's rounding", SecAnalysis},
		{"a label with a count stays in its section",
			"Analysis:\n- Checked the greenhouse logs.\n- Found 3 stuck valves:\n  - valve V-12 on bench four\n",
			"valve V-12 on bench four", SecAnalysis},
		{"a plain heading opens its section",
			"Analysis:\n- Read the score.\n\nErrors and fixes:\n- The tempo map was off by one bar; fixed by re-importing.\n",
			"The tempo map was off by one bar; fixed by re-importing.", SecErrors},
		{"a plain heading that names no section closes the last one",
			"<task>\nReprint the spring catalogue.</task>\n<state>\n- Cover proofs approved by the printer.\n</state>\n",
			"Cover proofs approved by the printer.", ""},
		{"the template's numbered section after the narrative",
			"Analysis:\n- **Retry Errors** (2 runs):\n  - the uploader timed out\n\nSummary:\n1. Pending Tasks:\n   - Re-run the nightly upload\n",
			"Re-run the nightly upload", SecPending},
		{"an aside label with nothing open takes its own section",
			"**Open Tasks** (as of Tuesday):\n- Book the venue for the workshop\n",
			"Book the venue for the workshop", SecPending},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, f := range Extract("c1", "summary", c.text) {
				if f.Text == c.fact {
					if f.Section != c.want {
						t.Errorf("section of %q = %q, want %q (context %q)", c.fact, f.Section, c.want, f.Context)
					}
					return
				}
			}
			t.Fatalf("no fact %q", c.fact)
		})
	}
}

// TestDescribedOnly: "only" in a section that describes the system is a description;
// in a section of the user's intent, or as the user's recorded word, or beside a
// never, it keeps its force. Invented cases.
func TestDescribedOnly(t *testing.T) {
	cases := []struct {
		name, text, fact string
		rule             bool
	}{
		{"what the code does, under concepts", "Key Technical Concepts:\n- The importer only reads CSV files from the inbox folder\n",
			"The importer only reads CSV files from the inbox folder", false},
		{"what a file does, under files", "Files and Code Sections:\n- `billing/sync.go`: only retries idempotent calls\n",
			"`billing/sync.go`: only retries idempotent calls", false},
		{"the user's scope, under intent", "Primary Request and Intent:\n- Only touch the greenhouse sensor module\n",
			"Only touch the greenhouse sensor module", true},
		{"a never under concepts keeps its force", "Key Technical Concepts:\n- Never run the migration on the primary during business hours\n",
			"Never run the migration on the primary during business hours", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, f := range Extract("c1", "summary", c.text) {
				if f.Text == c.fact {
					if got := f.Act == ActRule; got != c.rule {
						t.Errorf("%q: rule = %v (act %s, modality %+v), want %v", c.fact, got, f.Act, f.Modality, c.rule)
					}
					return
				}
			}
			t.Fatalf("no fact %q", c.fact)
		})
	}
}
