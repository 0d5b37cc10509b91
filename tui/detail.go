package tui

import (
	"fmt"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/diffview"
)

type classifyFact = classify.Fact

// describeFact lists one side of a row: text, classes, exact tokens, status,
// provenance, modality. The fact is preferred; the finding's side fills gaps.
func describeFact(m *Model, f *classify.Fact, s *audit.Side, w int) []string {
	var out []string
	var (
		msg, role, text string
		classes         []classify.Class
		tokens          []classify.Token
		status          classify.Status
		prov            classify.Provenance
		mod             classify.Modality
		quals           []string
	)
	if s != nil {
		msg, role, text, classes, tokens, status, prov, mod, quals = s.Message, s.Role, s.Text, s.Classes, s.Tokens, s.Status, s.Provenance, s.Modality, s.Qualifiers
	}
	if f != nil {
		msg, role, text, classes, tokens, status, prov, mod, quals = f.Message, f.Role, f.Text, f.Classes, f.Tokens, f.Status, f.Provenance, f.Modality, f.Qualifiers
	}
	label := m.st.Faint.Render
	out = append(out, "   "+label("message ")+diffview.Sanitize(msg)+label("  role ")+diffview.Sanitize(role))
	for _, l := range strings.Split(diffview.SanitizeText(text), "\n") {
		out = append(out, wrapPlain(l, w, "   │ ")...)
	}
	var cs []string
	for _, c := range classes {
		cs = append(cs, string(c))
	}
	if len(cs) > 0 {
		out = append(out, "   "+label("classes ")+diffview.Sanitize(strings.Join(cs, ", ")))
	}
	if len(tokens) > 0 {
		var ts []string
		for _, t := range tokens {
			x := t.Kind + " " + t.Raw
			if t.Norm != "" && t.Norm != t.Raw {
				x += " (=" + t.Norm + ")"
			}
			ts = append(ts, x)
		}
		out = append(out, wrapPlain(label("exact tokens ")+diffview.Sanitize(strings.Join(ts, " · ")), w, "   ")...)
	}
	var st []string
	for _, x := range []string{status.Epistemic, status.Resolution, status.Choice} {
		if x != "" {
			st = append(st, x)
		}
	}
	if len(st) == 0 {
		st = []string{"not stated"}
	}
	out = append(out, "   "+label("status ")+diffview.Sanitize(strings.Join(st, ", ")))
	p := prov.Role
	if prov.Source != "" {
		p += ", attributed to " + prov.Source
	}
	if prov.Who != "" {
		p += fmt.Sprintf(" (%s)", prov.Who)
	}
	if p == "" {
		p = "unknown"
	}
	out = append(out, "   "+label("provenance ")+diffview.Sanitize(p))
	if mod.Level > 0 {
		kind := "obligation"
		if mod.Negative {
			kind = "prohibition"
		}
		out = append(out, "   "+label("modality ")+fmt.Sprintf("%s level %d", kind, mod.Level)+diffview.Sanitize(cueText(mod.Cue)))
	}
	if len(quals) > 0 {
		out = append(out, "   "+label("qualifiers ")+diffview.Sanitize(strings.Join(quals, ", ")))
	}
	return out
}

func cueText(c string) string {
	if c == "" {
		return ""
	}
	return " (\"" + c + "\")"
}
