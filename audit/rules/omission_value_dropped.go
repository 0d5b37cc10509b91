package rules

import (
	"regexp"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// The summary keeps the fact but not the exact value the work needs.
var _ = rule.Register(&rule.Rule{
	ID:    "omission/value-dropped",
	Doc:   "The summary keeps a fact but drops the exact value it hinged on (a branch, version, id, path, URL), which appears nowhere in the summary.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if classify.ToolSide(f) {
			return rule.Hit{}, false // a tool's line names many things; the finding is about what the conversation said
		}
		if answeredHere(f, g) {
			return rule.Hit{}, false // the question is closed: its details are no longer the work's values
		}
		for _, t := range f.Tokens {
			if name, ok := placeholderFor(f, g, t); ok && !r.SummaryHas(t.Norm) {
				// the summary keeps the slot and writes a placeholder where the value was
				return rule.NewHit(p.Src, p.Sum, 0.85, "the value "+t.Raw+" of "+name+" became a placeholder", rule.Slot{Name: slot(t), Source: t.Raw}), true
			}
		}
		minor := r.Importance[p.Src] < 0.4 // only a one-off identifier counts then
		changed := map[string]bool{}
		for _, d := range valueDiffs(r, p.Src, &r.Sum[p.Sum]) {
			changed[d.src.Norm] = true // a changed value is a mutation, not a loss
		}
		for _, t := range f.Tokens {
			if minor && !oneOffID(t) || !exactValue(t) && !(quantity(t) && requirement(f)) && !commandToRun(f, t) || changed[t.Norm] || r.SummaryHas(t.Norm) || summaryEquivalent(r, t) || summaryWord(r, t) || updatedValue(r, p.Src, g, t) || passingValue(f, t) {
				continue
			}
			return rule.NewHit(p.Src, p.Sum, 0.75, "the value "+t.Raw+" is gone from the summary", rule.Slot{Name: slot(t), Source: t.Raw}), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"user: Rebase the fix onto release/2.14 and tag it v2.14.3."}, Summary: "Rebase the fix onto the release branch and tag it.", Fires: true},
		{Source: []string{"user: Rebase the fix onto release/2.14 and tag it v2.14.3."}, Summary: "Rebase the fix onto release/2.14; tag v2.14.3.", Fires: false},
		{Source: []string{"assistant: Noted: the canary build is 88213; deploy.sh takes --build 88213 --ring canary."}, Summary: "Next: run deploy.sh --build <canary build> --ring canary.", Fires: true},
		{Source: []string{"assistant: Noted: the canary build is 88213; deploy.sh takes --build 88213 --ring canary."}, Summary: "Next: run deploy.sh --build 88213 --ring canary.", Fires: false},
		// the command a verb introduces is exact; a code span that only names a thing is not
		{Source: []string{"user: the smoke suite is still red, please run `pnpm run e2e:smoke --shard 3` again"}, Summary: "The user noted the smoke suite is still red and asked to run it again.", Fires: true},
		{Source: []string{"user: the smoke suite is still red, please run `pnpm run e2e:smoke --shard 3` again"}, Summary: "The user noted the smoke suite is still red and asked to rerun `pnpm run e2e:smoke --shard 3`.", Fires: false},
		{Source: []string{"user: the smoke suite in `e2e/smoke` is still red, please look at it again"}, Summary: "The user noted the smoke suite is still red and asked to look at it again.", Fires: false},
		// a question the summary reports answered keeps none of its details
		{Source: []string{"user: Still open: whether the vendor feed takes batches over 500 rows; the answer is in docs/vendor/limits.md."}, Summary: "Answered: the vendor feed takes batches over 500 rows, per the limits doc.", Fires: false},
		{Source: []string{"user: Still open: whether the vendor feed takes batches over 500 rows; the answer is in docs/vendor/limits.md."}, Summary: "Still open: whether the vendor feed takes batches over 500 rows; the answer is in the limits doc.", Fires: true},
		// a later message set a new value, which the summary gives
		{Source: []string{"user: Upload each audit export to the vault; keep the exports in cold storage for 60 days.", "user: Update: keep them 120 days, not 60."}, Summary: "Upload each audit export to the vault and keep the exports in cold storage for 120 days (up from 60).", Fires: false},
		{Source: []string{"user: Upload each audit export to the vault; keep the exports in cold storage for 60 days."}, Summary: "Upload each audit export to the vault and keep the exports in cold storage.", Fires: true},
		// a time ago, or a title's ordinal, only dates or numbers the line
		{Source: []string{"user: The kiln job must never read as stale right after a run; it ran 6 mins ago and reads as stale, see /var/log/kiln/nightly.log."}, Summary: "The kiln job must never read as stale right after a run; see /var/log/kiln/nightly.log.", Fires: false},
		{Source: []string{"user: The kiln job must never read as stale right after a run; it ran 6 mins ago and reads as stale, see /var/log/kiln/nightly.log."}, Summary: "The kiln job must never read as stale right after a run; see its log.", Fires: true},
		// a one-off identifier counts even in a minor statement; a short commit name there does not
		{Source: []string{"assistant: The converter kept the ProductCode unchanged (5B2E7C10-3A4F-4D8E-A1B2-9C0D1E2F3A4B) and set the scope to per-user."}, Summary: "The converter kept the ProductCode unchanged and set the scope to per-user.", Fires: true},
		{Source: []string{"assistant: The converter kept the ProductCode unchanged (5B2E7C10-3A4F-4D8E-A1B2-9C0D1E2F3A4B) and set the scope to per-user."}, Summary: "The converter kept the ProductCode 5B2E7C10-3A4F-4D8E-A1B2-9C0D1E2F3A4B and set the scope to per-user.", Fires: false},
	},
})

