package judge

import (
	"strings"

	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/internal/textmemo"
)

// clauseFacts caches the values and terms of a rule's force-bearing clause (see
// ruleClauseKept): a pure function of the clause's text, asked again by every round
// and the cumulative re-judging that hold the rule.
var clauseFacts = textmemo.New(1<<14, func(text string) classify.Fact {
	c := classify.Fact{Text: strings.Clone(text), Tokens: classify.Values(text)}
	c.Words = classify.Terms(text, c.Tokens)
	return c
})

// clauseFact is the fact of text alone: its values and alignment terms (read-only).
func clauseFact(text string) classify.Fact { return clauseFacts.Get(text) }
