package sessions

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// ccDecodeStd is the reference: the same record decoded by encoding/json.
func ccDecodeStd(line []byte, r *ccLine) error { return json.Unmarshal(line, r) }

// normInput makes tool_use inputs comparable (the fast decoder keeps them raw, as
// written; encoding/json keeps them raw too, but as a copy).
func normInput(r *ccLine) {
	if r.Message == nil {
		return
	}
	for i := range r.Message.Content.Blocks {
		b := &r.Message.Content.Blocks[i]
		if b.Input != nil {
			var buf bytes.Buffer
			_ = json.Compact(&buf, b.Input)
			b.Input = buf.Bytes()
		}
	}
}

// Every line of the shared Claude Code files decodes the same with the fast scanner
// as with encoding/json.
func TestCCDecodeMatchesEncodingJSON(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "fixtures", "*", "session.claude.jsonl"))
	files = append(files, filepath.Join("..", "testdata", "samples", "claude-code-sample.jsonl"))
	own, _ := filepath.Glob(filepath.Join("testdata", "claude", "*.jsonl"))
	files = append(files, own...)
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range bytes.Split(data, []byte("\n")) {
			if len(bytes.TrimSpace(line)) == 0 || !json.Valid(line) {
				continue
			}
			var fast, std ccLine
			errF, errS := ccDecode(line, &fast), ccDecodeStd(line, &std)
			if (errF == nil) != (errS == nil) {
				t.Errorf("%s:%d: fast err %v, std err %v", f, i+1, errF, errS)
				continue
			}
			normInput(&fast)
			normInput(&std)
			if !reflect.DeepEqual(fast, std) {
				t.Errorf("%s:%d: decoded differently:\nfast %+v\n std %+v", f, i+1, fast, std)
			}
			n++
		}
	}
	if n < 500 {
		t.Fatalf("only %d lines compared", n)
	}
}

var scannerCases = []string{
	`{}`, `{"a":1}`, `{"a":[1,2,{"b":"c"}],"d":null,"e":true,"f":false}`,
	`{"s":"esc \" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00 end"}`,
	`{"s":"lone \ud83d surrogate"}`, `{"s":"\u0000"}`, `{"n":-1.5e+10}`, `{"n":0}`,
	` { "a" : [ ] , "b" : { } } `, `{"k\"ey":"v"}`, `{"a":"\\\\"}`, `{"a":"x\\"}`,
	// malformed
	`{`, `{"a"`, `{"a":}`, `{"a":1,}`, `{"a":1 "b":2}`, `{"a":tru}`, `{"a":"unterminated}`,
	`{"a":"bad \x escape"}`, `{"a":"\u12"}`, `{"a":1}}`, `{"a":1} x`, `[1,2]`, `"str"`, `{a:1}`,
	"{\"a\":\"raw \x00 NUL\"}", "{\"a\":\"raw \x1b[31m ESC\"}", "{\"a\":\"tab\tin a string\"}", "{\"a\":\t\"tab outside\"\r}",
	"{\"k\x01\":1}", "{\"a\":\"\\n ok then \x07 bell\"}", "{\"a\":1,\x00\"b\":2}",
	`{"a":[1,2}`, `{"a":{"b":1]}`, `{"a":-}`, `{"a":"x\"}`, `{"a":nul}`, ``, `{"":00}`, `{"a":01}`, `{"a":1.}`, `{"a":.5}`, `{"a":1e}`, `{"a":-0.5E-3}`, `{"a":1}{"b":2}`,
}

// The scanner accepts exactly the JSON objects encoding/json accepts (raw control
// characters inside strings are rejected by both), and unquotes strings the same way.
func TestJSScannerMatchesEncodingJSON(t *testing.T) {
	for _, c := range scannerCases {
		checkScanner(t, []byte(c))
	}
}

func checkScanner(t *testing.T, b []byte) {
	t.Helper()
	if !utf8.Valid(b) {
		return
	}
	var strs []string
	var collect func(v []byte) error
	collect = func(v []byte) error {
		switch v[0] {
		case '"':
			s, err := jsUnquote(v)
			if err != nil {
				return err
			}
			strs = append(strs, s)
		case '{':
			return jsFields(v, func(k, val []byte) error { strs = append(strs, "key:"+string(k)); return collect(val) })
		case '[':
			return jsElems(v, collect)
		}
		return nil
	}
	trimmed := bytes.TrimSpace(b)
	var err error
	if len(trimmed) == 0 || trimmed[0] != '{' {
		err = jsFields(b, func(k, v []byte) error { return nil })
	} else {
		err = collect(trimmed)
	}
	var obj map[string]any
	stdErr := json.Unmarshal(b, &obj)
	if (err == nil) != (stdErr == nil) {
		t.Errorf("%q: scanner err %v, encoding/json err %v", b, err, stdErr)
		return
	}
	if err != nil {
		return
	}
	var want []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			want = append(want, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			// order-free comparison below
			for k, e := range x {
				want = append(want, "key:"+k)
				walk(e)
			}
		}
	}
	walk(obj)
	if a, b := sortedCopy(strs), sortedCopy(want); strings.Join(a, "\x00") != strings.Join(b, "\x00") && !hasDupKeys(strs) {
		t.Errorf("%q: strings %q, encoding/json %q", b, a, b)
	}
}

func sortedCopy(s []string) []string {
	out := append([]string(nil), s...)
	stableSortStrings(out)
	return out
}

func hasDupKeys(s []string) bool {
	seen := map[string]bool{}
	for _, x := range s {
		if strings.HasPrefix(x, "key:") {
			if seen[x] {
				return true
			}
			seen[x] = true
		}
	}
	return false
}

func FuzzJSScanner(f *testing.F) {
	for _, c := range scannerCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, b []byte) { checkScanner(t, b) })
}
