package sessions

import (
	"encoding/json"
	"unicode/utf8"
)

// cxDecode decodes one Codex rollout line into r with the fast scanner, as ccDecode
// does for Claude Code: syntax errors are *badLineError, a used field of the wrong
// type is *fieldTypeError, unused fields are validated and skipped. Raw values kept
// in r point into line and are valid only until the next line is read.
func cxDecode(line []byte, r *cxLine) error {
	if !utf8.Valid(line) {
		return utf8LineError(line)
	}
	d := ccDecoder{line: line}
	err := jsFields(line, func(k, v []byte) error {
		switch string(k) {
		case "timestamp":
			d.str("timestamp", v, &r.Timestamp)
		case "type":
			d.str("type", v, &r.Type)
		case "payload":
			if v[0] == 'n' {
				return nil
			}
			if v[0] != '{' {
				d.fail("payload", v, "an object")
				return nil
			}
			r.Payload = &cxPayload{}
			return d.payload("payload", v, r.Payload)
		}
		return nil
	})
	if err != nil {
		return lineError(err)
	}
	if d.typeErr != nil {
		return d.typeErr
	}
	return nil
}

func (d *ccDecoder) payload(field string, v []byte, p *cxPayload) error {
	return jsFields(v, func(k, val []byte) error {
		switch string(k) {
		case "type":
			d.str(field+".type", val, &p.Type)
		case "id":
			if val[0] == '"' {
				d.str(field+".id", val, &p.ID)
			}
		case "role":
			d.str(field+".role", val, &p.Role)
		case "content":
			p.Content = json.RawMessage(val)
		case "summary":
			p.Summary = json.RawMessage(val)
		case "encrypted_content":
			p.EncryptedContent = d.strPtr(field+".encrypted_content", val)
		case "name":
			d.str(field+".name", val, &p.Name)
		case "arguments":
			p.Arguments = json.RawMessage(val)
		case "input":
			p.Input = json.RawMessage(val)
		case "call_id":
			d.str(field+".call_id", val, &p.CallID)
		case "output":
			p.Output = json.RawMessage(val)
		case "action":
			p.Action = json.RawMessage(val)
		case "message":
			p.Message = json.RawMessage(val)
		case "replacement_history":
			if val[0] != '[' {
				if val[0] != 'n' {
					d.fail(field+".replacement_history", val, "an array")
				}
				return nil
			}
			return jsElems(val, func(e []byte) error {
				if e[0] != '{' {
					return nil // not an item this reader knows
				}
				p.ReplacementHistory = append(p.ReplacementHistory, cxPayload{})
				return d.payload("replacement_history[]", e, &p.ReplacementHistory[len(p.ReplacementHistory)-1])
			})
		case "model":
			if val[0] == '"' {
				d.str(field+".model", val, &p.Model)
			}
		case "turn_id":
			if val[0] == '"' {
				d.str(field+".turn_id", val, &p.TurnID)
			}
		case "model_provider":
			if val[0] == '"' {
				d.str(field+".model_provider", val, &p.ModelProvider)
			}
		}
		return nil
	})
}
