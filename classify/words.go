package classify

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/compaudit/compaudit/classify/lexicon"
	"github.com/compaudit/compaudit/internal/textmemo"
	"github.com/kljensen/snowball/english"
)

// stopWords are function words that carry no content for alignment.
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the and or but if then else of in on at to for from by with as is are was were be been being
	it its this that these those there here we i you he she they them our your my me us his her their
	do does did doing have has had having will would shall should can could may might must
	so than too very just also into onto over under about via per up down out off again once all any both each
	few more most other some such own same which who whom what when where why how whose while
	am let lets let's i'm i've i'll we're we've we'll you're it's that's there's here's what's
	now then still yet even only really quite rather much many well back get got go going gone
	not no isn't aren't wasn't weren't don't doesn't didn't won't can't cannot couldn't shouldn't wouldn't hasn't haven't hadn't mustn't`) {
		m[w] = true
	}
	return m
}()

func stopWord(w string) bool { return stopWords[w] }

// synonyms map a word to the form alignment uses (data: lexicon synonyms section).
var (
	synOnce sync.Once
	synMap  map[string]string
)

func synonym(w string) string {
	synOnce.Do(func() {
		synMap = map[string]string{}
		for _, e := range lexicon.Default().Entries() {
			if e.Category == "synonym" {
				synMap[e.Phrase] = e.Attr("as")
			}
		}
	})
	if s, ok := synMap[w]; ok {
		return s
	}
	return w
}

// Stem reduces a word to the form alignment compares (Snowball English stemmer, after
// the synonym table).
func Stem(w string) string {
	w = synonym(strings.ToLower(w))
	if len(w) <= 3 || !asciiWord(w) {
		return w
	}
	return synonym(english.Stem(w, false))
}

func asciiWord(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Terms are the alignment terms of a text: stems of its content words, the sub-words
// of its identifiers (camelCase, snake_case, dotted and slashed names) with the whole
// identifier, the normalised values, and character bigrams of text in scripts written
// without spaces. Each term appears once.
func Terms(text string, values []Token) []string {
	seen := map[string]bool{}
	var out []string
	add := func(t string) {
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	for _, v := range values {
		if v.Kind != TokCode {
			add(v.Norm)
		}
	}
	for _, w := range splitWords(text) {
		termsOfWord(w.t, add)
	}
	return out
}

func termsOfWord(w string, add func(string)) {
	for _, t := range wordTerms(w) {
		add(t)
	}
}

// wordCache holds the terms of the words seen (a pure function of the word, looked up
// far more often than computed: the same words recur across facts and rounds).
// (set in init: its function reaches wordTerms again through bigrams)
var wordCache *textmemo.Memo[[]string]

func init() { wordCache = textmemo.New(1<<18, uniqueWordTerms) }

// uniqueWordTerms computes the terms of one word, each once.
func uniqueWordTerms(w string) []string {
	var out []string
	seen := map[string]bool{}
	computeWordTerms(w, func(t string) {
		if t != "" && !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	})
	return out
}

// wordTerms are the terms of one word, in the order termsOfWord adds them, each once.
func wordTerms(w string) []string { return wordCache.Get(w) }

func computeWordTerms(w string, add func(string)) {
	if hasSpaceless(w) {
		bigrams(w, add)
		return
	}
	parts := subWords(w)
	if len(parts) > 1 {
		add("id:" + strings.ToLower(strings.Trim(w, "()[]{}<>\"'`")))
	}
	for _, p := range parts {
		lp := strings.ToLower(p)
		if len(lp) < 2 || stopWord(lp) || isNumeric(lp) {
			continue
		}
		add(Stem(lp))
		if base, ok := negativePrefix(lp); ok {
			add(Stem(base)) // "unchanged" aligns with "change"; polarity is the judges' business
		}
	}
}

func isNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) && s[i] != '.' && s[i] != ',' {
			return false
		}
	}
	return true
}

// subWords splits a word at punctuation inside it and at camelCase humps:
// "checkCanRewindWithWarning" -> check Can Rewind With Warning; "pkg/x_y.go" -> pkg x y go.
func subWords(w string) []string {
	var out []string
	start := -1
	rs := []rune(w)
	flush := func(i int) {
		if start >= 0 && i > start {
			out = append(out, string(rs[start:i]))
		}
		start = -1
	}
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '\'' && r != '’' {
			flush(i)
			continue
		}
		if start >= 0 && unicode.IsUpper(r) && i > 0 && unicode.IsLower(rs[i-1]) {
			flush(i)
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(rs))
	for i, p := range out {
		out[i] = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(p, "'s"), "’s"), "'")
	}
	return out
}

func hasSpaceless(w string) bool {
	for _, r := range w {
		if lexicon.Spaceless(r) && !unicode.In(r, unicode.Hangul) {
			return true
		}
	}
	return false
}

// bigrams adds the character bigrams of runs of Han and Kana (the standard way to
// index text written without spaces) and the other runs as words.
func bigrams(w string, add func(string)) {
	var run []rune
	var other strings.Builder
	flushRun := func() {
		if len(run) == 1 {
			add(string(run))
		}
		for i := 0; i+1 < len(run); i++ {
			add(string(run[i : i+2]))
		}
		run = run[:0]
	}
	flushOther := func() {
		if other.Len() > 0 {
			termsOfWord(other.String(), add)
			other.Reset()
		}
	}
	for _, r := range w {
		switch {
		case lexicon.Spaceless(r) && !unicode.In(r, unicode.Hangul):
			flushOther()
			run = append(run, r)
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '.' || r == '/' || r == '-':
			flushRun()
			other.WriteRune(r)
		default:
			flushRun()
			flushOther()
		}
	}
	flushRun()
	flushOther()
}

// ContentWords are a text's alignment terms without its values (stems and identifier
// sub-words), for callers that compare wording.
func ContentWords(text string) []string { return Terms(text, nil) }

// NegatedStem is the stem a negative prefix denies in word ("unchanged" -> "chang",
// "non-blocking" -> "block"); ok false when the word has none.
func NegatedStem(word string) (string, bool) {
	base, ok := negativePrefix(strings.ToLower(word))
	if !ok {
		return "", false
	}
	return Stem(base), true
}

// negativePrefix splits un-/non- off a long word ("unchanged" -> "changed").
func negativePrefix(w string) (string, bool) {
	for _, p := range []string{"un", "non-", "non"} {
		if strings.HasPrefix(w, p) && len(w)-len(p) >= 5 {
			return w[len(p):], true
		}
	}
	return "", false
}

// CueWord reports whether w, a single word, is one of the lexicon's cues (a negation,
// a modal, a hedge, a status word): a function of the claim, never a name.
func CueWord(w string) bool { return lexicon.Default().IsWord(w, "") }
