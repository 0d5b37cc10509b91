package classify

import (
	"strings"
	"unicode"
)

// Language guesses the language a text is written in: "ja", "zh", "ko" and "ru" by
// script, and among Latin-script texts "en", "de", "fr", "es" or "pt" by their
// commonest function words; "" when the text is too short or unclear. It is meant for
// telling that a summary is in another language than its sources, not for linguistics.
func Language(text string) string {
	c := countScripts(text)
	kana, han, hangul, cyr, latin := c.kana, c.han, c.hangul, c.cyr, c.latin
	switch {
	case kana >= 8 && kana*4 >= latin:
		return "ja"
	case han >= 8 && han*2 >= latin:
		return "zh"
	case hangul >= 8 && hangul*2 >= latin:
		return "ko"
	case cyr >= 20 && cyr >= latin:
		return "ru"
	}
	return latinLanguage(text)
}

// Scripts Script tells apart (Japanese kana count as Han: the languages mix them).
const (
	ScriptLatin    = "latin"
	ScriptHan      = "han"
	ScriptHangul   = "hangul"
	ScriptCyrillic = "cyrillic"
)

// Script is the script most of a short text's letters are in, "" when it has too few
// letters to say: "漢字を使う" is han, "Никогда не пушить" cyrillic. Identifiers and
// paths in Latin letters inside a Japanese sentence do not make it Latin.
func Script(text string) string {
	c := countScripts(text)
	han, hangul, cyr, latin := c.kana+c.han, c.hangul, c.cyr, c.latin
	switch {
	case han >= 4 && han*3 >= latin:
		return ScriptHan
	case hangul >= 4 && hangul*3 >= latin:
		return ScriptHangul
	case cyr >= 8 && cyr >= latin:
		return ScriptCyrillic
	case latin >= 12 && han+hangul+cyr == 0:
		return ScriptLatin
	}
	return ""
}

// scriptCounts are how many letters of a text are in each script Language and Script
// tell apart.
type scriptCounts struct{ kana, han, hangul, cyr, latin int }

func countScripts(text string) scriptCounts {
	var c scriptCounts
	for _, r := range text {
		switch {
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			c.kana++
		case unicode.Is(unicode.Han, r):
			c.han++
		case unicode.Is(unicode.Hangul, r):
			c.hangul++
		case unicode.Is(unicode.Cyrillic, r):
			c.cyr++
		case r < 0x250 && unicode.IsLetter(r):
			c.latin++
		}
	}
	return c
}

// functionWords are frequent short words that tell the Latin-script languages apart.
var functionWords = map[string][]string{
	"en": {"the", "and", "is", "to", "of", "that", "with", "for", "not", "this", "it", "we"},
	"de": {"der", "die", "das", "und", "ist", "nicht", "mit", "ich", "wir", "auf", "den", "zu"},
	"fr": {"le", "la", "les", "et", "est", "pas", "une", "des", "pour", "que", "dans", "nous"},
	"es": {"el", "los", "las", "y", "es", "una", "para", "que", "con", "del", "por", "no"},
	"pt": {"o", "os", "as", "e", "é", "uma", "para", "que", "com", "do", "da", "não"},
}

func latinLanguage(text string) string {
	count := map[string]int{}
	total := 0
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) }) {
		total++
		for lang, ws := range functionWords {
			for _, x := range ws {
				if w == x {
					count[lang]++
				}
			}
		}
	}
	best, second := "", 0
	for _, lang := range []string{"en", "de", "fr", "es", "pt"} {
		switch c := count[lang]; {
		case best == "" || c > count[best]:
			second = count[best]
			best = lang
		case c > second:
			second = c
		}
	}
	if total < 12 || count[best] < 4 || count[best] < 2*second {
		return ""
	}
	return best
}
