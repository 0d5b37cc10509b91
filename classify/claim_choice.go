package classify

import (
	"strings"
	"unicode"
)

// wordStart: offset i of low begins a word.
func wordStart(low string, i int) bool {
	return i == 0 || !unicode.IsLetter(rune(low[i-1])) && low[i-1] != '\''
}

// choiceVerbs say that whoever speaks made a choice.
var choiceVerbs = map[string]bool{"decided": true, "chose": true, "opted": true, "picked": true, "settled": true}

// firstPersonChoice: an "I" (outside quotes) that goes on, within its clause, to a
// verb of choosing: "I moved the config and decided to keep the old key", "I then
// opted for the smaller node".
func firstPersonChoice(low string) bool {
	if !strings.HasPrefix(low, "i ") && !strings.Contains(low, " i ") && !strings.Contains(low, "\ni ") {
		return false // no "I" at all: most facts
	}
	ws := strings.FieldsFunc(low, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
	at := 0
	for k, w := range ws {
		at = strings.Index(low[at:], w) + at
		if w != "i" || quoted(low, at) {
			continue
		}
		for _, v := range ws[k+1 : min(len(ws), k+1+choiceReach)] {
			if choiceVerbs[strings.Trim(v, ",.;:!?()")] {
				return true
			}
			if strings.HasSuffix(v, ";") || strings.HasSuffix(v, ".") {
				break // the clause ends
			}
		}
	}
	return false
}

// choiceReach is how many words after "I" its verb of choosing may come.
const choiceReach = 16
