package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// A tool's readout said it, the agent stated it as fact, and the summary writes
// "presumably": what was measured reads as a guess.
var _ = rule.Register(&rule.Rule{
	ID:    "provenance/measured-hedged",
	Doc:   "The summary hedges a claim (presumably, probably, likely) that a tool's output established and the conversation stated as fact: the measurement behind it is lost.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Code || g.Status.Epistemic != classify.StatusHypothesis {
			return rule.Hit{}, false
		}
		i, ok := plainSource(r, k)
		if !ok || !hedgedClaim(g, &r.Src[i]) {
			return rule.Hit{}, false
		}
		ev, ok := readoutBehind(r, i, g)
		if !ok {
			return rule.Hit{}, false
		}
		return rule.NewHitAt(ev, k, 0.8, "a tool's readout stated it; the summary makes it a guess",
			rule.Slot{Name: "provenance", Source: "tool output", Summary: "hedged"}), true
	},
	Examples: []rule.Example{
		{Source: []string{"tool: $ pg_config --version\nPostgreSQL 16.4", "assistant: The build host has PostgreSQL 16.4."}, Summary: "The build host presumably has PostgreSQL 16.4.", Fires: true, Quotes: "PostgreSQL 16.4"},
		{Source: []string{"tool: $ df -h /data\n/dev/nvme1n1  2.0T  1.9T  100G  95% /data", "assistant: /data is 95% full on the ingest box."}, Summary: "The ingest box's /data is probably around 95% full.", Fires: true},
		// a name the readout shows, not a value: the line that holds it is quoted
		{Source: []string{"tool: $ git config --get pull.rebase\nmerges", "assistant: The clone is set to pull.rebase merges, so the history keeps its merge commits."}, Summary: "The clone presumably uses pull.rebase merges, so the history keeps its merge commits.", Fires: true, Quotes: "pull.rebase"},
		{Source: []string{"tool: $ uname -m\naarch64", "assistant: The build agent is aarch64, so the amd64 image won't run on it."}, Summary: "The build agent is presumably aarch64, so the amd64 image won't run on it.", Fires: true, Quotes: "aarch64"},
		{Source: []string{"tool: $ pg_config --version\nPostgreSQL 16.4", "assistant: The build host has PostgreSQL 16.4."}, Summary: "The build host has PostgreSQL 16.4.", Fires: false},
		// the guess was the source's own: nothing measured it
		{Source: []string{"assistant: The build host probably has PostgreSQL 16.4, judging by the package names."}, Summary: "The build host presumably has PostgreSQL 16.4.", Fires: false},
		{Source: []string{"tool: $ pg_config --version\nPostgreSQL 16.4", "assistant: The build host probably runs 16.4 in production too, but I haven't checked."}, Summary: "Production presumably runs PostgreSQL 16.4 too.", Fires: false},
		// a modal of possibility describes what can happen; a tool's proposal is no belief
		{Source: []string{"tool: $ golangci-lint run\nstore.go:41:2: ioutil.ReadFile is deprecated: use os.ReadFile (staticcheck)", "assistant: The linter wants os.ReadFile instead of ioutil.ReadFile in store.go."}, Summary: "Lint: staticcheck suggesting os.ReadFile instead of ioutil.ReadFile in store.go.", Fires: false},
		{Source: []string{"tool: $ df -h /data\n/dev/nvme1n1  2.0T  1.9T  100G  95% /data", "assistant: /data is 95% full on the ingest box."}, Summary: "At 95% full, /data on the ingest box could fill up overnight.", Fires: false},
	},
})

// hedgedClaim: a word of belief (the lexicon's hedges marked belief: "presumably",
// "probably", "I think") governs a word of g that source fact f states too: the hedge
// is on the claim f made, not on a plan beside it. A modal of possibility ("could be
// deleted"), a frequency ("usually") or a proposal ("suggesting") is no such word.
func hedgedClaim(g, f *classify.Fact) bool {
	for _, s := range g.Scopes {
		if s.Kind == "hedge" && beliefCue(s.Cue) && (hasWord(f, s.Head) || sharesTermAfter(g.Text, s.Start, f)) {
			return true
		}
	}
	return false
}

// beliefCue: the hedge cue is, whole, one of the lexicon's hedges of belief.
func beliefCue(cue string) bool {
	return lexicon.Default().IsWordWith(strings.ToLower(cue), "hedge", "belief", "yes")
}

// sharesTermAfter: the clause of text that runs from offset at holds a content word
// of f.
func sharesTermAfter(text string, at int, f *classify.Fact) bool {
	if at < 0 || at >= len(text) {
		return false
	}
	rest := text[at:]
	if end := strings.IndexAny(rest, ",;:()!?\n—"); end > 0 {
		rest = rest[:end]
	}
	return heldWords(f, classify.Terms(rest, nil)) > 0
}

// plainSource is the judged source fact (its index) that holds summary fact k best, when it
// states the claim as fact (no hedge) and no other source that holds much of it
// guessed it.
func plainSource(r *rule.Round, k int) (int, bool) {
	best := -1
	for _, x := range r.Support[k] {
		if x.Ref.Ev || x.Match.Cover < hedgedHeld/2 {
			continue
		}
		f := r.Fact(x.Ref)
		if f.Status.Epistemic == classify.StatusHypothesis || hedged(f) {
			return -1, false // a source guessed it: the summary keeps the guess
		}
		if best < 0 && x.Match.Cover >= hedgedHeld {
			best = x.Ref.I
		}
	}
	return best, best >= 0
}

// hedgedHeld: the share of the summary fact its plain source must hold.
const hedgedHeld = 0.5

// readoutBehind is the tool output line, before source fact i, that states most of
// its values, those the summary fact g leaves out counting double (what the hedge
// replaced): the measurement the fact reports.
func readoutBehind(r *rule.Round, i int, g *classify.Fact) (rule.Ref, bool) {
	f := &r.Src[i]
	score := map[int]int{}
	best, most := -1, 0
	for _, t := range f.Tokens {
		w := 1
		if !classify.HasEquivalent(g.Tokens, t) {
			w = 2
		}
		for _, ref := range r.Values[t.Norm] {
			if !ref.Ev || r.EvPos[ref.I] > r.Pos[i] {
				continue
			}
			score[ref.I] += w
			if s := score[ref.I]; s > most || s == most && ref.I < best {
				best, most = ref.I, s
			}
		}
	}
	if best < 0 {
		best = namesBehind(r, i)
	}
	return rule.Ref{Ev: true, I: best}, best >= 0
}

// namesBehind is the tool output line, in the few messages just before source fact
// i, that holds most of its identifier-like words ("Etc/UTC", "mon-fri"), or -1.
func namesBehind(r *rule.Round, i int) int {
	var names []string
	for _, w := range r.Src[i].Words {
		if strings.HasPrefix(w, "id:") {
			names = append(names, w)
		}
	}
	if len(names) == 0 {
		return -1
	}
	at := r.Pos[i]
	from, _ := slices.BinarySearch(r.EvPos, at-readoutReach)
	best, most := -1, 0
	for e := from; e < len(r.Ev) && r.EvPos[e] <= at; e++ {
		n := 0
		for _, w := range names {
			if hasWord(&r.Ev[e], w) {
				n++
			}
		}
		if n > most {
			best, most = e, n
		}
	}
	return best
}

// readoutReach: how many messages before a statement its readout may stand.
const readoutReach = 3
