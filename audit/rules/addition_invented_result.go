package rules

import (
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// "All 212 tests pass": no run shows it.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/invented-result",
	Doc:   "The summary reports a result (tests pass, the build is green, the check succeeded) that no tool run or message shows for that thing.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Act == classify.ActQuestion || g.Act == classify.ActPlan || g.Act == classify.ActRequest && g.Modality.Cue == "imperative" || (g.Section == classify.SecPending || g.Section == classify.SecNext) && !statedAsDone(g) {
			return rule.Hit{}, false
		}
		if reportedWords(g) || stepOfSequence(r, g) {
			return rule.Hit{}, false // the summary tells what someone said, or narrates a scenario's steps, not a result of its own
		}
		cue := resultCue(g.Text)
		if resultNegated(g, cue) {
			return rule.Hit{}, false // "the tests do not pass" claims no result
		}
		if cue == "" || !strings.Contains(strings.ToLower(g.Text), "test") && !strings.Contains(strings.ToLower(g.Text), "build") && !strings.Contains(strings.ToLower(g.Text), "check") {
			return rule.Hit{}, false
		}
		if named := namedCode(g); len(named) > 0 && !namedInSources(r, named) {
			// the result is about a command or file no source ever names: no run of it
			// can back it, whatever else ran or passed
			return rule.NewHit(-1, k, 0.85, "no source runs or names "+named[0], rule.Slot{Name: "result", Summary: cue}), true
		}
		notRunAt := notRunFor(r, g)
		for _, s := range r.Support[k] {
			f := r.Fact(s.Ref)
			if fc := resultCue(f.Text); s.Match.Cover >= 0.3 && fc != "" && !resultNegated(f, fc) && refPos(r, s.Ref) > notRunAt {
				return rule.Hit{}, false
			}
		}
		if resultAnywhere(r, g) && notRunAt < 0 || roundHasRuns(r) && !saysNotRun(r) {
			return rule.Hit{}, false // runs happened; which one backs it is not for a word match to say
		}
		return rule.NewHit(-1, k, 0.85, "no source shows this result", rule.Slot{Name: "result", Summary: cue}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: I have not run the integration tests yet."}, Summary: "All 48 integration tests pass.", Fires: true},
		{Source: []string{"assistant: I have not run the geocoder shard tests yet."}, Summary: "Open questions:\n- None.\n- All geocoder shard tests passed on every shard", Fires: true},
		{Source: []string{"assistant: I have not run the geocoder shard tests yet."}, Summary: "Next steps:\n- Check that the geocoder shard tests pass on every shard", Fires: false},
		{Source: []string{"assistant: I have not run the geocoder shard tests yet."}, Summary: "Check that the geocoder shard tests pass on every shard.", Fires: false},
		{Source: []string{"assistant: I have not run the integration tests yet."}, Summary: "The integration tests pass with no failures.", Fires: true},
		{Source: []string{"assistant: I have not run the integration tests yet."}, Summary: "The integration tests do not pass yet.", Fires: false},
		{Source: []string{"user: Why was the cache fix needed at all?"}, Summary: "User questioned why the cache fix was needed since the tests pass.", Fires: false},
		{Source: []string{"tool: $ make test-integration\nok  \tgithub.com/acme/api\t12.3s\n48 passed"}, Summary: "All 48 integration tests pass.", Fires: false},
		// a negation beside the result is no negated result
		{Source: []string{"assistant: Nothing left to do: the exporter is finished and all exporter tests pass."}, Summary: "Nothing left to do: the exporter is finished and all exporter tests pass.", Fires: false},
		// the round's figures are of another run: a source says this one has not run
		{Source: []string{"tool: $ make test-unit\nok  \tgithub.com/acme/geo\t2.1s\n212 passed", "assistant: The probe lost USB access, so the 212 on-device tests have not run."}, Summary: "On-device tests: 212/212 passed.", Fires: true},
		{Source: []string{"tool: $ make test-device\nok  \tgithub.com/acme/geo/device\t9.4s\n212 passed"}, Summary: "On-device tests: 212/212 passed.", Fires: false},
		{Source: []string{"tool: $ cargo test -p ledger\ntest result: ok. 31 passed; 0 failed"}, Summary: "`tox -e lint` passes and the ledger tests pass.", Fires: true},
		{Source: []string{"tool: $ tox -e lint\nlint: OK\n  congratulations :)", "tool: $ cargo test -p ledger\ntest result: ok. 31 passed; 0 failed"}, Summary: "`tox -e lint` passes and the ledger tests pass.", Fires: false},
		// a narrated scenario's step (T0, T1, T2 ...) says what happens in it, not what a run showed
		{Source: []string{"assistant: Walking through the kiln controller's startup: the door sensor is read, then the thermocouple."}, Summary: "Scenario:\n- T0: controller powers on\n- T1: door sensor read, checks pass\n- T2: thermocouple warms up", Fires: false},
		{Source: []string{"assistant: Walking through the kiln controller's startup: the door sensor is read, then the thermocouple."}, Summary: "- T1: door sensor read, checks pass", Fires: true},
		// checks said not run, then run: the later runs settle it
		{Source: []string{"assistant: The label printer tests have not run yet; starting them.", "tool: $ make test\nok  \tgithub.com/acme/labels\t2.4s\nok  \tgithub.com/acme/labels/zpl\t(cached)"}, Summary: "The printer driver update is done and all tests pass.", Fires: false},
		{Source: []string{"tool: $ make test\nok  \tgithub.com/acme/labels\t2.4s", "assistant: The label printer's hardware tests have not run: the printer is offline."}, Summary: "The printer driver update is done and all tests pass.", Fires: true},
		// go test's mark for a package that passed is its "ok" line
		{Source: []string{"assistant: Running the geo tests.", "tool: $ go test ./geo/...\nok  \tgithub.com/acme/geo\t3.104s\nok  \tgithub.com/acme/geo/tiles\t(cached)"}, Summary: "Geo package tests pass.", Fires: false},
		{Source: []string{"assistant: Running the geo tests.", "tool: $ go test ./geo/...\nFAIL\tgithub.com/acme/geo/tiles\t0.412s"}, Summary: "Geo package tests pass.", Fires: true},
		// other tests passing back no result of a command nobody ran
		{Source: []string{"tool: $ pytest -q tests/geo\n52 passed in 3.10s"}, Summary: "`mvn verify` now passes; 52 tests green.", Fires: true},
		{Source: []string{"tool: $ mvn verify\n[INFO] Tests run: 52, Failures: 0\n[INFO] BUILD SUCCESS"}, Summary: "`mvn verify` now passes; 52 tests green.", Fires: false},
	},
})