// passingValue: a value that only dates or numbers what it is said with: a time ago
// ("6 mins ago", as a listing prints it) or a one-digit number in a quoted title
// ("\"smoke run #2\""). Nothing later needs it exact.
func passingValue(f *classify.Fact, t classify.Token) bool {
	if t.End < 0 || t.End > len(f.Text) || t.Start < 0 || t.Start > t.End {
		return false
	}
	rest := strings.Fields(lower(f.Text[t.End:]))
	if t.Kind == classify.TokDuration && len(rest) > 0 && strings.Trim(rest[0], ",.;:)") == "ago" {
		return true
	}
	if n, ok := strings.CutPrefix(t.Raw, "#"); ok && len(n) == 1 {
		before := f.Text[:t.Start]
		return strings.Count(before, "\"")%2 == 1 || strings.Count(before, "“") > strings.Count(before, "”")
	}
	return false
}

// updatedValue: the summary fact gives t's slot the newer value a later source set
// ("keep them 120 days, not 60" after "keep them 60 days"): the old value was superseded, not
// lost.
func updatedValue(r *rule.Round, i int, g *classify.Fact, t classify.Token) bool {
	for _, y := range g.Tokens {
		if y.Kind != t.Kind || y.Family != t.Family || classify.Equivalent(y, t) {
			continue
		}
		for _, ref := range r.Values[y.Norm] {
			if !ref.Ev && r.Pos[ref.I] > r.Pos[i] {
				return true
			}
		}
	}
	return false
}

// oneOffID: an identifier nobody can rebuild from its description (a UUID or GUID, a
// digest): lost, it is lost for good, however minor the fact that carried it.
func oneOffID(t classify.Token) bool {
	return strings.HasPrefix(t.Norm, "uuid:") || t.Kind == classify.TokHash && len(t.Raw) >= minDigestHex
}

// minDigestHex: a hash this long is a digest or a full id, not a short commit name.
const minDigestHex = 16

