package rules

import (
	"github.com/compaudit/compaudit/classify"
)

// speakerKind is who established a fact: its explicit attribution ("the user said",
// "per the runbook", "I decided") or else who wrote it; "" when a summary states it
// without saying.
func speakerKind(f *classify.Fact) string {
	if f.Provenance.Source != "" {
		return f.Provenance.Source
	}
	switch f.Origin {
	case classify.OriginUser:
		return "user"
	case classify.OriginAssistant, classify.OriginThinking:
		return "assistant"
	case classify.OriginTool, classify.OriginToolError:
		return "tool"
	case classify.OriginDocument:
		return "doc"
	case classify.OriginInstruction:
		return "instruction"
	}
	return ""
}

// thirdPartyKind: a person, a team, a document, CI, a vendor: neither party of the
// conversation.
func thirdPartyKind(k string) bool {
	switch k {
	case "person", "team", "doc", "ci", "vendor":
		return true
	}
	return false
}
