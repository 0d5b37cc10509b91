package classify

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/classify/lexicon"
	"github.com/compaudit/compaudit/internal/textmemo"
)

// Limits on what one tool result contributes.
const (
	maxFailureFacts  = 6        // failure lines taken from one result
	maxPlainFailure  = 2        // lines taken from a failed result none of whose lines names a failure
	maxEvidenceLine  = 400      // longer lines are blobs, not statements
	maxBlobLine      = 16 << 10 // blobs up to this long are searched for their values
	maxEvidenceFacts = 400      // evidence lines kept from one result
)

// failureLineFact is a program's failure line as a failure record of the program's
// (a tool's output, or what the user pasted from one).
func failureLineFact(id string, sp Span) Fact {
	f := newFact(id, "tool", OriginTool, sp)
	f.Act, f.Classes = ActFailure, []Class{FailureHistory}
	return f
}

// toolFacts: tool output is evidence. It yields the user's words when the user
// rejected the call, its failure lines when it failed or logged a failure, a
// document's sentences when it is prose (a README or guide read by the agent), and
// evidence lines with values to search.
func toolFacts(src Source) []Fact {
	text := src.Text
	var out []Fact
	if i, j := userReply(text); i >= 0 {
		out = append(out, failureFacts(src.ID, text[:i], true)...)
		out = append(out, prose(src.ID, "user", OriginUser, blankBefore(text, j), false)...)
		return out
	}
	body := stripLineNumbers(text)
	switch {
	case src.IsError && harnessRefusal(body):
		// the agent's harness refused the call (a malformed or stale tool call, a
		// read too large): nothing ran, so the work did not fail; its lines stay
		// evidence
		if src.JudgedOnly {
			return nil
		}
		for _, sp := range Split(body, true) {
			if !sp.Code && len(sp.Text) <= maxEvidenceLine && len(out) < maxEvidenceFacts {
				out = append(out, evidenceFact(src.ID, sp))
			}
		}
		return out
	case src.IsError:
		return failureFacts(src.ID, body, true)
	case docPath(src.Path) && docLike(body):
		return prose(src.ID, "tool", OriginDocument, body, false)
	}
	numbered := len(body) != len(text) || strings.Contains(text, "→")
	lines := Split(body, true)
	fails := 0
	for _, sp := range lines {
		if sp.Code || len(sp.Text) > maxEvidenceLine {
			out = appendBlob(out, src, sp)
			continue
		}
		if !numbered && fails < maxFailureFacts && failureLine(sp.Text) {
			out = append(out, failureLineFact(src.ID, sp))
			fails++
			continue
		}
		switch {
		case len(out) >= maxEvidenceFacts || src.JudgedOnly:
		case numbered:
			if f, ok := dumpFact(src.ID, sp); ok {
				out = append(out, f)
			}
		default:
			out = append(out, evidenceFact(src.ID, sp))
		}
	}
	return out
}

// harnessRefusal: a tool result that is the harness's own refusal of the call, as
// Claude Code wraps it (<tool_use_error>…</tool_use_error>), not the tool's output.
func harnessRefusal(body string) bool {
	return strings.HasPrefix(strings.TrimSpace(body), "<tool_use_error>")
}

// userReply finds the user's words in a rejected tool call ("... the user said:\n<words>"):
// i is where the marker starts, j where the words start (-1 when there are none).
func userReply(text string) (int, int) {
	low := lexicon.Lower(text)
	if !lexicon.Default().MayFindLower(low, "user-reply") {
		return -1, -1 // (a full search finds none either)
	}
	for _, h := range lexicon.Default().Find(low) {
		if h.Category == "user-reply" {
			j := h.End
			for j < len(text) && (text[j] == ':' || text[j] == ' ' || text[j] == '\n') {
				j++
			}
			if j < len(text) {
				return h.Start, j
			}
		}
	}
	return -1, -1
}

// blankBefore blanks text before i (offsets kept).
func blankBefore(text string, i int) string {
	b := []byte(text)
	for k := 0; k < i; k++ {
		if b[k] != '\n' {
			b[k] = ' '
		}
	}
	return string(b)
}

