package classify

import (
	"regexp/syntax"
	"sort"
	"sync"
	"sync/atomic"
	"unicode"
)

// A second, exact gate in front of the regexp engine. From each pattern's syntax tree
// it derives sets of literal strings such that, on ASCII text, every match contains a
// string of each set (a conjunction of disjunctions: "must " and "?" for a question
// about a rule). All sets of all patterns go into one Aho-Corasick automaton, so one
// pass over a text's lower-cased bytes answers every pattern's gate. The gate is only
// consulted for ASCII texts: there case folding is plain ASCII lower-casing, so a
// missing literal proves the regexp cannot match and skipping it changes nothing.

const (
	maxExact = 64   // largest literal set carried through a concatenation
	maxNeed  = 1024 // largest literal set kept as a requirement
	maxConj  = 3    // requirement sets kept per pattern
)

// litInfo describes what a syntax node can match, on ASCII text, lower-cased.
type litInfo struct {
	exact   []string // every string the node can match (valid when exactOK; empty: none)
	exactOK bool
	pre     []string // every match starts with one of these (valid when preOK)
	preOK   bool
	needs   [][]string // every match contains a string of each set (all strings non-empty)
}

func exactInfo(set []string) litInfo {
	in := litInfo{exact: set, exactOK: true, pre: set, preOK: true}
	if !hasEmpty(set) {
		in.needs = [][]string{set}
	}
	return in
}

func hasEmpty(set []string) bool {
	for _, s := range set {
		if s == "" {
			return true
		}
	}
	return false
}

func dedupe(set []string) []string {
	if len(set) < 2 {
		return set
	}
	seen := make(map[string]bool, len(set))
	out := set[:0:0]
	for _, s := range set {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func cross(a, b []string) []string {
	out := make([]string, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, x+y)
		}
	}
	return dedupe(out)
}

// asciiFold lists the lower-cased ASCII characters rune r matches.
func asciiFold(r rune, fold bool) []string {
	var out []string
	add := func(c rune) {
		if c < 0x80 {
			out = append(out, string(rune(lowerByte(byte(c)))))
		}
	}
	add(r)
	if fold {
		for c := unicode.SimpleFold(r); c != r; c = unicode.SimpleFold(c) {
			add(c)
		}
	}
	return dedupe(out)
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// score ranks a requirement set: longer shortest strings are rarer.
func score(set []string) int {
	if len(set) == 0 {
		return 1 << 20 // cannot match at all
	}
	m := len(set[0])
	for _, s := range set {
		if len(s) < m {
			m = len(s)
		}
	}
	return m*4096 - len(set)
}

// bestNeeds keeps the most selective requirement sets.
func bestNeeds(sets [][]string) [][]string {
	var ok [][]string
	for _, s := range sets {
		if len(s) <= maxNeed && !hasEmpty(s) {
			ok = append(ok, s)
		}
	}
	sort.SliceStable(ok, func(i, j int) bool { return score(ok[i]) > score(ok[j]) })
	if len(ok) > maxConj {
		ok = ok[:maxConj]
	}
	return ok
}

func analyze(re *syntax.Regexp) litInfo {
	switch re.Op {
	case syntax.OpNoMatch:
		return exactInfo([]string{})
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText,
		syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		return exactInfo([]string{""})
	case syntax.OpLiteral:
		set := []string{""}
		for _, r := range re.Rune {
			set = cross(set, asciiFold(r, re.Flags&syntax.FoldCase != 0))
			if len(set) > maxExact {
				return litInfo{}
			}
		}
		return exactInfo(set)
	case syntax.OpCharClass:
		var seen [128]bool
		var set []string
		for k := 0; k+1 < len(re.Rune); k += 2 {
			for c := re.Rune[k]; c <= re.Rune[k+1] && c < 0x80; c++ {
				l := lowerByte(byte(c))
				if !seen[l] {
					seen[l] = true
					set = append(set, string(rune(l)))
				}
			}
		}
		if len(set) > 10 {
			return litInfo{}
		}
		if set == nil {
			set = []string{}
		}
		return exactInfo(set)
	case syntax.OpCapture:
		return analyze(re.Sub[0])
	case syntax.OpQuest:
		sub := analyze(re.Sub[0])
		if sub.exactOK && len(sub.exact) < maxExact {
			return exactInfo(dedupe(append(append([]string{}, sub.exact...), "")))
		}
		return litInfo{}
	case syntax.OpPlus:
		return repeated(analyze(re.Sub[0]))
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return repeated(analyze(re.Sub[0]))
		}
		return litInfo{}
	case syntax.OpConcat:
		return concat(re.Sub)
	case syntax.OpAlternate:
		return alternate(re.Sub)
	}
	return litInfo{} // star, any char: no information
}

