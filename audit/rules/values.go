// Package rules holds the engine's rules, one phenomenon per file. Each registers
// itself with the rule registry and carries the examples it must fire on and stay
// quiet on; rules_test.go runs them all.
package rules

import (
	"regexp"
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// valueDiff is one value of a source fact that its summary counterpart states
// differently.
type valueDiff struct {
	kind     string // unit, precision, zeros, digest, zone, value
	src, sum classify.Token
}

// comparableKinds are the value kinds a change of which is a mutation.
var comparableKinds = map[string]bool{classify.TokNumber: true, classify.TokCount: true, classify.TokDuration: true, classify.TokSize: true,
	classify.TokPercent: true, classify.TokVersion: true, classify.TokID: true, classify.TokHash: true, classify.TokDate: true,
	classify.TokTime: true, classify.TokMoney: true, classify.TokPort: true, classify.TokHex: true,
	classify.TokPath: true, classify.TokURL: true, classify.TokHost: true, classify.TokFlag: true}

// valueDiffs pairs each value of f that g lacks with a comparable value of g that f
// lacks (the same key when both name one), unless the round's sources back g's value
// on the same subject (a correction, not a change).
func valueDiffs(r *rule.Round, i int, g *classify.Fact) []valueDiff {
	f := &r.Src[i]
	var out []valueDiff
	used := map[int]bool{}
	for _, x := range f.Tokens {
		if !comparableKinds[x.Kind] || classify.HasEquivalent(g.Tokens, x) && !slotRefilled(f, g, x) {
			continue
		}
		if x.Kind == classify.TokPath && r.SummaryHas(x.Norm) {
			continue // the summary names this file elsewhere: this line is about another one
		}
		best := pickCounterpart(r, i, f, g, x, used)
		if best < 0 {
			continue
		}
		y := g.Tokens[best]
		used[best] = true
		out = append(out, valueDiff{kind: diffKind(x, y), src: x, sum: y})
	}
	return out
}

// pickCounterpart is the value of g that took x's place: the comparable value g states
// and f does not (or states elsewhere, moved into x's slot), best by shared key and
// noun, that no other source backs. -1 when there is none.
func pickCounterpart(r *rule.Round, i int, f, g *classify.Fact, x classify.Token, used map[int]bool) int {
	type cand struct{ k, s int }
	var cs []cand
	for k, y := range g.Tokens {
		if used[k] {
			continue
		}
		if s, ok := counterpartScore(f, g, x, y); ok {
			cs = append(cs, cand{k, s})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return b.s - a.s })
	for _, c := range cs {
		// a value another source states for the same thing is a correction, not a
		// change; the next candidate may still be the one that took x's place
		if !backedElsewhere(r, i, f, x, g.Tokens[c.k]) && !oldValueNamed(f, g, x) && !inHeldQuote(r, g, g.Tokens[c.k]) {
			return c.k
		}
	}
	return -1
}

// inHeldQuote: y sits in a quotation of g that a source holds word for word (the
// user's "yes do option 1" quoted beside another option): it is the quoted party's
// value, not a change of the source fact's.
func inHeldQuote(r *rule.Round, g *classify.Fact, y classify.Token) bool {
	at := 0
	for _, q := range rule.Quotations(g.Text) {
		i := strings.Index(g.Text[at:], q)
		if i < 0 {
			continue
		}
		i += at
		at = i + len(q)
		if y.Start >= i && y.Start < i+len(q) && len(strings.Fields(q)) >= 3 && r.Mentions(q) {
			return true
		}
	}
	return false
}

// approxAt: the value at offset at in text is marked as approximate ("~222", "line
// ~40", "about 300", "around line 90").
func approxAt(text string, at int) bool {
	if at <= 0 || at > len(text) {
		return false
	}
	before := strings.TrimRight(text[:at], " ")
	if strings.HasSuffix(before, "~") || strings.HasSuffix(before, "≈") {
		return true
	}
	ws := strings.Fields(strings.ToLower(before))
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-2; k-- {
		w := strings.Trim(ws[k], "(~")
		if w == "about" || w == "around" || w == "roughly" || w == "approximately" || w == "approx." || strings.HasPrefix(ws[k], "~") || strings.HasPrefix(ws[k], "(~") {
			return true
		}
	}
	return false
}

// counterpartScore weighs y of g as the value that took x's place in f (more for a
// shared key or noun); false when y cannot have.
func counterpartScore(f, g *classify.Fact, x, y classify.Token) (int, bool) {
	if !comparableKinds[y.Kind] || !classify.Comparable(x, y) || lineRef(x) != lineRef(y) || !nearName(x, y) {
		return 0, false // a line number compares only with a line number
	}
	if sameValueWritten(f, g, x, y) {
		return 0, false
	}
	if classify.HasEquivalent(f.Tokens, y) && !swapped(f, g, x, y) && !rejectedMoved(f, g, y) {
		return 0, false // the summary keeps y where the source had it
	}
	s := 2
	if x.Key != "" && x.Key == y.Key {
		s += 2
	} else if x.Key != "" && y.Key != "" && !oneSlip(x, y) && !(digitAdded(x, y) && shareSlotWord(f, x, g, y)) && !sameNoun(f, g, x, y) {
		return 0, false // values given to different things (unless one slip apart, or counts of one noun)
	}
	if sameNoun(f, g, x, y) {
		s += 2
	}
	if s == 2 && smallFigure(x) && smallFigure(y) && !lineRef(x) && !sameSlot(f, g, x, y) {
		return 0, false // two small bare numbers with no key or noun in common, between other words: nothing says they fill one slot
	}
	return s, true
}

// sameValueWritten: y writes x another way, so it cannot have taken x's place: one
// pattern with its blank spelled another way ("<id>", "{session-id}"), the same file
// with a line to look at on one side ("store.go", "store.go:85"), or a place in code
// given as roughly where it is ("line ~222" for "line 219").
func sameValueWritten(f, g *classify.Fact, x, y classify.Token) bool {
	if samePattern(x, y) {
		return true
	}
	if sameFile(x, y) && (x.Norm == pathOf(x)) != (y.Norm == pathOf(y)) {
		return true
	}
	return lineRef(x) && (approxAt(f.Text, x.Start) || approxAt(g.Text, y.Start))
}

// pathOf is a path's or URL's normal form without a trailing line (and column)
// number ("path:store.go:85" -> "path:store.go"); "" for other values.
func pathOf(t classify.Token) string {
	if t.Kind != classify.TokPath {
		return ""
	}
	return reLineSuffix.ReplaceAllString(t.Norm, "")
}

// sameFile: two paths name the same file, a line number aside.
func sameFile(x, y classify.Token) bool { return pathOf(x) != "" && pathOf(x) == pathOf(y) }

var reLineSuffix = regexp.MustCompile(`(?::\d+){1,2}$`)

// samePattern: both values are patterns with parts to fill in ("entire/<hash>",
// ".sessions/{session-id}.json") and their fixed parts are the same: how a blank is
// spelled is no change of value.
func samePattern(x, y classify.Token) bool {
	if !strings.ContainsAny(x.Raw, "<{") || !strings.ContainsAny(y.Raw, "<{") {
		return false // (the cheap test first: few values hold a blank)
	}
	a, b := reBlank.ReplaceAllString(x.Raw, "<>"), reBlank.ReplaceAllString(y.Raw, "<>")
	return a != x.Raw && b != y.Raw && a == b
}

// reBlank is a blank in a pattern: <name>, {name}, also cut short at the end of
// a token ("<worktreeHash[:6").
var reBlank = regexp.MustCompile(`<[^<>/]*>?|\{[^{}/]*\}?`)

// lineRef: a line number ("line 427", "lines 37, 147", "L12"), a location in code
// rather than a figure; a count of lines ("31 fewer lines") is a figure.
func lineRef(t classify.Token) bool {
	if t.Kind != classify.TokNumber && t.Kind != classify.TokCount {
		return false
	}
	return strings.EqualFold(t.Key, "line") || strings.EqualFold(t.Key, "lines") || strings.EqualFold(t.Key, "l")
}

// slotRefilled: x is stated more often in f than in g, and where f states it g states
// another comparable value between the same words ("bed 4 gets 2 trays, bed 7 gets 2
// trays" became "... bed 7 gets 3 trays"): the summary still has the figure, for
// another thing.
func slotRefilled(f, g *classify.Fact, x classify.Token) bool {
	if countEquivalent(g.Tokens, x) >= countEquivalent(f.Tokens, x) {
		return false
	}
	for _, y := range g.Tokens {
		if !classify.Equivalent(x, y) && classify.Comparable(x, y) && sameSlot(f, g, x, y) {
			return true
		}
	}
	return false
}

// sameSlot: x in f and y in g sit between the same words, the one just before and the
// one just after each ("then wrote 2 new" and "then wrote 5 new").
func sameSlot(f, g *classify.Fact, x, y classify.Token) bool {
	bx, ax := wordsBeside(f.Text, x.Start, x.End)
	by, ay := wordsBeside(g.Text, y.Start, y.End)
	return bx != "" && ax != "" && bx == by && ax == ay
}

// wordsBeside are the words just before offset s and just after e, lower-cased
// ("" at either end of the text).
func wordsBeside(text string, s, e int) (string, string) {
	if s < 0 || e > len(text) || e < s {
		return "", ""
	}
	var before, after string
	if ws := strings.Fields(text[:s]); len(ws) > 0 {
		before = strings.ToLower(ws[len(ws)-1])
	}
	if ws := strings.Fields(text[e:]); len(ws) > 0 {
		after = strings.ToLower(ws[0])
	}
	return before, after
}

func countEquivalent(ts []classify.Token, x classify.Token) int {
	n := 0
	for _, t := range ts {
		if classify.Equivalent(t, x) {
			n++
		}
	}
	return n
}

// backedElsewhere: another source fact about the same subject states y (the user
// corrected the value, or a tool measured it).
func backedElsewhere(r *rule.Round, i int, f *classify.Fact, x, y classify.Token) bool {
	moved := -2 // (not looked up yet)
	for _, ref := range r.Values[y.Norm] {
		if !ref.Ev && ref.I == i || !backs(r, i, f, ref, y) {
			continue
		}
		if moved == -2 {
			moved = lastMove(r, i, x, y)
		}
		if moved < r.PosOf(ref) {
			return true
		}
	}
	return false
}

// backs: the fact ref states y for the slot source fact i (f) gave x.
func backs(r *rule.Round, i int, f *classify.Fact, ref rule.Ref, y classify.Token) bool {
	g := r.Fact(ref)
	if smallFigure(y) {
		// a small number ("Task 8", "PR 4", "7 files") turns up everywhere: only the
		// same slot stating it backs the change (the same key, or the same noun
		// counted: "48 partitions")
		return (sharesKey(g, y) || sharesNoun(g, y)) && rule.About(f, g)
	}
	if rule.About(f, g) || sharesKey(g, y) && namedKey(y.Key) || distinctive(y) {
		// (a figure of many digits, "1,482,913.47", is stated by chance nowhere)
		// (a generic key, "port 6379", backs only a source about the same thing)
		return true
	}
	// a later word of the user's ("make it 45s") gives the new value, or a tool's
	// readout of the same slot does
	return r.PosOf(ref) > r.Pos[i] && (g.Origin == classify.OriginUser || classify.ToolSide(g) && sharesKey(g, y))
}

// lastMove is the position of the last fact (not source fact i) that tells of the
// move from y to the source's value x ("image: 18" then "sed s/18/18.2/", "was on 18;
// pinned to 18.2 now"), -1 when none: a fact stating y before it states the old state
// the work moved away from, not a correction of x. Small figures name too many things
// to tell ("Bug 2 ... Bug 1").
func lastMove(r *rule.Round, i int, x, y classify.Token) int {
	if smallFigure(x) || smallFigure(y) {
		return -1
	}
	states := map[rule.Ref]bool{}
	for _, ref := range r.Values[y.Norm] {
		states[ref] = true
	}
	last := -1
	for _, other := range r.Values[x.Norm] {
		if (other.Ev || other.I != i) && states[other] && r.PosOf(other) > last && movesTo(r.Fact(other), y, x) {
			last = r.PosOf(other)
		}
	}
	return last
}

// movesTo: g states y and, after it, x, with a word of change between them ("18 ->
// 18.2", "was on 18; pinned to 18.2 now"): two values side by side ("212 MB against a
// budget of 150 MB") are no move.
func movesTo(g *classify.Fact, y, x classify.Token) bool {
	_, ye := positionOf(g, y)
	if ye == 0 {
		return false
	}
	for _, t := range g.Tokens {
		if classify.Equivalent(t, x) && t.Start >= ye && changeBetween(g.Text[ye:t.Start]) {
			return true
		}
	}
	return false
}

// changeBetween: the words between two values tell of a move from one to the other.
func changeBetween(gap string) bool {
	if strings.Contains(gap, "->") || strings.Contains(gap, "→") || strings.Contains(gap, "=>") {
		return true
	}
	ws := strings.Fields(strings.ToLower(gap))
	if len(ws) > 8 {
		return false
	}
	for _, w := range ws {
		switch strings.Trim(w, ",;:.()`'\"") {
		case "to", "now", "into":
			return true
		}
	}
	return false
}

// smallFigure: a plain number or count under 100, without a unit.
func smallFigure(t classify.Token) bool {
	return (t.Kind == classify.TokNumber || t.Kind == classify.TokCount) && t.Unit == "" && t.Num < 100 && t.Num > -100
}

// sharesNoun: g states y counting the same noun.
func sharesNoun(g *classify.Fact, y classify.Token) bool {
	return y.Noun != "" && statesAs(g, y, func(t classify.Token) bool { return t.Noun == y.Noun })
}

// distinctive: a figure with at least distinctiveDigits significant digits.
func distinctive(y classify.Token) bool {
	switch y.Kind {
	case classify.TokNumber, classify.TokCount, classify.TokMoney, classify.TokSize, classify.TokDuration, classify.TokPercent:
		return len(strings.Trim(digitsOf(y.Raw), "0")) >= distinctiveDigits
	}
	return false
}

// distinctiveDigits: a figure this precise another source gives is the same figure.
const distinctiveDigits = 6

func sharesKey(g *classify.Fact, y classify.Token) bool {
	return y.Key != "" && statesAs(g, y, func(t classify.Token) bool { return t.Key == y.Key })
}

// statesAs: g states y's value in a token that also passes same (the same key, noun).
func statesAs(g *classify.Fact, y classify.Token, same func(classify.Token) bool) bool {
	return slices.ContainsFunc(g.Tokens, func(t classify.Token) bool { return t.Norm == y.Norm && same(t) })
}

// oldValueNamed: the summary names the source's value as the old one ("raised from
// 5.1.4", "was 30s, now 45s"), so the change is reported, not made. The summary
// stating x as often as f does counts too; stating it fewer times ("skipped 2 rows,
// then wrote 2 new batches" became "... wrote 5 new batches") leaves x's other
// mentions to other things.
func oldValueNamed(f, g *classify.Fact, x classify.Token) bool {
	if n := countEquivalent(g.Tokens, x); n > 0 && n >= countEquivalent(f.Tokens, x) {
		return true
	}
	low := strings.ToLower(g.Text)
	return strings.Contains(low, "from "+strings.ToLower(x.Raw)) || strings.Contains(low, "was "+strings.ToLower(x.Raw))
}

func diffKind(x, y classify.Token) string {
	switch {
	case x.Kind == classify.TokHash || x.Kind == classify.TokHex || strings.HasPrefix(x.Norm, "uuid:"):
		return "digest"
	case x.Kind == classify.TokTime && y.Kind == classify.TokTime:
		cx, _, _ := strings.Cut(x.Norm, "@")
		cy, _, _ := strings.Cut(y.Norm, "@")
		if cx == cy {
			return "zone"
		}
	case (x.Family == "zero-padded" || x.Family == "name") && x.Num == y.Num:
		return "zeros"
	case x.Unit != "" && y.Unit != "" && x.Unit != y.Unit && x.Family == y.Family && leadingNumber(x.Raw) == leadingNumber(y.Raw):
		return "unit"
	}
	if truncates(x, y) {
		return "precision"
	}
	return "value"
}

// leadingNumber is the digits a value starts with ("250ms" -> "250").
func leadingNumber(raw string) string {
	i := 0
	for i < len(raw) && (raw[i] >= '0' && raw[i] <= '9' || raw[i] == '.' || raw[i] == ',') {
		i++
	}
	return raw[:i]
}

// truncates: y is x with its last components or decimals cut (18.2 -> 18, 1.4.2 -> 1.4).
func truncates(x, y classify.Token) bool {
	xs := strings.TrimPrefix(strings.TrimPrefix(x.Norm, "ver:"), "num:")
	ys := strings.TrimPrefix(strings.TrimPrefix(y.Norm, "ver:"), "num:")
	return len(ys) < len(xs) && strings.HasPrefix(xs, ys) && (xs[len(ys)] == '.' || xs[len(ys)] == '-' || xs[len(ys)] == '+')
}

// slot names a value's slot for the report.
func slot(t classify.Token) string {
	if t.Key != "" {
		return t.Kind + " (" + t.Key + ")"
	}
	return t.Kind
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 90 {
		cut := 87
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "..."
	}
	return s
}

// nearName: two paths, URLs or hosts are one name changed, not two names: they share
// most of their parts (results/kx2/joint.vcf and result/kx2/joint.vcf; pull/643 and
// pull/693). Other kinds always qualify.
func nearName(x, y classify.Token) bool {
	switch x.Kind {
	case classify.TokPath, classify.TokURL, classify.TokHost:
	default:
		return true
	}
	px, py := nameParts(x.Norm), nameParts(y.Norm)
	if len(px) == 0 || len(py) == 0 {
		return false
	}
	same := 0
	for _, a := range px {
		for _, b := range py {
			if a == b {
				same++
				break
			}
		}
	}
	return same*2 >= max(len(px), len(py)) && same < max(len(px), len(py))
}

func nameParts(norm string) []string {
	_, v, _ := strings.Cut(norm, ":")
	return strings.FieldsFunc(v, func(r rune) bool { return r == '/' || r == '.' || r == ':' || r == '#' || r == '_' || r == '-' })
}

// swapped: the summary gives y the place x had in the source (the words around x in
// the source are around y in the summary): "reach the broker on 9092, not
// the proxy's 9094" became "reach the broker on 9094".
func swapped(f, g *classify.Fact, x, y classify.Token) bool {
	around := contextWords(f.Text, x.Start, x.End)
	if len(around) == 0 {
		return false
	}
	near := contextWords(g.Text, y.Start, y.End)
	ys, ye := positionOf(f, y)
	own := contextWords(f.Text, ys, ye)
	shared := 0
	for _, w := range around {
		if slices.Contains(near, w) && !slices.Contains(own, w) {
			shared++
		}
	}
	return shared >= 2 || shared == 1 && len(around) <= 2 || nounMoved(f, g, x, y, ye)
}

// nounMoved: the word that follows x in the source (what it counts) follows y in the
// summary, and not y where the source states it: "9 new checks (4 lint + 5 schema)"
// became "9 lint + 5 schema", the lint count is now 9.
func nounMoved(f, g *classify.Fact, x, y classify.Token, ye int) bool {
	w := nextWord(f.Text, x.End)
	return w != "" && w == nextWord(g.Text, y.End) && w != nextWord(f.Text, ye)
}

// sameNoun: x and y count the same thing: one noun, or the same word right after
// each ("5 unit + 2 integration", "7 unit + 2 integration").
func sameNoun(f, g *classify.Fact, x, y classify.Token) bool {
	if x.Noun != "" && x.Noun == y.Noun {
		return true
	}
	w := nextWord(f.Text, x.End)
	return w != "" && w == nextWord(g.Text, y.End)
}

// nextWord is the content word right after offset e, lower-cased and stemmed ("" for
// a short or common word, or none).
func nextWord(text string, e int) string {
	if e < 0 || e >= len(text) || text[e] != ' ' {
		return ""
	}
	_, after := wordsBeside(text, e, e)
	lw := strings.Trim(after, ",.;:()'\"`*")
	if len(lw) <= 2 || stopish[lw] {
		return ""
	}
	return classify.Stem(lw)
}

func positionOf(f *classify.Fact, y classify.Token) (int, int) {
	for _, t := range f.Tokens {
		if classify.Equivalent(t, y) {
			return t.Start, t.End
		}
	}
	return 0, 0
}

// contextWords are the content stems within three words of a span.
func contextWords(text string, s, e int) []string {
	if e <= s {
		return nil
	}
	before := strings.Fields(text[:s])
	after := strings.Fields(text[e:])
	var ws []string
	if len(before) > 3 {
		before = before[len(before)-3:]
	}
	if len(after) > 3 {
		after = after[:3]
	}
	for _, w := range append(before, after...) {
		lw := strings.ToLower(strings.Trim(w, ",.;:()'\"`*"))
		if len(lw) > 2 && !stopish[lw] {
			ws = append(ws, classify.Stem(lw))
			if strings.ContainsAny(w, "_-.") || strings.ToLower(w) != w {
				// a compound name's parts ("stabilizationWindowSeconds": stabil, window, second)
				for _, t := range classify.ContentWords(w) {
					if !strings.Contains(t, ":") && !slices.Contains(ws, t) {
						ws = append(ws, t)
					}
				}
			}
		}
	}
	return ws
}

var stopish = map[string]bool{"the": true, "and": true, "for": true, "with": true, "from": true, "not": true, "through": true, "via": true, "into": true, "onto": true, "port": false}
