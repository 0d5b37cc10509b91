package benchgen

import (
	"fmt"
	"strings"
)

// Word banks. Texts are built from them with numbers, so that most texts differ (as
// in a real session) while the vocabulary stays that of a coding session.
var (
	pkgs    = strings.Fields("httpx ledger retry billing auth cache queue worker config store webhook export")
	funcs   = strings.Fields("Do Send Parse Drain Flush Retry Backoff Close Open Load Save Validate Apply Reconcile Index Compact")
	idents  = strings.Fields("client req resp err ctx cfg budget attempts jitter timeout deadline pool conn row batch cursor")
	verbs   = strings.Fields("wraps calls checks returns drops retries logs caches skips parses closes reopens")
	topics  = strings.Fields("retry budget|idempotency keys|the drain timeout|pgbouncer pooling|webhook signatures|the export cursor|batch size|rate limits|the reindex job|cache eviction|token refresh|the ledger migration")
	rules   = []string{"Never retry POST requests to %s", "Always run the %s tests with -race before committing", "Do not touch the %s schema until the migration lands", "Keep the batch size at %d for %s", "Don't change the public API of %s", "Use %s's existing helper instead of adding a new one"}
	asks    = []string{"let's fix the %s issue first", "can you check why %s fails on CI?", "commit this and push", "run the tests again for %s", "what's left on the list?", "skip %d and %d, do the rest", "revert the %s change, it broke staging", "look at the PR comments on %s"}
	findsOK = []string{"Found it: %s %s %s without checking the error (line %d).", "The %s test passes now; %d tests ran in %.2fs.", "Committed %s: fix %s in %s.", "The timeout is %ds, not %ds as the comment says.", "%s is already fixed in %s."}
	findsKO = []string{"The build fails: %s.go:%d: undefined: %s.", "Push rejected: %s is behind origin by %d commits.", "The %s test still fails with context deadline exceeded after %ds."}
)

func (g *gen) pick(xs []string) string { return xs[g.rng.IntN(len(xs))] }

func (g *gen) sha() string { return fmt.Sprintf("%07x", g.rng.Uint32()&0xfffffff) }

func (g *gen) path() string {
	return fmt.Sprintf("internal/%s/%s.go", g.pick(pkgs), strings.ToLower(g.pick(funcs)))
}

func (g *gen) sentence(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch g.rng.IntN(6) {
		case 0:
			b.WriteString(g.pick(idents))
		case 1:
			b.WriteString(g.pick(verbs))
		case 2:
			b.WriteString(strings.Fields("the a this that it then so and but when if")[g.rng.IntN(11)])
		case 3:
			b.WriteString(g.pick(pkgs))
		case 4:
			fmt.Fprintf(&b, "%d", g.rng.IntN(900))
		default:
			b.WriteString(strings.ToLower(g.pick(funcs)))
		}
	}
	b.WriteByte('.')
	return b.String()
}

// rule is a user rule with a value, remembered for the round's summary.
func (g *gen) rule() string {
	f := g.pick(rules)
	var s string
	switch strings.Count(f, "%") {
	case 2:
		s = fmt.Sprintf(f, 100*(1+g.rng.IntN(20)), g.pick(pkgs))
	default:
		s = fmt.Sprintf(f, g.pick(pkgs))
	}
	g.facts = append(g.facts, s)
	return s + "."
}

func (g *gen) prompt() string {
	var parts []string
	if g.rng.IntN(3) == 0 {
		parts = append(parts, g.rule())
	}
	a := g.pick(asks)
	switch strings.Count(a, "%") {
	case 1:
		a = fmt.Sprintf(a, g.pick(topics))
	case 2:
		a = fmt.Sprintf(a, 1+g.rng.IntN(14), 1+g.rng.IntN(14))
	}
	parts = append(parts, a)
	if g.rng.IntN(5) == 0 {
		parts = append(parts, fmt.Sprintf("The ticket is LED-%d and the deadline is %d March.", 1000+g.rng.IntN(9000), 1+g.rng.IntN(28)))
	}
	return strings.Join(parts, " ")
}

func (g *gen) thinking() string {
	var b strings.Builder
	for i, n := 0, 2+g.rng.IntN(6); i < n; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(g.sentence(8 + g.rng.IntN(20)))
	}
	return b.String()
}

// finding is an assistant finding or failure, remembered for the summary.
func (g *gen) finding() string {
	var s string
	if g.rng.IntN(4) == 0 {
		switch f := g.pick(findsKO); strings.Count(f, "%") {
		case 3:
			s = fmt.Sprintf(f, g.pick(pkgs), 10+g.rng.IntN(600), g.pick(idents))
		default:
			s = fmt.Sprintf(f, "TestRetry"+g.pick(funcs), 1+g.rng.IntN(30))
		}
	} else {
		switch i := g.rng.IntN(len(findsOK)); i {
		case 0:
			s = fmt.Sprintf(findsOK[0], g.pick(funcs), g.pick(verbs), g.pick(idents), 10+g.rng.IntN(900))
		case 1:
			s = fmt.Sprintf(findsOK[1], "Test"+g.pick(funcs), 1+g.rng.IntN(200), g.rng.Float64()*9)
		case 2:
			s = fmt.Sprintf(findsOK[2], g.sha(), g.pick(topics), g.path())
		case 3:
			s = fmt.Sprintf(findsOK[3], 5*(1+g.rng.IntN(24)), 5*(1+g.rng.IntN(24)))
		default:
			s = fmt.Sprintf(findsOK[4], g.pick(topics), g.sha())
		}
	}
	g.facts = append(g.facts, s)
	return s
}

func (g *gen) answer() string {
	var b strings.Builder
	b.WriteString(g.finding())
	if g.rng.IntN(2) == 0 {
		b.WriteString("\n\n")
		for i, n := 0, 2+g.rng.IntN(5); i < n; i++ {
			fmt.Fprintf(&b, "%d. **%s** - %s\n", i+1, g.pick(topics), g.sentence(6+g.rng.IntN(10)))
		}
	}
	b.WriteString("\n\n")
	b.WriteString(g.finding())
	return b.String()
}
