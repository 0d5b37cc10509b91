package benchgen

import (
	"fmt"
	"strings"
)

// summary is a compaction summary in Claude Code's template: it restates a sample of
// the round's rules and findings (most verbatim, some with a number changed, the rest
// dropped) and, after the first round, part of the previous summary's items. It
// returns the text and the items it kept, for the next summary.
func (g *gen) summary() (string, []string) {
	var items []string
	for _, p := range g.prev {
		if g.rng.IntN(3) > 0 {
			items = append(items, p)
		}
	}
	for _, f := range sample(g, g.facts, 80) {
		if g.rng.IntN(6) == 0 {
			f = bump(f)
		}
		items = append(items, f)
	}
	if len(items) > 120 {
		items = items[len(items)-120:]
	}
	var b strings.Builder
	b.WriteString("This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\n\n")
	b.WriteString("Analysis:\nLet me analyze the conversation chronologically:\n\n")
	for i, it := range items[:len(items)/3] {
		fmt.Fprintf(&b, "%d. **%s**: %s\n\n", i+1, g.pick(topics), it)
	}
	b.WriteString("Summary:\n1. Primary Request and Intent:\n")
	fmt.Fprintf(&b, "   The user is working through PR feedback on the %s package (round %d of the work).\n", g.pick(pkgs), g.round+1)
	b.WriteString("\n2. Key Technical Concepts:\n")
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&b, "   - %s\n", g.pick(topics))
	}
	b.WriteString("\n3. Files and Code Sections:\n")
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "   - `/home/dev/src/ledger/%s`\n     - %s\n     ```go\n%s     ```\n", g.path(), g.sentence(8), g.code(2, 300))
	}
	b.WriteString("\n4. Errors and fixes:\n")
	for _, it := range items[len(items)/3 : len(items)/2] {
		fmt.Fprintf(&b, "   - %s\n", it)
	}
	b.WriteString("\n5. Problem Solving:\n")
	for _, it := range items[len(items)/2:] {
		fmt.Fprintf(&b, "   - %s\n", it)
	}
	b.WriteString("\n6. All user messages:\n")
	fmt.Fprintf(&b, "   - \"%s\"\n", g.prompt())
	b.WriteString("\n7. Pending Tasks:\n")
	fmt.Fprintf(&b, "   - Reply to the remaining PR comments on %s\n", g.pick(topics))
	b.WriteString("\n8. Current Work:\n   ")
	b.WriteString(g.sentence(30))
	b.WriteString("\n\n9. Optional Next Step:\n   ")
	b.WriteString(g.sentence(15))
	b.WriteString("\n")
	return b.String(), items
}

// sample is up to n of xs, in order, spread evenly.
func sample(g *gen, xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, xs[i*len(xs)/n+g.rng.IntN(max(1, len(xs)/n))])
	}
	return out
}

// bump adds one to the first number in s (a mutated restatement).
func bump(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '8' && (i == 0 || s[i-1] == ' ') {
			return s[:i] + string(s[i]+1) + s[i+1:]
		}
	}
	return s
}
