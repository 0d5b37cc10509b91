package termsafe

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// raw reports the first character of s a terminal would interpret, if any (newlines
// and tabs are allowed when multiline is set).
func raw(s string, multiline bool) (rune, bool) {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if multiline && (r == '\n' || r == '\t') {
			continue
		}
		if r == utf8.RuneError && n <= 1 || r < 0x20 || r == 0x7f || Invisible(r) {
			return r, true
		}
	}
	return 0, false
}

func TestLineAndTextOnHostileStrings(t *testing.T) {
	for _, h := range Hostile {
		l := Line(h)
		if r, bad := raw(l, false); bad {
			t.Errorf("Line(%q) = %q keeps %U", h, l, r)
		}
		if strings.Contains(l, "\n") {
			t.Errorf("Line(%q) spans lines", h)
		}
		x := Text(h)
		if r, bad := raw(x, true); bad || strings.Contains(x, "\t") {
			t.Errorf("Text(%q) = %q keeps %U", h, x, r)
		}
		if !Safe(l) {
			t.Errorf("Safe(Line(%q)) is false", h)
		}
		if Safe(h) && h != "tab\there" {
			t.Errorf("Safe(%q) is true", h)
		}
	}
	if got := Line("a\x1b[31mb\u202ec\nd"); got != "a␛[31mb⟨U+202E⟩c␊d" {
		t.Errorf("Line = %q", got)
	}
	if got := Text("a\r\nb\x1b"); got != "a\nb␛" {
		t.Errorf("Text = %q", got)
	}
	if s := "plain ünïcode 日本"; Line(s) != s || Text(s) != s {
		t.Error("plain text changed")
	}
}

func TestWriterSplitsRunesAcrossWrites(t *testing.T) {
	in := strings.Join(Hostile, "|") + "日本\u202e"
	var whole, split bytes.Buffer
	w := NewWriter(&whole)
	if _, err := w.Write([]byte(in)); err != nil {
		t.Fatal(err)
	}
	_ = w.Close()
	w2 := NewWriter(&split)
	for i := 0; i < len(in); i++ { // one byte at a time: every rune is split
		if n, err := w2.Write([]byte{in[i]}); err != nil || n != 1 {
			t.Fatalf("write: %d %v", n, err)
		}
	}
	_ = w2.Close()
	if whole.String() != split.String() {
		t.Fatalf("byte-by-byte output differs:\n%q\n%q", whole.String(), split.String())
	}
	if r, bad := raw(whole.String(), true); bad {
		t.Fatalf("writer let %U through: %q", r, whole.String())
	}
	if !strings.Contains(whole.String(), "日本⟨U+202E⟩") || !strings.Contains(whole.String(), "tab\there") {
		t.Errorf("writer changed what it should keep: %q", whole.String())
	}
	var tail bytes.Buffer
	w3 := NewWriter(&tail)
	_, _ = w3.Write([]byte("x\xe6\x97"))
	_ = w3.Close()
	if tail.String() != "x\uFFFD" {
		t.Errorf("a cut rune at the end = %q", tail.String())
	}
}

func TestJSONWriterKeepsTheDocument(t *testing.T) {
	doc := map[string]string{}
	for i, h := range Hostile {
		if utf8.ValidString(h) {
			doc[string(rune('a'+i))] = h + "\u0085\u009b\x7f"
		}
	}
	var enc bytes.Buffer
	e := json.NewEncoder(&enc)
	e.SetEscapeHTML(false)
	_ = e.Encode(doc)
	var out bytes.Buffer
	w := NewJSONWriter(&out)
	for _, chunk := range bytes.SplitAfter(enc.Bytes(), []byte{0x9b}) {
		_, _ = w.Write(chunk)
	}
	_ = w.Close()
	if r, bad := raw(out.String(), true); bad {
		t.Fatalf("JSON writer let %U through", r)
	}
	var back map[string]string
	if err := json.Unmarshal(out.Bytes(), &back); err != nil {
		t.Fatalf("filtered JSON does not parse: %v", err)
	}
	for k, v := range doc {
		if back[k] != v {
			t.Errorf("%s: %q came back as %q", k, v, back[k])
		}
	}
}
