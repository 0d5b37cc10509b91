package rules

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// The summary's own numbering: the numbers a summary gives its items and steps
// ("User Request #3", "Wave 2", "T1: ...") count its lines; they are no value of the
// work and no result of a run.

// ownNumbering: t numbers the summary's own items: the words before it recur in the
// summary with the number before or after it ("User Request #2" beside "User Request
// #3", "Wave 1" and "Wave 2"), a count of its own, not a value of the work.
func ownNumbering(r *rule.Round, g *classify.Fact, t classify.Token) bool {
	digits := strings.TrimPrefix(t.Raw, "#")
	n, err := strconv.Atoi(digits)
	if err != nil || n > 99 || t.Start <= 0 || t.Start > len(g.Text) {
		return false
	}
	ws := strings.Fields(g.Text[:t.Start])
	if len(ws) == 0 {
		return false
	}
	label := lower(strings.Trim(ws[len(ws)-1], "*_("))
	if len(ws) > 1 {
		label = lower(strings.Trim(ws[len(ws)-2], "*_(")) + " " + label
	}
	if !hasLetters(label) {
		return false
	}
	hash := strings.HasPrefix(t.Raw, "#")
	for _, m := range []int{n - 1, n + 1} {
		if m < 1 {
			continue
		}
		next := label + " " + strconv.Itoa(m)
		if hash {
			next = label + " #" + strconv.Itoa(m)
		}
		for j := range r.Sum {
			if containsWordPrefix(lower(r.Sum[j].Text), next) {
				return true
			}
		}
	}
	return false
}

// nameMentioned: an id, digest, version, host or port the sources name in another
// form: inside a longer name or path (a version cut short is not named: 6.0 in
// 6.0-rc.1), as a numbered range ("web-01..04" for the web-01 to web-04 they name), or
// as a pull request's number.
func nameMentioned(r *rule.Round, t classify.Token) bool {
	if len(t.Raw) >= 3 && r.MentionsNumbered(t.Raw) && !(t.Kind == classify.TokVersion && truncationOfSource(r, t)) {
		return true
	}
	if first, last, ok := numberedRange(t.Raw); ok && r.Mentions(first) && r.Mentions(last) {
		return true
	}
	return refNumberNamed(r, t)
}

// refNumberNamed: a "#158" the sources give as a pull request's or issue's number in
// another form: its URL (".../pull/158"), a command (gh pr view 158) or a field of a
// tool's JSON ("number": 158).
func refNumberNamed(r *rule.Round, t classify.Token) bool {
	n, ok := strings.CutPrefix(t.Raw, "#")
	if !ok || n == "" || strings.Trim(n, "0123456789") != "" {
		return false
	}
	for _, form := range []string{"/pull/" + n, "/issues/" + n, "/merge_requests/" + n, "pr view " + n, "pr checkout " + n, "pr diff " + n, "issue view " + n} {
		if r.Mentions(form) {
			return true
		}
	}
	for _, ref := range r.Values["num:"+n] {
		for _, x := range r.Fact(ref).Tokens {
			if x.Norm == "num:"+n && (x.Key == "number" || x.Key == "pr" || x.Key == "issue") {
				return true
			}
		}
	}
	return false
}

// stepOfSequence: g opens with a step's label ("T1:", "Step 3:", "t2)") whose series
// labels other lines of the summary too ("T0:", "T5:"): a narrated scenario or
// timeline, whose "checks pass" is what happens in it, not a run's result.
func stepOfSequence(r *rule.Round, g *classify.Fact) bool {
	_, ok := stepLabelEnd(r, g)
	return ok
}

// inStepLabel: t stands in g's step label of a series ("T2-T5: ..."): the summary's
// own numbering, no value of the work.
func inStepLabel(r *rule.Round, g *classify.Fact, t classify.Token) bool {
	end, ok := stepLabelEnd(r, g)
	return ok && t.Start < end
}

// stepLabelEnd is where g's step label of a series ends (ok false when g opens with
// none, or its series labels no other line of the summary).
func stepLabelEnd(r *rule.Round, g *classify.Fact) (int, bool) {
	prefix, n, end, ok := stepLabel(g.Text)
	if !ok {
		return 0, false
	}
	for j := range r.Sum {
		if p, m, _, ok := stepLabel(r.Sum[j].Text); ok && p == prefix && m != n {
			return end, true
		}
	}
	return 0, false
}

// stepLabel reads a leading step label: a short word or letter and a number (or a
// range, "T2-T5"), then ':', '.' or ')' ("T1:", "Step 3.", "phase 2)"); the word
// lower-cased, the (first) number and where the label ends in text.
func stepLabel(text string) (string, int, int, bool) {
	t := strings.TrimLeft(text, " *-•#")
	m := reStepLabel.FindStringSubmatch(t)
	if m == nil {
		return "", 0, 0, false
	}
	n, err := strconv.Atoi(m[2])
	return strings.ToLower(m[1]), n, len(text) - len(t) + len(m[0]), err == nil
}

var reStepLabel = regexp.MustCompile(`^([A-Za-z]{1,8}) ?#?(\d{1,2})(?:[-–][A-Za-z]{0,8}\d{1,2})?\*{0,2}[:.)]`)
