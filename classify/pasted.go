package classify

import (
	"strings"
	"unicode"
)

// Pasted output: users paste what a program printed (a test run, a script's log, a JSON
// blob) into their messages. Those lines are the program's words, not the user's: they
// are evidence, like tool output, and never a rule or a request of the user's. A block
// counts as pasted when it runs at least pastedMinLines lines and most of its lines are
// machine-shaped (see outputLine), or at least pastedAllMinLines lines that all are;
// the user's own sentences around it stay.

const (
	pastedMinLines = 4
	// pastedAllMinLines: a shorter block counts when every line of it is machine-shaped
	// (three log lines under "it printed into the log for ...").
	pastedAllMinLines = 2
	// pastedShare is the share of a block's lines that must be machine-shaped.
	pastedShare = 0.6
)

// blankPasted blanks the pasted-output blocks of a user message (offsets kept) and
// returns them as spans for evidence.
func blankPasted(text string) (string, []Span) {
	lines := strings.SplitAfter(text, "\n")
	if len(lines) < pastedAllMinLines+1 {
		return text, nil // (a pasted block follows at least a line of the user's)
	}
	out := []byte(text)
	var spans []Span
	pos := 0
	starts := make([]int, len(lines))
	for k, l := range lines {
		starts[k] = pos
		pos += len(l)
	}
	blanked := make([]bool, len(lines))
	for k := 0; k < len(lines); {
		end, ok := pastedBlock(lines, k)
		if !ok {
			k++
			continue
		}
		for j := labelAbove(lines, k); j < end; j++ {
			blanked[j] = true
		}
		k = end
	}
	if voiceless(lines, blanked) {
		for j := range blanked {
			blanked[j] = true // a log pasted whole, no word of the user's in it
		}
	}
	for j, l := range lines {
		if !blanked[j] {
			continue
		}
		if t := strings.TrimSpace(l); t != "" {
			spans = append(spans, Span{Text: t, Start: starts[j], End: starts[j] + len(l)})
		}
		for b := starts[j]; b < starts[j]+len(l); b++ {
			if out[b] != '\n' {
				out[b] = ' '
			}
		}
	}
	return string(out), spans
}

// voiceless: a message that opens with a machine-shaped line, of which pasted blocks
// hold at least half the lines, and whose other lines never speak (no question, no
// I, we or you): a program's log pasted whole ("=== Step 12: ... ===", "Found
// metadata.json:", "unknown command ..."), its prose-like lines the program's too.
func voiceless(lines []string, blanked []bool) bool {
	first, total, held := -1, 0, 0
	for j, l := range lines {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if first < 0 {
			first = j
		}
		total++
		if blanked[j] {
			held++
		} else if speaks(t) {
			return false
		}
	}
	return first >= 0 && outputLine(lines[first]) && held > 0 && 2*held >= total && held < total
}

// labelAbove is the line of a short label that introduces the pasted block at k
// ("this is the console:", "output:"), blank lines between allowed; k when there is
// none. The label says nothing of its own: it goes with the block.
func labelAbove(lines []string, k int) int {
	j := k - 1
	for j >= 0 && strings.TrimSpace(lines[j]) == "" {
		j--
	}
	if j < 0 {
		return k
	}
	t := strings.TrimSpace(lines[j])
	if strings.HasSuffix(t, ":") && len(strings.Fields(t)) <= 5 {
		return j
	}
	return k
}

// pastedBlock finds the longest block from line k whose non-blank lines are mostly
// machine-shaped, starting and ending on one; ok when it holds at least pastedMinLines
// machine-shaped lines.
func pastedBlock(lines []string, k int) (int, bool) {
	if !outputLine(lines[k]) {
		return k, false
	}
	machine, total, best := 0, 0, k
	bestN := 0
	for j := k; j < len(lines); j++ {
		t := strings.TrimSpace(lines[j])
		if t == "" {
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			break // a fenced block is the splitter's: code, not pasted prose
		}
		total++
		if outputLine(lines[j]) {
			machine++
			if float64(machine) >= pastedShare*float64(total) {
				best, bestN = j+1, machine
			}
		} else if float64(machine) < pastedShare*float64(total) && total-machine > 3 {
			break
		}
	}
	return best, bestN >= pastedMinLines || bestN >= pastedAllMinLines && bestN == machineRun(lines, k, best)
}

