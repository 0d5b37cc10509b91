package audit

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tricky are texts at the edges of the pre-tokenizer's alternatives.
var tricky = []string{
	"", "a", "A", "I'm here, you're there; they'll go. We've DONE it'S fine'D", "don'T'LL 'll 're 'Ve",
	"HTTPServer parseJSON getHTTPResponseCode ALLCAPS Title", "  leading\ttabs\t\tand  spaces  ",
	"line\nline\r\nline\n\n\nx  \n  y \n", "trailing spaces   ", "trailing newline\n", "   ", "\n", " \n ",
	"1234567 12 1 3.14159 1,000,000 v18.2.0", "path/to/file.go:12:3 ./a/b/ //x// a/b\n/c", "...!!! ??? --- ***\n",
	"naïve café résumé", "e\u0301 a\u0300b \u0301x \u0301\u0301", "日本語のテキストです。中文文本。한국어 텍스트",
	"emoji 🎉🎉 ok 👍🏽", "ſ 'ſ x'ſ", "mixed\u00a0nbsp\u2003em\u3000ideo", "Ǆ ǅ ǆ ǅa ǅA", "ʰʰ ʰa Aʰ",
	"tab\t\n\tafter", "x'", "x''s", "'s", " 's", "\u0301", "a\u0301'S",
}

func TestPiecesCountLikeTheLibrary(t *testing.T) {
	loadCodec()
	if codecErr != nil {
		t.Skip("no codec")
	}
	texts := append([]string{}, tricky...)
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("aZ ' \n\r\t1.,/-_日本ſsSlLeE\u0301\u00a0ǅʰ🎉\u2003é")
	for k := 0; k < 3000; k++ {
		n := 1 + rng.IntN(24)
		rs := make([]rune, n)
		for i := range rs {
			rs[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(rs))
	}
	files, _ := filepath.Glob("testdata/*/*.json")
	more, _ := filepath.Glob("../testdata/*/*/*.json*")
	for _, f := range append(files, more...) {
		b, err := os.ReadFile(f)
		if err == nil && len(b) < 1<<20 {
			texts = append(texts, string(b), strings.ReplaceAll(string(b), `\n`, "\n"))
		}
	}
	if len(texts) < 3000+len(tricky)+4 {
		t.Fatalf("only %d texts (test data missing?)", len(texts))
	}
	for _, text := range texts {
		got, ok := countPieces(text)
		if want := libraryCount(text); !ok || got != want {
			t.Fatalf("%q: %d tokens (ok %v), the library counts %d", text, got, ok, want)
		}
	}
}

func FuzzCountTokens(f *testing.F) {
	for _, s := range tricky {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		loadCodec()
		if codecErr != nil {
			t.Skip("no codec")
		}
		if got, want := CountTokens(text), libraryCount(text); got != want {
			t.Fatalf("%q: %d tokens, the library counts %d", text, got, want)
		}
	})
}
