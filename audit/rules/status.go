package rules

// moved reports whether the summary replaced status class from (held by the source
// and gone from the summary) with to (new in the summary).
func moved(fs, gs map[string]bool, from, to string) bool {
	return fs[from] && !gs[from] && gs[to] && !fs[to]
}