// failureFacts are the telling lines of a failed result (the message a reader quotes):
// generic wrapper lines ("Exit code 1", "Error: task failed") only when nothing says more.
func failureFacts(id, text string, failed bool) []Fact {
	var cued, plain, generic []Fact
	for _, sp := range Split(text, true) {
		if len(cued) >= maxFailureFacts {
			break
		}
		if sp.Code || len(sp.Text) > maxEvidenceLine || !hasAlnum(sp.Text) || codeLike(sp.Text) || commandEcho(sp.Text) || passLine(sp.Text) {
			continue // (a command the runner echoes before it runs it, or a part that passed, is not what failed)
		}
		cue := failureLine(sp.Text) || failed && diagnosticLine(sp.Text)
		for _, s := range sentences(text, sp.Start, sp.End, sp.Context) {
			if templateLine(s.Text) {
				continue
			}
			f := newFact(id, "tool", OriginToolError, s)
			f.Act = ActFailure
			f.Classes = appendClass(f.Classes, FailureHistory)
			switch {
			case genericFailure(s.Text):
				generic = append(generic, f)
			case cue:
				cued = append(cued, f)
			case len(plain) < maxPlainFailure:
				plain = append(plain, f)
			}
		}
	}
	switch {
	case len(cued) > 0:
		return cued // the lines that say what failed; the rest is the run's log
	case len(plain) > 0:
		return plain
	case len(generic) > 0:
		return generic[:1]
	}
	return nil
}

// commandEcho: a line a task runner or shell prints to show the command it runs next
// ("$ go vet ./...", "[build] $ make dist", "+ npm ci" under set -x).
func commandEcho(t string) bool {
	t = strings.TrimSpace(t)
	if strings.HasPrefix(t, "[") {
		if i := strings.IndexByte(t, ']'); i > 0 && i < 24 {
			t = strings.TrimSpace(t[i+1:])
		}
	}
	return strings.HasPrefix(t, "$ ") || strings.HasPrefix(t, "+ ") && len(strings.Fields(t)) >= 2
}

// passLine: a test runner's line for a part that passed or had nothing to run ("ok
// pkg/cart 0.41s", "?   pkg/cmd [no test files]", "PASS", "✓ renders the cart").
func passLine(t string) bool {
	f := strings.Fields(t)
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "ok", "?", "PASS", "PASSED", "✓", "✔", "√":
		return len(f) == 1 || f[0] != "?" || strings.Contains(t, "[no test files]")
	}
	return false
}

// reDiagnostic is a compiler's or linter's diagnostic: a file position with its column,
// then a message in words ("pkg/list/data.go:685:2: declared and not used: repo",
// "src/app.ts(14,3): error TS2304: Cannot find name"). A position without a column is
// as often a test's log line ("login_test.go:38: starting the server").
var reDiagnostic = regexp.MustCompile(`^\S+\.[A-Za-z][A-Za-z0-9]{0,5}(?::\d+:\d+:|\(\d+,\d+\):)\s*(?:-\s*)?[A-Za-z][A-Za-z'-]*\s+\S`)

// reLogPosition is the file position a test framework prints before a log line
// ("store_test.go:88: ", "src/app.py:12:4: ").
var reLogPosition = regexp.MustCompile(`^\S+\.[A-Za-z][A-Za-z0-9]{0,5}:\d+(?::\d+)?:\s+`)

// diagnosticLine: in a failed result, a diagnostic says what failed.
func diagnosticLine(t string) bool { return reDiagnostic.MatchString(strings.TrimSpace(t)) }

// genericFailure: a line that says a failure happened but not which ("Exit code 1",
// "Error: task failed", "Run with --verbose for more information").
func genericFailure(t string) bool {
	low := strings.ToLower(strings.TrimSpace(t))
	ws := strings.Fields(low)
	if len(ws) <= 3 {
		return true
	}
	return strings.Contains(low, "for more information") || strings.Contains(low, "task failed") || strings.Contains(low, "--verbose") || nonZeroExit(low) && len(ws) <= 5
}

func appendClass(cs []Class, c Class) []Class {
	for _, x := range cs {
		if x == c {
			return cs
		}
	}
	return append([]Class{c}, cs...)
}

// evidenceFact is a tool line kept to be searched: its values and terms, no claim.
func evidenceFact(id string, sp Span) Fact {
	c := lineClaims.Get(sp.Text)
	f := toolLine(id, sp, c.tokens)
	f.Words, f.Subjects = c.words, c.subjects
	return f
}

// lineClaim is what an evidence line states, a function of its text alone: its
// values (offsets within the line), alignment terms and subjects.
type lineClaim struct {
	tokens          []Token
	words, subjects []string
}

