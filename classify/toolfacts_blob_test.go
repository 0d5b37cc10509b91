package classify

import (
	"strings"
	"testing"
)

// A JSON document on one line is read as its fields: a string with spaces inside it
// breaks no value apart, and each figure keeps the field it is given to.
func TestJSONFields(t *testing.T) {
	got, ok := jsonFields(`{"title":"Move the tile cache","additions":312,"files":[{"path":"geo/tiles.go","deletions":7}],"draft":false,"body":null}`)
	want := "title: Move the tile cache; additions: 312; path: geo/tiles.go; deletions: 7; draft: false"
	if !ok || got != want {
		t.Fatalf("jsonFields = %q, %v; want %q", got, ok, want)
	}
	for _, s := range []string{"additions: 312", `{"a": 1`, "[not json"} {
		if _, ok := jsonFields(s); ok {
			t.Errorf("jsonFields(%q) read fields from no JSON document", s)
		}
	}
}

// A line too long to be a statement still backs the values it states.
func TestBlobFactValues(t *testing.T) {
	line := `{"number":2231,"title":"` + strings.Repeat("Drop the legacy importer and its tests ", 12) + `","additions":825,"deletions":221,"headRefName":"tiles/move-cache"}`
	f, ok := blobFact("m1", Span{Text: line, End: len(line)})
	if !ok || !f.Code || !f.Evidence {
		t.Fatalf("blobFact: %v %+v", ok, f)
	}
	var got []string
	for _, tk := range f.Tokens {
		got = append(got, tk.Key+"="+tk.Raw)
	}
	for _, w := range []string{"additions=825", "deletions=221"} {
		if !strings.Contains(strings.Join(got, " "), w) {
			t.Errorf("blob tokens %v lack %s", got, w)
		}
	}
}
