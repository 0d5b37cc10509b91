package classify

import "testing"

// TestStemIrregular: an irregular form stems with its base and its regular forms; a
// form that is also a word of another sense stays itself.
func TestStemIrregular(t *testing.T) {
	same := [][]string{
		{"written", "wrote", "writing", "writes"},
		{"built", "building", "builds"},
		{"chosen", "choose", "choosing"},
		{"lost", "losing", "lose"},
		{"taken", "took", "taking"},
	}
	for _, forms := range same {
		want := Stem(forms[0])
		for _, f := range forms[1:] {
			if got := Stem(f); got != want {
				t.Errorf("Stem(%q) = %q, want %q as for %q", f, got, want, forms[0])
			}
		}
	}
	for _, pair := range [][2]string{{"left", "leave"}, {"saw", "see"}, {"bound", "bind"}} {
		if Stem(pair[0]) == Stem(pair[1]) {
			t.Errorf("Stem(%q) = Stem(%q): an ambiguous form was mapped", pair[0], pair[1])
		}
	}
}
