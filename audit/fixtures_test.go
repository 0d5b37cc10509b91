package audit_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// expectation mirrors a labelled case's expect.json (see testdata/fixtures/README.md).
type expectation struct {
	ID       string `json:"id"`
	Findings []struct {
		Family       string `json:"family"`
		Round        int    `json:"round"`
		PreContains  string `json:"pre_contains"`
		PostContains string `json:"post_contains"`
	} `json:"findings"`
	Forbid []struct {
		Family string `json:"family"`
		Round  *int   `json:"round"`
	} `json:"forbid"`
	Invariants []struct {
		PreContains    string `json:"pre_contains"`
		DroppedInRound *int   `json:"dropped_in_round"`
		Flagged        bool   `json:"flagged"`
	} `json:"invariants"`
	Opaque bool `json:"opaque"`
}

// score is the result of scoring a set of cases the way ../shared/tools/score-fixtures does.
type score struct {
	cases              int
	expected, found    map[string]int
	traps, trapsBad    int
	invariants, invOK  int
	opaque, opaqueOK   int
	misses, violations []string
}

func (s score) recall(fam string) float64 {
	if s.expected[fam] == 0 {
		return 1
	}
	return float64(s.found[fam]) / float64(s.expected[fam])
}

func (s score) overall() float64 {
	e, f := 0, 0
	for _, fam := range audit.Families {
		e += s.expected[fam]
		f += s.found[fam]
	}
	return float64(f) / float64(max(e, 1))
}

func (s score) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d cases;", s.cases)
	for _, fam := range audit.Families {
		fmt.Fprintf(&b, " %s %d/%d;", fam, s.found[fam], s.expected[fam])
	}
	fmt.Fprintf(&b, " traps violated %d/%d; invariants %d/%d; opaque %d/%d", s.trapsBad, s.traps, s.invOK, s.invariants, s.opaqueOK, s.opaque)
	return b.String()
}

func low(s string) string { return strings.ToLower(s) }

// scoreCases audits every case under root (file is session.json or a variant) and
// applies the labelling rules: same round and family, substrings of both sides; forbids
// violated by any non-info finding; invariants by text, drop round and flag.
func scoreCases(t *testing.T, root, file string) score {
	t.Helper()
	sc := score{expected: map[string]int{}, found: map[string]int{}}
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		dir := filepath.Join(root, d.Name())
		exp, s, ok := loadCase(t, dir, file)
		if !ok {
			continue
		}
		sc.cases++
		rep := audit.Run(s, audit.Options{})
		sc.scoreFindings(&exp, rep)
		sc.scoreTraps(&exp, rep)
		sc.scoreInvariants(&exp, rep)
		sc.scoreOpaque(&exp, rep)
	}
	sort.Strings(sc.misses)
	return sc
}