// placeholderFor: the word that names value t in f ("--schema-id 100519", "build
// 4471") is followed in g by a placeholder instead of a value ("--schema-id <staging
// id>", "build TBD"). It returns that word.
func placeholderFor(f, g *classify.Fact, t classify.Token) (string, bool) {
	if t.Start <= 0 || t.Start > len(f.Text) {
		return "", false
	}
	before := strings.Fields(f.Text[:t.Start])
	if len(before) == 0 {
		return "", false
	}
	name := strings.Trim(before[len(before)-1], "=:`*\"'")
	if len(name) < 2 {
		return "", false
	}
	low, key := lower(g.Text), strings.ToLower(name)
	for i := strings.Index(low, key); i >= 0; {
		rest := strings.TrimLeft(low[i+len(key):], " =:`*\"'")
		if rePlaceholder.MatchString(rest) {
			return name, true
		}
		j := strings.Index(low[i+1:], key)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return "", false
}

// rePlaceholder: a stand-in for a value ("<staging id>", "<ID>", "TBD", "XXX", "???").
var rePlaceholder = regexp.MustCompile(`^(?:<[a-z][a-z0-9 _.-]{0,30}>|\{[a-z][a-z0-9 _.-]{0,30}\}|tbd\b|tbc\b|xxx+\b|\?\?\?|n/a\b)`)

// exactValue: a value the work cannot do without (not a plain count).
func exactValue(t classify.Token) bool {
	switch t.Kind {
	case classify.TokID, classify.TokVersion, classify.TokHash, classify.TokPath, classify.TokURL, classify.TokPort, classify.TokFlag, classify.TokHost:
		return true
	}
	return false
}

// commandToRun: t is a code span that a command verb just before it introduces ("run
// `pnpm test:e2e --shard 2`"): the exact command someone asked for or used.
func commandToRun(f *classify.Fact, t classify.Token) bool {
	if t.Kind != classify.TokCode || t.Start <= 0 || t.Start > len(f.Text) {
		return false
	}
	before := strings.Fields(f.Text[:t.Start])
	if len(before) == 0 {
		return false
	}
	return lexicon.Default().IsWord(strings.ToLower(strings.Trim(before[len(before)-1], "\"'*:,")), "command-verb")
}

func summaryEquivalent(r *rule.Round, x classify.Token) bool {
	for k := range r.Sum {
		if classify.HasEquivalent(r.Sum[k].Tokens, x) {
			return true
		}
	}
	return false
}

// summaryWord: the value's text (without leading punctuation) is a word of the summary.
func summaryWord(r *rule.Round, t classify.Token) bool {
	w := strings.ToLower(strings.Trim(t.Raw, "/.#@`'\"()"))
	if len(w) < 3 {
		return false
	}
	for k := range r.Sum {
		if containsWordPrefix(lower(r.Sum[k].Text), w) {
			return true
		}
	}
	return false
}

// quantity: a measured value (a duration, a size, a percentage, money).
func quantity(t classify.Token) bool {
	switch t.Kind {
	case classify.TokDuration, classify.TokSize, classify.TokPercent, classify.TokMoney:
		return true
	}
	return false
}

// requirement: the user's (or an instruction's, or an earlier summary's) order, rule
// or decision, whose figures are part of what was asked.
func requirement(f *classify.Fact) bool {
	switch f.Act {
	case classify.ActRule, classify.ActRequest, classify.ActDecision:
		return f.Origin == classify.OriginUser || f.Origin == classify.OriginInstruction || f.Origin == classify.OriginSummary
	}
	return false
}

// answeredHere: source fact f asks or leaves something open, and the summary fact it
// pairs with reports it answered or settled ("Answered: the feed takes batches over 500").
func answeredHere(f, g *classify.Fact) bool {
	if f.Act != classify.ActQuestion && f.Status.Resolution != classify.StatusOpen {
		return false
	}
	st := classify.StatusClasses(g)
	return st[classify.StDone] && g.Act != classify.ActQuestion && !g.Negated
}
