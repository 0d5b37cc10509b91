package classify

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// Extract splits a message's text into facts and classifies each one. role is the
// message's role ("user", "assistant", "tool", "system", or "summary" for a compaction
// summary). Facts are numbered from 0 in text order.
func Extract(msgID, role, text string) []Fact {
	spans := Split(text, role == "tool")
	facts := make([]Fact, 0, len(spans))
	var origin Provenance
	if role == "tool" {
		origin = ToolOrigin(text)
	}
	var relay Provenance // an attribution that introduces a quote ("Ines replied:")
	for _, sp := range spans {
		f := Classify(msgID, role, sp)
		if role != "tool" {
			// sentences inside a relayed quote keep the quoted speaker
			if relay.Source != "" {
				if f.Provenance.Source == "" {
					f.Provenance.Source, f.Provenance.Who = relay.Source, relay.Who
				}
				if quoteCount(f.Text)%2 == 1 {
					relay = Provenance{} // the quote closes here
				}
			}
			if introducesQuote.MatchString(f.Text) && f.Provenance.Source != "" && f.Provenance.Source != "assistant" && quoteCount(f.Text)%2 == 1 {
				relay = f.Provenance
			}
		}
		if role == "tool" && f.Provenance.Source == "" && origin.Source != "" {
			f.Provenance.Source, f.Provenance.Who = origin.Source, origin.Who
			if origin.Source == "file" && !sp.Code {
				// a document's sentences state rules ("vendor/ must be committed")
				body := strings.TrimLeft(sp.Text, "#/*-; ")
				f.Modality = ModalityFor(body, "file")
				f.Classes = ClassesOf(body, role, f.Tokens, f.Modality, f.Qualifiers, f.Status, false)
			}
		}
		facts = append(facts, f)
	}
	for i := range facts {
		facts[i].Index = i
	}
	return facts
}

// Classify turns one span into a classified fact.
func Classify(msgID, role string, sp Span) Fact {
	f := Fact{Message: msgID, Role: role, Text: sp.Text, Start: sp.Start, End: sp.End, Context: sp.Context, Code: sp.Code, Lang: sp.Lang}
	body := sp.Text
	if sp.Code {
		f.Tokens = Tokens(body)
		f.Provenance = Provenance{Role: role}
		f.Classes = []Class{EvidenceReference}
		f.Words = contentWords(body, f.Tokens)
		return f
	}
	f.Tokens = Tokens(body)
	if sp.Line && role == "tool" {
		// A line of tool output states facts; it gives no orders and names no one.
		// Only its failure status matters, and transcripts hold many such lines.
		f.Provenance = Provenance{Role: role}
		if failureIn(body) {
			f.Status.Choice = StatusTriedFailed
		}
		if reProgressLine.MatchString(body) {
			f.Status.Resolution = StatusOpen
		}
		f.Classes = ClassesOf(body, role, f.Tokens, f.Modality, nil, f.Status, false)
		f.Words = contentWords(body, f.Tokens)
		return f
	}
	f.Modality = ModalityFor(body, role)
	if f.Modality.Level == 0 && role != "user" && reRuleContext.MatchString(sp.Context) && (imperative.MatchString(body) || startsImperative(body)) {
		// an order listed under "User rules:" in a summary keeps its force
		f.Modality = Modality{Level: ModMustNot, Cue: "imperative"}
	}
	f.Qualifiers = QualifiersOf(body)
	f.Status = StatusOf(body)
	if role == "tool" && f.Status.Choice == StatusTriedFailed {
		f.Status.Choice = StatusTriedFailed
	}
	f.Provenance = ProvenanceOf(body, role)
	if f.Provenance.Source == "" && sp.Context != "" {
		// a heading like "All user messages" or "User rules" attributes its items
		if p := ProvenanceOf(sp.Context, role); p.Source == "user" {
			f.Provenance.Source = "user"
			f.Provenance.Who = sp.Context
		}
	}
	f.Classes = ClassesOf(body, role, f.Tokens, f.Modality, f.Qualifiers, f.Status, false)
	f.Words = contentWords(body, f.Tokens)
	return f
}

