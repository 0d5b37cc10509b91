package ruledoc

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// synthetic entries, so the views are tested apart from what the registry holds
func entries() []Entry {
	return []Entry{
		{ID: "omission/thing-dropped", Family: "omission", Stage: "lost", Doc: "A thing is gone | with a pipe, an_underscore and *stars*.", ExampleSeverity: "error",
			Examples: []Example{
				{Source: []string{"user: Never do X.", "tool: exit 1"}, Summary: "Did Y.", Fires: true, Outcome: &Outcome{Fired: true, Severity: "error", Detail: "the user's rule: gone"}},
				{Source: []string{"user: Never do X."}, Summary: "Never do X.", Fires: false, Outcome: &Outcome{}},
			}},
		{ID: "mutation/thing-changed", Family: "mutation", Stage: "pair", Doc: "A thing changed.",
			Examples: []Example{
				{Source: []string{"assistant: It is 5."}, Summary: "It is 6.", Fires: true, Outcome: &Outcome{}},
				{Source: []string{"assistant: It is 5."}, Summary: "It is 5.", Fires: false, Outcome: &Outcome{Fired: true, Severity: "info", Detail: "oops"}},
			}},
	}
}

func render(t *testing.T, f func(io.Writer, []Entry) error, es []Entry) string {
	t.Helper()
	var b bytes.Buffer
	if err := f(&b, es); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWriteList(t *testing.T) {
	out := render(t, WriteList, entries())
	lines := strings.Split(out, "\n")
	var ruleLines []string
	for _, l := range lines {
		if strings.HasPrefix(l, "  ") {
			ruleLines = append(ruleLines, l)
		}
	}
	if len(ruleLines) != 2 {
		t.Fatalf("want one line per rule, got %q", ruleLines)
	}
	if f := strings.Fields(ruleLines[0]); f[0] != "omission/thing-dropped" || f[1] != "error" {
		t.Errorf("first rule line %q", ruleLines[0])
	}
	if f := strings.Fields(ruleLines[1]); f[0] != "mutation/thing-changed" || f[1] != "-" || !strings.HasSuffix(ruleLines[1], "A thing changed.") {
		t.Errorf("a rule whose examples did not fire: %q", ruleLines[1])
	}
	if strings.Index(ruleLines[0], "A thing") != strings.Index(ruleLines[1], "A thing") {
		t.Errorf("docs do not line up:\n%s\n%s", ruleLines[0], ruleLines[1])
	}
	for _, want := range []string{"− omission (1)", "~ mutation (1)", "2 rules.", "compaudit rules ID"} {
		if !strings.Contains(out, want) {
			t.Errorf("list lacks %q:\n%s", want, out)
		}
	}
}

func TestWriteDetail(t *testing.T) {
	out := render(t, WriteDetail, entries())
	for _, want := range []string{
		"omission/thing-dropped · − omission · lost stage",
		"Looks at: a source fact the summary does not carry.",
		"Severity: error in its examples",
		"example 1 · fires (error)",
		"    user       Never do X.",
		"    tool       exit 1",
		"    summary    Did Y.",
		"    finding    the user's rule: gone",
		"example 2 · stays quiet",
		"none of its examples fired",
		"example 1 · should fire, but stays quiet in this build (its test fails)",
		"example 2 · should stay quiet, but fires (info) in this build (its test fails)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("detail lacks %q:\n%s", want, out)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if len([]rune(l)) > Width && !strings.HasPrefix(l, "    ") {
			t.Errorf("prose line over %d columns: %q", Width, l)
		}
	}
	// not run: no verdicts claimed
	es := entries()
	for i := range es {
		es[i].ExampleSeverity = ""
		for k := range es[i].Examples {
			es[i].Examples[k].Outcome = nil
		}
	}
	out = render(t, WriteDetail, es)
	if !strings.Contains(out, "examples not run") || strings.Contains(out, "this build") || strings.Contains(out, "    finding ") {
		t.Errorf("unrun examples:\n%s", out)
	}
}

func TestWriteMarkdown(t *testing.T) {
	es := entries()
	es[0].Examples[0].Source = append(es[0].Examples[0].Source, "assistant: ```go block```")
	out := render(t, WriteMarkdown, es)
	for _, want := range []string{
		"# Rules\n",
		"| − omission | [`omission/thing-dropped`](#omission-thing-dropped) | lost | A thing is gone \\| with a pipe, an\\_underscore and \\*stars\\*. |",
		"<a id=\"mutation-thing-changed\"></a>",
		"### `mutation/thing-changed`",
		"Stage: pair (a source fact and the summary fact aligned to it).",
		"Fires on:\n\n````text\nuser: Never do X.\ntool: exit 1\nassistant: ```go block```\nsummary: Did Y.\n````\n",
		"Stays quiet on:\n\n```text\nuser: Never do X.\nsummary: Never do X.\n```\n",
		"## − Omission", "## ~ Mutation",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "error") && strings.Contains(out, "(error)") || strings.Contains(out, "the user's rule: gone") {
		t.Error("the reference carries run outcomes; it must depend on the registry alone")
	}
}

// TestViewsTerminalSafe: a control character or escape sequence in a doc or an example
// is shown, not sent, in every view.
func TestViewsTerminalSafe(t *testing.T) {
	es := entries()
	es[0].Doc = "Evil \x1b[31mred\x1b[0m doc\x07 with \u202e override."
	es[0].Examples[0].Source[0] = "user: line\nwith newline \x1b]0;title\x07"
	es[0].Examples[0].Outcome.Detail = "detail \x1b[2J"
	for name, f := range map[string]func(io.Writer, []Entry) error{"list": WriteList, "detail": WriteDetail, "json": WriteJSON, "md": WriteMarkdown} {
		out := render(t, f, es)
		for _, bad := range []string{"\x1b", "\x07", "\u202e"} {
			if strings.Contains(out, bad) {
				t.Errorf("%s: output holds %q", name, bad)
			}
		}
		if name != "json" && !strings.Contains(out, "␛") {
			t.Errorf("%s: the escape is not shown:\n%s", name, out)
		}
	}
}