// repeated: one or more copies of sub.
func repeated(sub litInfo) litInfo {
	in := litInfo{needs: sub.needs}
	switch {
	case sub.exactOK:
		in.pre, in.preOK = sub.exact, true
	case sub.preOK:
		in.pre, in.preOK = sub.pre, true
	}
	return in
}

func concat(subs []*syntax.Regexp) litInfo {
	infos := make([]litInfo, len(subs))
	for i, s := range subs {
		infos[i] = analyze(s)
	}
	// chain from i: the literal strings a match of subs[i:] starts with
	chain := func(i int) ([]string, bool) {
		p := []string{""}
		for k := i; k < len(infos); k++ {
			in := infos[k]
			if in.exactOK && len(p)*len(in.exact) <= maxExact {
				p = cross(p, in.exact)
				continue
			}
			if in.preOK && len(p)*len(in.pre) <= maxExact {
				p = cross(p, in.pre)
			}
			return p, false
		}
		return p, true
	}
	var out litInfo
	p, all := chain(0)
	out.pre, out.preOK = p, true
	if all {
		out.exact, out.exactOK = p, true
	}
	var cands [][]string
	for i := range infos {
		if c, _ := chain(i); !hasEmpty(c) {
			cands = append(cands, c)
		}
		cands = append(cands, infos[i].needs...)
	}
	out.needs = bestNeeds(cands)
	return out
}

func alternate(subs []*syntax.Regexp) litInfo {
	var out litInfo
	exactOK, preOK, needOK := true, true, true
	var exact, pre, need []string
	for _, s := range subs {
		in := analyze(s)
		if in.exactOK {
			exact = append(exact, in.exact...)
		} else {
			exactOK = false
		}
		if in.preOK {
			pre = append(pre, in.pre...)
		} else {
			preOK = false
		}
		switch {
		case len(in.needs) > 0:
			need = append(need, in.needs[0]...)
		case in.preOK && !hasEmpty(in.pre):
			need = append(need, in.pre...)
		default:
			needOK = false
		}
	}
	exact, pre, need = dedupe(exact), dedupe(pre), dedupe(need)
	if exactOK && len(exact) <= maxExact {
		out = exactInfo(exact)
	} else if preOK && len(pre) <= maxExact {
		out.pre, out.preOK = pre, true
	}
	if needOK && len(need) <= maxNeed && len(out.needs) == 0 {
		out.needs = [][]string{need}
	}
	return out
}

// needSets derives the requirement sets of pattern (nil when there are none).
func needSets(pattern string) [][]string {
	tree, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	return analyze(tree.Simplify()).needs
}

// ---- the shared automaton ----

// gateReg is one registered pattern: its requirement sets (new gate) and, when it has
// one, its literal gate (old semantics: one of lits occurs in the lower-cased text).
type gateReg struct {
	pattern string
	needs   [][]string
	lits    []string
}

var gates struct {
	mu   sync.Mutex
	regs []gateReg
	m    atomic.Pointer[litMachine]
}

// register adds a pattern's gates and returns its id.
func register(pattern string, needs [][]string, lits []string) int {
	gates.mu.Lock()
	defer gates.mu.Unlock()
	gates.regs = append(gates.regs, gateReg{pattern: pattern, needs: needs, lits: lits})
	gates.m.Store(nil)
	return len(gates.regs) - 1
}

// setLits replaces a registered pattern's literal gate.
func setLits(id int, lits []string) {
	gates.mu.Lock()
	defer gates.mu.Unlock()
	gates.regs[id].lits = lits
	gates.m.Store(nil)
}

// litMachine is an Aho-Corasick automaton over all requirement sets and literal gates.
// Each set is a "slot"; scanning a text marks the slots one of whose strings occurs.
type litMachine struct {
	class  [256]uint8
	ncls   int
	next   []int32   // state*ncls + class
	outs   [][]int32 // slots completed at each state (through suffix links)
	nslots int
	n      int       // registered patterns covered
	need   [][]int32 // per pattern: its requirement slots (all must be marked)
	litOK  []bool    // per pattern: literal gate is in the machine (ASCII literals)
	lit    []int32   // per pattern: literal gate slot (-1 when none)
}