// machineRun counts the non-blank lines of lines[k:end], if every one is
// machine-shaped (0 otherwise).
func machineRun(lines []string, k, end int) int {
	n := 0
	for _, l := range lines[k:end] {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !outputLine(l) {
			return 0
		}
		n++
	}
	return n
}

// outputLine: a line shaped by a program rather than a person: it opens with a rule or
// a bracket, is a JSON fragment or a key and a bare value, or holds few words among
// its tokens (paths, numbers, ids, marks).
func outputLine(line string) bool {
	t := strings.TrimSpace(line)
	if t == "" || strings.HasPrefix(t, "```") || strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "#!") {
		return false // a fence or a Markdown heading is the user's formatting
	}
	for _, p := range []string{"===", "---", "***", "+++", "[", "{", "}", "]", "\"", "$ ", "#!", "✓", "✗", "✔", "✘", "│", "├", "└", "|", "→", ">>>",
		// an agent CLI's own transcript, pasted back: its prompt and reply glyphs
		"❯", "⏺", "⎿", "✻", "●", "›", "⏵"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	if strings.HasSuffix(t, "{") || strings.HasSuffix(t, "},") || strings.HasSuffix(t, "\",") {
		return true
	}
	if strings.HasPrefix(t, "> ") || indentedBare(line) || absolutePath(t) && !strings.HasSuffix(t, ".") {
		return true // a quoted line, a program's indented continuation, a log line naming a path
	}
	fields := strings.Fields(t)
	if len(fields) > 1 && listMarker(fields[0]) {
		fields = fields[1:] // "1. Rename the flag": the marker is the list's, not output
	}
	words := 0
	for _, f := range fields {
		if plainWord(f) {
			words++
		}
	}
	if len(fields) <= 2 {
		return words < len(fields) // "Built: /tmp/x", "PASS", "ok"
	}
	return float64(words) < 0.5*float64(len(fields))
}

// plainWord: a word of prose (letters, perhaps an apostrophe or a trailing mark).
func plainWord(f string) bool {
	f = strings.TrimRight(f, ",.;:!?)")
	f = strings.TrimLeft(f, "(")
	if len(f) < 2 {
		return f != "" && unicode.IsLetter(rune(f[0]))
	}
	for _, r := range f {
		if !unicode.IsLetter(r) && r != '\'' && r != '’' && r != '-' {
			return false
		}
	}
	return true
}

// listMarker: a list item's marker ("1.", "2)", "-", "*", "a.").
func listMarker(f string) bool {
	if f == "-" || f == "*" || f == "•" {
		return true
	}
	if len(f) < 2 || (f[len(f)-1] != '.' && f[len(f)-1] != ')') {
		return false
	}
	head := f[:len(f)-1]
	if len(head) == 1 && head[0] >= 'a' && head[0] <= 'z' {
		return true
	}
	for _, r := range head {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// indentedBare: the line is indented four columns or more (or by a tab) and is no
// list item: a program's continuation line, not a person's nested list.
func indentedBare(line string) bool {
	t := strings.TrimLeft(line, " \t")
	ind := line[:len(line)-len(t)]
	if !strings.Contains(ind, "\t") && len(ind) < 4 {
		return false
	}
	fields := strings.Fields(t)
	return len(fields) > 0 && !listMarker(fields[0])
}

// absolutePath: a field of the line is an absolute path of two directories or more
// (/var/folders/x, ~/work/app).
func absolutePath(t string) bool {
	for _, f := range strings.Fields(t) {
		f = strings.Trim(f, "`'\"(),;")
		if (strings.HasPrefix(f, "/") || strings.HasPrefix(f, "~/")) && strings.Count(f, "/") >= 3 {
			return true
		}
	}
	return false
}
