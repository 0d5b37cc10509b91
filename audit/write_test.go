package audit

import (
	"bytes"
	"encoding/json"
	"flag"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/classify"
)

var tUpdate = flag.Bool("update", false, "rewrite the golden files in testdata/")

func tIntp(n int) *int { return &n }

func tSide(text, msg, role string) *Side {
	return &Side{Text: text, Message: msg, Role: role, Provenance: classify.Provenance{Role: role}}
}

// tSampleReport is a hand-built report that exercises every part of the writers: all
// five families, the three severities, a long quote, a cumulative finding, a round
// over the depth cap, an opaque round, flagged, paraphrased, retired and pending
// invariants, survival per round and cumulative, passed and failed checks, warnings.
func tSampleReport() *Report {
	r := &Report{
		Schema:   Schema,
		Tool:     "compaudit",
		Version:  "0.1.0-test",
		Session:  "demo-postgres-index-bloat",
		File:     "testdata/fixtures/demo/session.json",
		Format:   "native",
		Encoding: "o200k_base",
		Warnings: []string{"message m17 has no timestamp; ordering taken from the file", "compaction c4 records no token target"},
	}
	r1 := Round{
		Round: 1, ID: "c1", Depth: 1, Trigger: "auto", Model: "summarizer-large",
		Sources:     []string{"m1", "m2", "m3", "m4", "m5", "m6"},
		NewMessages: []string{"m1", "m2", "m3", "m4", "m5", "m6"},
		Tokens:      Tokens{Sources: 48210, Summary: 3120, Ratio: 0.0647, Target: 4000, OverTarget: -880, PreTokens: 151000, PostTokens: 9800},
		Findings: []Finding{
			{Family: ProvenanceLoss, Severity: SevWarning, Class: classify.Decision,
				Source:  tSide("Marta (DBA team): pg_repack isn't installed on prod and won't be.", "m4", "user"),
				Summary: tSide("We ruled out pg_repack.", "c1", "summary"),
				Detail:  "the DBA team's verdict became the assistant's own decision", Score: 0.71},
			{Family: Mutation, Severity: SevError, Class: classify.ExactConstraint,
				Source:  tSide("Always connect directly to port 5432 for maintenance, never through pgbouncer.", "m2", "user"),
				Summary: tSide("Maintenance runs directly on port 6432.", "c1", "summary"),
				Detail:  "port 5432 became 6432", Score: 0.82},
			{Family: Omission, Severity: SevInfo, Class: classify.Narrative,
				Source: tSide("I looked at the dashboards for a while; p95 went up around the 3rd.", "m1", "assistant"),
				Detail: "narrative detail not carried (expected: summaries are lossy)"},
		},
		Survival: []Survival{
			{Class: classify.ExactConstraint, Kept: 3, Total: 4},
			{Class: classify.Identifier, Kept: 6, Total: 6},
			{Class: classify.Decision, Kept: 2, Total: 2},
			{Class: classify.Hypothesis, Kept: 1, Total: 1},
			{Class: classify.Narrative, Kept: 3, Total: 11},
		},
		CumulativeSurvival: []Survival{
			{Class: classify.ExactConstraint, Kept: 3, Total: 4},
			{Class: classify.Identifier, Kept: 6, Total: 6},
			{Class: classify.Narrative, Kept: 3, Total: 11},
		},
	}
	long := "Hypothesis (not confirmed): the bloat comes from long analytics queries on the replica holding back xmin through hot_standby_feedback; Metabase is still a candidate and the vacuum log was unreadable, so we cannot tell yet which of the two it is. Next step is to read pg_stat_activity on the replica during the 02:00 window and compare backend_xmin with the primary's oldest xmin before changing anything."
	r2 := Round{
		Round: 2, ID: "c2", Parent: "c1", Depth: 2, Trigger: "auto",
		Sources:     []string{"c1", "m7", "m8", "m9", "m10"},
		NewMessages: []string{"m7", "m8", "m9", "m10"},
		Tokens:      Tokens{Sources: 21400, Summary: 3900, Ratio: 0.1822, Target: 4000, OverTarget: -100},
		Findings: []Finding{
			{Family: Addition, Severity: SevError, Class: classify.TaskState,
				Summary: tSide("Terminated the 3h41m Metabase transaction (pid 48211).", "c2", "summary"),
				Detail:  "no source supports it: only read-only queries ran", Score: 0},
			{Family: EpistemicCollapse, Severity: SevError, Class: classify.Hypothesis,
				Source:  tSide(long, "m8", "assistant"),
				Summary: tSide("Cause of the bloat: analytics-replica queries holding back xmin.", "c2", "summary"),
				Detail:  "hypothesis stated as the established cause", Score: 0.64},
			{Family: Mutation, Severity: SevWarning, Class: classify.UserPreference,
				Source:  tSide("Never REINDEX during business hours, only on weekends.", "m9", "user"),
				Summary: tSide("Avoid REINDEX during business hours.", "c2", "summary"),
				Detail:  "modality weakened (never → avoid) and qualifier dropped (only on weekends)", Score: 0.77, Invariant: "inv-2"},
		},
		Cumulative: []Finding{
			{Family: Omission, Severity: SevWarning, Class: classify.Identifier,
				Source: tSide("Index events_created_at_idx is 41 GB.", "m3", "tool"),
				Detail: "identifier from the original messages lost across rounds 1 and 2"},
		},
		Survival: []Survival{
			{Class: classify.ExactConstraint, Kept: 4, Total: 4},
			{Class: classify.Identifier, Kept: 5, Total: 7},
			{Class: classify.Decision, Kept: 3, Total: 3},
			{Class: classify.Hypothesis, Kept: 0, Total: 1},
			{Class: classify.UserPreference, Kept: 0, Total: 1},
			{Class: classify.Narrative, Kept: 2, Total: 9},
		},
		CumulativeSurvival: []Survival{
			{Class: classify.ExactConstraint, Kept: 3, Total: 4},
			{Class: classify.Identifier, Kept: 5, Total: 6},
			{Class: classify.Narrative, Kept: 1, Total: 11},
		},
	}
	r3 := Round{
		Round: 3, ID: "c3", Parent: "c2", Depth: 3, Trigger: "manual", Policy: "keep decisions, drop chatter",
		Sources:     []string{"c2", "m11", "m12"},
		NewMessages: []string{"m11", "m12"},
		Tokens:      Tokens{Sources: 9050, Summary: 4410, Ratio: 0.4873, Target: 4000, OverTarget: 410},
		Findings: []Finding{
			{Family: Omission, Severity: SevError, Class: classify.ExactConstraint,
				Source: tSide("Never run REINDEX without CONCURRENTLY on events.", "m2", "user"),
				Detail: "prohibition gone from the summary", Invariant: "inv-1"},
			{Family: Omission, Severity: SevError, Class: classify.FailureHistory,
				Source: tSide("REINDEX CONCURRENTLY on staging failed: lock_timeout '5s' exceeded.", "m11", "tool"),
				Detail: "failure record dropped"},
		},
		Survival: []Survival{
			{Class: classify.ExactConstraint, Kept: 3, Total: 4},
			{Class: classify.FailureHistory, Kept: 0, Total: 1},
			{Class: classify.Identifier, Kept: 5, Total: 5},
			{Class: classify.Narrative, Kept: 1, Total: 4},
		},
		CumulativeSurvival: []Survival{
			{Class: classify.ExactConstraint, Kept: 2, Total: 4},
			{Class: classify.Identifier, Kept: 5, Total: 6},
			{Class: classify.Narrative, Kept: 1, Total: 11},
		},
	}
	r4 := Round{
		Round: 4, ID: "c4", Parent: "c3", Opaque: true, Depth: 4,
		Sources:     []string{"c3", "m13", "m14"},
		NewMessages: []string{"m13", "m14"},
		Tokens:      Tokens{Sources: 7700, Summary: 1200, Ratio: 0.1558},
		Findings:    []Finding{},
	}
	// Exact tokens, modality and qualifiers, for the changed-part highlights.
	tok := func(kind, raw, norm string) classify.Token { return classify.Token{Kind: kind, Raw: raw, Norm: norm} }
	r1.Findings[1].Source.Tokens = []classify.Token{tok(classify.TokPort, "5432", "5432")}
	r1.Findings[1].Summary.Tokens = []classify.Token{tok(classify.TokPort, "6432", "6432")}
	r2.Findings[0].Summary.Tokens = []classify.Token{tok(classify.TokNumber, "3h41m", "3h41m"), tok(classify.TokNumber, "48211", "48211")}
	r2.Findings[2].Source.Modality = classify.Modality{Level: classify.ModMustNot, Negative: true, Cue: "Never"}
	r2.Findings[2].Source.Qualifiers = []string{"only on weekends"}
	r2.Findings[2].Summary.Modality = classify.Modality{Level: classify.ModAvoid, Negative: true, Cue: "Avoid"}
	r3.Findings[1].Source.Tokens = []classify.Token{tok(classify.TokNumber, "5s", "5s")} // an omission: never marked
	r.Rounds = []Round{r1, r2, r3, r4}
	for i := range r.Rounds {
		rd := &r.Rounds[i]
		rd.Counts = Counts{ByFamily: map[string]int{}, BySeverity: map[string]int{}}
		for _, f := range rd.Findings {
			rd.Counts.ByFamily[f.Family]++
			rd.Counts.BySeverity[f.Severity]++
		}
	}
	r.Invariants = []Invariant{
		{ID: "inv-1", Text: "Never run REINDEX without CONCURRENTLY on events.", Kind: "prohibition", Origin: "extracted", Message: "m2",
			DroppedInRound: tIntp(3), Flagged: true,
			States: []InvariantState{{Round: 1, State: StateVerbatim, Summary: "Never run REINDEX without CONCURRENTLY on events.", Score: 1},
				{Round: 2, State: StateVerbatim, Summary: "Never run REINDEX without CONCURRENTLY on events.", Score: 1},
				{Round: 3, State: StateDropped, Detail: "no summary fact carries it"},
				{Round: 4, State: StateOpaque}}},
		{ID: "inv-2", Text: "Never REINDEX during business hours, only on weekends.", Kind: "prohibition", Origin: "extracted", Message: "m9",
			States: []InvariantState{{Round: 1, State: StatePending},
				{Round: 2, State: StateParaphrased, Summary: "Avoid REINDEX during business hours.", Score: 0.77, Detail: "never → avoid; 'only on weekends' dropped"},
				{Round: 3, State: StateParaphrased, Summary: "Avoid REINDEX during business hours.", Score: 0.77},
				{Round: 4, State: StateOpaque}}},
		{ID: "inv-3", Text: "Staging is read-only until the release job frees the lock.", Kind: "precondition", Origin: "manifest",
			RetiredAt: "m10", Reason: "release job finished and freed the lock",
			States: []InvariantState{{Round: 1, State: StateVerbatim}, {Round: 2, State: StateVerbatim}, {Round: 3, State: StateRetired}, {Round: 4, State: StateOpaque}}},
		{ID: "inv-4", Text: "REINDEX CONCURRENTLY on staging failed: lock_timeout '5s' exceeded.", Kind: "failure_record", Origin: "extracted", Message: "m11",
			States: []InvariantState{{Round: 1, State: StatePending}, {Round: 2, State: StatePending}, {Round: 3, State: StateVerbatim}, {Round: 4, State: StateOpaque}}},
	}
	r.Checks = []Check{
		{Name: "density", Round: 3, Passed: true, Severity: SevWarning, Detail: "3 prohibitions for 3 active invariants"},
		{Name: "depth", Round: 3, Passed: false, Severity: SevWarning, Detail: "compaction depth 3 exceeds the cap of 2; rehydrate from the manifest"},
		{Name: "verbatim", Round: 3, Passed: false, Severity: SevError, Detail: "inv-1 is not present verbatim after compaction"},
		{Name: "count", Passed: true, Severity: SevError, Detail: "preserved invariant count never decreases without retirement"},
		{Name: "growth", Passed: false, Severity: SevWarning, Detail: "summary grew 3,120 → 3,900 → 4,410 tokens across rounds"},
	}
	r.Summary = Summary{Rounds: 4, Messages: 14, Findings: 8, Worst: SevError, Flagged: 1, FailedChecks: 3, OpaqueRounds: 1,
		ByFamily: map[string]int{Omission: 3, Mutation: 2, Addition: 1, EpistemicCollapse: 1, ProvenanceLoss: 1}, BySeverity: map[string]int{SevError: 5, SevWarning: 2, SevInfo: 1}}
	return r
}