func machine() *litMachine {
	if m := gates.m.Load(); m != nil {
		return m
	}
	gates.mu.Lock()
	defer gates.mu.Unlock()
	if m := gates.m.Load(); m != nil {
		return m
	}
	m := build(gates.regs)
	gates.m.Store(m)
	return m
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

func build(regs []gateReg) *litMachine {
	m := &litMachine{n: len(regs)}
	type pat struct {
		s    string
		slot int32
	}
	var pats []pat
	slot := int32(0)
	m.need = make([][]int32, len(regs))
	m.lit = make([]int32, len(regs))
	m.litOK = make([]bool, len(regs))
	for i, g := range regs {
		for _, set := range g.needs {
			for _, s := range set {
				pats = append(pats, pat{s, slot})
			}
			m.need[i] = append(m.need[i], slot)
			slot++
		}
		m.lit[i] = -1
		if g.lits != nil {
			ok := true
			for _, s := range g.lits {
				if !isASCII(s) || s == "" {
					ok = false
				}
			}
			if ok {
				for _, s := range g.lits {
					pats = append(pats, pat{s, slot})
				}
				m.lit[i] = slot
				m.litOK[i] = true
				slot++
			}
		}
	}
	m.nslots = int(slot)
	// byte classes: every byte used in a pattern gets its own class, the rest share 0
	m.ncls = 1
	for _, p := range pats {
		for i := 0; i < len(p.s); i++ {
			if c := p.s[i]; m.class[c] == 0 {
				m.class[c] = uint8(m.ncls)
				m.ncls++
			}
		}
	}
	// trie
	goto_ := [][]int32{make([]int32, m.ncls)}
	var outs [][]int32
	outs = append(outs, nil)
	for _, p := range pats {
		st := int32(0)
		for i := 0; i < len(p.s); i++ {
			c := m.class[p.s[i]]
			if goto_[st][c] == 0 {
				goto_ = append(goto_, make([]int32, m.ncls))
				outs = append(outs, nil)
				goto_[st][c] = int32(len(goto_) - 1)
			}
			st = goto_[st][c]
		}
		outs[st] = append(outs[st], p.slot)
	}
	// breadth-first failure links, turning the trie into a full transition table
	fail := make([]int32, len(goto_))
	queue := []int32{}
	for c := 0; c < m.ncls; c++ {
		if s := goto_[0][c]; s != 0 {
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		st := queue[0]
		queue = queue[1:]
		outs[st] = append(outs[st], outs[fail[st]]...)
		for c := 0; c < m.ncls; c++ {
			s := goto_[st][c]
			if s != 0 {
				fail[s] = goto_[fail[st]][c]
				queue = append(queue, s)
			} else {
				goto_[st][c] = goto_[fail[st]][c]
			}
		}
	}
	m.next = make([]int32, len(goto_)*m.ncls)
	for st := range goto_ {
		copy(m.next[st*m.ncls:], goto_[st])
	}
	m.outs = make([][]int32, len(outs))
	for st, o := range outs {
		if len(o) > 0 {
			m.outs[st] = dedupeSlots(o)
		}
	}
	return m
}

func dedupeSlots(o []int32) []int32 {
	sort.Slice(o, func(i, j int) bool { return o[i] < o[j] })
	out := o[:0]
	for i, x := range o {
		if i == 0 || x != o[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// textScan is what the gates know about one text.
type textScan struct {
	s     string
	lower string // lowerASCII(s)
	ascii bool
	m     *litMachine
	marks []uint64 // slots marked
}

var lastScan atomic.Pointer[textScan]

// scanOf returns the scan of s, reusing the last one when s is the same text.
func scanOf(s string) *textScan {
	m := machine()
	if c := lastScan.Load(); c != nil && c.m == m && c.s == s {
		return c
	}
	c := &textScan{s: s, lower: lowerASCII(s), ascii: isASCII(s), m: m, marks: make([]uint64, (m.nslots+63)/64)}
	st := int32(0)
	l := c.lower
	for i := 0; i < len(l); i++ {
		st = m.next[int(st)*m.ncls+int(m.class[l[i]])]
		for _, sl := range m.outs[st] {
			c.marks[sl>>6] |= 1 << (uint(sl) & 63)
		}
	}
	lastScan.Store(c)
	return c
}

func (c *textScan) marked(slot int32) bool { return c.marks[slot>>6]&(1<<(uint(slot)&63)) != 0 }

// pass reports whether pattern id may match: its literal gate (when it has one) holds,
// and on ASCII text each of its requirement sets occurs.
func (c *textScan) pass(id int, lits []string) bool {
	m := c.m
	if id < 0 || id >= m.n {
		return litGate(c.lower, lits)
	}
	if lits != nil {
		if m.litOK[id] {
			if !c.marked(m.lit[id]) {
				return false
			}
		} else if !litGate(c.lower, lits) {
			return false
		}
	}
	if c.ascii {
		for _, sl := range m.need[id] {
			if !c.marked(sl) {
				return false
			}
		}
	}
	return true
}
