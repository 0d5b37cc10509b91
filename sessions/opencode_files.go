package sessions

import (
	"bytes"
	"encoding/json"
	"io"
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
// cleanly.
func (d *fileDecoder) decode(data []byte, v any) bool {
	if d.dec == nil {
		d.dec = json.NewDecoder(&d.src)
	}
	d.src.Reset(data)
	if d.dec.Decode(v) != nil || !onlySpace(d.dec.Buffered()) || !onlySpace(&d.src) {
		d.dec = nil // its state is unknown: the next file starts a new one
		return false
	}
	return true
}

// onlySpace reads r to its end and reports whether it held only JSON whitespace.
func onlySpace(r io.Reader) bool {
	var buf [64]byte
	for {
		n, err := r.Read(buf[:])
		for _, b := range buf[:n] {
			if !isJSONSpace(b) {
				return false
			}
		}
		if err != nil {
			return err == io.EOF
		}
	}
}

// decodeStored decodes one stored file: through d when it decodes cleanly, else as
// decodeStrict does (with the located error).
func decodeStored(d *fileDecoder, file string, data []byte, v any) error {
	if d.decode(data, v) {
		return nil
	}
	return decodeStrict(file, data, v)
}
