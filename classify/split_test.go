package classify

import (
	"reflect"
	"strings"
	"testing"
)

// spanTexts returns the texts of the spans Split finds.
func spanTexts(spans []Span) []string {
	out := make([]string, len(spans))
	for i, s := range spans {
		out[i] = s.Text
	}
	return out
}

// TestSplitSentences: a full stop ends a sentence only when it really does; abbreviations,
// decimals, versions, file names and URLs never split, and a version at the end of a
// sentence keeps its digits.
func TestSplitSentences(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []string
	}{
		{"e.g.", "Use a managed queue, e.g. SQS or Pub/Sub. Then measure the lag.",
			[]string{"Use a managed queue, e.g. SQS or Pub/Sub.", "Then measure the lag."}},
		{"i.e.", "Pin the client, i.e. The one in go.mod. Then rebuild.",
			[]string{"Pin the client, i.e. The one in go.mod.", "Then rebuild."}},
		{"vs.", "We compared Redis vs. Memcached. Redis won.",
			[]string{"We compared Redis vs. Memcached.", "Redis won."}},
		{"approx. before a number", "It takes approx. 40 minutes. Then it finishes.",
			[]string{"It takes approx. 40 minutes.", "Then it finishes."}},
		{"etc. ends a sentence before a capital", "Clean the caches, logs etc. Then restart.",
			[]string{"Clean the caches, logs etc.", "Then restart."}},
		{"etc. mid-sentence", "Clean the caches, logs etc. and restart.",
			[]string{"Clean the caches, logs etc. and restart."}},
		{"version at sentence end", "Use PostgreSQL v18.2. Then run the migration.",
			[]string{"Use PostgreSQL v18.2.", "Then run the migration."}},
		{"three-part version at sentence end", "Upgrade to node 20.11.1. The old one is 18.",
			[]string{"Upgrade to node 20.11.1.", "The old one is 18."}},
		{"decimal at sentence end", "The ratio was 0.921. It dropped later.",
			[]string{"The ratio was 0.921.", "It dropped later."}},
		{"grouped decimal", "Total was 482,931.47. That is final.",
			[]string{"Total was 482,931.47.", "That is final."}},
		{"URL with dots", "See https://example.com/docs/v1.2/index.html. It explains the flags.",
			[]string{"See https://example.com/docs/v1.2/index.html.", "It explains the flags."}},
		{"file names", "Edit config.yaml and main.go. Then restart.",
			[]string{"Edit config.yaml and main.go.", "Then restart."}},
		{"a bold question, then its reason", "**Shall I move the parsers into `ingest`?** That keeps the feed code in one place.",
			[]string{"**Shall I move the parsers into `ingest`?**", "That keeps the feed code in one place."}},
		{"an emphasised sentence", "_Never purge the zone._ Use prefixes.",
			[]string{"_Never purge the zone._", "Use prefixes."}},
		{"relative path", "Run ./scripts/build.sh. After that, deploy.",
			[]string{"Run ./scripts/build.sh.", "After that, deploy."}},
		{"README.md", "The file is named README.md. Then open it.",
			[]string{"The file is named README.md.", "Then open it."}},
		{"a.m. inside a sentence", "Deploys start at 9 a.m. on weekdays. Then stop.",
			[]string{"Deploys start at 9 a.m. on weekdays.", "Then stop."}},
		{"dotted product name", "We use Node.js. Then we build.",
			[]string{"We use Node.js.", "Then we build."}},
		{"ellipsis", "Wait... Then it worked.",
			[]string{"Wait...", "Then it worked."}},
		{"U.S. mid-sentence", "The U.S. region is slow. EU is fine.",
			[]string{"The U.S. region is slow.", "EU is fine."}},
		{"ca. before a percentage", "Costs rose ca. 20%. Then fell.",
			[]string{"Costs rose ca. 20%.", "Then fell."}},
		{"fig. before a number", "See fig. 3 for details. Next steps follow.",
			[]string{"See fig. 3 for details.", "Next steps follow."}},
		{"max. before a number", "Set max. 5 retries. Then stop.",
			[]string{"Set max. 5 retries.", "Then stop."}},
		{"wildcard version", "Bump to 2.x. Then test.",
			[]string{"Bump to 2.x.", "Then test."}},
		{"host name at sentence end", "The endpoint is api.example.com. It is slow.",
			[]string{"The endpoint is api.example.com.", "It is slow."}},
		{"version in parentheses", "Ship it (v2.0.1). Then tag.",
			[]string{"Ship it (v2.0.1).", "Then tag."}},
		{"inline code", "Run `make test`. Then ship.",
			[]string{"Run `make test`.", "Then ship."}},
		{"titles and initials", "Dr. Smith signed off. J. R. R. Tolkien wrote it.",
			[]string{"Dr. Smith signed off.", "J. R. R. Tolkien wrote it."}},
		{"question and exclamation", "Is it done? Yes. Ship it!",
			[]string{"Is it done?", "Yes.", "Ship it!"}},
		{"full stop inside parentheses", "Note (see sec. 4.2. Table 3). Then more.",
			[]string{"Note (see sec. 4.2. Table 3).", "Then more."}},
		{"closing quote after the stop", `He said "stop." Then left.`,
			[]string{`He said "stop."`, "Then left."}},
		{"lower-case after a stop does not split", "Set it to 3. then retry.",
			[]string{"Set it to 3. then retry."}},
		{"a casual full stop before a lower-case word", "ok. run the migration again tonight",
			[]string{"ok.", "run the migration again tonight"}},
		{"a question before a lower-case word", "is the bucket public? we need it private.",
			[]string{"is the bucket public?", "we need it private."}},
		{"an exclamation before a lower-case word", "that worked! now tag the release",
			[]string{"that worked!", "now tag the release"}},
		{"a quoted question inside its sentence", `she asked "why?" and left the call`,
			[]string{`she asked "why?" and left the call`}},
		{"etc. before a lower-case word", "tests, lints etc. and the docs build",
			[]string{"tests, lints etc. and the docs build"}},
		{"a quoted option letter", `"B. is fine, ship it" was the reply`,
			[]string{`"B. is fine, ship it" was the reply`}},
		{"a reply before a capital", "No. Fix the markup first.",
			[]string{"No.", "Fix the markup first."}},
		{"No. before a number", "See No. 5 in the list. Then ship.",
			[]string{"See No. 5 in the list.", "Then ship."}},
		{"a reply before a lower-case word", "no. keep the old schema",
			[]string{"no.", "keep the old schema"}},
		{"e.g. before a lower-case word", "use a cache, e.g. the redis one",
			[]string{"use a cache, e.g. the redis one"}},
		{"an ellipsis before a lower-case word", "hmm... maybe later",
			[]string{"hmm... maybe later"}},
		{"semicolons keep the clause", "Never push to main; use a branch until the freeze ends.",
			[]string{"Never push to main; use a branch until the freeze ends."}},
		{"hard-wrapped line joins its sentence", "A sentence that wraps\nonto the next line. And another.",
			[]string{"A sentence that wraps\nonto the next line.", "And another."}},
		{"line ending a sentence ends the paragraph", "First statement.\nSecond statement without stop\nstill second.",
			[]string{"First statement.", "Second statement without stop\nstill second."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := spanTexts(Split(c.in, false))
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Split(%q)\n got %q\nwant %q", c.in, got, c.want)
			}
		})
	}
}

