package audit_test

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/audit/ruledoc"
)

// A summary in another language than the conversation: the report says alignment is
// limited and keeps the wording-only omissions at info, but a lost exact value stays loud.
func TestCrossLanguageRound(t *testing.T) {
	ex := rule.Example{
		Source: []string{
			"user: Lösche auf keinen Fall die Rechnungstabelle, die Buchhaltung braucht die Daten noch für das Jahr.",
			"user: Bitte schreibe Tests für den Export und prüfe, ob die Spalten mit dem alten Format übereinstimmen.",
			"user: Der Export muss auf Port 8443 laufen, nicht auf dem alten Port.",
		},
		Summary: "User rule: the invoice table must stay. Export tests were added and the columns match the old format.",
	}
	rep := audit.Run(ruledoc.Session(ex), audit.Options{})
	rd := rep.Rounds[0]
	if len(rd.Notes) == 0 || !strings.Contains(rd.Notes[0], "German") || !strings.Contains(rd.Notes[0], "English") {
		t.Fatalf("no cross-language note: %q", rd.Notes)
	}
	loudValue := false
	for _, f := range rd.Findings {
		if f.Family != audit.Omission || f.Source == nil {
			continue
		}
		exact := strings.Contains(f.Source.Text, "8443")
		if !exact && f.Severity != audit.SevInfo {
			t.Errorf("a wording-only omission across languages is %s: %q", f.Severity, f.Source.Text)
		}
		loudValue = loudValue || exact && f.Severity != audit.SevInfo
	}
	if !loudValue {
		t.Errorf("the lost port 8443 should stay above info: %+v", rd.Findings)
	}
	var md strings.Builder
	if err := audit.WriteMarkdown(&md, rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "Caveat.** round 1: cross-language") {
		t.Errorf("the Markdown report does not say so at the top:\n%s", md.String()[:min(600, md.Len())])
	}

	same := rule.Example{Source: ex.Source, Summary: "Nutzerregel: die Rechnungstabelle bleibt. Export-Tests sind geschrieben und die Spalten stimmen mit dem alten Format überein."}
	if notes := audit.Run(ruledoc.Session(same), audit.Options{}).Rounds[0].Notes; len(notes) != 0 {
		t.Errorf("a German summary of a German conversation got notes: %q", notes)
	}
}

// A user's rule written in another script than the rest of the round (Japanese among
// English turns) that the English summary restates cannot be aligned by wording: its
// omission is no louder than info, while a lost rule in the summary's own script is.
func TestOtherScriptFact(t *testing.T) {
	ex := rule.Example{
		Source: []string{
			"user: Please refactor the invoice export module; the tests live in tests/export and they use the shared fixtures for the old column format.",
			"user: 本番のデータベースには絶対に直接書き込まないでください。",
			"user: Never rename the public API endpoints, the mobile app still calls the old ones.",
			"assistant: Understood. I refactored the export module, and the export tests pass with the shared fixtures and the old column format.",
		},
		Summary: "The user asked for a refactor of the invoice export module. The export module was refactored and the export tests pass with the shared fixtures and the old column format. The user said that the production database must never be written to directly.",
	}
	rd := audit.Run(ruledoc.Session(ex), audit.Options{}).Rounds[0]
	loudEnglish := false
	for _, f := range rd.Findings {
		if f.Family != audit.Omission || f.Source == nil {
			continue
		}
		if strings.Contains(f.Source.Text, "本番") && f.Severity != audit.SevInfo {
			t.Errorf("the Japanese rule the summary restates in English is %s", f.Severity)
		}
		loudEnglish = loudEnglish || strings.Contains(f.Source.Text, "rename") && f.Severity != audit.SevInfo
	}
	if !loudEnglish {
		t.Errorf("the lost English rule should stay above info: %+v", rd.Findings)
	}
}
