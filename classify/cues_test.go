package classify

import (
	"reflect"
	"testing"
)

// TestModalityLadder: each cue lands on its rung of the ladder
// (never / must not / do not / forbidden > should not > avoid > prefer not / generally avoid),
// with the right polarity.
func TestModalityLadder(t *testing.T) {
	cases := []struct {
		text  string
		level int
		neg   bool
	}{
		{"Never push to main.", ModMustNot, true},
		{"Never ever delete the backups.", ModMustNot, true},
		{"You must not run migrations on Fridays.", ModMustNot, true},
		{"You mustn't run migrations on Fridays.", ModMustNot, true},
		{"You must never log tokens.", ModMustNot, true},
		{"Do not touch the vendor directory.", ModMustNot, true},
		{"Don't use sudo.", ModMustNot, true},
		{"Force-pushing is forbidden.", ModMustNot, true},
		{"Force-pushing is prohibited.", ModMustNot, true},
		{"It is not allowed to delete backups.", ModMustNot, true},
		{"Under no circumstances delete the backups.", ModMustNot, true},
		{"No force pushes.", ModMustNot, true},
		{"You may not share the key.", ModMustNot, true},
		{"You should not restart the pods.", ModShouldNot, true},
		{"You shouldn't restart the pods.", ModShouldNot, true},
		{"Nobody should deploy on Friday.", ModShouldNot, true},
		{"No one should deploy on Friday.", ModShouldNot, true},
		{"No one deploys on Friday.", ModMustNot, true},
		{"Avoid restarting the pods.", ModAvoid, true},
		{"Try not to restart the pods.", ModAvoid, true},
		{"Prefer not to restart the pods.", ModPreferNot, true},
		{"I'd rather not restart the pods.", ModPreferNot, true},
		{"It's best not to run it twice.", ModPreferNot, true},
		{"Generally avoid restarting the pods.", ModPreferNot, true},
		{"Avoid force-pushing where possible.", ModAvoid, true},
		{"Try to avoid Fridays.", ModAvoid, true},
		{"I'd prefer you not use sudo.", ModPreferNot, true},
		{"Prefer not to use sudo if possible.", ModPreferNot, true},
		{"You're not to touch prod.", ModMustNot, true},
		{"Do NOT merge before Friday.", ModMustNot, true},
		{"Never, ever force-push.", ModMustNot, true},
		{"Don't forget to run the linter.", ModMustNot, false},
		{"Never forget to run the linter.", ModMustNot, false},
		{"No need to update the docs.", ModNone, false},
		{"Usually avoid restarting the pods.", ModPreferNot, true},
		// obligations
		{"Always run the linter.", ModMustNot, false},
		{"You must run the linter.", ModMustNot, false},
		{"The linter has to pass.", ModMustNot, false},
		{"A review is required.", ModMustNot, false},
		{"We should use ruff.", ModShouldNot, false},
		{"Ideally keep it under 200 ms.", ModAvoid, false},
		{"Prefer ruff over flake8.", ModPreferNot, false},
		// no obligation at all
		{"The job runs daily.", ModNone, false},
	}
	for _, c := range cases {
		m := ModalityFor(c.text, "user")
		if m.Level != c.level || m.Negative != c.neg {
			t.Errorf("ModalityFor(%q) = level %d neg %v (cue %q), want level %d neg %v", c.text, m.Level, m.Negative, m.Cue, c.level, c.neg)
		}
	}
}

// TestModalityOrder: the ladder itself, read off sentences; a weakened restatement is
// strictly lower.
func TestModalityOrder(t *testing.T) {
	ladder := []string{
		"Never restart the primary.",
		"You should not restart the primary.",
		"Avoid restarting the primary.",
		"Generally avoid restarting the primary.",
	}
	for i := 1; i < len(ladder); i++ {
		hi, lo := ModalityOf(ladder[i-1]), ModalityOf(ladder[i])
		if hi.Level <= lo.Level {
			t.Errorf("%q (level %d) must be stronger than %q (level %d)", ladder[i-1], hi.Level, ladder[i], lo.Level)
		}
	}
}

