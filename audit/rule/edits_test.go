package rule

import (
	"testing"

	"github.com/compaudit/compaudit/classify"
)

// TestEditedLater: open work that names code identifiers is settled by a later call of
// an editing tool that names them all; not by an earlier edit, a read, an edit naming
// only some, or when the fact names only a file. Invented cases.
func TestEditedLater(t *testing.T) {
	const work = "I still need to drop the `retryBudget` field from `Scheduler` before the release."
	edit := func(id, tool, body string) classify.Source {
		return classify.Source{ID: id + ".call", Role: "assistant", Kind: "tool_call", Name: tool, Text: tool + ":\nfile_path: /src/sched/scheduler.go\n" + body}
	}
	cases := []struct {
		name  string
		fact  string
		after []classify.Source
		want  bool
	}{
		{"an edit naming both", work, []classify.Source{edit("m3", "Edit", "old_string: type Scheduler struct {\n\tretryBudget int\nnew_string: type Scheduler struct {")}, true},
		{"a patch tool counts too", work, []classify.Source{edit("m3", "apply_patch", "-type Scheduler struct { retryBudget int }\n+type Scheduler struct {}")}, true},
		{"an edit naming one of them", work, []classify.Source{edit("m3", "Edit", "old_string: retryBudget := 5\nnew_string: budget := 5")}, false},
		{"a read naming both", work, []classify.Source{{ID: "m3", Role: "tool", Kind: "tool_result", Name: "Read", Text: "type Scheduler struct {\n\tretryBudget int\n}"}}, false},
		{"a search call naming both", work, []classify.Source{edit("m3", "Grep", "pattern: retryBudget|Scheduler")}, false},
		{"a file name alone, edited later on", "The `scheduler.go` file still needs its tests updated.", []classify.Source{edit("m3", "Edit", "old_string: x\nnew_string: y")}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Round{Src: classify.Extract("m1", "assistant", c.fact)}
			for range r.Src {
				r.Pos = append(r.Pos, 1)
			}
			for k, src := range c.after {
				for _, e := range classify.ExtractSource(src) {
					if !e.Evidence {
						continue
					}
					r.Ev = append(r.Ev, e)
					r.EvPos = append(r.EvPos, 2+nextEdit+k) // (past an edit made at once)
				}
			}
			if got := r.EditedLater(0); got != c.want {
				t.Errorf("EditedLater = %v, want %v", got, c.want)
			}
		})
	}
}

// TestEditedLaterNotBefore: an edit before the fact settles nothing.
func TestEditedLaterNotBefore(t *testing.T) {
	r := &Round{Src: classify.Extract("m5", "assistant", "Next I need to rename `flushQueue` in `Writer`.")}
	for range r.Src {
		r.Pos = append(r.Pos, 5)
	}
	for _, e := range classify.ExtractSource(classify.Source{ID: "m2.call", Role: "assistant", Kind: "tool_call", Name: "Edit", Text: "Edit:\nold_string: func (w *Writer) flushQueue() {\nnew_string: func (w *Writer) drain() {"}) {
		r.Ev = append(r.Ev, e)
		r.EvPos = append(r.EvPos, 2)
	}
	if r.EditedLater(0) {
		t.Error("an earlier edit settled later work")
	}
}

// TestConfirmedLater: the agent's guess about named code is settled by its later
// plain statement naming the same code; not by another guess, a statement about other
// code, or one that shares only the identifiers. Invented cases.
func TestConfirmedLater(t *testing.T) {
	const guess = "The `flushQueue` call in `Writer` might be redundant now."
	cases := []struct {
		name, later string
		want        bool
	}{
		{"a plain restatement", "Confirmed by reading it: `flushQueue` in `Writer` is redundant, dropping it.", true},
		{"another guess", "`flushQueue` in `Writer` could be redundant, I think.", false},
		{"other code", "`drainQueue` in `Writer` is redundant.", false},
		{"only the names", "Looking at `flushQueue` and `Writer` next.", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Round{}
			for k, text := range []string{guess, c.later} {
				for _, f := range classify.Extract("m"+string(rune('1'+k)), "assistant", text) {
					r.Src, r.Pos = append(r.Src, f), append(r.Pos, k+1)
				}
			}
			if got := r.ConfirmedLater(0); got != c.want {
				t.Errorf("ConfirmedLater = %v, want %v (statuses %+v)", got, c.want, r.Src[len(r.Src)-1].Status)
			}
		})
	}
}

// TestEditedAtOnce: the agent's words that name no code are settled by an edit it makes
// at once; not by one several messages on, nor across a word of the user's.
func TestEditedAtOnce(t *testing.T) {
	const work = "Right, the signature has to change too: drop the error return."
	edit := classify.Source{ID: "m9.call", Role: "assistant", Kind: "tool_call", Name: "Edit", Text: "Edit:\nfile_path: /src/sched/scheduler.go\nold_string: func next() (int, error) {\nnew_string: func next() int {"}
	cases := []struct {
		name string
		at   int
		user bool
		want bool
	}{
		{"the next message", 2, false, true},
		{"five messages on", 6, false, false},
		{"after the user spoke", 3, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &Round{Src: classify.Extract("m1", "assistant", work)}
			for range r.Src {
				r.Pos = append(r.Pos, 1)
			}
			if c.user {
				for _, f := range classify.Extract("m2", "user", "wait, keep the error for now") {
					r.Src, r.Pos = append(r.Src, f), append(r.Pos, 2)
				}
			}
			for _, e := range classify.ExtractSource(edit) {
				r.Ev, r.EvPos = append(r.Ev, e), append(r.EvPos, c.at)
			}
			if got := r.EditedLater(0); got != c.want {
				t.Errorf("EditedLater = %v, want %v", got, c.want)
			}
		})
	}
}
