package ruledoc

import (
	"fmt"
	"io"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/internal/termsafe"
)

// Anchor is the HTML anchor of a rule's section in the Markdown reference
// ("mutation/unit-change" is "mutation-unit-change").
func Anchor(id string) string { return strings.ReplaceAll(id, "/", "-") }

// WriteMarkdown writes the rule reference (docs/rules.md) from the registry alone:
// it depends on the rules' ids, docs, stages and examples, never on a run, so it only
// changes when a rule does.
func WriteMarkdown(w io.Writer, es []Entry) error {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("# Rules\n\n")
	p("<!-- Generated from the rule registry (audit/rules) by `go generate` (`compaudit rules --format md -o docs/rules.md`). Do not edit: change a rule's doc or examples and regenerate. -->\n\n")
	p("compaudit's engine is a registry of rules, one phenomenon each. A rule has a stable id " +
		"(`family/name`: the `rule` of every finding in report/v1), a one-line doc, the stage it runs in, " +
		"and examples where it must fire and where it must stay quiet; the examples run as tests " +
		"(`go test ./audit/rules/`). `compaudit rules` lists the rules of your build, and " +
		"`compaudit rules ID` (or a family prefix such as `mutation/`) runs a rule's examples and shows " +
		"what each one reports.\n\n")
	p("Severity is not a property of a rule: each finding weighs the importance of the fact it is about " +
		"times how sure its rule is, and the severity policy (`audit/findings.go`) turns that weight into " +
		"error, warning or info, with a budget of findings above info per round.\n\n")
	p("Stages: ")
	for i, st := range stageOrder() {
		if i > 0 {
			p("; ")
		}
		p("**%s**, %s", st.String(), StageDoc[st])
	}
	p(".\n\n")
	p("| family | rule | stage | what it reports |\n|---|---|---|---|\n")
	for _, e := range es {
		p("| %s %s | [`%s`](#%s) | %s | %s |\n", audit.FamilyGlyph(e.Family), mdEsc(audit.FamilyLabel(e.Family)), e.ID, Anchor(e.ID), e.Stage, mdEsc(oneLine(e.Doc)))
	}
	fam := ""
	for _, e := range es {
		if e.Family != fam {
			fam = e.Family
			p("\n## %s %s\n", audit.FamilyGlyph(fam), mdEsc(capital(audit.FamilyLabel(fam))))
		}
		p("\n<a id=\"%s\"></a>\n\n### `%s`\n\n%s\n\n", Anchor(e.ID), e.ID, mdEsc(oneLine(e.Doc)))
		p("Stage: %s (%s).\n", e.Stage, stageDoc(e.Stage))
		mdExamples(&b, "Fires on", e.Examples, true)
		mdExamples(&b, "Stays quiet on", e.Examples, false)
	}
	_, err := w.Write(termsafe.Document("md", []byte(b.String())))
	return err
}

// mdExamples writes the examples that fire (or stay quiet) as text blocks.
func mdExamples(b *strings.Builder, title string, xs []Example, fires bool) {
	first := true
	for _, x := range xs {
		if x.Fires != fires {
			continue
		}
		if first {
			fmt.Fprintf(b, "\n%s:\n", title)
			first = false
		}
		body := append(make([]string, 0, len(x.Source)+1), x.Source...)
		body = append(body, "summary: "+x.Summary)
		for i := range body {
			body[i] = oneLine(body[i])
		}
		text := strings.Join(body, "\n")
		fence := strings.Repeat("`", max(3, longestRun(text, '`')+1))
		fmt.Fprintf(b, "\n%stext\n%s\n%s\n", fence, text, fence)
	}
}

func longestRun(s string, c rune) int {
	best, n := 0, 0
	for _, r := range s {
		if r == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// stageOrder lists the stages in their declared order.
func stageOrder() []rule.Stage {
	return []rule.Stage{rule.StagePair, rule.StageLost, rule.StageClaim, rule.StageRound}
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// mdEsc escapes the characters Markdown would read as markup in a line of prose or a
// table cell.
func mdEsc(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>|#~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
