package ruledoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/internal/termsafe"
)

// Width is the column the text views wrap prose at.
const Width = 88

// SeverityNote says where a finding's severity comes from; the views repeat it so
// the example severity is not read as the rule's fixed level.
const SeverityNote = "a rule does not set severity: a finding weighs the importance of its fact times how sure the rule is"

// WriteList writes one line per rule, grouped by family: id, the highest severity its
// examples reach (when run), and its doc.
func WriteList(w io.Writer, es []Entry) error {
	b := &lines{w: w}
	idw := 0
	for _, e := range es {
		idw = max(idw, len([]rune(e.ID)))
	}
	fam := "\x00"
	for _, e := range es {
		if e.Family != fam {
			if fam != "\x00" {
				b.line("")
			}
			fam = e.Family
			b.line(fmt.Sprintf("%s %s (%d)", audit.FamilyGlyph(fam), audit.FamilyLabel(fam), count(es, fam)))
		}
		b.line(fmt.Sprintf("  %-*s  %-7s  %s", idw, e.ID, orDash(e.ExampleSeverity), oneLine(e.Doc)))
	}
	b.line("")
	b.line(fmt.Sprintf("%d rules. 'compaudit rules ID' shows a rule's doc and runs its examples ('compaudit rules mutation/' a family's).", len(es)))
	b.line("The middle column is the highest severity the rule's own examples reach in this build:")
	b.line(SeverityNote + ".")
	return b.err
}

// WriteDetail writes each rule in full: id, family, stage, doc, and every example with
// its source lines, summary and what it does (fires, with the finding's severity and
// detail, or stays quiet); an example that does not do what it declares says so.
func WriteDetail(w io.Writer, es []Entry) error {
	b := &lines{w: w}
	for i, e := range es {
		if i > 0 {
			b.line("")
		}
		b.line(fmt.Sprintf("%s · %s %s · %s stage", e.ID, audit.FamilyGlyph(e.Family), audit.FamilyLabel(e.Family), e.Stage))
		b.line("")
		b.wrapped("  ", e.Doc)
		b.line("")
		if d := stageDoc(e.Stage); d != "" {
			b.line("  Looks at: " + d + ".")
		}
		sev := "none of its examples fired in this build."
		if e.ExampleSeverity != "" {
			sev = e.ExampleSeverity + " in its examples (this build)."
		}
		if len(e.Examples) > 0 && e.Examples[0].Outcome == nil {
			sev = "examples not run."
		}
		b.wrapped("  ", "Severity: "+sev+" "+capital(SeverityNote)+".")
		for k, x := range e.Examples {
			b.line("")
			b.line(fmt.Sprintf("  example %d · %s", k+1, verdict(x)))
			for _, s := range x.Source {
				role, text, ok := strings.Cut(s, ": ")
				if !ok {
					role, text = "?", s
				}
				b.line(fmt.Sprintf("    %-10s %s", role, oneLine(text)))
			}
			b.line(fmt.Sprintf("    %-10s %s", "summary", oneLine(x.Summary)))
			if o := x.Outcome; o != nil && o.Fired {
				b.line(fmt.Sprintf("    %-10s %s", "finding", oneLine(o.Detail)))
			}
		}
	}
	return b.err
}

// verdict is an example's declared behaviour and, when run, whether it holds.
func verdict(x Example) string {
	o := x.Outcome
	switch {
	case o == nil && x.Fires:
		return "fires"
	case o == nil:
		return "stays quiet"
	case x.Fires && o.Fired:
		return "fires (" + o.Severity + ")"
	case !x.Fires && !o.Fired:
		return "stays quiet"
	case x.Fires:
		return "should fire, but stays quiet in this build (its test fails)"
	}
	return "should stay quiet, but fires (" + o.Severity + ") in this build (its test fails)"
}

// WriteJSON writes the entries as one indented JSON document; equal entries give
// byte-identical output.
func WriteJSON(w io.Writer, es []Entry) error {
	if es == nil {
		es = []Entry{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	doc := struct {
		Schema string  `json:"schema"`
		Rules  []Entry `json:"rules"`
	}{Schema, es}
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := w.Write(termsafe.Document("json", b.Bytes()))
	return err
}

// Brief is a rule's doc for a finding's detail view: the doc, then its first firing
// example, then where to read the rest ("" for an unknown id).
func Brief(id string) string {
	rs, err := Select([]string{id})
	if err != nil || len(rs) != 1 || rs[0].ID != id {
		return ""
	}
	r := rs[0]
	out := r.Doc
	for _, ex := range r.Examples {
		if !ex.Fires {
			continue
		}
		var src []string
		for _, s := range ex.Source {
			_, text, _ := strings.Cut(s, ": ")
			src = append(src, text)
		}
		out += "\nfor example: “" + clip(strings.Join(src, " … "), 160) + "” → “" + clip(ex.Summary, 160) + "”"
		break
	}
	return out + "\n'compaudit rules " + id + "' shows all its examples."
}

func clip(s string, n int) string {
	s = oneLine(s)
	if r := []rune(s); len(r) > n {
		return strings.TrimSpace(string(r[:n-1])) + "…"
	}
	return s
}

func stageDoc(stage string) string {
	for s, d := range StageDoc {
		if s.String() == stage {
			return d
		}
	}
	return ""
}

func count(es []Entry, fam string) int {
	n := 0
	for _, e := range es {
		if e.Family == fam {
			n++
		}
	}
	return n
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// lines writes terminal-safe lines and keeps the first error.
type lines struct {
	w   io.Writer
	err error
}

func (l *lines) line(s string) {
	if l.err == nil {
		_, l.err = fmt.Fprintln(l.w, termsafe.Line(s))
	}
}

// wrapped writes prose wrapped at Width, each line indented.
func (l *lines) wrapped(indent, s string) {
	for _, ln := range strings.Split(ansi.Wordwrap(termsafe.Line(oneLine(s)), Width-len(indent), ""), "\n") {
		l.line(indent + strings.TrimRight(ln, " "))
	}
}