// lineClaims caches the claims of the evidence lines seen: tool output repeats lines
// (a file read twice, the same test log line, a listing's header). The slices are
// clipped, so a caller's append copies them; they are read-only otherwise.
var lineClaims = textmemo.New(1<<18, func(text string) lineClaim {
	toks := Values(text)
	return lineClaim{tokens: slices.Clip(toks), words: slices.Clip(Terms(text, toks)), subjects: slices.Clip(subjectsOf(text, toks))}
})

// toolLine is the evidence fact of one line of tool output with its values.
func toolLine(id string, sp Span, toks []Token) Fact {
	return Fact{Message: id, Role: "tool", Origin: OriginTool, Text: sp.Text, Start: sp.Start, End: sp.End, Context: sp.Context,
		Evidence: true, Act: ActReport, Tokens: toks, Provenance: Provenance{Role: "tool"}, Classes: []Class{EvidenceReference}}
}

// appendBlob appends the blob fact of a line too long to be a statement (none for a
// code block, a line past maxBlobLine, a full list, or judged facts alone).
func appendBlob(out []Fact, src Source, sp Span) []Fact {
	if sp.Code || len(sp.Text) > maxBlobLine || len(out) >= maxEvidenceFacts || src.JudgedOnly {
		return out
	}
	if f, ok := blobFact(src.ID, sp); ok {
		out = append(out, f)
	}
	return out
}

