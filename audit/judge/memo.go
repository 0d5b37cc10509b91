package judge

import (
	"strings"
	"sync"

	"github.com/compaudit/compaudit/classify"
)

// clauseFacts caches the values and terms of a rule's force-bearing clause (see
// ruleClauseKept): a pure function of the clause's text, asked again by every round
// and the cumulative re-judging that hold the rule.
var clauseFacts = struct {
	sync.RWMutex
	m map[string]classify.Fact
}{m: map[string]classify.Fact{}}

const maxClauseFacts = 1 << 14

// clauseFact is the fact of text alone: its values and alignment terms (read-only).
func clauseFact(text string) classify.Fact {
	clauseFacts.RLock()
	c, ok := clauseFacts.m[text]
	clauseFacts.RUnlock()
	if ok {
		return c
	}
	c = classify.Fact{Text: strings.Clone(text), Tokens: classify.Values(text)}
	c.Words = classify.Terms(text, c.Tokens)
	clauseFacts.Lock()
	if len(clauseFacts.m) >= maxClauseFacts {
		clear(clauseFacts.m)
	}
	clauseFacts.m[c.Text] = c
	clauseFacts.Unlock()
	return c
}
