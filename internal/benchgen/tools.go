package benchgen

import (
	"fmt"
	"strings"
)

// outSize is a tool output's size: long-tailed, as in real sessions (most a few KB,
// a few tens of KB, now and then a few hundred).
func (g *gen) outSize() int {
	switch r := g.rng.Float64(); {
	case r < 0.60:
		return 300 + g.rng.IntN(2700)
	case r < 0.90:
		return 3000 + g.rng.IntN(17000)
	case r < 0.99:
		return 20000 + g.rng.IntN(40000)
	default:
		return 100000 + g.rng.IntN(300000)
	}
}

// call is a tool call: its name, input, output and whether it failed.
func (g *gen) call() (string, map[string]any, string, bool) {
	switch r := g.rng.IntN(20); {
	case r < 8:
		return g.read()
	case r < 11:
		return "Bash", map[string]any{"command": "go test ./internal/" + g.pick(pkgs) + "/... -run Test" + g.pick(funcs), "description": "Run the tests"}, g.goTest(), g.rng.IntN(5) == 0
	case r < 13:
		return "Bash", map[string]any{"command": "git log --oneline -n 40", "description": "Recent commits"}, g.gitLog(), false
	case r < 15:
		return "Bash", map[string]any{"command": "gh api repos/acme/ledger/pulls/112/comments --paginate", "description": "PR comments"}, g.ghJSON(), false
	case r < 18:
		return "Grep", map[string]any{"pattern": g.pick(funcs) + "\\(", "path": "internal", "output_mode": "content", "-n": true}, g.grep(), false
	default:
		p := "/home/dev/src/ledger/" + g.path()
		old, nw := g.code(1, 200), g.code(1, 260)
		return "Edit", map[string]any{"file_path": p, "old_string": old, "new_string": nw, "replace_all": false},
			"The file " + p + " has been updated. Here's the result of running `cat -n` on a snippet of the edited file:\n" + g.numbered(g.rng.IntN(400)+1, nw+g.code(2, 600)), false
	}
}

// read is a Read of a source file, sometimes one read before (agents re-read files).
func (g *gen) read() (string, map[string]any, string, bool) {
	p := "/home/dev/src/ledger/" + g.path()
	if len(g.reads) > 0 && g.rng.IntN(8) == 0 {
		return "Read", map[string]any{"file_path": p}, g.reads[g.rng.IntN(len(g.reads))], false
	}
	out := g.numbered(1, g.code(1, g.outSize()))
	if len(out) < 20000 {
		if len(g.reads) >= 64 {
			g.reads = g.reads[1:]
		}
		g.reads = append(g.reads, out)
	}
	return "Read", map[string]any{"file_path": p}, out, false
}

// code is Go source of about n bytes.
func (g *gen) code(depth, n int) string {
	var b strings.Builder
	for b.Len() < n {
		f, id := g.pick(funcs), g.pick(idents)
		switch g.rng.IntN(7) {
		case 0:
			fmt.Fprintf(&b, "func (c *%s) %s(ctx context.Context, %s *%sRequest) error {\n", title(g.pick(pkgs)), f, id, f) //nolint:staticcheck // ASCII words
		case 1:
			fmt.Fprintf(&b, "%sif err := c.%s(ctx, %s); err != nil {\n%s\treturn fmt.Errorf(\"%s %s: %%w\", err)\n%s}\n", tabs(depth), strings.ToLower(f), id, tabs(depth), strings.ToLower(f), id, tabs(depth))
		case 2:
			fmt.Fprintf(&b, "%s// %s\n", tabs(depth), g.sentence(6+g.rng.IntN(10)))
		case 3:
			fmt.Fprintf(&b, "%s%s := time.Duration(%d) * time.Millisecond\n", tabs(depth), id, 50*(1+g.rng.IntN(200)))
		case 4:
			fmt.Fprintf(&b, "%sfor i := 0; i < len(%ss); i++ {\n%s\t%ss[i].%s()\n%s}\n", tabs(depth), id, tabs(depth), id, f, tabs(depth))
		case 5:
			fmt.Fprintf(&b, "}\n\n")
		default:
			fmt.Fprintf(&b, "%sreturn c.%s.%s(ctx, %q)\n", tabs(depth), id, f, g.pick(topics))
		}
	}
	return b.String()
}

func tabs(n int) string { return strings.Repeat("\t", n) }

// numbered prefixes each line as Claude Code's Read does ("    12→").
func (g *gen) numbered(start int, text string) string {
	var b strings.Builder
	b.Grow(len(text) + len(text)/8)
	n := start
	for line := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
		fmt.Fprintf(&b, "%6d\u2192%s\n", n, line)
		n++
	}
	return b.String()
}

func (g *gen) goTest() string {
	var b strings.Builder
	n := g.outSize() / 2
	for b.Len() < n {
		name := "Test" + g.pick(funcs) + "_" + g.pick(idents)
		switch g.rng.IntN(10) {
		case 0:
			fmt.Fprintf(&b, "=== RUN   %s\n    %s_test.go:%d: got %d, want %d\n--- FAIL: %s (%.2fs)\n", name, strings.ToLower(g.pick(funcs)), 10+g.rng.IntN(500), g.rng.IntN(100), g.rng.IntN(100), name, g.rng.Float64())
		default:
			fmt.Fprintf(&b, "=== RUN   %s\n--- PASS: %s (%.2fs)\n", name, name, g.rng.Float64()/10)
		}
	}
	fmt.Fprintf(&b, "ok  \tgithub.com/acme/ledger/internal/%s\t%.3fs\n", g.pick(pkgs), g.rng.Float64()*5)
	return b.String()
}

func (g *gen) gitLog() string {
	var b strings.Builder
	for i, n := 0, 10+g.rng.IntN(40); i < n; i++ {
		fmt.Fprintf(&b, "%s %s: %s\n", g.sha(), g.pick(pkgs), g.sentence(5+g.rng.IntN(6)))
	}
	return b.String()
}

func (g *gen) ghJSON() string {
	var b strings.Builder
	n := g.outSize()
	b.WriteString("[")
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `{"id":%d,"path":%q,"line":%d,"user":{"login":"copilot-pull-request-reviewer[bot]"},"body":%q,"created_at":"2026-03-02T%02d:%02d:11Z","commit_id":"%s%s%s"}`,
			2734651353+g.rng.IntN(900000), g.path(), 10+g.rng.IntN(900), g.sentence(20+g.rng.IntN(40)), g.rng.IntN(24), g.rng.IntN(60), g.sha(), g.sha(), g.sha())
	}
	b.WriteString("]")
	return b.String()
}

func (g *gen) grep() string {
	var b strings.Builder
	for i, n := 0, 5+g.rng.IntN(60); i < n; i++ {
		fmt.Fprintf(&b, "%s:%d:\t%s", g.path(), 1+g.rng.IntN(800), g.code(1, 1))
	}
	return b.String()
}

// title upper-cases the first letter of an ASCII word.
func title(w string) string {
	if w == "" {
		return w
	}
	return strings.ToUpper(w[:1]) + w[1:]
}
