package sessions

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// OpenCodeDBFormat reads current OpenCode builds' SQLite store (opencode.db and its
// write-ahead log): tables session, message and part, whose "data" column holds the
// same JSON the older storage folder kept in files.
const OpenCodeDBFormat = "OpenCode database"

// DBSessionSep joins a database path and a session id: opencode.db#ses_...
const DBSessionSep = "#"

// splitDBRef splits "file.db#ses_x" when file.db exists and the whole path does not.
func splitDBRef(path string) (db, sid string, ok bool) {
	i := strings.LastIndex(path, DBSessionSep)
	if i <= 0 || i == len(path)-1 {
		return "", "", false
	}
	if _, err := os.Stat(path); err == nil {
		return "", "", false
	}
	if fi, err := os.Stat(path[:i]); err != nil || fi.IsDir() {
		return "", "", false
	}
	return path[:i], path[i+1:], true
}

// ocDB is an opened OpenCode database.
type ocDB struct {
	db                 *sqliteDB
	session, msg, part sqliteTable
}

func openOpenCodeDB(path string) (*ocDB, error) {
	db, err := openSQLite(path)
	if err != nil {
		return nil, &InputError{Path: path, Msg: err.Error()}
	}
	tables, err := db.tables()
	if err != nil {
		db.Close()
		return nil, &InputError{Path: path, Msg: err.Error()}
	}
	o := &ocDB{db: db}
	var ok1, ok2, ok3 bool
	o.session, ok1 = tables["session"]
	o.msg, ok2 = tables["message"]
	o.part, ok3 = tables["part"]
	if !ok1 || !ok2 || !ok3 {
		db.Close()
		return nil, &InputError{Path: path, Msg: "an SQLite database without OpenCode's session, message and part tables"}
	}
	return o, nil
}

// ocDBSession is one session row.
type ocDBSession struct {
	id, title string
	updated   float64
}

func (o *ocDB) sessions() ([]ocDBSession, error) {
	var out []ocDBSession
	err := o.db.rows(o.session, func(r sqliteRow) error {
		out = append(out, ocDBSession{id: r.str("id"), title: r.str("title"), updated: r.num("time_updated")})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].updated > out[j].updated })
	return out, err
}

