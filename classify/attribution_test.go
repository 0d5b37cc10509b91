package classify

import "testing"

// Who a user relays: a name and where they are from, or a label that ends at a comma.
func TestRelayedAttribution(t *testing.T) {
	cases := []struct {
		text, kind string
	}{
		{`Ravi from payments says: "refunds over 500 EUR need a second approver."`, "person"},
		{`Security team rule, copied from the wiki: "no shared admin accounts on the bastion."`, "team"},
		{`The refunds over 500 EUR need a second approver, from now on.`, ""},
	}
	for _, c := range cases {
		if got := firstFact("user", c.text).Provenance.Source; got != c.kind {
			t.Errorf("%q: credited to %q, want %q", c.text, got, c.kind)
		}
	}
}

// In an agent's transcript the agent is not a third party: its own name is the
// assistant, and a label that says "agent" names no team; a support agent is still
// someone else.
func TestAgentIsNotAThirdParty(t *testing.T) {
	cases := []struct {
		text, kind string
	}{
		{"According to Codex, the retry loop is fine.", "assistant"},
		{"Agent lines: 4 of the 9 changed lines in billing.py", ""},
		{"The hosting provider's support agent says the DNS change takes up to a day.", "team"},
	}
	for _, c := range cases {
		if got := firstFact("summary", c.text).Provenance.Source; got != c.kind {
			t.Errorf("%q: credited to %q, want %q", c.text, got, c.kind)
		}
	}
}

// The user as the subject of a speech verb in any tense credits the user.
func TestUserSpeakingInAnyTense(t *testing.T) {
	for text, want := range map[string]string{
		"The user is pointing out that the staging bucket was renamed to media-stg.": "user",
		"The user has asked for the export to stay in CSV.":                          "user",
		"The user was testing the export on staging.":                                "",
	} {
		if got := firstFact("assistant", text).Provenance.Source; got != want {
			t.Errorf("%q: credited to %q, want %q", text, got, want)
		}
	}
}

// firstFact is the first fact text yields as role says it (a zero fact when none).
func firstFact(role, text string) Fact {
	if fs := ExtractSource(Source{ID: "m", Role: role, Text: text}); len(fs) > 0 {
		return fs[0]
	}
	return Fact{}
}

// A leading label names who said the line, whatever the line mentions after it; a
// team is named by its noun phrase, not by the words before it.
func TestAttributionLabelsAndTeams(t *testing.T) {
	cases := []struct{ text, source, who string }{
		{"User: don't repaint the hall until the landlord's surveyor confirms.", "user", "user"},
		{"Reviewer: don't repaint the hall until the landlord confirms.", "team", "reviewer"},
		{"Constraints from the reviewer: the grout stays grey.", "team", "reviewer"},
		{"The grout stays grey because the reviewer prefers it.", "team", "reviewer"},
		{"Used two coats per client preference to hide the stain.", "team", "client"},
		{"Used two coats per user preference to hide the stain.", "user", "user"},
		{"Studio team rule, from the wiki: kilns stay below 1200 C.", "team", "studio team"},
		{"**User's Doubts About the Kiln Schedule**: they asked why the second firing is needed.", "user", "user"},
		// the team's phrase ends at the team word: an adverb before the verb is not part of it
		{"Arno from the glazing team just wrote back: kilns stay below 1200 C.", "team", "glazing team"},
		{"The glazing team lead wrote back: kilns stay below 1200 C.", "team", "glazing team lead"},
	}
	for _, c := range cases {
		f := firstFact("summary", c.text)
		if f.Provenance.Source != c.source || f.Provenance.Who != c.who {
			t.Errorf("%q: provenance %s/%q, want %s/%q", c.text, f.Provenance.Source, f.Provenance.Who, c.source, c.who)
		}
	}
}

// A head label that names a document ("Boiler manual:", "Style guide (v3):") credits
// the document; a bare "Manual:" names a kind of work, and a long parenthesis that
// does not close the label is no label.
func TestDocumentLabel(t *testing.T) {
	cases := []struct {
		text, kind string
	}{
		{"Boiler manual: the hopper takes at most 40 kg of pellets.", "doc"},
		{"Style guide (house rules, v3): headings use sentence case.", "doc"},
		{"Manual: with the lid open, press start and watch the fan.", ""},
		{"The first request (sent by the cron job at 04:00) timed out.", ""},
	}
	for _, c := range cases {
		if got := firstFact("assistant", c.text).Provenance.Source; got != c.kind {
			t.Errorf("%q: credited to %q, want %q", c.text, got, c.kind)
		}
	}
}

// A heading that opens on a common word of the work before a credit verb ("Build
// rejected", "Push rejected") names no one; a name before the verb does.
func TestWorkWordIsNoName(t *testing.T) {
	cases := []struct {
		text, kind string
	}{
		{"**Push rejected (the remote had new commits)**: fixed with a rebase onto main.", ""},
		{"**Build rejected by the signing step**: the keystore password was stale.", ""},
		{"Marta confirmed the rollback window for the kiosk fleet.", "person"},
	}
	for _, c := range cases {
		if got := firstFact("summary", c.text).Provenance.Source; got != c.kind {
			t.Errorf("%q: credited to %q, want %q", c.text, got, c.kind)
		}
	}
}