// TestModalitySofteners: "never ... where possible" is weaker than never, but a real
// condition ("unless", "without") keeps its force.
func TestModalitySofteners(t *testing.T) {
	never := ModalityOf("Never push to main.").Level
	cases := []struct {
		text   string
		weaker bool
	}{
		{"Never push to main where possible.", true},
		{"If possible, don't deploy on Fridays.", true},
		{"Ideally never restart the primary.", true},
		{"Try to never restart the primary.", true},
		{"Never push to main unless the release is tagged.", false},
		{"Never deploy without a rollback plan.", false},
		{"Don't deploy unless the canary is green.", false},
	}
	for _, c := range cases {
		m := ModalityOf(c.text)
		if !m.Negative {
			t.Errorf("%q lost its negation: %+v", c.text, m)
		}
		if got := m.Level < never; got != c.weaker {
			t.Errorf("%q: level %d (cue %q), weaker than never = %v, want %v", c.text, m.Level, m.Cue, got, c.weaker)
		}
	}
}

// TestModalityDescriptive: "can't" and "does not" in the middle of an assistant's
// sentence describe; the same words from the user, or at the head of a sentence, order.
func TestModalityDescriptive(t *testing.T) {
	cases := []struct {
		role, text string
		level      int
	}{
		{"assistant", "setuptools-scm can't derive a version without tags.", ModNone},
		{"assistant", "The cache does not persist between runs.", ModNone},
		{"assistant", "The linter does not accept tabs.", ModNone},
		{"assistant", "I can't reproduce it.", ModNone},
		{"tool", "The server cannot bind to port 80.", ModNone},
		{"user", "You can't push to main.", ModMustNot},
		{"user", "We cannot ship before the audit.", ModMustNot},
		{"assistant", "Don't push to main.", ModMustNot},
		{"assistant", "Do not touch the vendor directory.", ModMustNot},
		{"assistant", "Note: do not touch the vendor directory.", ModMustNot},
		{"summary", "Never push to main.", ModMustNot},
	}
	for _, c := range cases {
		m := ModalityFor(c.text, c.role)
		if m.Level != c.level {
			t.Errorf("ModalityFor(%q, %s) = level %d (cue %q), want %d", c.text, c.role, m.Level, m.Cue, c.level)
		}
	}
}

// TestModalityStandingOrders: standing orders are rules; one-off requests are not.
func TestModalityStandingOrders(t *testing.T) {
	cases := []struct {
		text string
		rule bool
	}{
		{"Keep the replica count at 3.", true},
		{"Keep replicas at 3 until the load test finishes.", true},
		{"Keep at least 2 replicas.", true},
		{"Deploys only on weekdays.", true},
		{"Only deploy on weekdays.", true},
		{"Only use the staging cluster.", true},
		{"Run the tests before you hand anything back.", true},
		{"Reboot at most 2 nodes at a time.", true},
		{"Wait until the freeze ends before merging.", true},
		{"Leave the cron jobs alone.", true},
		{"Make sure the backup runs first.", true},
		{"Please pin the chart version.", true},
		{"Exclude those two.", false},
		{"Please exclude those two from the report.", false},
		{"Run the tests.", false},
		{"Rename the file.", false},
		{"Thanks, that looks good.", false},
	}
	for _, c := range cases {
		m := ModalityFor(c.text, "user")
		if got := m.Level > 0; got != c.rule {
			t.Errorf("ModalityFor(%q) = level %d (cue %q), rule = %v, want %v", c.text, m.Level, m.Cue, got, c.rule)
		}
	}
	// a bare imperative is an order only from the user
	if m := ModalityFor("Run the tests before you hand anything back.", "assistant"); m.Level != ModNone {
		t.Errorf("assistant's imperative read as a rule: %+v", m)
	}
}

