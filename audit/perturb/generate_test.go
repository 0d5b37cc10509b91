package perturb

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func loadCorpus(t *testing.T) []Text {
	t.Helper()
	corpus, err := LoadCorpus("testdata/corpus")
	if err != nil {
		t.Fatal(err)
	}
	return corpus
}

func TestListsLoad(t *testing.T) {
	if listErr != nil {
		t.Fatal(listErr)
	}
	for _, f := range ruleFiles {
		if len(lists.rules[f]) == 0 {
			t.Errorf("lists/%s.txt has no rules", f)
		}
	}
	for lemma, forms := range lists.verbs.forms {
		for _, slot := range verbSlots {
			if forms[slot] == "" {
				t.Errorf("verb %q has no %s form", lemma, slot)
			}
		}
	}
	if got := lists.verbs.form("commit", "Ved"); got != "committed" {
		t.Errorf("commit past = %q", got)
	}
	if got := regular("try"); !reflect.DeepEqual(got, []string{"try", "tries", "tried", "tried", "trying"}) {
		t.Errorf("regular(try) = %v", got)
	}
}

func TestParseRulesRejectsBadLines(t *testing.T) {
	for _, bad := range []string{"no arrow here", "a => {V}", "x => y [bogus=1]"} {
		if _, err := parseRules("t.txt", bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
}

// TestEveryCaseIsOneCleanChange checks the generator's contract on every kind: the
// summary is the source with exactly the recorded change, never on a fence, heading or
// boilerplate line (headings only for heading-reword), never inside inline code unless
// the kind allows it, and (planted kinds) with an anchor that occurs once on its side.
func TestEveryCaseIsOneCleanChange(t *testing.T) {
	corpus := loadCorpus(t)
	for _, k := range Kinds() {
		cases, err := Generate(corpus, k.Name, 30, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cases {
			ch := c.Change
			if c.Source[:ch.Start]+ch.New+c.Source[ch.End:] != c.Summary || c.Summary == c.Source || c.Source[ch.Start:ch.End] != ch.Old {
				t.Errorf("%s: summary is not the source with the recorded change", c.ID)
			}
			d := parse(c.Corpus, c.Source)
			l := d.lines[d.lineAt(ch.Start)]
			if l.fence || l.boiler || l.head && k.Name != "heading-reword" {
				t.Errorf("%s: change on a fence, boilerplate or heading line: %q", c.ID, d.text[l.start:l.end])
			}
			if !k.allowCode && d.inCode(ch.Start, ch.End) {
				t.Errorf("%s: change inside inline code", c.ID)
			}
			if k.Trap {
				continue
			}
			if ch.SummaryAnchor == "" && ch.SourceAnchor == "" {
				t.Errorf("%s: no anchor", c.ID)
			}
			if a := ch.SummaryAnchor; a != "" && strings.Count(Norm(c.Summary), Norm(a)) != 1 {
				t.Errorf("%s: summary anchor %q is not unique in the summary", c.ID, a)
			}
			if a := ch.SourceAnchor; a != "" && strings.Count(Norm(c.Source), Norm(a)) != 1 {
				t.Errorf("%s: source anchor %q is not unique in the source", c.ID, a)
			}
			if !ch.AtSite("", c.Summary[max(0, ch.Start-200):min(len(c.Summary), ch.Start+len(ch.New)+200)]) && ch.SummaryAnchor != "" {
				t.Errorf("%s: the summary around the change does not match its own anchor", c.ID)
			}
		}
	}
}

func TestGenerateIsDeterministic(t *testing.T) {
	corpus := loadCorpus(t)
	a, _ := Generate(corpus, "number-swap", 20, 7)
	b, _ := Generate(corpus, "number-swap", 20, 7)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("same seed, different cases")
	}
	c, _ := Generate(corpus, "number-swap", 20, 8)
	if reflect.DeepEqual(a, c) {
		t.Fatal("another seed gave the same sample")
	}
	if len(a) != 20 {
		t.Fatalf("got %d cases, want 20", len(a))
	}
	texts := map[string]bool{}
	for _, x := range a {
		texts[x.Corpus] = true
	}
	if len(texts) < 15 {
		t.Errorf("20 cases from only %d texts: want them spread over the corpus", len(texts))
	}
	if _, err := Generate(corpus, "no-such-kind", 1, 1); err == nil {
		t.Error("unknown kind: want an error")
	}
}

func TestMatching(t *testing.T) {
	ch := Change{Families: []string{Mutation}, SourceAnchor: "at most 2 pods", SummaryAnchor: "at least 2 pods"}
	if !ch.AtSite("", "scaleDown removes **at least 2 pods** per 60s") {
		t.Error("summary side with markdown emphasis should match")
	}
	if !ch.AtSite("removes at most  2 pods", "") {
		t.Error("source side with extra blanks should match")
	}
	if ch.AtSite("removes 2 pods", "at least 3 pods") {
		t.Error("unrelated texts should not match")
	}
	if !ch.Accepts(Mutation) || ch.Accepts(Addition) {
		t.Error("Accepts follows Families")
	}
}

// finderCase is one table row: a text, a kind, and a change that must or must not come.
type finderCase struct {
	kind, text string
	want       string // a summary that must be among the kind's cases ("" = none at all)
	not        string // a summary that must not be among them
	some       bool   // at least one case, whatever it is
}

func TestFinders(t *testing.T) {
	rows := []finderCase{
		{kind: "number-swap", text: "- Retries 8 times before giving up.\n", some: true, not: "- Retries 8 times before giving up.\n"},
		{kind: "number-swap", text: "- Bumped to v1.22.5 on 2026-05-01 for #1234 (ENT-109).\n"},
		{kind: "number-swap", text: "```\nretries = 8\n```\n"},
		{kind: "unit-swap", text: "- The cache TTL stays at 250ms for reads.\n", want: "- The cache TTL stays at 250s for reads.\n"},
		{kind: "unit-swap", text: "- The build took 1 min 35 s on CI.\n", not: "- The build took 1 min 35 min on CI.\n"},
		{kind: "qualifier-drop", text: "- Never restart the worker pods until ticket OPS-1 is closed.\n", want: "- Never restart the worker pods.\n"},
		{kind: "qualifier-drop", text: "- Until the flag flips, nothing ships.\n"},
		{kind: "negation-drop", text: "- The proxy does not retry idle connections.\n", want: "- The proxy retries idle connections.\n"},
		{kind: "negation-drop", text: "- Why does it not retry idle connections?\n"},
		{kind: "modality-weaken", text: "- The release must keep the old URLs working.\n", want: "- The release should keep the old URLs working.\n"},
		{kind: "status-flip", text: "- The migration is not yet deployed to staging.\n", want: "- The migration is deployed to staging.\n"},
		{kind: "status-flip", text: "- Skip the step when the build fails.\n"},
		{kind: "hedge-remove", text: "- The proxy probably drops idle connections.\n", want: "- The proxy drops idle connections.\n"},
		{kind: "id-swap", text: "- Applied migration 00042 from `SEC-0412`.\n", want: "- Applied migration 42 from `SEC-0412`.\n"},
		{kind: "version-precision", text: "- Pinned to v1.19.1 in go.mod.\n", want: "- Pinned to v1.19 in go.mod.\n"},
		{kind: "time-zone-swap", text: "- The window opens at 01:00 UTC on Sunday.\n", some: true},
		{kind: "time-zone-swap", text: "- UTC is the zone of every server.\n"},
		{kind: "contraction", text: "- We do not vendor the module.\n", want: "- We don't vendor the module.\n"},
		{kind: "unit-convert", text: "- The debounce stays at 250 ms for typing.\n", want: "- The debounce stays at 0.25 s for typing.\n"},
		{kind: "unit-convert", text: "- The worker heap is capped at 2 GiB today.\n", want: "- The worker heap is capped at 2048 MiB today.\n"},
		{kind: "date-format", text: "- Removal date 2026-09-30 for the field.\n", some: true, not: "- Removal date 2026-09-30 for the field.\n"},
		{kind: "number-format", text: "- Loaded 48,120 records from the batch.\n", want: "- Loaded 48120 records from the batch.\n"},
		{kind: "number-format", text: "- Connect on port 6432 directly.\n"},
		{kind: "bullet-reorder", text: "## Exact values\n- Textures 131 MB on disk.\n- Audio 39 MB on disk.\n", want: "## Exact values\n- Audio 39 MB on disk.\n- Textures 131 MB on disk.\n"},
		{kind: "bullet-reorder", text: "## Exact values\n- Built the image.\n- Then pushed it to ECR.\n"},
	}
	for _, r := range rows {
		k, _ := KindByName(r.kind)
		cases := k.cases(parse("t", r.text))
		var got []string
		for _, c := range cases {
			got = append(got, c.Summary)
		}
		switch {
		case r.some && len(cases) == 0:
			t.Errorf("%s on %q: want a site, got none", r.kind, r.text)
		case !r.some && r.want == "" && r.not == "" && len(cases) > 0:
			t.Errorf("%s on %q: want no site, got %q", r.kind, r.text, got)
		case r.want != "" && !contains(got, r.want):
			t.Errorf("%s on %q: want %q among %q", r.kind, r.text, r.want, got)
		case r.not != "" && contains(got, r.not):
			t.Errorf("%s on %q: must not produce %q", r.kind, r.text, r.not)
		}
	}
}

// TestDump prints the cases of one kind for a human to read (PERTURB_DUMP=counts
// prints how many sites each kind has in the corpus, =all every kind; PERTURB_SEED and
// PERTURB_N as for the suite):
//
//	PERTURB_DUMP=hedge-remove go test ./audit/perturb -run TestDump -v
func TestDump(t *testing.T) {
	kind := os.Getenv("PERTURB_DUMP")
	if kind == "" {
		t.Skip("set PERTURB_DUMP=<kind> to print its cases")
	}
	corpus := loadCorpus(t)
	if kind == "counts" {
		for _, k := range Kinds() {
			total, texts := 0, 0
			for _, tx := range corpus {
				n := len(k.cases(parse(tx.Name, tx.Body)))
				total += n
				if n > 0 {
					texts++
				}
			}
			fmt.Printf("%-18s %5d sites in %2d texts\n", k.Name, total, texts)
		}
		return
	}
	seed, n := uint64(1), 30
	if v, err := strconv.Atoi(os.Getenv("PERTURB_SEED")); err == nil {
		seed = uint64(v)
	}
	if v, err := strconv.Atoi(os.Getenv("PERTURB_N")); err == nil {
		n = v
	}
	var cases []Case
	for _, k := range Kinds() {
		if kind == "all" || kind == k.Name {
			cs, err := Generate(corpus, k.Name, n, seed)
			if err != nil {
				t.Fatal(err)
			}
			cases = append(cases, cs...)
		}
	}
	for _, c := range cases {
		fmt.Printf("== %s %s [%s] source anchor %q, summary anchor %q\n%s", c.ID, c.Corpus, c.Change.Variant, c.Change.SourceAnchor, c.Change.SummaryAnchor, c.Diff())
	}
}

// TestGlued: a rewrite site that runs on into a name through a joiner is part of the
// name; one between spaces or before a full stop is not.
func TestGlued(t *testing.T) {
	cases := []struct {
		text, site string
		want       bool
	}{
		{"check the entire/sessions branch", "the entire", true},
		{"set max_retries to 3", "max", true},
		{"deleted the old-build folder", "old", true},
		{"the entire suite passes.", "the entire", false},
		{"it was removed. Then", "removed", false},
		{"(modified) files", "modified", false},
	}
	for _, c := range cases {
		a := strings.Index(c.text, c.site)
		if got := glued(c.text, a, a+len(c.site)); got != c.want {
			t.Errorf("glued(%q, %q) = %v, want %v", c.text, c.site, got, c.want)
		}
	}
}
