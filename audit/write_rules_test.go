package audit

import (
	"regexp"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit/rule"
)

// tRuled is the sample report with registered rules on its findings (one rule twice),
// one id this build does not know and one hostile id.
func tRuled(t *testing.T) (*Report, []*rule.Rule) {
	t.Helper()
	byFam := map[string]*rule.Rule{}
	for _, ru := range rule.All() {
		if byFam[ru.Family] == nil {
			byFam[ru.Family] = ru
		}
	}
	r := tSampleReport()
	var used []*rule.Rule
	n := 0
	for i := range r.Rounds {
		for _, fs := range [][]Finding{r.Rounds[i].Findings, r.Rounds[i].Cumulative} {
			for j := range fs {
				f := &fs[j]
				n++
				switch n {
				case 2:
					f.Rule = "omission/not-in-this-build"
				case 3:
					f.Rule = "omission/x\x1b[31m`|*evil"
				default:
					ru := byFam[f.Family]
					if ru == nil {
						t.Fatalf("no %s rule registered", f.Family)
					}
					f.Rule = ru.ID
					used = append(used, ru)
				}
			}
		}
	}
	return r, used
}

// TestReportsNameRules: the Markdown names each finding's rule under its family and
// lists every named rule once with its doc from the registry; the brief names it in
// the finding's head; the HTML links it to its entry in a rules section.
func TestReportsNameRules(t *testing.T) {
	r, used := tRuled(t)
	md := string(tRender(t, "md", r))
	sec := md[strings.Index(md, "### Rules"):]
	if strings.Index(md, "### Rules") < strings.Index(md, "### Checks") {
		t.Error("the rules section is not after the checks")
	}
	for _, ru := range used {
		if !strings.Contains(md, "<br><sub>`"+ru.ID+"`</sub>") {
			t.Errorf("md: no finding names %s under its family", ru.ID)
		}
		if strings.Count(sec, "- `"+ru.ID+"`: "+mdEsc(ru.Doc)+"\n") != 1 {
			t.Errorf("md: the rules section does not list %s once with its doc", ru.ID)
		}
	}
	if !strings.Contains(sec, "- `omission/not-in-this-build`: *(not in this build's rule registry)*") {
		t.Errorf("md: an unknown rule:\n%s", sec)
	}
	if strings.Contains(md, "\x1b") || strings.Contains(md, "`omission/x") {
		t.Error("md: the hostile id is printed raw or in a code span")
	}

	brief := string(tRender(t, "brief", r))
	for _, ru := range used {
		if !strings.Contains(brief, " · rule `"+ru.ID+"`") && severityShown(r, ru.ID) {
			t.Errorf("brief: %s not named", ru.ID)
		}
	}

	html := string(tRender(t, "html", r))
	links := regexp.MustCompile(`<a class="rule mono" href="#(rule-[a-z0-9_-]+)"`).FindAllStringSubmatch(html, -1)
	if len(links) == 0 {
		t.Fatal("html: no finding links its rule")
	}
	for _, l := range links {
		if !strings.Contains(html, `<dt id="`+l[1]+`"`) {
			t.Errorf("html: link #%s has no target", l[1])
		}
	}
	for _, ru := range used {
		if !strings.Contains(html, `href="#`+rwRuleAnchor(ru.ID)+`" title="`) || !strings.Contains(html, `class="mono">`+ru.ID+`</dt>`) {
			t.Errorf("html: %s not linked with its doc as the title, or not in the rules section", ru.ID)
		}
	}
	if strings.Contains(html, "\x1b") || !strings.Contains(html, `<a href="#rules">Rules</a>`) {
		t.Error("html: raw escape, or no Rules entry in the contents")
	}
}

// severityShown: the brief lists only findings above info.
func severityShown(r *Report, id string) bool {
	for _, rd := range r.Rounds {
		for _, f := range rd.Findings {
			if f.Rule == id && f.Severity != SevInfo {
				return true
			}
		}
	}
	return false
}

// TestReportsWithoutRules: a report whose findings carry no rule (an older engine's)
// has no rules section and no rule marks.
func TestReportsWithoutRules(t *testing.T) {
	r := tSampleReport()
	md, html := string(tRender(t, "md", r)), string(tRender(t, "html", r))
	if strings.Contains(md, "### Rules") || strings.Contains(md, "<br><sub>") {
		t.Error("md: rules shown for findings without one")
	}
	if strings.Contains(html, `id="rules"`) || strings.Contains(html, `class="rule mono"`) {
		t.Error("html: rules shown for findings without one")
	}
}
