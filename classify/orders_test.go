package classify

import (
	"regexp"
	"strings"
	"testing"
)

// TestUserOrders: orders without a modal verb are rules when they carry a condition,
// a restriction or a contingency; sequencing ("before anything else") is not.
func TestUserOrders(t *testing.T) {
	cases := []struct {
		text string
		rule bool
	}{
		{"Then switch the cache instance to allkeys-lru, unless the rate limiter keys are still on it.", true},
		{"Also, switch the cache to allkeys-lru unless the rl:* keys are still there.", true},
		{"Work against the test FHIR server (fhir-test.internal), not production.", true},
		{"Per-machine install only (ALLUSERS=1).", true},
		{"If the upgrade goes wrong in prod, we roll back to exactly Django==4.2.16.", true},
		{"Before you apply anything on prod, check that replication lag is under 5 s.", true},
		{"Before anything else, check whether something is holding back vacuum.", false},
		{"Ship it behind the docs-preview domain first.", false},
		{"Then we looked at the logs.", false},
		{"If it helps, the logs are in /var/log/app.", false},
	}
	for _, c := range cases {
		f := Classify("m1", "user", Span{Text: c.text})
		if got := f.Modality.Level >= ModShouldNot; got != c.rule {
			t.Errorf("%q: rule = %v (modality %+v), want %v", c.text, got, f.Modality, c.rule)
		}
	}
}

// TestFailureWithoutTheWord: "to see if X helps: it doesn't" records a failed attempt.
func TestFailureWithoutTheWord(t *testing.T) {
	for _, text := range []string{
		"I also tried 24 replicas on staging to see if more parallelism helps: it doesn't.",
		"Doubling the pool size gave no improvement.",
	} {
		if st := StatusOf(text); st.Choice != StatusTriedFailed {
			t.Errorf("%q: choice %q, want tried_failed", text, st.Choice)
		}
	}
	if st := StatusOf("Adding the index helps: p95 fell from 800 ms to 90 ms."); st.Choice == StatusTriedFailed {
		t.Errorf("a success read as a failure")
	}
	// a task about failures is not a failure
	for _, text := range []string{
		"In internal/httpx, make Client.Do retry failed requests with exponential backoff.",
		"Log failed logins with the user id only.",
	} {
		if st := StatusOf(text); st.Choice == StatusTriedFailed {
			t.Errorf("%q read as a failed attempt", text)
		}
	}
}

// TestTokenZonesAndNames: a time keeps its zone, a name keeps its leading number,
// a wildcard version is its own value, and a name's case is not a different name.
func TestTokenZonesAndNames(t *testing.T) {
	tok := func(text string, kind string) Token {
		for _, x := range Tokens(text) {
			if x.Kind == kind {
				return x
			}
		}
		t.Fatalf("%q: no %s token in %v", text, kind, Tokens(text))
		return Token{}
	}
	cet := tok("the 21:00-22:00 CET deploy window", TokTime)
	utc := tok("the 21:00-22:00 UTC deploy window", TokTime)
	bare := tok("the 21:00 deploy window", TokTime)
	if Equivalent(cet, utc) {
		t.Errorf("21:00 CET equals 21:00 UTC")
	}
	if !Equivalent(cet, bare) || !Equivalent(bare, utc) {
		t.Errorf("a time without a zone should match any zone")
	}
	if cet.Key() != utc.Key() {
		t.Errorf("alignment keys differ: %s %s", cet.Key(), utc.Key())
	}
	a := tok("migration 0087_invoices_due_date_idx", TokID)
	b := tok("migration 87_invoices_due_date_idx", TokID)
	if a.Norm != "0087_invoices_due_date_idx" || Equivalent(a, b) {
		t.Errorf("leading zeros of a name lost: %v %v", a, b)
	}
	w := tok("never bump past v1.19.x", TokVersion)
	if w.Norm != "ver:1.19.x" {
		t.Errorf("wildcard version: %v", w)
	}
	if !Equivalent(tok("backend s3 bucket", TokID), tok("backend S3 bucket", TokID)) {
		t.Errorf("s3 and S3 should be the same name")
	}
}

// TestLeadingNumeral: the hand-written scan agrees with the pattern it replaces.
func TestLeadingNumeral(t *testing.T) {
	re := regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)
	for _, s := range []string{"", "abc", "5,000 rows", "v18.2", "18.", "1.2.3", "x9", "12,345.67 EUR", "port 5432", "0087_x", ".5", "3.x", "1,", "a1b2"} {
		want := strings.ReplaceAll(re.FindString(s), ",", "")
		if got := leadingNumeral(s); got != want {
			t.Errorf("leadingNumeral(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestContinentalFigures: "1.482.913,47 EUR" is the amount 1482913.47, and a
// seven-digit decimal is an amount, not a version.
func TestContinentalFigures(t *testing.T) {
	a := Tokens("Control sum 1.482.913,47 EUR checked.")
	b := Tokens("control sum EUR 1,482,913.47")
	if len(a) != 1 || len(b) != 1 || !Equivalent(a[0], b[0]) {
		t.Fatalf("continental amount: %v vs %v", a, b)
	}
	c := Tokens("Control sum 1482913.47 over 612 transactions")
	if len(c) == 0 || c[0].Kind != TokNumber {
		t.Errorf("a big decimal read as %v", c)
	}
	if v := Tokens("release 2026.47 and v18.2"); len(v) != 2 || v[0].Kind != TokVersion || v[1].Kind != TokVersion {
		t.Errorf("calendar and semantic versions: %v", v)
	}
}
