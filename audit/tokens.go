package audit

import (
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
	codecOnce.Do(func() { codec, codecErr = tokenizer.Get(tokenizer.O200kBase) })
	if codecErr != nil {
		return len(text) / 4
	}
	n, err := codec.Count(text)
	if err != nil {
		return len(text) / 4
	}
	return n
}

func roundTokens(s *sessions.Session, c *sessions.Compaction) Tokens {
	t := Tokens{Target: c.TargetTokens, PreTokens: c.PreTokens, PostTokens: c.PostTokens}
	for _, id := range c.Sources {
		if p := s.Compaction(id); p != nil {
			t.Sources += CountTokens(p.Summary)
		} else if m := s.Message(id); m != nil {
			t.Sources += CountTokens(m.Text)
		}
	}
	t.Summary = CountTokens(c.Summary)
	if t.Sources > 0 {
		t.Ratio = round3(float64(t.Summary) / float64(t.Sources))
	}
	if t.Target > 0 {
		t.OverTarget = t.Summary - t.Target
	}
	return t
}
