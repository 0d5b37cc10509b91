package tui

import (
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"
)

// MaxCopy is the most text copied at once: terminals cap OSC 52 payloads (xterm's
// default is about 100 kB of base64).
const MaxCopy = 64 << 10

type copiedMsg struct{ status string }

// copyCmd copies the row's fact text, off the key path.
func (m *Model) copyCmd() tea.Cmd {
	f := m.rowFact()
	if f == nil {
		m.status = "nothing to copy on this row"
		return nil
	}
	text := f.Text
	if m.opt.Copy == nil {
		m.status = "cannot copy here: the output is not a terminal that takes OSC 52 (turn the mouse off with M and select the text)"
		return nil
	}
	if len(text) > MaxCopy {
		m.status = fmt.Sprintf("not copied: the fact is %d kB, more than a terminal clipboard takes (%d kB); o shows it whole", len(text)>>10, MaxCopy>>10)
		return nil
	}
	cp := m.opt.Copy
	n := utf8.RuneCountInString(text)
	return func() tea.Msg {
		if err := cp(text); err != nil {
			return copiedMsg{"not copied: " + err.Error()}
		}
		return copiedMsg{fmt.Sprintf("copied %d characters with OSC 52 (the terminal must allow clipboard writes; in tmux: set -g set-clipboard on)", n)}
	}
}

// OSC52 returns a Copy function that writes an OSC 52 clipboard sequence to out (the
// terminal). Inside GNU screen the sequence is wrapped so that screen passes it on;
// tmux takes the plain sequence when its set-clipboard option is on.
func OSC52(out io.Writer, getenv func(string) string) func(string) error {
	return func(text string) error {
		if out == nil {
			return errors.New("no terminal")
		}
		seq := osc52.New(text)
		if getenv != nil && getenv("STY") != "" && getenv("TMUX") == "" {
			seq = seq.Screen()
		}
		_, err := seq.WriteTo(out)
		return err
	}
}
