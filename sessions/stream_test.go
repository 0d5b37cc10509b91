package sessions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"strings"
	"testing"
	"testing/iotest"
)

// randomArray is a JSON array of objects with random whitespace (newlines too)
// between every token, and the offset each element starts at.
func randomArray(rng *rand.Rand, n int) ([]byte, []int) {
	ws := func() string {
		return strings.Repeat([]string{"", " ", "\n", "\t", "\r\n", "\n\n  "}[rng.Intn(6)], rng.Intn(3))
	}
	var b bytes.Buffer
	var starts []int
	b.WriteString(ws() + "[" + ws())
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(ws() + "," + ws())
		}
		starts = append(starts, b.Len())
		fmt.Fprintf(&b, `{%s"id"%s:%s"m%d",%s"text":"%s"}`, ws(), ws(), ws(), i, ws(), strings.Repeat("é\\n\\\"x", rng.Intn(200)))
	}
	b.WriteString(ws() + "]" + ws())
	return b.Bytes(), starts
}

func TestStreamOffsetsAndLinesExact(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for trial := 0; trial < 40; trial++ {
		data, starts := randomArray(rng, 1+rng.Intn(60))
		lines := newLineIndex(data)
		readers := map[string]io.Reader{
			"whole":    bytes.NewReader(data),
			"one-byte": iotest.OneByteReader(bytes.NewReader(data)),
			"half":     iotest.HalfReader(bytes.NewReader(data)),
		}
		for name, r := range readers {
			s := newJSONStream(r, 1<<30)
			var got []int64
			_, err := s.array(func(i int) error {
				var m struct{ ID, Text string }
				start, err := s.decodeValue(&m)
				if err != nil {
					return err
				}
				if m.ID != fmt.Sprintf("m%d", i) {
					return fmt.Errorf("element %d decoded as %q", i, m.ID)
				}
				got = append(got, start)
				l, c := s.cr.lineCol(start)
				wl, wc := lines.lineCol(int(start))
				if l != wl || c != wc {
					return fmt.Errorf("element %d at %d: line %d:%d, want %d:%d", i, start, l, c, wl, wc)
				}
				return nil
			})
			if err == nil {
				err = s.end()
			}
			if err != nil {
				t.Fatalf("trial %d %s: %v", trial, name, err)
			}
			for i := range starts {
				if got[i] != int64(starts[i]) {
					t.Fatalf("trial %d %s: element %d starts at %d, want %d", trial, name, i, got[i], starts[i])
				}
			}
		}
	}
}

var errAny = errors.New("any error")

func TestCountingReaderChecks(t *testing.T) {
	read := func(data string, max int64) error {
		s := newJSONStream(iotest.OneByteReader(strings.NewReader(data)), max)
		var v any
		_, err := s.decodeValue(&v)
		if err == nil {
			err = s.end()
		}
		return err
	}
	cases := map[string]error{
		`["caf` + "\xc3\xa9" + `"]`:                       nil,
		`["caf` + "\xc3" + `"]`:                           errStreamUTF8,
		`["x` + "\xff" + `"]`:                             errStreamUTF8,
		`["x"]` + "\xe6\x97":                              errAny,
		strings.Repeat("[", maxNesting+1):                 errStreamNesting,
		`["` + strings.Repeat("[", maxNesting+1) + `"]`:   nil,
		`["\"` + strings.Repeat("[", maxNesting+1) + `"]`: nil,
		`{"a": 1} {}`:                                     errTrailing,
		string(utf8BOM) + `{"a": 1}`:                      nil,
		`["` + strings.Repeat("x", 100) + `"]`:            errStreamSize,
	}
	for doc, want := range cases {
		max := int64(1 << 20)
		if want == errStreamSize {
			max = 50
		}
		err := read(doc, max)
		if want == errAny && err != nil {
			continue
		}
		if want == nil && err != nil || want != nil && !errors.Is(err, want) {
			t.Errorf("%.40q: %v, want %v", doc, err, want)
		}
	}
}

// The decoder's start offsets hold when a value starts exactly at a buffer edge.
func TestStreamStartAtBufferEdges(t *testing.T) {
	for pad := 0; pad < 1100; pad += 7 {
		doc := "[" + strings.Repeat(" ", pad) + `{"id":"a"}` + strings.Repeat("\n", pad%13) + `,` + strings.Repeat(" ", 1024-pad%1024) + `{"id":"b"}]`
		s := newJSONStream(strings.NewReader(doc), 1<<20)
		var starts []int64
		_, err := s.array(func(int) error {
			var m json.RawMessage
			st, err := s.decodeValue(&m)
			starts = append(starts, st)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if doc[starts[0]] != '{' || doc[starts[1]] != '{' || doc[starts[1]+7] != 'b' {
			t.Fatalf("pad %d: starts %v", pad, starts)
		}
	}
}

// jstr decodes exactly as encoding/json does.
func TestJstrMatchesEncodingJSON(t *testing.T) {
	cases := []string{`""`, `"plain"`, `"a\nb\t\"q\"\\/\/"`, `"\u00e9\u65e5\ud83d\ude00"`, `"\ud800"`, `"\ud800x"`, `"\udc00\ud800"`, `"\ud83d\u0041"`, `"é日本"`, `"\b\f\r"`, `"x\u0000y"`, `"\ud800\ud800\udc00"`}
	for _, c := range cases {
		var want string
		if err := json.Unmarshal([]byte(c), &want); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		var got jstr
		if err := json.Unmarshal([]byte(c), &got); err != nil || string(got) != want {
			t.Errorf("%s: got %q (%v), want %q", c, got, err, want)
		}
	}
	var j jstr = "kept"
	if err := json.Unmarshal([]byte(`null`), &j); err != nil || j != "kept" {
		t.Errorf("null: %q %v", j, err)
	}
	if err := json.Unmarshal([]byte(`5`), &j); err == nil {
		t.Error("a number decoded as a string")
	}
}

// A jstr field of the wrong type is located like any type error.
func TestJstrTypeErrorIsLocated(t *testing.T) {
	doc := "{\"a\": [{\"t\": \"ok\"},\n {\"t\": 5}]}"
	var v struct {
		A []struct {
			T jstr `json:"t"`
		} `json:"a"`
	}
	err := decodeStrict("x.json", []byte(doc), &v)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Line != 2 || ie.Where != "a[1].t" || !strings.Contains(err.Error(), "got JSON number, want a string") {
		t.Fatalf("error %v (%+v)", err, ie)
	}
}