// tHostile is transcript text an attacker or a messy terminal could produce.
const tHostile = "\x1b[31mred\x1b[0m | `rm -rf /` <script>alert(1)</script>\x07 **bold** [x](javascript:alert(1)) \x1b]8;;http://evil.example\x1b\\link\x1b]8;;\x1b\\\n# heading\n> quote\r\n1. list @octocat $x$ & &amp; \u202eevil\x00\x7f\x9b31m"

func tHostileReport() *Report {
	r := tSampleReport()
	r.Session = tHostile
	r.File = tHostile
	r.Warnings = append(r.Warnings, tHostile)
	for i := range r.Rounds {
		rd := &r.Rounds[i]
		rd.ID = tHostile
		rd.Model = tHostile
		for j := range rd.Findings {
			f := &rd.Findings[j]
			f.Detail = tHostile
			f.Class = classify.Class(tHostile)
			if f.Source != nil {
				f.Source.Text, f.Source.Message = tHostile, tHostile
			}
			if f.Summary != nil {
				f.Summary.Text = tHostile + strings.Repeat(" long", 100) + tHostile
			}
		}
	}
	for i := range r.Invariants {
		r.Invariants[i].Text = tHostile
		r.Invariants[i].ID = tHostile
		for j := range r.Invariants[i].States {
			r.Invariants[i].States[j].Summary = tHostile
		}
	}
	r.Checks[0].Detail = tHostile
	r.Checks[0].Name = tHostile
	return r
}