// messages loads the messages (with parts) of the sessions in want (all when nil),
// grouped by session.
func (o *ocDB) messages(path string, want map[string]bool) (map[string][]*ocMessage, error) {
	byID := map[string]*ocMessage{}
	bySession := map[string][]*ocMessage{}
	err := o.db.rows(o.msg, func(r sqliteRow) error {
		id, sid := r.str("id"), r.str("session_id")
		if want != nil && !want[sid] {
			return nil
		}
		m := &ocMessage{}
		if err := json.Unmarshal(r.bytes("data"), m); err != nil {
			return &InputError{Path: path, Where: "message " + shorten(id, maxQuoted) + ".data", Msg: "invalid JSON: " + typeErrorText(err)}
		}
		m.ID, m.SessionID, m.file = id, sid, path+DBSessionSep+sid
		if m.Time.Created == 0 {
			m.Time.Created = r.num("time_created")
		}
		byID[id] = m
		bySession[sid] = append(bySession[sid], m)
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = o.db.rows(o.part, func(r sqliteRow) error {
		mid := r.str("message_id")
		m := byID[mid]
		if m == nil {
			return nil
		}
		id := r.str("id")
		var p ocPart
		if err := json.Unmarshal(r.bytes("data"), &p); err != nil {
			return &InputError{Path: path, Where: "part " + shorten(id, maxQuoted) + ".data", Msg: "invalid JSON: " + typeErrorText(err)}
		}
		p.ID, p.MessageID = id, mid
		m.parts = append(m.parts, p)
		return nil
	})
	return bySession, dbError(path, err)
}

// dbError locates an error of the SQLite layer at the database file.
func dbError(path string, err error) error {
	if err == nil || errors.As(err, new(*InputError)) {
		return err
	}
	return &InputError{Path: path, Msg: err.Error()}
}

// readOpenCodeDB reads session sid ("" for the only one) of the database at path; name
// is what the session is reported as.
func readOpenCodeDB(path, sid, name string) (*Session, error) {
	o, err := openOpenCodeDB(path)
	if err != nil {
		return nil, err
	}
	defer o.db.Close()
	if sid == "" {
		all, err := o.sessions()
		if err != nil {
			return nil, &InputError{Path: path, Msg: err.Error()}
		}
		switch len(all) {
		case 0:
			return nil, &InputError{Path: path, Msg: "OpenCode database holds no sessions"}
		case 1:
			sid, name = all[0].id, path+DBSessionSep+all[0].id
		default:
			// Only one of them compacted: that is the one to audit.
			if all, err := readOpenCodeDBAll(path); err == nil {
				var only *Session
				n := 0
				for _, d := range all {
					if d.err == nil && len(d.s.Compactions) > 0 {
						only, n = d.s, n+1
					}
				}
				if n == 1 {
					return only, nil
				}
			}
			var refs []string
			for i, s := range all {
				if i == 3 {
					refs = append(refs, fmt.Sprintf("... (%d more)", len(all)-3))
					break
				}
				refs = append(refs, path+DBSessionSep+s.id)
			}
			return nil, &InputError{Path: path, Msg: fmt.Sprintf("OpenCode database holds %d sessions; open one as FILE#SESSION (newest: %s), or list them with 'compaudit sessions --all %s'", len(all), strings.Join(refs, ", "), filepath.Dir(path))}
		}
	}
	msgs, err := o.messages(path, map[string]bool{sid: true})
	if err != nil {
		return nil, dbError(path, err)
	}
	if len(msgs[sid]) == 0 {
		return nil, &InputError{Path: path, Msg: fmt.Sprintf("OpenCode database has no messages for session %q", shorten(sid, maxQuoted))}
	}
	return buildOpenCodeDBSession(path, name, sid, msgs[sid])
}

func buildOpenCodeDBSession(dbPath, name, sid string, rows []*ocMessage) (*Session, error) {
	msgs := make([]*ocMsg, len(rows))
	for i, m := range rows {
		msgs[i] = m.digest()
		rows[i] = nil // its parts go now
	}
	s, b, err := buildOpenCode(name, sid, msgs, OpenCodeDBFormat)
	if err != nil {
		return nil, err
	}
	// DCP keeps its state in the storage folder next to the database.
	for _, dir := range []string{"dcp", "acp"} {
		f := filepath.Join(filepath.Dir(dbPath), "storage", "plugin", dir, sid+".json")
		if _, err := os.Stat(f); err != nil {
			continue
		}
		data, err := readRegular(f, maxDocBytes)
		if err != nil {
			return nil, err
		}
		var st dcpState
		if err := decodeStrict(f, data, &st); err != nil {
			return nil, err
		}
		addDCP(s, b, f, &st, msgs)
		break
	}
	return finishOpenCode(s)
}

// dbSession is one session of a database read whole, or why it did not build.
type dbSession struct {
	ref string
	s   *Session
	err error
}

// readOpenCodeDBAll reads every session of the database in one pass, for discovery.
func readOpenCodeDBAll(path string) ([]dbSession, error) {
	o, err := openOpenCodeDB(path)
	if err != nil {
		return nil, err
	}
	defer o.db.Close()
	msgs, err := o.messages(path, nil)
	if err != nil {
		return nil, dbError(path, err)
	}
	sids := make([]string, 0, len(msgs))
	for sid := range msgs {
		sids = append(sids, sid)
	}
	sort.Strings(sids)
	var out []dbSession
	for _, sid := range sids {
		ref := path + DBSessionSep + sid
		s, err := buildOpenCodeDBSession(path, ref, sid, msgs[sid])
		out = append(out, dbSession{ref: ref, s: s, err: err})
	}
	return out, nil
}
