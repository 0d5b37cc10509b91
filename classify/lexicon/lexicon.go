// Package lexicon holds the cue words classify and the rules use, as data (data/*.txt,
// one phrase per line under a [section] header), and finds them in text in one pass
// with an Aho-Corasick automaton: no alternation regexp runs over a fact.
//
// A section is a category and optional attributes ("[deontic force=4 sign=-]"). A
// phrase matches whole words, case-insensitively; a leading or trailing * lifts the
// word boundary on that side ("*n't", "confirm*"). Phrases in scripts written without
// spaces (Han, Hiragana, Katakana, Hangul) match anywhere.
package lexicon

import (
	"bufio"
	"embed"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	ac "github.com/petar-dambovaliev/aho-corasick"
)

//go:embed data/*.txt
var files embed.FS

// Entry is one phrase of one section.
type Entry struct {
	Phrase   string
	Category string
	Attrs    map[string]string
	// anyStart and anyEnd lift the word boundary on that side.
	anyStart, anyEnd bool
	// except are whole words a prefix cue does not match ("fail* !failover").
	except map[string]bool
	cjk    bool
}

// Attr returns an attribute's value ("" when absent).
func (e *Entry) Attr(k string) string { return e.Attrs[k] }

// Int returns an integer attribute (0 when absent or not a number).
func (e *Entry) Int(k string) int {
	n, _ := strconv.Atoi(e.Attrs[k])
	return n
}

// Hit is one cue found in a text: byte offsets into the text as given.
type Hit struct {
	*Entry
	Start, End int
}

// Lexicon is a compiled cue list.
type Lexicon struct {
	entries []*Entry
	// byPattern maps an automaton pattern to the entries that share its text.
	byPattern [][]*Entry
	// nfa matches from the start (it builds in milliseconds); dfa, built in the
	// background once DFAAfter bytes were searched, matches faster and the same.
	nfa      ac.AhoCorasick
	dfa      atomic.Pointer[ac.AhoCorasick]
	pats     []string
	scanned  atomic.Int64
	dfaStart sync.Once
	catOnce  sync.Once
	catPats  map[string][]string // category -> its patterns (see MayFind)
}

// DFAAfter is how many bytes Find searches before the faster automaton is built (it
// takes about 150 ms: worth it only for large sessions).
const DFAAfter = 8 << 20

var (
	once sync.Once
	std  *Lexicon
)

// Default is the built-in lexicon (every file under data/).
func Default() *Lexicon {
	once.Do(func() {
		var err error
		std, err = load()
		if err != nil {
			panic(err) // the data is compiled in; a parse error is a build defect the tests catch
		}
	})
	return std
}

func load() (*Lexicon, error) {
	names, err := files.ReadDir("data")
	if err != nil {
		return nil, err
	}
	var all []*Entry
	for _, n := range names {
		b, err := files.ReadFile("data/" + n.Name())
		if err != nil {
			return nil, err
		}
		es, err := Parse(n.Name(), string(b))
		if err != nil {
			return nil, err
		}
		all = append(all, es...)
	}
	return Compile(all), nil
}

// Parse reads one lexicon file.
func Parse(name, text string) ([]*Entry, error) {
	var out []*Entry
	cat, attrs := "", map[string]string(nil)
	sc := bufio.NewScanner(strings.NewReader(text))
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			if !strings.HasSuffix(line, "]") {
				return nil, fmt.Errorf("%s:%d: unclosed section header", name, ln)
			}
			f := strings.Fields(line[1 : len(line)-1])
			if len(f) == 0 {
				return nil, fmt.Errorf("%s:%d: empty section header", name, ln)
			}
			cat, attrs = f[0], map[string]string{}
			for _, kv := range f[1:] {
				k, v, ok := strings.Cut(kv, "=")
				if !ok {
					return nil, fmt.Errorf("%s:%d: attribute %q is not key=value", name, ln, kv)
				}
				attrs[k] = v
			}
			continue
		}
		if cat == "" {
			return nil, fmt.Errorf("%s:%d: phrase before any section", name, ln)
		}
		e := &Entry{Category: cat, Attrs: attrs}
		p := strings.ToLower(line)
		if i := strings.Index(p, " !"); i > 0 && strings.HasSuffix(strings.TrimSpace(p[:i]), "*") {
			// "fail* !failover !failsafe": a prefix cue and the words it must not match
			e.except = map[string]bool{}
			for _, w := range strings.Fields(p[i:]) {
				e.except[strings.TrimPrefix(w, "!")] = true
			}
			p = strings.TrimSpace(p[:i])
		}
		if strings.HasPrefix(p, "*") {
			e.anyStart, p = true, p[1:]
		}
		if strings.HasSuffix(p, "*") {
			e.anyEnd, p = true, p[:len(p)-1]
		}
		if p == "" {
			return nil, fmt.Errorf("%s:%d: empty phrase", name, ln)
		}
		e.Phrase, e.cjk = p, spaceless(p)
		out = append(out, e)
	}
	return out, sc.Err()
}

// Compile builds the automaton over entries. Apostrophes also match their curly form.
func Compile(entries []*Entry) *Lexicon {
	lx := &Lexicon{entries: entries}
	idx := map[string]int{}
	var pats []string
	add := func(p string, e *Entry) {
		i, ok := idx[p]
		if !ok {
			i = len(pats)
			idx[p] = i
			pats = append(pats, p)
			lx.byPattern = append(lx.byPattern, nil)
		}
		lx.byPattern[i] = append(lx.byPattern[i], e)
	}
	for _, e := range entries {
		add(e.Phrase, e)
		if strings.Contains(e.Phrase, "'") {
			add(strings.ReplaceAll(e.Phrase, "'", "’"), e)
		}
	}
	lx.pats = pats
	lx.nfa = build(pats, false)
	return lx
}