// blobFact is a line too long to be a statement (a JSON document on one line, as
// `gh pr view --json` prints it) that states values: searched for them, never aligned
// (Code marks it). It keeps the values given to a named field ("additions":825) and
// every value that is not a bare number. A JSON document's Text is its fields as
// read (jsonFields), so a finding that quotes it shows them. False for a line that
// states none.
func blobFact(id string, sp Span) (Fact, bool) {
	if flat, ok := jsonFields(sp.Text); ok {
		sp.Text = flat // (read as its fields: a string with spaces inside breaks no value apart)
	}
	var kept []Token
	for _, t := range Values(sp.Text) {
		if t.Key != "" || t.Kind != TokNumber && t.Kind != TokCount {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 {
		return Fact{}, false
	}
	f := toolLine(id, sp, kept)
	f.Code = true
	return f, true
}

// jsonFields renders a JSON document as its scalar fields, "key: value; ...", in the
// document's order (an array's items under the array's key); long strings (a body, a
// description) and fields past maxJSONFields are left out. ok is false when the text
// is no JSON object or array.
func jsonFields(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if t == "" || t[0] != '{' && t[0] != '[' || !json.Valid([]byte(t)) {
		return "", false
	}
	dec := json.NewDecoder(strings.NewReader(t))
	dec.UseNumber()
	type level struct {
		object  bool
		key     string
		wantKey bool
	}
	var stack []level
	var b strings.Builder
	n := 0
	for n < maxJSONFields {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		top := len(stack) - 1
		if d, ok := tok.(json.Delim); ok {
			switch d {
			case '{', '[':
				key := ""
				if top >= 0 {
					key = stack[top].key
					if stack[top].object {
						stack[top].wantKey = true
					}
				}
				stack = append(stack, level{object: d == '{', key: key, wantKey: d == '{'})
			default:
				stack = stack[:top]
			}
			continue
		}
		if top >= 0 && stack[top].object && stack[top].wantKey {
			stack[top].key, stack[top].wantKey = fmt.Sprint(tok), false
			continue
		}
		if v := fmt.Sprint(tok); tok != nil && v != "" && len(v) <= 200 {
			if b.Len() > 0 {
				b.WriteString("; ")
			}
			if top >= 0 && stack[top].key != "" {
				b.WriteString(stack[top].key + ": ")
			}
			b.WriteString(v)
			n++
		}
		if top >= 0 && stack[top].object {
			stack[top].wantKey = true
		}
	}
	return b.String(), b.Len() > 0
}

// maxJSONFields caps the fields read of one JSON document.
const maxJSONFields = 400

// dumpFact is a line of a file the tool printed with line numbers (a Read, a grep
// -n) that names a value (a path, an id, a quoted name, a version): searched for the
// values it holds, never aligned, and no record of anything that ran (Code marks it).
// False for a line that names none.
func dumpFact(id string, sp Span) (Fact, bool) {
	var named []Token
	for _, t := range Values(sp.Text) {
		if t.Kind != TokNumber && t.Kind != TokCount {
			named = append(named, t) // a file's bare numbers (constants, counters) are too many to keep
		}
	}
	if len(named) == 0 {
		return Fact{}, false
	}
	f := toolLine(id, sp, named)
	f.Code = true
	return f, true
}

// failureLine: a line of output that logs a failure: it opens with a failure cue
// (error:, FAIL, fatal, panic, Traceback, denied ...) or reports a non-zero exit.
func failureLine(line string) bool {
	t := strings.TrimLeft(line, " \t>*-•✗✘×!#[")
	if codeLike(t) {
		return false // (also the code that prints an assertion)
	}
	if assertionWords(t) && !printsMessage(t) {
		if m := reAssertion.FindString(t); m != "" && strings.ContainsAny(m, "0123456789\"'`") {
			return true // a test's assertion message: "Expected 2 rewind points, got 0", "x = 12, want 10"
		}
	}
	if genericFailure(t) || advisory(t) {
		return false
	}
	if m := reLogPosition.FindString(t); m != "" {
		t = t[len(m):] // a test's log line: "store_test.go:88: failed to open the fixture"
		if codeLike(t) || printsMessage(t) {
			return false // a grep's hit: a line of code at its position
		}
	}
	t = stripToolPrefix(t)
	low := lexicon.Lower(t)
	for _, h := range lexicon.Default().Find(low) {
		if h.Category == "failure-line" && h.Start <= 2 && !zeroBefore(t, h.Start) {
			return true
		}
	}
	return false
}

// printsMessage: a line of code that prints the message (a call given a string
// literal: `t.Errorf("got %d, want 2", n)`), as a grep or a diff shows it: the code,
// not its output.
func printsMessage(t string) bool {
	return strings.Contains(t, "(\"") || strings.Contains(t, "('") || strings.Contains(t, "(`")
}

// advisory: a line a tool prints as advice beside an error (git's "hint:", rustc's
// "help:" and "note:"): the error line is the record, not the advice.
func advisory(t string) bool {
	low := strings.ToLower(t)
	for _, p := range []string{"hint:", "help:", "note:", "tip:"} {
		if strings.HasPrefix(low, p) {
			return true
		}
	}
	return false
}

// assertionWords: a cheap test before reAssertion, run on every line of tool output.
func assertionWords(t string) bool {
	return strings.Contains(t, "got") || strings.Contains(t, "Got") || strings.Contains(t, "want") || strings.Contains(t, "Want") || strings.Contains(t, "eceived:")
}

// reAssertion: a failed assertion as test frameworks print it: what was expected and
// what came ("expected 200, got 404", "got 3, want 2", "AgentLines = 12, want 10",
// "Expected: 4 / Received: 5" on one line).
var reAssertion = regexp.MustCompile(`(?i)(?:\bexpected\b[^;]{1,80}?,\s*(?:but\s+)?got\b|\bgot\b[^;]{1,60}?,\s*want(?:ed)?\b|\bwant(?:ed)?\b[^;]{1,60}?,\s*got\b|=\s*[^\s,;]{1,30},\s*want\b|\bexpected:\s*\S.{0,60}\breceived:)`)

// stripToolPrefix drops the name a tool prints before its message ("go: ", "mise ERROR ",
// "[lint] ", "npm ERR! ", "fatal: " is kept as the cue).
func stripToolPrefix(t string) string {
	if strings.HasPrefix(t, "[") {
		if i := strings.IndexByte(t, ']'); i > 0 && i < 20 {
			t = strings.TrimSpace(t[i+1:])
		}
	}
	if i := strings.Index(t, ": "); i > 0 && i < 16 && !strings.ContainsAny(t[:i], " ") {
		head := strings.ToLower(t[:i])
		if lexicon.Default().Find(head) == nil {
			t = t[i+2:]
		}
	}
	ws := strings.Fields(t)
	if len(ws) > 2 && strings.ToUpper(ws[1]) == ws[1] && len(ws[1]) > 2 {
		t = strings.Join(ws[1:], " ") // "mise ERROR ..."
	}
	return t
}

func nonZeroExit(low string) bool {
	for _, p := range []string{"exit code ", "exit status ", "exited with code ", "returned non-zero exit status "} {
		if i := strings.Index(low, p); i >= 0 {
			rest := strings.TrimLeft(low[i+len(p):], " :")
			return rest != "" && rest[0] >= '1' && rest[0] <= '9'
		}
	}
	return false
}

// codeLike: a line of source code, not a statement in words.
func codeLike(t string) bool {
	s := strings.TrimSpace(t)
	if s == "" {
		return false
	}
	if strings.HasSuffix(s, "{") || strings.HasSuffix(s, ";") || strings.HasSuffix(s, "(") || strings.HasPrefix(s, "}") || strings.HasPrefix(s, "//") || strings.HasPrefix(s, "/*") {
		return true
	}
	for _, p := range []string{"func ", "return ", "if err", "raise ", "throw ", "def ", "class ", "import ", "from ", "const ", "var ", "let ", "package ", "#include", "} else", "case ", "print(", "console."} {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	for _, p := range []string{":= ", "errors.New(", "fmt.Errorf(", "t.Fatalf(", "t.Errorf(", "catch (", "=> ", " -> ", "==", "!=", "&&", "||",
		", //", "; //", ") //", "{ //"} { // (the last four: a comment after code)
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// stripLineNumbers removes the "   12→" prefixes a file read puts on every line (the
// result is a file's content: code or a document).
func stripLineNumbers(text string) string {
	if !strings.Contains(text, "→") {
		return text
	}
	var b strings.Builder
	n, numbered := 0, 0
	for _, line := range strings.SplitAfter(text, "\n") {
		n++
		t := strings.TrimLeft(line, " ")
		k := 0
		for k < len(t) && t[k] >= '0' && t[k] <= '9' {
			k++
		}
		if k > 0 && strings.HasPrefix(t[k:], "→") {
			numbered++
			b.WriteString(strings.Repeat(" ", len(line)-len(t)+k+len("→")))
			b.WriteString(t[k+len("→"):])
			continue
		}
		b.WriteString(line)
	}
	if numbered*2 < n {
		return text
	}
	return b.String()
}

// docLike: the result reads as a document in words (a README, a guide, a runbook):
// mostly prose lines, headings and bullets, few lines of code or data.
func docLike(text string) bool {
	prose, code, total := 0, 0, 0
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" {
			continue
		}
		total++
		switch {
		case codeLike(t) || strings.HasPrefix(t, "```") || strings.Count(t, "|") >= 2 || strings.HasPrefix(t, "{") || strings.HasPrefix(t, "\""):
			code++
		case proseLine(t):
			prose++
		}
		if total > 400 {
			break
		}
	}
	return total >= 3 && prose*10 >= total*6 && code*10 <= total*2
}

// proseLine: a heading, a bullet or a sentence in words.
func proseLine(t string) bool {
	if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") {
		return true
	}
	words, letters := 0, 0
	for _, f := range strings.Fields(t) {
		if len(f) > 1 && unicode.IsLetter(rune(f[0])) {
			words++
		}
	}
	for _, r := range t {
		if unicode.IsLetter(r) || r == ' ' {
			letters++
		}
	}
	return words >= 4 && letters*10 >= len([]rune(t))*8
}

// maxCallLines: evidence lines kept from one tool call (its command and arguments).
const maxCallLines = 40

// callEvidence: a tool call records an action (its command line, its arguments); its
// lines are evidence, never facts to keep.
func callEvidence(src Source) []Fact {
	var out []Fact
	for _, sp := range Split(src.Text, true) {
		if len(out) >= maxCallLines {
			break
		}
		if sp.Code || len(sp.Text) > maxEvidenceLine {
			continue
		}
		out = append(out, evidenceFact(src.ID, sp))
	}
	return out
}

// docExts are the extensions of documents in words.
var docExts = []string{".md", ".markdown", ".txt", ".rst", ".adoc", ".org", ".mdx"}

// docPath: the result came from reading a document (README, CONTRIBUTING, a guide,
// a runbook; a web page), not a source file or a command's output.
func docPath(p string) bool {
	l := strings.ToLower(p)
	if strings.HasPrefix(l, "http://") || strings.HasPrefix(l, "https://") {
		return true
	}
	for _, e := range docExts {
		if strings.HasSuffix(l, e) {
			return true
		}
	}
	base := l[strings.LastIndexByte(l, '/')+1:]
	for _, n := range []string{"readme", "contributing", "changelog", "license", "notice", "authors", "security"} {
		if strings.HasPrefix(base, n) {
			return true
		}
	}
	return false
}

// ReadPath is the file or URL a tool call read, from the call's text (a file_path or
// url argument, a cat/less/head command) or else the result's first line ("README.md
// (lines 40-52)"); "" when neither names one.
func ReadPath(call, result string) string {
	for _, text := range []string{call, firstLine(result)} {
		for _, t := range Values(text) {
			if t.Kind == TokPath || t.Kind == TokURL {
				return t.Raw
			}
		}
	}
	return ""
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
