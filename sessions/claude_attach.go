package sessions

// attachmentDecode decodes an attachment record's payload leniently: only the fields
// the reader uses, each only when it has the expected JSON type. The value itself is
// validated by the scanner (a syntax error is still an error).
func attachmentDecode(v []byte, dst **ccAttach) error {
	if v[0] != '{' {
		return nil
	}
	a := &ccAttach{}
	*dst = a
	var d ccDecoder // type errors are ignored here
	str := func(val []byte, s *string) {
		if val[0] == '"' {
			d.str("", val, s)
		}
	}
	return jsFields(v, func(k, val []byte) error {
		switch string(k) {
		case "type":
			str(val, &a.Type)
		case "prompt":
			if val[0] == '"' || val[0] == '[' {
				a.Prompt = &ccContent{}
				return d.content("", val, a.Prompt)
			}
		case "commandMode":
			str(val, &a.CommandMode)
		case "origin":
			if val[0] == '{' {
				a.Origin = &ccOrigin{}
				return jsFields(val, func(ok, ov []byte) error {
					if string(ok) == "kind" {
						str(ov, &a.Origin.Kind)
					}
					return nil
				})
			}
		case "isMeta":
			a.IsMeta = val[0] == 't'
		case "hookName":
			str(val, &a.HookName)
		case "hookEvent":
			str(val, &a.HookEvent)
		case "content":
			a.Content = val
		case "path":
			str(val, &a.Path)
		case "files":
			if val[0] == '[' {
				a.Files = []ccAttFile{}
				return jsElems(val, func(e []byte) error {
					if e[0] != '{' {
						return nil
					}
					var f ccAttFile
					err := jsFields(e, func(fk, fv []byte) error {
						switch string(fk) {
						case "path":
							str(fv, &f.Path)
						case "type":
							str(fv, &f.Type)
						case "content":
							str(fv, &f.Content)
						}
						return nil
					})
					a.Files = append(a.Files, f)
					return err
				})
			}
		}
		return nil
	})
}