func tRender(t *testing.T, format string, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, format, r); err != nil {
		t.Fatalf("Write(%s): %v", format, err)
	}
	return buf.Bytes()
}

func tGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *tUpdate {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./audit/ -run Golden -update)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := 0; i < len(gl) || i < len(wl); i++ {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("%s differs from the golden file at line %d:\n got: %q\nwant: %q\n(run go test ./audit/ -run Golden -update if the change is intended)", name, i+1, g, w)
			}
		}
		t.Fatalf("%s differs from the golden file", name)
	}
}

func TestGoldenMarkdown(t *testing.T) {
	tGolden(t, "report.golden.md", tRender(t, "md", tSampleReport()))
}
func TestGoldenHTML(t *testing.T) {
	tGolden(t, "report.golden.html", tRender(t, "html", tSampleReport()))
}
func TestGoldenJSON(t *testing.T) {
	tGolden(t, "report.golden.json", tRender(t, "json", tSampleReport()))
}
func TestGoldenHostileMarkdown(t *testing.T) {
	tGolden(t, "hostile.golden.md", tRender(t, "md", tHostileReport()))
}

func TestDeterministic(t *testing.T) {
	for _, format := range Formats {
		a := tRender(t, format, tSampleReport())
		for i := 0; i < 20; i++ {
			if b := tRender(t, format, tSampleReport()); !bytes.Equal(a, b) {
				t.Fatalf("%s output differs between two renderings of equal reports", format)
			}
		}
		h1, h2 := tRender(t, format, tHostileReport()), tRender(t, format, tHostileReport())
		if !bytes.Equal(h1, h2) {
			t.Fatalf("%s output of the hostile report is not deterministic", format)
		}
	}
}

