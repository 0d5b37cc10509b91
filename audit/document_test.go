package audit_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// A long injected text lost in a summary is one loss: of its dropped rules at most
// audit.DocumentLosses stay above info, each of the others saying why. Rules the
// user typed in a short message are judged one by one.
func TestLongDocumentIsOneLoss(t *testing.T) {
	doc := []string{
		"1. Never publish from a dirty working tree.",
		"2. Always run the full integration suite against staging first.",
		"3. Do not bump the major version without a migration note.",
		"4. Signing keys must come from the vault, never from disk.",
		"5. Never delete an old tag, even a broken one.",
		"6. Always attach the SBOM to the GitHub release.",
		"7. Do not announce in #general before the mirrors sync.",
		"8. Changelog entries must link their pull requests.",
		"9. Never ship on a Friday afternoon.",
		"10. Always wait for two approvals on the release PR.",
		"11. Do not reuse a build number after a failed upload.",
		"12. Docker images must be pushed by digest, never by latest.",
		"13. Never skip the licence scan for new dependencies.",
		"14. Always archive the build logs for ninety days.",
	}
	s := &sessions.Session{ID: "doc", Path: "doc", Format: sessions.NativeFormat,
		Messages: []sessions.Message{
			{ID: "m1", Role: sessions.RoleSystem, Kind: sessions.KindInstruction, Name: "hook:SessionStart", Text: "# Release checklist\n" + strings.Join(doc, "\n")},
			{ID: "m2", Role: sessions.RoleUser, Text: "Never force-push to the release branch. Always tag from CI, never from a laptop."},
			{ID: "m3", Role: sessions.RoleAssistant, Text: "Understood; I'll prepare the 4.2 release."},
		},
		Compactions: []sessions.Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3"}, Summary: "Preparing the 4.2 release."}},
	}
	r := audit.Run(s, audit.Options{Workers: 1})
	loud, capped, user := 0, 0, 0
	for _, f := range r.Rounds[0].Findings {
		if f.Family != audit.Omission || f.Source == nil {
			continue
		}
		switch {
		case f.Source.Message == "m1" && f.Severity != audit.SevInfo:
			loud++
		case f.Source.Message == "m1" && strings.Contains(f.Why, "same long message"):
			capped++
		case f.Source.Message == "m2" && f.Severity != audit.SevInfo:
			user++
		}
	}
	if loud > audit.DocumentLosses || capped == 0 {
		t.Fatalf("the checklist's losses: %d above info (at most %d), %d capped", loud, audit.DocumentLosses, capped)
	}
	if user < 2 {
		t.Fatalf("the user's own rules: %d above info, want both", user)
	}
}
