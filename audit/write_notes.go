package audit

import "fmt"

// reportNotes are the rounds' caveats (partial sources, a summary in another language),
// each prefixed with its round, for the top of every report.
func reportNotes(r *Report) []string {
	var out []string
	for i := range r.Rounds {
		for _, n := range r.Rounds[i].Notes {
			out = append(out, fmt.Sprintf("round %d: %s", r.Rounds[i].Round, n))
		}
	}
	return out
}