// TestHostileEscaped checks that transcript text never reaches md or html raw.
func TestHostileEscaped(t *testing.T) {
	r := tHostileReport()
	for _, format := range []string{"md", "html"} {
		out := string(tRender(t, format, r))
		for _, bad := range []string{"\x1b", "\x07", "\x00", "\x7f", "\u009b", "\u202e", "\r"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s output contains %q", format, bad)
			}
		}
		if !strings.Contains(out, "␇") {
			t.Errorf("%s output lost the visible BEL marker", format)
		}
		if !strings.Contains(out, "U+202E") && !strings.Contains(out, "U&#43;202E") {
			t.Errorf("%s output lost the visible bidi marker", format)
		}
	}

	md := string(tRender(t, "md", r))
	if regexp.MustCompile(`(^|[^\\])<(script|/script)`).MatchString(md) {
		t.Errorf("md output has an unescaped <script>")
	}
	if regexp.MustCompile(`(^|[^\\])\]\(javascript`).MatchString(md) {
		t.Errorf("md output has a javascript link")
	}
	if strings.Contains(md, "@octocat") {
		t.Errorf("md output would @mention someone")
	}
	// Every table row keeps its column count: transcript pipes are escaped.
	unescapedPipe := regexp.MustCompile(`(^|[^\\])\|`)
	var cols int
	for i, line := range strings.Split(md, "\n") {
		if !strings.HasPrefix(line, "|") {
			cols = 0
			continue
		}
		n := len(unescapedPipe.FindAllString(strings.ReplaceAll(line, "||", "| |"), -1))
		if cols == 0 {
			cols = n
		} else if n != cols {
			t.Errorf("md line %d has %d cell separators, its table header has %d: %q", i+1, n, cols, line)
		}
	}
	// No line starts with transcript-controlled block syntax.
	for i, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(line, "# heading") || strings.HasPrefix(line, "> quote") || strings.HasPrefix(line, "1. list") {
			t.Errorf("md line %d starts with transcript block syntax: %q", i+1, line)
		}
	}
	for _, want := range []string{`\<script\>`, "\\`rm -rf /\\`", `\*\*bold\*\*`, `\|`} {
		if !strings.Contains(md, want) {
			t.Errorf("md output lacks the escaped form %q", want)
		}
	}

	h := string(tRender(t, "html", r))
	if !strings.Contains(h, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("html output lacks the escaped <script>")
	}
	if strings.Contains(h, "<script") || strings.Contains(h, "</script") || strings.Contains(h, "href=\"javascript") {
		t.Errorf("html output links to javascript")
	}
}

