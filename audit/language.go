package audit

import (
	"fmt"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// languageNames name the languages classify.Language tells apart.
var languageNames = map[string]string{"en": "English", "de": "German", "fr": "French", "es": "Spanish", "pt": "Portuguese",
	"ja": "Japanese", "zh": "Chinese", "ko": "Korean", "ru": "Russian"}

// languageSample caps the text read to guess a side's language.
const languageSample = 40000

// crossLanguage: the conversation (the user's and the assistant's words) is in one
// language and the summary in another; it returns both.
func crossLanguage(r *rule.Round) (string, string, bool) {
	src := sideLanguage(r.Src, func(f *classify.Fact) bool {
		return !f.Code && (f.Origin == classify.OriginUser || f.Origin == classify.OriginAssistant)
	})
	sum := sideLanguage(r.Sum, func(f *classify.Fact) bool { return !f.Code })
	return src, sum, src != "" && sum != "" && src != sum
}

func sideLanguage(fs []classify.Fact, keep func(*classify.Fact) bool) string {
	var b strings.Builder
	for i := range fs {
		if b.Len() >= languageSample {
			break
		}
		if keep(&fs[i]) {
			b.WriteString(fs[i].Text)
			b.WriteByte('\n')
		}
	}
	return classify.Language(b.String())
}

// crossLanguageNote says what a cross-language round can and cannot show, and turns
// the omissions it cannot judge (no exact value to look for) to info. In a round whose
// conversation and summary share a language, a lost fact written in another script
// than the summary (a user's rule in Japanese among English turns, summarised in
// English) cannot be aligned by its wording either, and is turned to info the same way.
func crossLanguageNote(r *rule.Round, fs []Finding) (string, bool) {
	src, sum, ok := crossLanguage(r)
	want := scriptOfLanguage(sum)
	for k := range fs {
		f := &fs[k]
		if f.Family != Omission || f.Source == nil || f.Severity == SevInfo || hasExactValue(f.Source.Tokens) {
			continue
		}
		switch got := classify.Script(f.Source.Text); {
		case ok:
			f.Severity = SevInfo
			f.Why = strings.TrimSpace(f.Why + "; the summary is in another language, so its wording cannot be aligned")
		case want != "" && got != "" && got != want:
			f.Severity = SevInfo
			f.Why = strings.TrimSpace(f.Why + "; it is written in another script than the summary, so its wording cannot be aligned")
		}
	}
	if !ok {
		return "", false
	}
	return fmt.Sprintf("cross-language: the conversation is mostly in %s and the summary in %s; compaudit aligns exact values, paths and names across languages but not wording, so omissions without an exact value are info",
		languageNames[src], languageNames[sum]), true
}

// scriptOfLanguage is the script a language is written in ("" when unknown).
func scriptOfLanguage(lang string) string {
	switch lang {
	case "":
		return ""
	case "ja", "zh":
		return classify.ScriptHan
	case "ko":
		return classify.ScriptHangul
	case "ru":
		return classify.ScriptCyrillic
	}
	return classify.ScriptLatin
}

func hasExactValue(ts []classify.Token) bool {
	for _, t := range ts {
		if classify.Specific(t) || t.Kind == classify.TokPath || t.Kind == classify.TokCode || t.Kind == classify.TokFlag {
			return true
		}
	}
	return false
}
