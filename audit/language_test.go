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
