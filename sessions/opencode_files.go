package sessions

import (
	"bytes"
	"encoding/json"
)

// fileDecoder decodes a storage folder's many small files with one json.Decoder,
// whose decoding state is reused: json.Unmarshal makes a new one per call, garbage
// of the order of the file's own text over a folder of small files. Anything it does
// not decode cleanly (a syntax or type error, data after the value) goes to
// decodeStrict, which decodes it again and names the error, as before.
type fileDecoder struct {
	src bytes.Reader
	dec *json.Decoder
}

// decode decodes the JSON document data into v and reports whether it did so
// cleanly. A document that is not one object or array and whitespace is left to
// decodeStrict before the decoder sees it (asking the decoder what it buffered past
// the value would cost a reader per file), so the decoder only ever has whitespace
// of the files before left over.
func (d *fileDecoder) decode(data []byte, v any) bool {
	if !oneValue(data) {
		return false
	}
	if d.dec == nil {
		d.dec = json.NewDecoder(&d.src)
	}
	d.src.Reset(data)
	if d.dec.Decode(v) != nil {
		d.dec = nil // its state is unknown: the next file starts a new one
		return false
	}
	return true
}

// oneValue reports whether data is one JSON object or array with only whitespace
// around it, by its brackets and strings alone (the decoder checks the rest): a
// value the decoder takes whole ends where the brackets balance.
func oneValue(data []byte) bool {
	i := 0
	for i < len(data) && isJSONSpace(data[i]) {
		i++
	}
	if i == len(data) || (data[i] != '{' && data[i] != '[') {
		return false
	}
	var sc bracketScan
	depth := 0
	for ; i < len(data); i++ {
		d := sc.step(data[i])
		if depth += d; d < 0 && depth == 0 {
			return onlySpace(data[i+1:])
		}
	}
	return false
}

// onlySpace reports whether b holds only JSON whitespace.
func onlySpace(b []byte) bool {
	for _, c := range b {
		if !isJSONSpace(c) {
			return false
		}
	}
	return true
}

// decodeStored decodes one stored file: through d when it decodes cleanly, else as
// decodeStrict does (with the located error).
func decodeStored(d *fileDecoder, file string, data []byte, v any) error {
	if d.decode(data, v) {
		return nil
	}
	return decodeStrict(file, data, v)
}