// TestHTMLSelfContained checks the HTML report makes no external requests and needs no script.
func TestHTMLSelfContained(t *testing.T) {
	h := string(tRender(t, "html", tSampleReport()))
	for _, bad := range []string{"<script", "<link", "<img", "<iframe", "@import", "url(", "src=", "http://", "https://", "//fonts", "@font-face"} {
		if strings.Contains(h, bad) {
			t.Errorf("html report contains %q", bad)
		}
	}
	if !strings.Contains(h, "Content-Security-Policy") || !strings.Contains(h, "@media print") {
		t.Errorf("html report lacks its CSP or its print styles")
	}
	for _, s := range FamilyStyles {
		if !strings.Contains(h, ".fam-"+s.Family+"{") || (!strings.Contains(h, s.Glyph) && !strings.Contains(h, template.HTMLEscapeString(s.Glyph)) && !strings.Contains(h, "&#43;")) {
			t.Errorf("html report lacks the style or glyph of %s", s.Family)
		}
	}
	for _, want := range []string{"Opaque: encrypted summary, not auditable as text", "depth 3 &gt; 2", "st-flagged", "st-retired", "st-paraphrased", "✗ FAIL", "sv-0", "sv-10"} {
		if !strings.Contains(h, want) {
			t.Errorf("html report lacks %q", want)
		}
	}
}

// TestHTMLOpensWithWhatWasLost: the flagged invariants and the error findings, both
// sides, come before the rounds' detail; warnings and info are not repeated there.
func TestHTMLOpensWithWhatWasLost(t *testing.T) {
	h := string(tRender(t, "html", tSampleReport()))
	lost, overview := strings.Index(h, `<section class="lost" id="lost">`), strings.Index(h, `<h2 id="overview">`)
	if lost < 0 || overview < lost {
		t.Fatalf("no 'What was lost' section before the overview (%d, %d)", lost, overview)
	}
	top := h[lost : lost+strings.Index(h[lost:], "</section>")]
	for _, want := range []string{"1 invariant(s) dropped without a retirement event", "inv-1", "Never run REINDEX without CONCURRENTLY on events.", "lost in round 3",
		"port <mark>5432</mark>", "port <mark>6432</mark>", "Terminated the"} {
		if !strings.Contains(top, want) {
			t.Errorf("'What was lost' lacks %q", want)
		}
	}
	if strings.Contains(top, "sev warning") || strings.Contains(top, "sev info") {
		t.Error("'What was lost' repeats a warning or info finding")
	}
	if strings.Count(top, `<article class="finding`) != 5 {
		t.Errorf("%d findings in 'What was lost', want the 5 errors", strings.Count(top, `<article class="finding`))
	}
	// the opaque round's encrypted summary is not counted as tokens
	if !strings.Contains(h, "summary not counted (opaque)") {
		t.Error("the opaque round's summary tokens are counted")
	}
}

