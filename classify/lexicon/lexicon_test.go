package lexicon

import (
	"slices"
	"strings"
	"testing"
)

func cats(lx *Lexicon, text string) map[string][]string {
	out := map[string][]string{}
	for _, h := range lx.Find(text) {
		out[h.Category] = append(out[h.Category], text[h.Start:h.End])
	}
	return out
}

func TestDefaultParses(t *testing.T) {
	lx := Default()
	if len(lx.Entries()) < 500 {
		t.Fatalf("only %d entries", len(lx.Entries()))
	}
	seen := map[string]bool{}
	for _, e := range lx.Entries() {
		seen[e.Category] = true
	}
	for _, c := range []string{"negation", "deontic", "hedge", "certain", "open", "done", "failed", "qualifier", "report", "chatter", "event"} {
		if !seen[c] {
			t.Errorf("no %s section", c)
		}
	}
}

func TestFind(t *testing.T) {
	lx := Default()
	cases := []struct {
		text, cat, want string // want "" = must not find cat
	}{
		{"Never deploy on Fridays.", "deontic", "Never"},
		{"We don’t retry POSTs", "deontic", "don’t"},
		{"The cache isn't warm", "negation", "n't"},
		{"Nothing in the notes", "negation", "Nothing"},
		{"This was confirmed by the canary", "certain", "confirmed"},
		{"a knot in the rope", "negation", ""},               // "not" inside a word
		{"unconfirmed reading", "certain", ""},               // prefix word is another cue
		{"The hypothesis holds", "hedge", "hypothesis"},      // trailing * matches endings
		{"Bitte niemals force-pushen", "deontic", "niemals"}, // German
		{"请不要删除这个分支", "deontic", "不要"},                       // Chinese, no spaces
		{"本番には絶対にデプロイしないでください", "deontic", "しないで"},           // Japanese
		{"Il ne faut jamais toucher la prod", "deontic", "jamais"},
		{"Nunca hagas push a main", "deontic", "Nunca"},
		{"Não pode apagar a tabela", "deontic", "Não pode"},
		{"절대 삭제하지 마세요", "deontic", "절대"},
	}
	for _, c := range cases {
		got := cats(lx, c.text)[c.cat]
		if c.want == "" {
			if len(got) > 0 {
				t.Errorf("%q: found %s cues %q, want none", c.text, c.cat, got)
			}
			continue
		}
		found := false
		for _, g := range got {
			if g == c.want {
				found = true
			}
		}
		if !found {
			t.Errorf("%q: %s cues %q, want %q among them", c.text, c.cat, got, c.want)
		}
	}
}

func TestLowerKeepsOffsets(t *testing.T) {
	for _, s := range []string{"ÄÖÜ Straße", "İstanbul KELVIN \u212a", "plain ASCII", "日本語テキスト"} {
		if l := Lower(s); len(l) != len(s) {
			t.Errorf("Lower(%q) changed length %d -> %d", s, len(s), len(l))
		}
	}
	if Lower("NEVER Ändern") != "never ändern" {
		t.Errorf("Lower did not lower-case: %q", Lower("NEVER Ändern"))
	}
}

func TestParseErrors(t *testing.T) {
	for _, bad := range []string{"phrase before section", "[open", "[]\nx", "[a k]\nx", "[a]\n*"} {
		if _, err := Parse("t.txt", bad); err == nil {
			t.Errorf("Parse(%q) accepted bad input", bad)
		} else if !strings.HasPrefix(err.Error(), "t.txt:") {
			t.Errorf("error %q does not name the file and line", err)
		}
	}
}

func BenchmarkFind(b *testing.B) {
	lx := Default()
	text := strings.Repeat("We should not deploy until the canary passes; it probably failed because the cache was cold. ", 20)
	b.SetBytes(int64(len(text)))
	for i := 0; i < b.N; i++ {
		lx.Find(text)
	}
}