// TestSplitOffsets: every span's offsets point at its text in the input.
func TestSplitOffsets(t *testing.T) {
	in := "## Plan\n- Use PostgreSQL v18.2. Then migrate.\n  Keep the old one.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```sh\nmake\n```\nDone. Next: ship it."
	for _, lines := range []bool{false, true} {
		for _, s := range Split(in, lines) {
			if s.Start < 0 || s.End > len(in) || in[s.Start:s.End] != s.Text {
				t.Errorf("lines=%v: span %q has offsets [%d,%d) = %q", lines, s.Text, s.Start, s.End, in[max(0, s.Start):min(len(in), s.End)])
			}
		}
	}
}

type wantSpan struct {
	text string
	ctx  string
	code bool
	lang string
}

func checkSpans(t *testing.T, in string, lines bool, want []wantSpan) {
	t.Helper()
	got := Split(in, lines)
	if len(got) != len(want) {
		t.Fatalf("Split(%q, %v): %d spans %q, want %d", in, lines, len(got), spanTexts(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Text != w.text || g.Context != w.ctx || g.Code != w.code || g.Lang != w.lang {
			t.Errorf("span %d = {%q ctx=%q code=%v lang=%q}, want {%q ctx=%q code=%v lang=%q}",
				i, g.Text, g.Context, g.Code, g.Lang, w.text, w.ctx, w.code, w.lang)
		}
	}
}

// TestSplitMarkdown: bullets, numbered items, headings, labels, tables, fences, XML-ish
// digest tags and key: value lines.
func TestSplitMarkdown(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []wantSpan
	}{
		{"bullet with continuation line", "- first bullet\n  continues here.\n- second bullet",
			[]wantSpan{{text: "first bullet\n  continues here."}, {text: "second bullet"}}},
		{"bullet whose continuation line starts a new sentence", "- Use PostgreSQL v18.2.\n  Then run the migration.\n- Next bullet",
			[]wantSpan{{text: "Use PostgreSQL v18.2."}, {text: "Then run the migration."}, {text: "Next bullet"}}},
		{"numbered item with a continuation line", "1. Keep replicas at 3\n   until the load test finishes.\n2. Then scale.",
			[]wantSpan{{text: "Keep replicas at 3\n   until the load test finishes."}, {text: "Then scale."}}},
		{"bullet with two sentences", "* Use PostgreSQL v18.2. Then run the migration.",
			[]wantSpan{{text: "Use PostgreSQL v18.2."}, {text: "Then run the migration."}}},
		{"unindented line after a bullet is not a continuation", "- keep it at 3 replicas\nThe load test is next.",
			[]wantSpan{{text: "keep it at 3 replicas"}, {text: "The load test is next."}}},
		{"a prose line's closing clause introduces the list under it", "1. Primary Request:\n   The team wants the export rebuilt. Hard constraints:\n   - keep the CSV header\n   - UTC timestamps\n\nNext we profiled it.\n- a later bullet",
			[]wantSpan{{text: "The team wants the export rebuilt.", ctx: "Primary Request"}, {text: "Hard constraints:", ctx: "Primary Request"}, {text: "keep the CSV header", ctx: "Hard constraints"}, {text: "UTC timestamps", ctx: "Hard constraints"}, {text: "Next we profiled it.", ctx: "Primary Request"}, {text: "a later bullet", ctx: "Primary Request"}}},
		// a lettered item keeps its label: a later "go with (b)" names the option by it
		{"other bullet marks and lettered items", "+ plus bullet\n• dot bullet\na) lettered\nb. lettered two\n(c) in brackets\nD. capital",
			[]wantSpan{{text: "plus bullet"}, {text: "dot bullet"}, {text: "a) lettered"}, {text: "b. lettered two"}, {text: "(c) in brackets"}, {text: "D. capital"}}},
		{"nested bullets are their own facts", "- parent\n  - child one\n  - child two",
			[]wantSpan{{text: "parent"}, {text: "child one"}, {text: "child two"}}},
		{"two-digit numbered items", "10. tenth item\n11. eleventh",
			[]wantSpan{{text: "tenth item"}, {text: "eleventh"}}},
		{"numbered items, both styles", "1. Install deps\n2. Run tests\n3) Deploy",
			[]wantSpan{{text: "Install deps"}, {text: "Run tests"}, {text: "Deploy"}}},
		{"nested headings: the nearest is the context", "# Project\n## Constraints\n- Never push to main.\n### Deploys\nOnly on weekdays.\n## Notes\nNothing else.",
			[]wantSpan{{text: "Never push to main.", ctx: "Constraints"}, {text: "Only on weekdays.", ctx: "Deploys"}, {text: "Nothing else.", ctx: "Notes"}}},
		{"heading with closing hashes", "## Pending Tasks ##\n- migrate the db",
			[]wantSpan{{text: "migrate the db", ctx: "Pending Tasks"}}},
		{"Label: line is context", "Constraints:\n- keep it at 3 replicas\n- never on Fridays",
			[]wantSpan{{text: "keep it at 3 replicas", ctx: "Constraints"}, {text: "never on Fridays", ctx: "Constraints"}}},
		{"bold label", "**Pending Tasks:**\n- migrate the db",
			[]wantSpan{{text: "migrate the db", ctx: "Pending Tasks"}}},
		{"numbered section label", "3. Files and Code Sections:\n- main.go was edited",
			[]wantSpan{{text: "main.go was edited", ctx: "Files and Code Sections"}}},
		{"numbered item ending with a colon heads its sub-bullets", "1. Install:\n   - go",
			[]wantSpan{{text: "go", ctx: "Install"}}},
		{"key: value lines are units", "Timeout: 30s\nOwner: platform team\nkey: value line here",
			[]wantSpan{{text: "Timeout: 30s"}, {text: "Owner: platform team"}, {text: "key: value line here"}}},
		{"key: value line after prose", "The rollout is paused\nStatus: blocked on legal",
			[]wantSpan{{text: "The rollout is paused"}, {text: "Status: blocked on legal"}}},
		{"a label whose sentence wraps stays whole", "Note: the build is slow\nbecause of the cache.",
			[]wantSpan{{text: "Note: the build is slow\nbecause of the cache."}}},
		{"table: header as context, separator skipped", "## Ports\n| Service | Port |\n|---------|:----:|\n| api     | 8080 |\n| db      | 5432 |",
			[]wantSpan{{text: "| api     | 8080 |", ctx: "Ports | Service | Port |"}, {text: "| db      | 5432 |", ctx: "Ports | Service | Port |"}}},
		{"table without heading", "| Service | Port |\n| --- | --- |\n| api | 8080 |",
			[]wantSpan{{text: "| api | 8080 |", ctx: "| Service | Port |"}}},
		{"a blank line ends the table", "| A | B |\n|---|---|\n| 1 | 2 |\n\n| C | D |\n|---|---|\n| 3 | 4 |",
			[]wantSpan{{text: "| 1 | 2 |", ctx: "| A | B |"}, {text: "| 3 | 4 |", ctx: "| C | D |"}}},
		{"fenced code is one fact with its language", "Before.\n```go\nfunc main() {\n\tfmt.Println(\"a. B\")\n}\n```\nAfter the code.",
			[]wantSpan{{text: "Before."}, {text: "```go\nfunc main() {\n\tfmt.Println(\"a. B\")\n}\n```", code: true, lang: "go"}, {text: "After the code."}}},
		{"tilde fence, no language, markdown inside", "~~~\n# not a heading\n- not a bullet\n~~~",
			[]wantSpan{{text: "~~~\n# not a heading\n- not a bullet\n~~~", code: true}}},
		{"unclosed fence runs to the end", "```yaml\nreplicas: 3\nimage: api:1.2",
			[]wantSpan{{text: "```yaml\nreplicas: 3\nimage: api:1.2", code: true, lang: "yaml"}}},
		{"fence keeps the heading context", "## Repro\n```console\n$ make\n```",
			[]wantSpan{{text: "```console\n$ make\n```", ctx: "Repro", code: true, lang: "console"}}},
		{"XML-ish digest tags", "<task>\nMigrate the DB.\n</task>\n<constraint>Never drop tables. Keep backups.</constraint>",
			[]wantSpan{{text: "Migrate the DB.", ctx: "task"}, {text: "Never drop tables.", ctx: "constraint"}, {text: "Keep backups.", ctx: "constraint"}}},
		{"digest tags nested in a wrapper", "<summary>\n<task>Migrate the DB.</task>\n<constraints>\n- Never drop tables.\n</constraints>\n</summary>",
			[]wantSpan{{text: "Migrate the DB.", ctx: "task"}, {text: "Never drop tables.", ctx: "constraints"}}},
		{"a closing tag ends its section", "<constraints>\n- Never drop tables.\n</constraints>\nThe rest is narrative.",
			[]wantSpan{{text: "Never drop tables.", ctx: "constraints"}, {text: "The rest is narrative."}}},
		{"horizontal rule is not a fact", "First part.\n---\nSecond part.",
			[]wantSpan{{text: "First part."}, {text: "Second part."}}},
		{"punctuation-only lines are dropped", "...\n***\nReal text.",
			[]wantSpan{{text: "Real text."}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkSpans(t, c.in, false, c.want) })
	}
}

// TestSplitToolOutput: tool output is one fact per line; fences stay whole; a table's
// header row is itself a fact there.
func TestSplitToolOutput(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []wantSpan
	}{
		{"test run", "$ go test ./...\nok  \tgithub.com/x/y\t0.412s\n--- FAIL: TestFoo (0.00s)\n\nFAIL\nexit status 1",
			[]wantSpan{{text: "$ go test ./..."}, {text: "ok  \tgithub.com/x/y\t0.412s"}, {text: "--- FAIL: TestFoo (0.00s)"}, {text: "FAIL"}, {text: "exit status 1"}}},
		{"sentences on one line stay one fact", "Error: v18.2 not found. Retrying. Giving up.",
			[]wantSpan{{text: "Error: v18.2 not found. Retrying. Giving up."}}},
		{"file dump with heading and table", "README.md (lines 1-9)\n# Title\nNever commit secrets. Use v1.2.\n| a | b |\n|---|---|\n| 1 | 2 |",
			[]wantSpan{{text: "README.md (lines 1-9)"}, {text: "# Title", ctx: "Title"}, {text: "Never commit secrets. Use v1.2.", ctx: "Title"}, {text: "| a | b |", ctx: "Title"}, {text: "| 1 | 2 |", ctx: "Title | a | b |"}}},
		{"a comment in a file dump is a fact, and context", "$ cat Makefile\n# do not remove the vendor step\nvendor:\n\tgo mod vendor",
			[]wantSpan{{text: "$ cat Makefile"}, {text: "# do not remove the vendor step", ctx: "do not remove the vendor step"}, {text: "vendor:", ctx: "do not remove the vendor step"}, {text: "go mod vendor", ctx: "do not remove the vendor step"}}},
		{"label lines are facts in tool output", "Status:\nrunning",
			[]wantSpan{{text: "Status:"}, {text: "running"}}},
		{"fence in tool output", "```\nmulti\nline\n```\nafter",
			[]wantSpan{{text: "```\nmulti\nline\n```", code: true}, {text: "after"}}},
		{"separator lines are noise", "NAME   READY\n-----  -----\napi    1/1",
			[]wantSpan{{text: "NAME   READY"}, {text: "api    1/1"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkSpans(t, c.in, true, c.want)
			for _, s := range Split(c.in, true) {
				if !s.Code && !s.Line {
					t.Errorf("tool span %q is not marked as a line", s.Text)
				}
			}
		})
	}
}

// TestExtractIndexAndRole: Extract numbers facts in order and keeps message, role and
// code flags.
func TestExtractIndexAndRole(t *testing.T) {
	text := "## Plan\n- Never push to main.\n```sh\nmake test\n```\nThen ship."
	fs := Extract("m7", "user", text)
	if len(fs) != 3 {
		t.Fatalf("got %d facts, want 3: %v", len(fs), fs)
	}
	for i, f := range fs {
		if f.Index != i || f.Message != "m7" || f.Role != "user" || text[f.Start:f.End] != f.Text {
			t.Errorf("fact %d = {index %d msg %q role %q span %q}", i, f.Index, f.Message, f.Role, f.Text)
		}
	}
	if !fs[1].Code || fs[1].Lang != "sh" || !reflect.DeepEqual(fs[1].Classes, []Class{EvidenceReference}) {
		t.Errorf("code fact = code %v lang %q classes %v, want one evidence fact in sh", fs[1].Code, fs[1].Lang, fs[1].Classes)
	}
	if fs[1].Modality.Level != ModNone || !strings.Contains(fs[1].Text, "make test") {
		t.Errorf("code fact must carry no modality and the whole block: %+v", fs[1])
	}
}

// A prose lead-in ("… Key constraints:") is the context of the list under it, and of
// nothing after the next heading: a numbered section heading ends it.
func TestLeadInEndsAtHeading(t *testing.T) {
	text := "1. Primary Request and Intent:\n   The user wants nightly exports to the archive. Key constraints:\n   - Keep the Frankfurt replica read-only\n   - Export parquet only\n\n" +
		"2. Errors and fixes:\n   - **Current error**: `export.go:41:9 undefined: shardFor`\n     - Need to check the build tags\n"
	ctx := map[string]string{}
	for _, f := range ExtractSource(Source{ID: "c1", Role: "summary", Text: text}) {
		ctx[f.Text] = f.Context
	}
	if got := ctx["Keep the Frankfurt replica read-only"]; got != "Key constraints" {
		t.Errorf("list item under the lead-in: context %q, want %q", got, "Key constraints")
	}
	if got := ctx["Need to check the build tags"]; got == "Key constraints" {
		t.Errorf("an item of the next section kept the lead-in's context %q", got)
	}
}
