package audit

import (
	"context"
	"sync"

	"github.com/compaudit/compaudit/sessions"
	"github.com/tiktoken-go/tokenizer"
)

// TokenEncoding names the BPE encoding used for token counts.
const TokenEncoding = "o200k_base"

var (
	codecOnce sync.Once
	codec     tokenizer.Codec
	codecErr  error
)

// CountTokens counts text's tokens with the o200k_base encoding (offline; the
// vocabulary is compiled into the binary).
func CountTokens(text string) int {
	if text == "" {
		return 0
	}
	loadCodec()
	if codecErr != nil {
		return len(text) / 4
	}
	if n, ok := countPieces(text); ok {
		return n
	}
	return libraryCount(text)
}

// libraryCount counts with the library alone.
func libraryCount(text string) int {
	n, err := codec.Count(text)
	if err != nil {
		return len(text) / 4
	}
	return n
}

// tokenCounts are the token counts of every text a round's Tokens sum: each source
// id (resolved as a compaction first, then as a message) and each compaction's own
// summary. They are counted once, spread over the workers.
type tokenCounts struct {
	byID  map[string]int
	bySum map[*sessions.Compaction]int
}

func newTokenCounts() *tokenCounts {
	return &tokenCounts{byID: map[string]int{}, bySum: map[*sessions.Compaction]int{}}
}

// count adds the counts comps need that tc does not hold yet (the whole audit after
// the first round's: that round's texts are counted once).
func (tc *tokenCounts) count(s *sessions.Session, comps []*sessions.Compaction, workers int) {
	var texts []string
	var ids []string
	for _, c := range comps {
		for _, id := range c.Sources {
			if _, ok := tc.byID[id]; ok {
				continue
			}
			tc.byID[id] = 0
			if p := s.Compaction(id); p != nil {
				texts, ids = append(texts, p.Summary), append(ids, id)
			} else if m := s.Message(id); m != nil {
				texts, ids = append(texts, m.Text), append(ids, id)
			}
		}
	}
	n := len(texts)
	var sums []*sessions.Compaction
	for _, c := range comps {
		if _, ok := tc.bySum[c]; !ok {
			sums = append(sums, c)
			texts = append(texts, c.Summary)
		}
	}
	counts := make([]int, len(texts))
	_ = parallel(context.Background(), len(texts), workers, func(i int) { counts[i] = CountTokens(texts[i]) })
	for i, id := range ids {
		tc.byID[id] = counts[i]
	}
	for i, c := range sums {
		tc.bySum[c] = counts[n+i]
	}
}

// loadCodec loads the tokenizer's vocabulary (once per process; it takes a while, so
// Run starts it in the background while facts are extracted).
func loadCodec() {
	codecOnce.Do(func() { codec, codecErr = tokenizer.Get(tokenizer.O200kBase) })
}

func roundTokens(s *sessions.Session, c *sessions.Compaction, tc *tokenCounts) Tokens {
	t := Tokens{Target: c.TargetTokens, PreTokens: c.PreTokens, PostTokens: c.PostTokens}
	for _, id := range c.Sources {
		t.Sources += tc.byID[id]
	}
	if n, ok := tc.bySum[c]; ok {
		t.Summary = n
	} else {
		t.Summary = CountTokens(c.Summary)
	}
	if t.Sources > 0 {
		t.Ratio = round3(float64(t.Summary) / float64(t.Sources))
	}
	if t.Target > 0 {
		t.OverTarget = t.Summary - t.Target
	}
	return t
}
