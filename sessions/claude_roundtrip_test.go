package sessions

import (
	"reflect"
	"testing"
)

// The fields the importer fills for queued messages, instruction messages, a round's
// /compact instructions and its partial reason survive the native writer and reader.
func TestNativeRoundTripImporterFields(t *testing.T) {
	s := &Session{ID: "s1", Messages: []Message{
		{ID: "m1", Role: RoleSystem, Kind: KindInstruction, Name: "CLAUDE.md", Text: "Never push to main."},
		{ID: "m2", Role: RoleUser, Text: "Deploy to staging."},
		{ID: "m3", Role: RoleUser, Text: "also write tests", Queued: true},
		{ID: "m4", Role: RoleAssistant, Text: "Done."},
	}, Compactions: []Compaction{{ID: "c1", Round: 1, Sources: []string{"m1", "m2", "m3", "m4"}, Summary: "Staging deploy done.",
		Trigger: "manual", PreTokens: 1200, Instructions: "keep the test plan", Partial: "the transcript starts mid-chain"}}}
	data, err := MarshalNative(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseNative("s.json", data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range back.Messages {
		back.Messages[i].Line = 0
	}
	for i := range back.Compactions {
		back.Compactions[i].Line = 0
	}
	if !reflect.DeepEqual(back.Messages, s.Messages) || !reflect.DeepEqual(back.Compactions, s.Compactions) {
		t.Errorf("round trip:\n%+v\n%+v\nwant\n%+v\n%+v", back.Messages, back.Compactions, s.Messages, s.Compactions)
	}
}