// loadCase reads a case folder's labels and its session in the given rendering (with
// the manifest sidecar for the Claude Code and Codex ones); ok is false when the folder
// holds no such case.
func loadCase(t *testing.T, dir, file string) (expectation, *sessions.Session, bool) {
	t.Helper()
	var exp expectation
	raw, err := os.ReadFile(filepath.Join(dir, "expect.json"))
	if err != nil {
		return exp, nil, false
	}
	path := filepath.Join(dir, file)
	if _, err := os.Stat(path); err != nil {
		return exp, nil, false
	}
	if err := json.Unmarshal(raw, &exp); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	s, err := sessions.ReadFile(path)
	if err != nil {
		t.Errorf("%s: %v", path, err)
		return exp, nil, false
	}
	if m := filepath.Join(dir, "manifest.json"); file != "session.json" && fileExists(m) {
		man, err := sessions.ReadManifest(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := sessions.AttachManifest(s, man, m); err != nil {
			t.Fatal(err)
		}
	}
	return exp, s, true
}

// roundFindings are the report's findings of one round (all rounds for nil).
func roundFindings(rep *audit.Report, round *int) []audit.Finding {
	var out []audit.Finding
	for _, r := range rep.Rounds {
		if round == nil || r.Round == *round {
			out = append(out, r.Findings...)
		}
	}
	return out
}

// matches: finding f is of the label's family and quotes its texts.
func matches(f audit.Finding, family, pre, post string) bool {
	if f.Family != family {
		return false
	}
	if pre != "" && (f.Source == nil || !strings.Contains(low(f.Source.Text), low(pre))) {
		return false
	}
	return post == "" || f.Summary != nil && strings.Contains(low(f.Summary.Text), low(post))
}

func (sc *score) scoreFindings(exp *expectation, rep *audit.Report) {
	for _, want := range exp.Findings {
		sc.expected[want.Family]++
		rd := want.Round
		hit := false
		for _, f := range roundFindings(rep, &rd) {
			if matches(f, want.Family, want.PreContains, want.PostContains) {
				hit = true
				break
			}
		}
		if hit {
			sc.found[want.Family]++
		} else {
			sc.misses = append(sc.misses, fmt.Sprintf("%s r%d %s pre=%q post=%q", exp.ID, want.Round, want.Family, want.PreContains, want.PostContains))
		}
	}
}

func (sc *score) scoreTraps(exp *expectation, rep *audit.Report) {
	for _, fb := range exp.Forbid {
		sc.traps++
		for _, f := range roundFindings(rep, fb.Round) {
			if f.Family == fb.Family && f.Severity != audit.SevInfo {
				sc.trapsBad++
				sc.violations = append(sc.violations, fmt.Sprintf("%s %s: %s", exp.ID, fb.Family, f.Detail))
				break
			}
		}
	}
}

func (sc *score) scoreInvariants(exp *expectation, rep *audit.Report) {
	for _, inv := range exp.Invariants {
		sc.invariants++
		for _, got := range rep.Invariants {
			if !strings.Contains(low(got.Text), low(inv.PreContains)) {
				continue
			}
			sameRound := (got.DroppedInRound == nil) == (inv.DroppedInRound == nil) &&
				(got.DroppedInRound == nil || *got.DroppedInRound == *inv.DroppedInRound)
			if sameRound && got.Flagged == inv.Flagged {
				sc.invOK++
				break
			}
		}
	}
}

func (sc *score) scoreOpaque(exp *expectation, rep *audit.Report) {
	if !exp.Opaque {
		return
	}
	sc.opaque++
	for _, r := range rep.Rounds {
		if r.Opaque && len(r.Findings) == 0 {
			sc.opaqueOK++
			return
		}
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// floors are the measured levels this engine must not fall below: a regression guard,
// not the target. The v1 engine scored 100% on the public fixtures with rules fitted to
// their wording; engine v2 judges claims, and its figures here are what it measures
// (issue 7 lists them), raised as the engine improves.
type floors struct {
	recall    map[string]float64
	overall   float64
	maxTraps  int
	minInvOK  int
	allOpaque bool
}

func checkFloors(t *testing.T, name string, sc score, fl floors) {
	t.Helper()
	t.Logf("%s: %s", name, sc)
	for _, fam := range audit.Families {
		if r := sc.recall(fam); r+1e-9 < fl.recall[fam] {
			t.Errorf("%s: %s recall %.0f%% fell below %.0f%%", name, fam, 100*r, 100*fl.recall[fam])
		}
	}
	if o := sc.overall(); o+1e-9 < fl.overall {
		t.Errorf("%s: overall recall %.0f%% fell below %.0f%%", name, 100*o, 100*fl.overall)
	}
	if sc.trapsBad > fl.maxTraps {
		t.Errorf("%s: %d traps violated (at most %d allowed):\n  %s", name, sc.trapsBad, fl.maxTraps, strings.Join(sc.violations, "\n  "))
	}
	if sc.invOK < fl.minInvOK {
		t.Errorf("%s: %d invariants right, want at least %d", name, sc.invOK, fl.minInvOK)
	}
	if fl.allOpaque && sc.opaqueOK != sc.opaque {
		t.Errorf("%s: %d of %d opaque cases right", name, sc.opaqueOK, sc.opaque)
	}
	if testing.Verbose() {
		for _, m := range sc.misses {
			t.Logf("  miss: %s", m)
		}
	}
}

// TestPublicFixtures scores the shared labelled sessions (copied into testdata/fixtures).
func TestPublicFixtures(t *testing.T) {
	sc := scoreCases(t, "../testdata/fixtures", "session.json")
	if sc.cases < 28 {
		t.Fatalf("only %d cases found", sc.cases)
	}
	checkFloors(t, "public", sc, floors{
		recall: map[string]float64{audit.Omission: 13.0 / 13, audit.Mutation: 22.0 / 23, audit.Addition: 10.0 / 10,
			audit.EpistemicCollapse: 13.0 / 14, audit.ProvenanceLoss: 12.0 / 12},
		overall: 70.0 / 72, maxTraps: 3, minInvOK: 43, allOpaque: true,
	})
}

// TestPublicFixtureVariants: the same sessions written as Claude Code and Codex CLI
// write them (with manifest.json as a sidecar) find exactly what the native files find.
// A variant may hold fewer cases (Claude Code has no form for an opaque round), so its
// trap count is bounded by the native one rather than equal to it.
func TestPublicFixtureVariants(t *testing.T) {
	native := scoreCases(t, "../testdata/fixtures", "session.json")
	for _, variant := range []string{"session.claude.jsonl", "session.codex.jsonl"} {
		sc := scoreCases(t, "../testdata/fixtures", variant)
		t.Logf("%s: %s", variant, sc)
		if sc.cases < 20 {
			t.Fatalf("%s: only %d cases", variant, sc.cases)
		}
		for _, fam := range audit.Families {
			if sc.found[fam] != native.found[fam] || sc.expected[fam] != native.expected[fam] {
				t.Errorf("%s: %s found %d of %d, native %d of %d", variant, fam, sc.found[fam], sc.expected[fam], native.found[fam], native.expected[fam])
			}
		}
		if sc.trapsBad > native.trapsBad || sc.invOK != native.invOK {
			t.Errorf("%s: traps violated %d (native %d), invariants right %d (native %d)", variant, sc.trapsBad, native.trapsBad, sc.invOK, native.invOK)
		}
		if sc.opaqueOK != sc.opaque {
			t.Errorf("%s: %d of %d opaque cases right", variant, sc.opaqueOK, sc.opaque)
		}
	}
}

// TestOwnFixtures scores the project's own labelled sessions (testdata/fixtures-own),
// written independently of the engine's rules.
func TestOwnFixtures(t *testing.T) {
	sc := scoreCases(t, "../testdata/fixtures-own", "session.json")
	if sc.cases < 20 {
		t.Fatalf("only %d cases found", sc.cases)
	}
	checkFloors(t, "own", sc, floors{
		recall: map[string]float64{audit.Omission: 17.0 / 19, audit.Mutation: 28.0 / 33, audit.Addition: 8.0 / 10,
			audit.EpistemicCollapse: 6.0 / 9, audit.ProvenanceLoss: 12.0 / 12},
		overall: 71.0 / 83, maxTraps: 10, minInvOK: 66, allOpaque: true,
	})
}

// TestIntlFixtures scores the non-English labelled sessions (testdata/fixtures-intl:
// German, French, Spanish, Portuguese, Japanese), written without reading the engine.
// The floors are where the engine stands, below the English sets': without stemming
// for these languages the alignment is loose, and addition cues are English only.
func TestIntlFixtures(t *testing.T) {
	sc := scoreCases(t, "../testdata/fixtures-intl", "session.json")
	if sc.cases < 6 {
		t.Fatalf("only %d cases found", sc.cases)
	}
	checkFloors(t, "intl", sc, floors{
		recall: map[string]float64{audit.Omission: 4.0 / 4, audit.Mutation: 5.0 / 6, audit.Addition: 0,
			audit.EpistemicCollapse: 2.0 / 6, audit.ProvenanceLoss: 2.0 / 4},
		overall: 13.0 / 22, maxTraps: 3, minInvOK: 16,
	})
}

// TestIntl2Fixtures scores the second non-English batch (testdata/fixtures-intl2:
// Chinese, Korean, French, German, Spanish), written after this stop's locale work by
// a writer who read neither the engine nor the first batch: the held-out measure.
func TestIntl2Fixtures(t *testing.T) {
	sc := scoreCases(t, "../testdata/fixtures-intl2", "session.json")
	if sc.cases < 5 {
		t.Fatalf("only %d cases found", sc.cases)
	}
	checkFloors(t, "intl2", sc, floors{
		recall: map[string]float64{audit.Omission: 3.0 / 4, audit.Mutation: 4.0 / 5, audit.Addition: 1.0 / 2,
			audit.EpistemicCollapse: 0, audit.ProvenanceLoss: 2.0 / 3},
		overall: 10.0 / 17, maxTraps: 1, minInvOK: 13,
	})
}

// TestDeterministicJSON: the same session gives byte-identical JSON, run after run.
func TestDeterministicJSON(t *testing.T) {
	paths, _ := filepath.Glob("../testdata/fixtures/*/session.json")
	if len(paths) == 0 {
		t.Fatal("no fixtures")
	}
	for _, p := range paths {
		s, err := sessions.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var first string
		for run := 0; run < 3; run++ {
			s2, _ := sessions.ReadFile(p)
			if run == 0 {
				s2 = s
			}
			var b strings.Builder
			if err := audit.WriteJSON(&b, audit.Run(s2, audit.Options{Version: "test"})); err != nil {
				t.Fatal(err)
			}
			if run == 0 {
				first = b.String()
			} else if b.String() != first {
				t.Fatalf("%s: run %d differs from run 0", p, run)
			}
		}
	}
}