func TestMarkdownContent(t *testing.T) {
	md := string(tRender(t, "md", tSampleReport()))
	first := strings.SplitN(md, "\n", 4)[2]
	for _, want := range []string{"4 rounds (1 opaque)", "8 findings", "3 omission", "2 mutation", "1 addition", "1 epistemic collapse", "1 provenance loss", "1 invariant dropped without retirement", "3 of 5 checks failed", "worst: ⛔ **error**"} {
		if !strings.Contains(first, want) {
			t.Errorf("summary line lacks %q: %s", want, first)
		}
	}
	for _, want := range []string{
		"opaque: encrypted summary, not auditable as text",
		"**depth** 3 ▲ **over 2**",
		"**compaudit counted** sources 48,210 → summary 3,120 tokens (ratio 0.06)",
		"**agent recorded** context 151,000 → 9,800",
		"**compaudit counted** sources 7,700 → summary not counted (opaque)",
		"🚩 **✗ DROPPED**",
		"○ retired",
		"◐ paraphrased",
		"| exact constraint | **3/4** ◆",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("md lacks %q", want)
		}
	}
	if strings.Contains(md, "**5s**") {
		t.Errorf("an omission's lost fact is marked")
	}
	if !strings.Contains(md, "port **5432**") || !strings.Contains(md, "port **6432**") || !strings.Contains(md, "**only on weekends**") {
		t.Errorf("changed values are not marked")
	}
	// Findings are ordered worst first within a round.
	r1 := md[strings.Index(md, "### Round 1"):strings.Index(md, "### Round 2")]
	e, w, i := strings.Index(r1, "⛔"), strings.Index(r1, "⚠️ warning"), strings.Index(r1, "ℹ️ info")
	if !(e >= 0 && e < w && w < i) {
		t.Errorf("round 1 findings are not ordered worst first (error %d, warning %d, info %d)", e, w, i)
	}
	// ⚠️ means a warning and nothing else (depth and survival have their own marks)
	if n, w := strings.Count(md, "⚠️"), strings.Count(md, "⚠️ warning"); n != w {
		t.Errorf("⚠️ is used %d times, %d of them for warnings", n, w)
	}
	// The opaque round shows no findings table.
	r4 := md[strings.Index(md, "### Round 4"):strings.Index(md, "### Invariant timeline")]
	if strings.Contains(r4, "| # | severity") {
		t.Errorf("opaque round has a findings table")
	}
}

// TestJSONContract checks the report/v1 field names DESIGN.md makes public.
func TestJSONContract(t *testing.T) {
	var doc map[string]any
	if err := json.Unmarshal(tRender(t, "json", tSampleReport()), &doc); err != nil {
		t.Fatal(err)
	}
	rounds := doc["rounds"].([]any)
	rd := rounds[1].(map[string]any)
	for _, k := range []string{"round", "opaque", "findings", "survival", "tokens"} {
		if _, ok := rd[k]; !ok {
			t.Errorf("rounds[] lacks %q", k)
		}
	}
	f := rd["findings"].([]any)[1].(map[string]any)
	for _, k := range []string{"family", "severity", "class", "source", "summary", "detail"} {
		if _, ok := f[k]; !ok {
			t.Errorf("findings[] lacks %q", k)
		}
	}
	if _, ok := f["source"].(map[string]any)["text"]; !ok {
		t.Errorf("finding source lacks text")
	}
	if _, ok := f["source"].(map[string]any)["message"]; !ok {
		t.Errorf("finding source lacks message")
	}
	inv := doc["invariants"].([]any)
	for i, x := range inv {
		m := x.(map[string]any)
		for _, k := range []string{"id", "text", "dropped_in_round", "flagged", "states"} {
			if _, ok := m[k]; !ok {
				t.Errorf("invariants[%d] lacks %q", i, k)
			}
		}
	}
	if inv[1].(map[string]any)["dropped_in_round"] != nil {
		t.Errorf("dropped_in_round should be null when never dropped")
	}
	if _, ok := doc["checks"]; !ok {
		t.Errorf("report lacks checks")
	}
}