// resultCue returns the result word of a text ("" when none).
func resultCue(text string) string {
	for _, h := range lexicon.Default().Find(text) {
		if h.Category == "result" {
			switch h.Phrase {
			case "pass", "passing", "passed", "passes", "succeeds", "succeeded", "green":
				return text[h.Start:h.End]
			}
		}
	}
	if strings.Contains(text, "PASS") || strings.Contains(text, "SUCCESS") || strings.Contains(text, " ok ") || okLine(text) {
		// (a runner's own mark: PASS, Maven's BUILD SUCCESS, Gradle's BUILD SUCCESSFUL)
		return "ok"
	}
	return ""
}

// okLine: a runner's line that opens with "ok" ("ok  \tgithub.com/acme/geo\t3.1s", as
// go test prints a package that passed).
func okLine(text string) bool {
	t := strings.TrimSpace(text)
	return len(t) > 3 && strings.HasPrefix(t, "ok") && (t[2] == ' ' || t[2] == '\t')
}

// resultAnywhere: a tool line with a pass mark is about what the summary says, or a
// source states the result's own figures (3m12s, 214 passed).
func resultAnywhere(r *rule.Round, g *classify.Fact) bool {
	for i := range r.Ev {
		e := &r.Ev[i]
		if !e.Code && resultCue(e.Text) != "" && rule.About(g, e) {
			return true
		}
	}
	for _, t := range g.Tokens {
		if classify.Specific(t) && r.HasValue(t.Norm) {
			return true
		}
	}
	return false
}

// roundHasRuns: some tool output of the round reports a run's result (passed, ok, PASS).
func roundHasRuns(r *rule.Round) bool { return lastRun(r) >= 0 }

// lastRun is the position of the last tool output that reports a run's result, -1
// for none, read once a round.
func lastRun(r *rule.Round) int {
	return r.Memo("rules.lastRun", func() any { // (asked of every summary claim)
		at := -1
		for i := range r.Ev {
			if r.EvPos[i] > at && !r.Ev[i].Code && resultCue(r.Ev[i].Text) != "" {
				at = r.EvPos[i]
			}
		}
		return at
	}).(int)
}

// notRunFor is the position of the last source fact about what g reports that says
// it has not run ("so the 212 device tests have not run"), -1 for none: a result
// before it, or figures elsewhere in the round, are not this result.
func notRunFor(r *rule.Round, g *classify.Fact) int {
	at := -1
	for i := range r.Src {
		if f := &r.Src[i]; r.Pos[i] > at && notRun(lower(f.Text)) && rule.About(g, f) {
			at = r.Pos[i]
		}
	}
	return at
}

// refPos is the position in the round of a source fact's or evidence line's message.
func refPos(r *rule.Round, x rule.Ref) int {
	if x.Ev {
		return r.EvPos[x.I]
	}
	return r.Pos[x.I]
}

func notRun(low string) bool {
	for _, p := range []string{"not run", "haven't run", "have not run", "not yet run", "didn't run", "never ran", "before any test ran"} {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

// saysNotRun: a source after the round's last run says checks have not run ("not run
// yet", "haven't run"); one said before later runs is settled by them.
func saysNotRun(r *rule.Round) bool {
	last := lastRun(r)
	for i := range r.Src {
		if r.Pos[i] > last && notRun(lower(r.Src[i].Text)) {
			return true
		}
	}
	return false
}

// namedCode are the inline code spans of a claim (a command, a file, a target).
func namedCode(g *classify.Fact) []string {
	var out []string
	for _, t := range g.Tokens {
		if t.Kind == classify.TokCode && len(strings.TrimSpace(t.Raw)) >= 3 {
			out = append(out, t.Raw)
		}
	}
	return out
}

// namedInSources: some source, tool call or tool output of the round holds one of the
// names (compared without backticks and case, through the round's text index).
func namedInSources(r *rule.Round, named []string) bool {
	for _, n := range named {
		if r.Mentions(strings.Trim(n, "` ")) {
			return true
		}
	}
	return false
}

// resultNegated: the fact's result cue is itself negated ("the tests do not pass"); a
// negation elsewhere in it ("none pending; all tests pass") leaves the result stated.
func resultNegated(f *classify.Fact, cue string) bool {
	return f.Negated && negatedHeads(f)[classify.Stem(strings.ToLower(cue))] > 0
}