func build(pats []string, dfa bool) ac.AhoCorasick {
	b := ac.NewAhoCorasickBuilder(ac.Opts{MatchKind: ac.StandardMatch, DFA: dfa})
	return b.Build(pats)
}

// matcher is the automaton to search n bytes with: the DFA when it is built, else the
// NFA (starting the DFA's build once enough text was searched).
func (lx *Lexicon) matcher(n int) *ac.AhoCorasick {
	if m := lx.dfa.Load(); m != nil {
		return m
	}
	if lx.scanned.Add(int64(n)) > DFAAfter {
		lx.dfaStart.Do(func() {
			go func() {
				m := build(lx.pats, true)
				lx.dfa.Store(&m)
			}()
		})
	}
	return &lx.nfa
}

// MayFind reports whether Find(text) can return a hit of category: false when no
// pattern of the category occurs in the lower-cased text at all (a cheap test before
// a full search for a rare category); true does not promise a hit.
func (lx *Lexicon) MayFind(text, category string) bool { return lx.MayFindLower(Lower(text), category) }

// MayFindLower is MayFind of a text already lower-cased by Lower (which is idempotent:
// Find lower-cases it to the same string).
func (lx *Lexicon) MayFindLower(low, category string) bool {
	lx.catOnce.Do(func() {
		lx.catPats = map[string][]string{}
		for i, es := range lx.byPattern {
			seen := map[string]bool{}
			for _, e := range es {
				if !seen[e.Category] {
					seen[e.Category] = true
					lx.catPats[e.Category] = append(lx.catPats[e.Category], lx.pats[i])
				}
			}
		}
	})
	for _, p := range lx.catPats[category] {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

// Has reports whether text holds a cue of category (a full search, after MayFind's
// cheap test).
func (lx *Lexicon) Has(text, category string) bool {
	if !lx.MayFind(text, category) {
		return false
	}
	for _, h := range lx.Find(text) {
		if h.Category == category {
			return true
		}
	}
	return false
}

// Entries lists every entry (for tests and `compaudit rules`).
func (lx *Lexicon) Entries() []*Entry { return lx.entries }

// Find returns every cue in text, in order of position (longest first at a position).
// Matching is case-insensitive; offsets are into text.
func (lx *Lexicon) Find(text string) []Hit {
	low := Lower(text)
	var out []Hit
	it := lx.matcher(len(low)).IterOverlapping(low)
	for m := it.Next(); m != nil; m = it.Next() {
		s, e := m.Start(), m.End()
		for _, en := range lx.byPattern[m.Pattern()] {
			if en.cjk || ((en.anyStart || boundaryBefore(low, s)) && (en.anyEnd || boundaryAfter(low, e))) {
				end := e
				if en.anyEnd && !en.cjk {
					end = wordEnd(low, e) // a prefix cue covers the whole word it starts
				}
				if en.except[low[s:end]] {
					continue
				}
				out = append(out, Hit{Entry: en, Start: s, End: end})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Hit) int {
		if a.Start != b.Start {
			return a.Start - b.Start
		}
		return b.End - a.End
	})
	return out
}

// IsWord reports whether w, one word, is wholly a cue of category (of any category
// when category is ""): "reply" is an imperative, "adjusted" an edit.
func (lx *Lexicon) IsWord(w, category string) bool { return lx.IsWordWith(w, category, "", "") }

// IsWordWith is IsWord for the cues of category whose section sets attribute key to
// val ("hedge", "belief", "yes": "presumably", not "usually"); key "" asks no
// attribute.
func (lx *Lexicon) IsWordWith(w, category, key, val string) bool {
	for _, h := range lx.Find(w) {
		if (category == "" || h.Category == category) && (key == "" || h.Attr(key) == val) && h.Start == 0 && h.End == len(w) {
			return true
		}
	}
	return false
}

// Lower lower-cases text rune by rune where that keeps the byte length, so offsets
// into the result are offsets into text.
func Lower(text string) string {
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(text)
	}
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		l := unicode.ToLower(r)
		if utf8.RuneLen(l) != utf8.RuneLen(r) {
			l = r
		}
		b.WriteRune(l)
	}
	return b.String()
}

// wordRune: a rune that continues a word. A hyphen does too: "read-only" holds no
// "only", "non-negotiable" no "negotiable".
func wordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' }

func wordEnd(s string, i int) int {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !wordRune(r) {
			break
		}
		i += n
	}
	return i
}

func boundaryBefore(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, n := utf8.DecodeLastRuneInString(s[:i])
	if joiner(r) && i-n > 0 {
		// "summarize.go with", "path/go": a joiner between word characters is inside a name
		q, _ := utf8.DecodeLastRuneInString(s[:i-n])
		return !wordRune(q)
	}
	return !wordRune(r)
}

func boundaryAfter(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	if joiner(r) && i+n < len(s) {
		q, _ := utf8.DecodeRuneInString(s[i+n:])
		return !wordRune(q)
	}
	return !wordRune(r)
}

// joiner: punctuation that joins the parts of a name (file.go, a/b, user@host).
func joiner(r rune) bool { return r == '.' || r == '/' || r == '@' || r == '\\' }

// spaceless reports whether p holds a character of a script written without spaces.
func spaceless(p string) bool {
	for _, r := range p {
		if Spaceless(r) {
			return true
		}
	}
	return false
}

// Spaceless reports whether r belongs to a script written without spaces between words
// (Han, Hiragana, Katakana) or, for matching purposes, Hangul (agglutinative).
func Spaceless(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
