package tui

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/diffview"
	"github.com/compaudit/compaudit/internal/termsafe"
)

// Export writes the report to a file the user names. It suggests a name next to the
// input (or in the working folder when that is not writable), expands ~, says the full
// path, asks before overwriting, never writes over the session it audits, and names no
// temporary file in an error.

type exportStep int

const (
	exportNone exportStep = iota
	exportFormat
	exportPath
	exportChecking
	exportConfirm
	exportWriting
)

type exportState struct {
	step   exportStep
	format string
	path   string // the checked, absolute path
}

type (
	exportCheckedMsg struct {
		path   string
		exists bool
		err    error
	}
	exportedMsg struct {
		path, format string
		err          error
	}
)

// exportFormats are the choices of the format prompt: key, format, label.
var exportFormats = [][3]string{{"j", "json", "json"}, {"m", "md", "markdown"}, {"b", "brief", "brief markdown"}, {"h", "html", "html"}}

func (m *Model) startExport() tea.Cmd {
	m.exp = exportState{step: exportFormat}
	m.status = ""
	return nil
}

func (m *Model) exportStatus() string {
	switch m.exp.step {
	case exportFormat:
		var cs []string
		for _, f := range exportFormats {
			cs = append(cs, "["+f[0]+"]"+strings.TrimPrefix(f[2], f[0]))
		}
		return m.st.Title.Render(" export as: ") + strings.Join(cs, "  ") + m.st.Faint.Render("   esc cancels")
	case exportChecking, exportWriting:
		return " " + m.st.Faint.Render("writing "+diffview.Sanitize(m.exp.path)+"…")
	case exportConfirm:
		return m.st.Warn.Render(" "+diffview.Sanitize(m.exp.path)+" exists: overwrite it? ") + "[y]es  [n]o"
	}
	return ""
}

func (m *Model) exportKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	s := msg.String()
	switch m.exp.step {
	case exportFormat:
		if s == "esc" || s == "q" {
			m.exp.step = exportNone
			m.status = "export cancelled"
			return *m, nil
		}
		for _, f := range exportFormats {
			if strings.EqualFold(s, f[0]) {
				m.exp.format = f[1]
				m.exp.step = exportPath
				return *m, m.openPrompt(promptExportPath, m.defaultExportPath(f[1]))
			}
		}
	case exportConfirm:
		switch s {
		case "y", "Y":
			m.exp.step = exportWriting
			return *m, writeCmd(m.rep, m.exp.path, m.exp.format)
		case "n", "N", "esc", "q":
			m.exp.step = exportNone
			m.status = "export cancelled: " + m.exp.path + " left as it was"
		}
	}
	return *m, nil
}

// exportPathEntered checks the typed path in a command (it touches the file system).
func (m *Model) exportPathEntered(v string) tea.Cmd {
	v = strings.TrimSpace(v)
	if v == "" {
		m.exp.step = exportNone
		m.status = "export cancelled: no path"
		return nil
	}
	m.exp.step, m.exp.path = exportChecking, v
	input, guard := m.opt.Input, m.opt.Guard
	return func() tea.Msg {
		p, exists, err := checkExport(v, input, guard)
		return exportCheckedMsg{path: p, exists: exists, err: err}
	}
}

func (m Model) exportChecked(msg exportCheckedMsg) (tea.Model, tea.Cmd) {
	if m.exp.step != exportChecking {
		return m, nil
	}
	if msg.err != nil {
		m.exp.step = exportNone
		m.status = "not exported: " + msg.err.Error()
		return m, nil
	}
	m.exp.path = msg.path
	if msg.exists {
		m.exp.step = exportConfirm
		return m, nil
	}
	m.exp.step = exportWriting
	return m, writeCmd(m.rep, msg.path, m.exp.format)
}

func (m *Model) exportDone(msg exportedMsg) {
	m.exp.step = exportNone
	if msg.err != nil {
		m.status = "export failed: " + msg.err.Error()
		return
	}
	m.status = fmt.Sprintf("wrote %s report to %s", msg.format, msg.path)
}

// checkExport resolves a typed path (~ expanded, made absolute) and refuses one that
// is a folder, has no folder, names the session file itself, or that the output guard
// refuses. exists says whether a file would be replaced.
func checkExport(typed, input string, guard func(string) error) (string, bool, error) {
	p, err := expandHome(typed)
	if err != nil {
		return "", false, err
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", false, fmt.Errorf("%s: %v", p, err)
	}
	if input != "" && sameFile(abs, input) {
		return "", false, fmt.Errorf("that is the session being audited (%s); choose another file", abs)
	}
	// THE OUTPUT GUARD: main sets Options.Guard to the CLI's guard (it refuses any
	// input and anything else it protects); this is its one call site in the TUI.
	if guard != nil {
		if err := guard(abs); err != nil {
			return "", false, err
		}
	}
	dir := filepath.Dir(abs)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return "", false, fmt.Errorf("the folder %s does not exist", dir)
	}
	fi, err := os.Stat(abs)
	if err == nil && fi.IsDir() {
		return "", false, fmt.Errorf("%s is a folder; add a file name", abs)
	}
	return abs, err == nil, nil
}

// sameFile reports whether a and b name the same existing file.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	if err != nil {
		return false
	}
	return os.SameFile(fa, fb)
}

// expandHome turns a leading ~ or ~/ into the home folder.
func expandHome(p string) (string, error) {
	if p != "~" && !strings.HasPrefix(p, "~/") && !strings.HasPrefix(p, "~"+string(filepath.Separator)) {
		if strings.HasPrefix(p, "~") {
			return "", fmt.Errorf("%s: only ~/ is expanded (not another user's ~name)", p)
		}
		return p, nil
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return "", errors.New("~ cannot be expanded: no home folder is set")
	}
	return filepath.Join(home, p[1:]), nil
}

func writeCmd(r *audit.Report, path, format string) tea.Cmd {
	return func() tea.Msg {
		// the same bytes the CLI writes: rendered, then made terminal-safe
		var b bytes.Buffer
		err := audit.Write(&b, format, r)
		if err == nil {
			err = audit.AtomicWrite(path, termsafe.Document(format, b.Bytes()))
		}
		if err != nil {
			err = fmt.Errorf("writing %s: %s", path, writeErrText(err))
		}
		label := format
		if format == "brief" {
			label = "brief md"
		}
		return exportedMsg{path: path, format: label, err: err}
	}
}

// writeErrText drops the temporary file's name from an atomic write's error: the user
// named the target, not the temporary.
func writeErrText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err.Error()
	}
	return err.Error()
}

// defaultExportPath is next to the input (session.jsonl -> session.audit.md), or in
// the working folder when the input's is not writable or there is no input file; it
// is absolute, so the prompt says where the file goes.
func (m *Model) defaultExportPath(format string) string {
	ext := format
	if format == "brief" {
		ext = "brief.md"
	}
	base, dir := "compaudit-example", ""
	if in := m.opt.Input; in != "" {
		base = strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
		if base == "" || base == "." || base == string(filepath.Separator) {
			base = "session"
		}
		dir = filepath.Dir(in)
		if fi, err := os.Stat(in); err == nil && fi.IsDir() {
			dir = in
		}
		if !dirWritable(dir) {
			dir = ""
		}
	}
	if dir == "" {
		if wd, err := os.Getwd(); err == nil {
			dir = wd
		} else {
			dir = "."
		}
	}
	p := filepath.Join(dir, base+".audit."+ext)
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	return p
}
