package rules

import (
	"slices"

	"github.com/compaudit/compaudit/internal/textmemo"
)

var (
	identifierWordsMemo = textmemo.New(1<<15, identifierWordsOf)
	nameWordsMemo       = textmemo.New(1<<15, func(s string) []nameWord { return slices.Clip(nameWordsOf(s)) })
)

// identifierWords is identifierWordsOf(text), computed once per text (read-only).
func identifierWords(text string) map[string]bool { return identifierWordsMemo.Get(text) }

// nameWords is nameWordsOf(text), computed once per text (read-only: clipped, so an
// append copies).
func nameWords(text string) []nameWord { return nameWordsMemo.Get(text) }
