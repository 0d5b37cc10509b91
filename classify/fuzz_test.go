package classify

import (
	"testing"
	"unicode/utf8"
)

// FuzzExtract: any text splits into facts without a panic; every fact's span lies in
// the text and every token's span in its fact.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"Never write to staging until the lock is released.",
		"Pin postgres:18.2, never 18. Migration 01947; 21:00-22:00 CET; 1.482.913,47 EUR.",
		"## Rules\n- keep v1.19.x\n```go\nfunc main() {}\n```\n| a | b |\n|---|---|\n| 1 | 2 |",
		"B. Switch to memory buffering. Rejecting B: it violates the rule.",
		"\x1b[31mERROR\x1b[0m: 0x08008000 (224K) 7 of 9 — done?",
		"", " ", "...", "1.", "v", "0x", "$(date +%s).tfstate",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		for _, fact := range Extract("m1", "user", text) {
			if fact.Start < 0 || fact.End > len(text) || fact.Start > fact.End {
				t.Fatalf("fact span %d-%d outside %d bytes: %q", fact.Start, fact.End, len(text), fact.Text)
			}
			for _, tok := range fact.Tokens {
				if tok.Start < 0 || tok.End > len(fact.Text) || tok.Start > tok.End {
					t.Fatalf("token %q span %d-%d outside fact %q", tok.Raw, tok.Start, tok.End, fact.Text)
				}
			}
		}
	})
}
