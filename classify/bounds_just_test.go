package classify

import "testing"

// "just" limits a phrase ("just the staging bucket") but not an order or a time.
func TestJustAsQualifier(t *testing.T) {
	for text, want := range map[string]bool{
		"Back up just the staging bucket tonight.": true,
		"Keep just one retry for the webhook.":     true,
		"just fix it.":                             false,
		"I just ran the migration on a copy.":      false,
	} {
		f := ExtractSource(Source{ID: "m", Role: "user", Text: text})
		got := false
		for _, x := range f {
			for _, b := range x.Bounds {
				got = got || b.Kind == "only"
			}
		}
		if got != want {
			t.Errorf("%q: an 'only' bound = %v, want %v", text, got, want)
		}
	}
}