// The two automata Find may use (the NFA first, the DFA once built) find the same cues.
func TestNFAAndDFAAgree(t *testing.T) {
	lx := Default()
	var b strings.Builder
	for i, e := range lx.Entries() {
		b.WriteString(e.Phrase)
		b.WriteString([]string{" ", ", ", "-", "n't ", "\n", ""}[i%6])
	}
	texts := []string{b.String(), strings.ToUpper(b.String()), "We should not deploy until the canary passes; it probably failed because the cache was cold.", "不要修改 API。もう決めた。"}
	dfa := build(lx.pats, true)
	for _, text := range texts {
		low := Lower(text)
		var a, d []int
		for it := lx.nfa.IterOverlapping(low); ; {
			x := it.Next()
			if x == nil {
				break
			}
			a = append(a, x.Start(), x.End(), x.Pattern())
		}
		for it := dfa.IterOverlapping(low); ; {
			x := it.Next()
			if x == nil {
				break
			}
			d = append(d, x.Start(), x.End(), x.Pattern())
		}
		if len(a) < 3 || !slices.Equal(a, d) {
			t.Fatalf("NFA found %d matches, DFA %d, or they differ", len(a)/3, len(d)/3)
		}
	}
}

// MayFind never rules out a category Find then finds, and rules out the ones absent.
func TestMayFindImpliesNothingMissed(t *testing.T) {
	lx := Default()
	cats := map[string]bool{}
	for _, e := range lx.Entries() {
		cats[e.Category] = true
	}
	texts := []string{"", "plain words about nothing in particular", "ÀÉÎ İstanbul \xff\xfe THE USER SAID"}
	for i, e := range lx.Entries() {
		if i%7 == 0 {
			texts = append(texts, "Before "+strings.ToUpper(e.Phrase)+" after.", "x"+e.Phrase+"y", e.Phrase)
		}
	}
	ruled := 0
	for _, text := range texts {
		found := map[string]bool{}
		for _, h := range lx.Find(text) {
			found[h.Category] = true
		}
		for c := range cats {
			may := lx.MayFind(text, c)
			if may != lx.MayFindLower(Lower(text), c) || Lower(Lower(text)) != Lower(text) {
				t.Fatalf("MayFindLower of Lower(%q) differs from MayFind", text)
			}
			if found[c] && !may {
				t.Fatalf("MayFind(%q, %s) false, but Find finds it", text, c)
			}
			if !may {
				ruled++
			}
		}
	}
	if ruled == 0 {
		t.Fatal("MayFind never ruled a category out")
	}
}

// A prefix cue skips the whole words listed after it with "!".
func TestPrefixExceptions(t *testing.T) {
	es, err := Parse("t", "[failed]\nfail* !failover !fail-safe\n")
	if err != nil {
		t.Fatal(err)
	}
	lx := Compile(es)
	for text, want := range map[string]int{"the deploy failed": 1, "run the failover drill": 0, "a fail-safe default": 0, "it fails twice": 1} {
		if got := len(lx.Find(text)); got != want {
			t.Errorf("%q: %d hits, want %d", text, got, want)
		}
	}
}

// IsWordWith: a cue of the category whose section carries the attribute.
func TestIsWordWith(t *testing.T) {
	lx := Default()
	for _, c := range []struct {
		w    string
		want bool
	}{{"presumably", true}, {"probably", true}, {"usually", false}, {"suggesting", false}} {
		if !lx.IsWord(c.w, "hedge") {
			t.Fatalf("%q is no hedge: the case tests nothing", c.w)
		}
		if got := lx.IsWordWith(c.w, "hedge", "belief", "yes"); got != c.want {
			t.Errorf("IsWordWith(%q, hedge, belief=yes) = %v, want %v", c.w, got, c.want)
		}
	}
}

// IsWord: the whole word is a cue of the category (of any with ""); a cue inside a
// longer word, or a cue of another category, is not.
func TestIsWord(t *testing.T) {
	lx := Default()
	cases := []struct {
		w, cat string
		want   bool
	}{
		{"reply", "imperative", true},
		{"reply", "", true},
		{"reply", "edit", false},
		{"replying", "imperative", false},
		{"teapot", "", false},
	}
	for _, c := range cases {
		if got := lx.IsWord(c.w, c.cat); got != c.want {
			t.Errorf("IsWord(%q, %q) = %v, want %v", c.w, c.cat, got, c.want)
		}
	}
}

// TestHas: Has finds a category's cue as a whole word, and no other category's.
func TestHas(t *testing.T) {
	lx := Default()
	cases := []struct {
		text, cat string
		want      bool
	}{
		{"The check currently writes to stderr.", "present-state", true},
		{"The currency field is written to stderr.", "present-state", false},
		{"I think this is good feedback.", "forwarded", true},
		{"I think this is good.", "forwarded", false},
	}
	for _, c := range cases {
		if got := lx.Has(c.text, c.cat); got != c.want {
			t.Errorf("Has(%q, %s) = %v, want %v", c.text, c.cat, got, c.want)
		}
	}
}