func quoteCount(s string) int {
	return strings.Count(s, `"`) + strings.Count(s, "“") + strings.Count(s, "”")
}

var reRuleContext = regexp.MustCompile(`(?i)\b(?:rules?|constraints?|invariants?|requirements?|guardrails?|must|never|do\s+not)\b`)

// introducesQuote: a sentence that hands over to someone else's words.
var introducesQuote = regexp.MustCompile(`(?i)(?:says|said|replied|wrote|writes|confirmed|told\s+(?:me|us)|states|notes|reads)\b[^.]{0,60}:\s*["“']?|:\s*["“]`)

var reProgressLine = rx(`\b\d+\s+of\s+\d+\b|\bpending\b|\bin\s+progress\b`)

var stop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the and or but if then else of in on at to for from by with as is are was were be been being
	it its this that these those there here we i you he she they them our your my me us his her their
	do does did done doing have has had having will would shall should can could may might must not no never
	don't doesn't didn't won't can't isn't aren't wasn't weren't shouldn't mustn't
	so such than too very just only also still even about into over under again further once all any both each few more most other some own same
	what which who whom when where why how up down out off above below between through during before after until unless while
	user users assistant agent said says say asked ask wants want rule rules per via i'll we'll it's that's let's
	now currently yet already one two`) {
		stop[w] = true
	}
}

// ContentWords returns the normalised content words of text: lower-cased, stop words
// removed, light suffix stemming, plus "#"-prefixed normal forms of exact tokens.
var phrasal = strings.NewReplacer("fall back", "fallback", "fall-back", "fallback", "Fall back", "fallback", "roll back", "rollback",
	"rolled back", "rollback", "set up", "setup", "sign off", "signoff", "signed off", "signoff", "sign-off", "signoff", "look up", "lookup")

func ContentWords(text string) []string { return contentWords(text, Tokens(text)) }

func contentWords(text string, toks []Token) []string {
	text = phrasal.Replace(text)
	var out []string
	seen := map[string]bool{}
	add := func(w string) {
		if w != "" && !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, t := range toks {
		add(t.Key())
	}
	word := strings.Builder{}
	flush := func() {
		w := strings.ToLower(word.String())
		word.Reset()
		w = strings.Trim(w, "'-_.")
		if len(w) < 2 || stop[w] {
			return
		}
		if isDigits(w) {
			return // numbers are compared as tokens
		}
		add(Stem(w))
	}
	// phrasal verbs fold whatever their case ("Rolled back" as "rolled back")
	for _, r := range phrasal.Replace(strings.ToLower(text)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '\'' || r == '_' {
			word.WriteRune(r)
			continue
		}
		flush()
	}
	flush()
	return out
}

func isDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// synonyms fold common paraphrases onto one stem.
var synonyms = map[string]string{
	"rename": "name", "renam": "name", "renaming": "name", "modify": "chang", "modifi": "chang", "alter": "chang", "edit": "chang",
	"delet": "remov", "drop": "remov", "eras": "remov", "upgrad": "bump", "bump": "bump",
	"begin": "start", "launch": "start", "stop": "halt", "halt": "halt", "prod": "product", "production": "product",
	"db": "databas", "databas": "databas", "repo": "repositori", "repositori": "repositori", "config": "configur", "configur": "configur",
	"dir": "directori", "folder": "directori", "directori": "directori", "err": "error", "fail": "fail", "failur": "fail",
	"test": "test", "spec": "test", "env": "environ", "environ": "environ", "doc": "document", "docs": "document", "document": "document",
	"permiss": "permiss", "allow": "permit", "permit": "permit", "forbid": "forbid", "forbidden": "forbid", "prohibit": "forbid",
	"wait": "wait", "hold": "wait", "approv": "approv", "sign": "approv", "sec": "second", "seconds": "second", "secs": "second",
	"min": "minut", "mins": "minut", "hr": "hour", "hrs": "hour", "msg": "messag", "auth": "authent", "authent": "authent",
	"docu": "document", "repository": "repositori", "directory": "directori", "authentic": "authent", "permission": "permiss",
	"perm": "permiss", "perms": "permiss", "stg": "stag", "dep": "dep", "deps": "dep", "dependenci": "dep", "dependency": "dep",
}

// Stem applies a light suffix stemmer and folds common synonyms.
func Stem(w string) string {
	if s, ok := synonyms[w]; ok {
		return s
	}
	if len(w) > 4 {
		for _, suf := range []string{"ational", "ization", "ations", "ation", "ments", "ment", "ingly", "ings", "ing", "edly", "ies", "ied", "ness", "ers", "er", "ed", "es", "ly", "s"} {
			if strings.HasSuffix(w, suf) && len(w)-len(suf) >= 3 {
				w = w[:len(w)-len(suf)]
				if suf == "ies" || suf == "ied" {
					w += "i"
				}
				break
			}
		}
	}
	w = strings.TrimRight(w, "e")
	if s, ok := synonyms[w]; ok {
		return s
	}
	return w
}

var (
	reCmdHeader  = regexp.MustCompile(`^\s*\$\s+(\S+)(?:\s+(.*))?$`)
	reFileHeader = regexp.MustCompile(`^\s*([\w./~-]+\.[A-Za-z0-9]{1,8}|README|Makefile|Dockerfile|[\w./~-]*(?:README|Makefile|Dockerfile|CHANGELOG|LICENSE)[\w.]*)\s*(?:\((?:lines?|excerpt|section)[^)]*\)|:)?\s*$`)
	reDocFile    = regexp.MustCompile(`(?i)readme|makefile|dockerfile|changelog|contributing|\.md$|\.rst$|\.txt$|docs?/|\.ya?ml$|\.toml$|\.json$|\.cfg$|\.ini$|\.conf$|\.hcl$|\.tf$|values|chart`)
	reCatLike    = regexp.MustCompile(`^(?:cat|less|more|head|tail|sed|bat|type|get-content|view|open|read)$`)
)

// ToolOrigin says where a tool message's content comes from, from its first line: a
// file that was read ("README.md (lines 18-27)", "$ cat Makefile") is a file claim,
// anything else is tool output.
func ToolOrigin(text string) Provenance {
	first := text
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		first = text[:i]
	}
	first = strings.TrimSpace(first)
	if m := reFileHeader.FindStringSubmatch(first); m != nil && reDocFile.MatchString(m[1]) {
		return Provenance{Role: "tool", Source: "file", Who: m[1]}
	}
	if m := reCmdHeader.FindStringSubmatch(first); m != nil {
		if reCatLike.MatchString(m[1]) && m[2] != "" {
			args := strings.Fields(m[2])
			return Provenance{Role: "tool", Source: "file", Who: args[len(args)-1]}
		}
		return Provenance{Role: "tool", Source: "tool", Who: "$ " + m[1]}
	}
	return Provenance{Role: "tool", Source: "tool", Who: "tool output"}
}

var reClauseSep = regexp.MustCompile(`;\s+|\s+[—–]\s+|\s+-\s+|\s*(?:->|→|=>)\s*`)

// Clauses splits a fact's text at semicolons and dashes: a merged summary line often
// carries several rules, each with its own force.
func Clauses(text string) []string {
	var out []string
	for _, c := range reClauseSep.Split(text, -1) {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

var subCache sync.Map // role + context + text -> Fact

// Sub classifies part of a fact as a fact of its own (same message and role).
// Results are cached: the same summary clause is compared with many source facts.
func (f *Fact) Sub(text string) Fact {
	off := strings.Index(f.Text, text)
	if off < 0 {
		off = 0
	}
	key := f.Role + "\x00" + f.Context + "\x00" + text
	var g Fact
	if v, ok := subCache.Load(key); ok {
		g = v.(Fact)
	} else {
		g = Classify(f.Message, f.Role, Span{Text: text, Context: f.Context})
		subCache.Store(key, g)
	}
	g.Message = f.Message
	g.Start, g.End = f.Start+off, f.Start+off+len(text)
	if g.Provenance.Source == "" {
		g.Provenance = f.Provenance
	}
	g.Index = f.Index
	return g
}
