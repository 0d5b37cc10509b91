package audit_test

import (
	"fmt"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// TestBrokenSummaryShowsMore: a summary that lost RoundBudget or more things of error
// weight reports every one of them and up to RoundBudget warnings beside them; a
// round's budget alone would hide those warnings behind the errors.
func TestBrokenSummaryShowsMore(t *testing.T) {
	rules := []string{
		"Never fire the kiln above cone 6 without asking me first.",
		"Don't mix the celadon glaze with tap water, only distilled.",
		"Never leave the pug mill running unattended.",
		"Do not wedge reclaimed clay on the plaster table.",
		"Never reuse the slip from the red buckets for porcelain.",
		"Don't open the spray booth unless the extractor is on.",
		"Never stack bisque ware more than three high.",
		"Do not touch the studio's gas valve, whatever the reading says.",
	}
	asks := []string{
		"Please label every shelf with the firing date.",
		"Order two more bags of grog from the usual supplier.",
		"Book the electrician for the banding wheel motor.",
		"Send the glaze test photos to the class mailing list.",
		"Move the Tuesday class to the afternoon slot.",
		"Write up the damp cupboard humidity readings.",
		"Check the slab roller's canvas for tears.",
		"Clean the extruder dies after the workshop.",
	}
	var msgs []sessions.Message
	var ids []string
	for k, text := range append(rules, asks...) {
		id := fmt.Sprintf("u%d", k)
		msgs = append(msgs, sessions.Message{ID: id, Role: sessions.RoleUser, Text: text})
		ids = append(ids, id)
	}
	s := &sessions.Session{ID: "studio", Path: "studio", Format: sessions.NativeFormat, Messages: msgs,
		Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: ids, Summary: "Went through the studio equipment list."}}}
	errors, warnings, beyond := 0, 0, 0
	for _, f := range audit.Run(s, audit.Options{Workers: 1}).Rounds[0].Findings {
		switch f.Severity {
		case audit.SevError:
			errors++
		case audit.SevWarning:
			warnings++
		}
		if f.Severity == audit.SevInfo && f.Importance >= audit.WarningWeight {
			beyond++
		}
	}
	if errors < audit.RoundBudget {
		t.Fatalf("%d errors for %d dropped prohibitions: the test has no case", errors, len(rules))
	}
	if warnings == 0 && beyond > 0 {
		t.Errorf("%d errors shown and no warning, %d warning-weight findings kept at info", errors, beyond)
	}
	if warnings > audit.RoundBudget {
		t.Errorf("%d warnings beside the errors, want at most %d", warnings, audit.RoundBudget)
	}
}
