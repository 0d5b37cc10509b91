package audit

import (
	"fmt"
	"sort"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
)

// Every report names each finding's rule the same way: its id (family/name, as in
// report/v1's `rule` and `compaudit rules`), and once per report the doc of every rule
// it names, from the engine's registry.

// rwRule is a rule a report names: its id as printed, its anchor and its doc ("" when
// this build's registry does not hold it).
type rwRule struct {
	ID, Anchor, Doc string
}

// rwRuleID is a rule id as the reports print it: one line, sanitised, clipped.
func rwRuleID(id string) string { return rwTruncate(rwOneLine(rwSanitize(id)), 64) }

// rwRuleAnchor is the HTML anchor of a rule in the report's rules section.
func rwRuleAnchor(id string) string {
	var b strings.Builder
	b.WriteString("rule-")
	for _, r := range strings.ToLower(rwRuleID(id)) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}

// rwRules lists the rules the report's findings name (per round and cumulative), in
// family order, then by id, each once.
func rwRules(r *Report) []rwRule {
	fam := map[string]string{}
	for i := range r.Rounds {
		for _, fs := range [][]Finding{r.Rounds[i].Findings, r.Rounds[i].Cumulative} {
			for _, f := range fs {
				if f.Rule != "" {
					fam[f.Rule] = f.Family
				}
			}
		}
	}
	ids := make([]string, 0, len(fam))
	for id := range fam {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool {
		a, b := rwFamilyIndex(fam[ids[i]]), rwFamilyIndex(fam[ids[j]])
		if a != b {
			return a < b
		}
		return ids[i] < ids[j]
	})
	out := make([]rwRule, len(ids))
	for i, id := range ids {
		out[i] = rwRule{ID: rwRuleID(id), Anchor: rwRuleAnchor(id), Doc: strings.TrimSpace(rwOneLine(rwSanitize(rule.Doc(id))))}
	}
	return out
}

// mdRuleCode is a rule id for Markdown: a code span when it is a plain id, else escaped.
func mdRuleCode(id string) string {
	s := rwRuleID(id)
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/-_.", r)) {
			return mdEsc(s)
		}
	}
	return "`" + s + "`"
}

// mdRuleRef follows a finding's family in a table cell: its rule, on a line below.
func mdRuleRef(id string) string {
	if id == "" {
		return ""
	}
	return "<br><sub>" + mdRuleCode(id) + "</sub>"
}

// rules lists the rules the report names, with their docs.
func (m *mdWriter) rules(r *Report) {
	rs := rwRules(r)
	if len(rs) == 0 {
		return
	}
	m.ln("### Rules")
	m.ln("")
	m.ln(fmt.Sprintf("The %s that reported these findings (`compaudit rules ID` shows each with its examples):", rwPlural(len(rs), "rule", "rules")))
	m.ln("")
	for _, x := range rs {
		doc := mdEsc(x.Doc)
		if doc == "" {
			doc = "*(not in this build's rule registry)*"
		}
		m.ln("- " + mdRuleCode(x.ID) + ": " + doc)
	}
	m.ln("")
}

// hRules is the HTML report's rules section.
func hRules(r *Report) []rwRule {
	rs := rwRules(r)
	for i := range rs {
		if rs[i].Doc == "" {
			rs[i].Doc = "(not in this build's rule registry)"
		}
	}
	return rs
}

// hRuleOf fills a finding's rule for the HTML report.
func hRuleOf(hf *hFinding, id string) {
	if id == "" {
		return
	}
	hf.Rule = rwRuleID(id)
	hf.RuleAnchor = rwRuleAnchor(id)
	hf.RuleDoc = strings.TrimSpace(rwOneLine(rwSanitize(rule.Doc(id))))
}
