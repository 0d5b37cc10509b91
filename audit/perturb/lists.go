package perturb

import (
	"embed"
	"fmt"
	"strings"
)

// The suite's own lexicon: every word a site finder looks for or writes comes from these
// files, kept apart from the engine's lexicon so no rule can be tuned to them.
//
//go:embed lists/*.txt
var listFS embed.FS

type section struct {
	name    string
	phrases []string
}

type lexicon struct {
	sections []section
	verbs    verbTable
	// rules are the phrase lists by file stem (negation-drop, modality-weaken, ...).
	rules map[string][]rule
	// groups are the name lists by file stem and group (entities, units, zones, ...):
	// each line "group: a | b | c".
	groups map[string]map[string][]string
	order  map[string][]string // group names in file order
	// lines are plain lists (one item a line) by file stem.
	lines map[string][]string
}

var lists lexicon

// listErr is the first malformed list; Generate returns it.
var listErr error

func init() { listErr = lists.load() }

// ruleFiles are the lists read as phrase rules.
var ruleFiles = []string{
	"negation-drop", "negation-add", "modality-weaken", "bound-change", "hedge-remove",
	"status-flip", "attribution-swap", "contraction", "synonym", "heading-reword",
}

// groupFiles are the lists read as named groups.
var groupFiles = []string{"sections", "entities", "units", "zones", "dates", "paths", "fills"}

// lineFiles are plain lists.
var lineFiles = []string{"versioned", "qualifiers", "invented-event", "invented-result", "invented-decision", "anaphora", "sentence-starters"}

func (x *lexicon) load() error {
	x.rules = map[string][]rule{}
	x.groups = map[string]map[string][]string{}
	x.order = map[string][]string{}
	x.lines = map[string][]string{}
	vb, err := listFS.ReadFile("lists/verbs.txt")
	if err != nil {
		return err
	}
	if x.verbs, err = parseVerbs(string(vb)); err != nil {
		return err
	}
	for _, f := range groupFiles {
		b, err := listFS.ReadFile("lists/" + f + ".txt")
		if err != nil {
			return err
		}
		g, order, err := parseGroups(f, string(b))
		if err != nil {
			return err
		}
		x.groups[f], x.order[f] = g, order
	}
	for _, name := range x.order["sections"] {
		x.sections = append(x.sections, section{name: name, phrases: x.groups["sections"][name]})
	}
	for _, f := range ruleFiles {
		b, err := listFS.ReadFile("lists/" + f + ".txt")
		if err != nil {
			return err
		}
		if x.rules[f], err = parseRules(f+".txt", string(b)); err != nil {
			return err
		}
	}
	for _, f := range lineFiles {
		b, err := listFS.ReadFile("lists/" + f + ".txt")
		if err != nil {
			return err
		}
		x.lines[f] = plainLines(string(b))
	}
	return nil
}

func plainLines(text string) []string {
	var out []string
	for _, ln := range strings.Split(text, "\n") {
		ln = strings.TrimSpace(ln)
		if ln != "" && !strings.HasPrefix(ln, "#") {
			out = append(out, ln)
		}
	}
	return out
}

func parseGroups(file, text string) (map[string][]string, []string, error) {
	g := map[string][]string{}
	var order []string
	for n, ln := range strings.Split(text, "\n") {
		ln = strings.TrimSpace(ln)
		if ln == "" || strings.HasPrefix(ln, "#") {
			continue
		}
		name, rest, ok := strings.Cut(ln, ":")
		if !ok {
			return nil, nil, fmt.Errorf("lists/%s.txt:%d: want 'group: a | b'", file, n+1)
		}
		name = strings.TrimSpace(name)
		if _, dup := g[name]; !dup {
			order = append(order, name)
		}
		for _, item := range strings.Split(rest, "|") {
			if item = strings.TrimSpace(item); item != "" {
				g[name] = append(g[name], item)
			}
		}
	}
	return g, order, nil
}

// verbTable holds each verb's forms.
type verbTable struct {
	forms map[string]map[string]string // lemma -> slot -> form
	lemma map[string]map[string]string // form -> slot -> lemma
}

var verbSlots = []string{"V", "Vs", "Ved", "Ven", "Ving"}

func parseVerbs(text string) (verbTable, error) {
	t := verbTable{forms: map[string]map[string]string{}, lemma: map[string]map[string]string{}}
	for n, ln := range strings.Split(text, "\n") {
		f := strings.Fields(ln)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) == 1 {
			f = regular(f[0])
		}
		if len(f) != 5 {
			return t, fmt.Errorf("lists/verbs.txt:%d: want one form or five", n+1)
		}
		t.forms[f[0]] = map[string]string{}
		for i, slot := range verbSlots {
			t.forms[f[0]][slot] = f[i]
			if t.lemma[f[i]] == nil {
				t.lemma[f[i]] = map[string]string{}
			}
			t.lemma[f[i]][slot] = f[0]
		}
	}
	return t, nil
}

// regular spells a regular verb's forms.
func regular(v string) []string {
	cons := func(i int) bool { return i >= 0 && !strings.ContainsRune("aeiou", rune(v[i])) }
	third, past, ing := v+"s", v+"ed", v+"ing"
	n := len(v)
	switch {
	case strings.HasSuffix(v, "y") && cons(n-2):
		third, past = v[:n-1]+"ies", v[:n-1]+"ied"
	case strings.HasSuffix(v, "e"):
		past = v + "d"
		if !strings.HasSuffix(v, "ee") {
			ing = v[:n-1] + "ing"
		}
	}
	for _, s := range []string{"s", "x", "z", "ch", "sh", "o"} {
		if strings.HasSuffix(v, s) {
			third = v + "es"
		}
	}
	return []string{v, third, past, past, ing}
}

func (t verbTable) lemmaOf(form, slot string) (string, bool) {
	l, ok := t.lemma[form][slot]
	return l, ok
}

func (t verbTable) form(lemma, slot string) string { return t.forms[lemma][slot] }
