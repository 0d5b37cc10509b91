package rules

import "strings"

// moved reports whether the summary replaced status class from (held by the source
// and gone from the summary) with to (new in the summary).
func moved(fs, gs map[string]bool, from, to string) bool {
	return fs[from] && !gs[from] && gs[to] && !fs[to]
}

// checkedOff: the source line opens with a done mark (a check mark, a ticked box): its
// own status is done, whatever failure it names ("✓ retry storm on 503s").
func checkedOff(text string) bool {
	t := strings.TrimLeft(text, " \t-*•")
	for _, m := range []string{"✅", "✔", "✓", "☑", "[x]", "[X]"} {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	return false
}