// TestModalityQuestions: a question about a rule sets none; a request phrased as a
// question still carries its rule.
func TestModalityQuestions(t *testing.T) {
	cases := []struct {
		text  string
		level int
	}{
		{"Should we restart the pods?", ModNone},
		{"Do we need to restart the pods?", ModNone},
		{"Must we keep replicas at 3?", ModNone},
		{"Is it required to sign the commits?", ModNone},
		{"Why must we keep replicas at 3?", ModNone},
		{"What should we never touch?", ModNone},
		{"Should we never restart the primary, then?", ModNone},
		{"Can you check the logs?", ModNone},
		{"Can you make sure we never push to main?", ModMustNot},
		{"Could you keep replicas at 3?", ModMustNot},
	}
	for _, c := range cases {
		if m := ModalityFor(c.text, "user"); m.Level != c.level {
			t.Errorf("ModalityFor(%q) = level %d (cue %q), want %d", c.text, m.Level, m.Cue, c.level)
		}
	}
}

// TestQualifiers: restrictive conditions, in order, lower-cased, without repeats.
func TestQualifiers(t *testing.T) {
	cases := []struct {
		text string
		want []string
	}{
		{"Keep replicas at 3 until the load test finishes, unless the SLO burns.", []string{"until", "unless"}},
		{"Only deploy on weekdays, except for hotfixes.", []string{"only", "except"}},
		{"Never deploy without a rollback plan.", []string{"without"}},
		{"Run the tests before you hand anything back.", []string{"before"}},
		{"Merge after the freeze ends.", []string{"after"}},
		{"Retry at most 3 times.", []string{"at most"}},
		{"Keep at least 2 replicas.", []string{"at least"}},
		{"Deploy as long as the canary is green.", []string{"as long as"}},
		{"No deploys between 22:00 and 06:00.", []string{"between"}},
		{"Don't reboot during business hours.", []string{"during"}},
		{"Only after sign-off, and only on weekdays.", []string{"only", "after"}},
		{"UNLESS told otherwise, keep it.", []string{"unless"}},
		{"The unlessable onlyness of it.", nil},
		{"The job runs daily.", nil},
	}
	for _, c := range cases {
		if got := QualifiersOf(c.text); !reflect.DeepEqual(got, c.want) {
			t.Errorf("QualifiersOf(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestStatusEpistemic: hypothesis cues, "not confirmed", "confirmed", a guess that holds.
func TestStatusEpistemic(t *testing.T) {
	cases := []struct {
		text, want string
	}{
		{"I suspect the cache is stale.", StatusHypothesis},
		{"The cache is probably stale.", StatusHypothesis},
		{"It might be the DNS TTL.", StatusHypothesis},
		{"It seems the pool is exhausted.", StatusHypothesis},
		{"This is unverified.", StatusHypothesis},
		{"The root cause is not confirmed yet.", StatusHypothesis},
		{"Not yet verified: the pool size.", StatusHypothesis},
		{"Root cause confirmed: the cache was stale.", StatusEstablished},
		{"We verified that the index is bloated.", StatusEstablished},
		{"The guess holds: the cache was stale.", StatusEstablished},
		{"My guess holds.", StatusEstablished},
		{"The hypothesis was confirmed by the replay.", StatusEstablished},
		{"The theory checks out.", StatusEstablished},
		{"It turned out the cache was stale.", StatusEstablished},
		{"The root cause was the stale cache.", StatusEstablished},
		{"This might be caused by the stale cache.", StatusHypothesis},
		{"The stale cache is probably the root cause.", StatusHypothesis},
		{"I'm not sure the cache is the cause.", StatusHypothesis},
		{"The guess is not confirmed.", StatusHypothesis},
		{"The job runs daily.", ""},
	}
	for _, c := range cases {
		if got := StatusOf(c.text).Epistemic; got != c.want {
			t.Errorf("StatusOf(%q).Epistemic = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestStatusResolution: open work vs resolved.
func TestStatusResolution(t *testing.T) {
	cases := []struct {
		text, want string
	}{
		{"7 of 9 resolvers see the new record.", StatusOpen},
		{"The p99 latency isn't measured yet.", StatusOpen},
		{"Open: whether to keep the old bucket.", StatusOpen},
		{"Open questions: the retention period.", StatusOpen},
		{"Still waiting on legal sign-off.", StatusOpen},
		{"The migration is not yet done.", StatusOpen},
		{"Blocked on the DBA review.", StatusOpen},
		{"TODO: rotate the keys.", StatusOpen},
		{"Next step: rotate the keys.", StatusOpen},
		{"We still need to rotate the keys.", StatusOpen},
		{"Done: 9 of 9 services migrated.", StatusResolved},
		{"9 of 9 resolvers see the new record.", StatusResolved},
		{"8 of 9 resolvers see the new record.", StatusOpen},
		{"Fixed the flaky test.", StatusResolved},
		{"All 9 resolvers see the new record.", StatusResolved},
		{"The migration is done.", StatusResolved},
		{"The bug is resolved.", StatusResolved},
		{"The job runs daily.", ""},
	}
	for _, c := range cases {
		if got := StatusOf(c.text).Resolution; got != c.want {
			t.Errorf("StatusOf(%q).Resolution = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestStatusChoice: chosen, rejected, tried-and-failed, considered; a zero count of
// failures is not a failure.
func TestStatusChoice(t *testing.T) {
	cases := []struct {
		text, want string
	}{
		{"Redis was ruled out because of licensing.", StatusRejected},
		{"Kafka is out.", StatusRejected},
		{"Forget it, we keep Postgres.", StatusRejected},
		{"Moving to Aurora is not an option.", StatusRejected},
		{"We rejected the sidecar approach.", StatusRejected},
		{"We decided against a service mesh.", StatusRejected},
		{"That option is off the table.", StatusRejected},
		{"It's not the DNS; that's ruled out.", StatusRejected},
		{"The index rebuild is out of the question.", StatusRejected},
		{"The new version is out.", ""},
		{"The results are out.", ""},
		{"Tried bumping the pool size, failed with ECONNRESET.", StatusTriedFailed},
		{"We tried pinning v2.3 but it failed with a checksum error.", StatusTriedFailed},
		{"The deploy failed with exit code 1.", StatusTriedFailed},
		{"Tests: 3 failed, 12 passed.", StatusTriedFailed},
		{"Rolling back didn't work.", StatusTriedFailed},
		{"We tried a read replica and it didn't help.", StatusTriedFailed},
		{"Failed to connect to db.internal:5432.", StatusTriedFailed},
		{"Errors: 0", ""},
		{"0 errors, 2 warnings", ""},
		{"Error rate dropped to 0.1%.", ""},
		{"12 passed, 0 failed", ""},
		{"The suite ran: 240 passed, 0 failed.", ""},
		{"No failures in the last run.", ""},
		{"Zero errors after the fix.", ""},
		{"We decided to use pgbouncer.", StatusChosen},
		{"Going with option B.", StatusChosen},
		{"We settled on zstd.", StatusChosen},
		{"We considered Kafka.", StatusConsidered},
		{"We looked into a read replica.", StatusConsidered},
		{"The job runs daily.", ""},
	}
	for _, c := range cases {
		if got := StatusOf(c.text).Choice; got != c.want {
			t.Errorf("StatusOf(%q).Choice = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestProvenance: explicit attributions and their kinds.
func TestProvenance(t *testing.T) {
	cases := []struct {
		text, source, who string
	}{
		{"The user asked for a dry run first.", "user", "The user asked"},
		{"Per the user, never push to main.", "user", "Per the user"},
		{"The README says to run make bootstrap.", "file", ""},
		{"The Makefile says lint runs before test.", "file", ""},
		{"According to the runbook, restart the primary last.", "file", "According to the runbook"},
		{"Per the docs, the max is 100 connections.", "file", "Per the docs"},
		{"Marta from the DBA team says the index can be dropped.", "team", "Marta from the DBA team"},
		{"Per the SRE team, the SLO is 99.9%.", "team", ""},
		{"The security team requires MFA for all admins.", "team", ""},
		{"The vendor confirmed the limit is 500 rps.", "team", ""},
		{"Priya just wrote that the freeze starts Friday.", "person", "Priya just wrote"},
		{"Per Marta's note, keep the index.", "person", "Marta's note"},
		{"The test output shows 3 failures.", "tool", "The test output shows"},
		{"The dig output shows the old IP.", "tool", ""},
		{"curl returned a 502.", "tool", "curl returned"},
		{"We decided to use pgbouncer.", "assistant", ""},
		{"The docs say the max is 100.", "file", ""},
		{"The Postgres manual says autovacuum runs every minute.", "file", ""},
		{"The CI run shows 2 failures.", "tool", "The CI run shows"},
		{"The logs say otherwise.", "tool", ""},
		{"Our DBA says the index can be dropped.", "team", "DBA says"},
		{"Marta (DBA) says the index can be dropped.", "person", ""},
		{"You asked me to keep Postgres.", "user", "You asked"},
		{"You said never push to main.", "user", "You said"},
		{"Yesterday the job ran twice.", "", ""},
	}
	for _, c := range cases {
		p := ProvenanceOf(c.text, "assistant")
		if p.Role != "assistant" || p.Source != c.source || (c.who != "" && p.Who != c.who) {
			t.Errorf("ProvenanceOf(%q) = %+v, want source %q who %q", c.text, p, c.source, c.who)
		}
	}
}

// TestProvenanceYouByRole: "you" is the user when the agent speaks, the agent when the
// user speaks.
func TestProvenanceYouByRole(t *testing.T) {
	if p := ProvenanceOf("You said never push to main.", "summary"); p.Source != "user" {
		t.Errorf("summary's 'you said' = %+v, want the user", p)
	}
	if p := ProvenanceOf("You said the tests pass.", "user"); p.Source == "user" {
		t.Errorf("the user's 'you said' is not the user's own claim: %+v", p)
	}
}

// TestProvenanceNotTeam: a capitalised word after "Per" at the head of a sentence is not
// a team, nor is a plain capitalised sentence opener a person.
func TestProvenanceNotTeam(t *testing.T) {
	for _, text := range []string{
		"Per Friday's call, we ship on Monday.",
		"Per Marta's note, keep the index.",
		"Per Grafana, p99 is 800 ms.",
		"Monday we deploy.",
	} {
		if p := ProvenanceOf(text, "assistant"); p.Source == "team" {
			t.Errorf("ProvenanceOf(%q) = %+v, not a team", text, p)
		}
	}
	for _, text := range []string{"Monday we deploy.", "Per Friday's call, we ship on Monday.", "Friday said no deploys.", "Yesterday's note says 5."} {
		if p := ProvenanceOf(text, "assistant"); p.Source == "person" {
			t.Errorf("ProvenanceOf(%q) = %+v: a day is not a person", text, p)
		}
	}
}

// TestToolOrigin: a tool message whose first line names a file is a file claim.
func TestToolOrigin(t *testing.T) {
	cases := []struct {
		text, source, who string
	}{
		{"README.md (lines 1-9)\n# Setup\nRun make bootstrap.", "file", "README.md"},
		{"docs/deploy.md (excerpt)\nNever deploy on Fridays.", "file", "docs/deploy.md"},
		{"$ cat Makefile\nlint:\n\truff .", "file", "Makefile"},
		{"$ head -n 20 charts/api/values.yaml\nreplicas: 3", "file", "charts/api/values.yaml"},
		{"Makefile:\nlint:\n\truff .", "file", "Makefile"},
		{"$ go test ./...\nok  \tx\t0.4s", "tool", "$ go"},
		{"main.go (lines 1-3)\npackage main", "tool", "tool output"},
		{"PASS\nok  \tx\t0.4s", "tool", "tool output"},
	}
	for _, c := range cases {
		p := ToolOrigin(c.text)
		if p.Source != c.source || p.Who != c.who {
			t.Errorf("ToolOrigin(%q) = %+v, want %s %q", c.text, p, c.source, c.who)
		}
	}
}
