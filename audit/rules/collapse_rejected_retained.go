package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// A ruled-out option comes back as the fallback: "No s3:PutBucketPolicy: too broad"
// becomes "drive.readonly stays available as plan B should browsing prove clumsy".
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/rejected-retained",
	Doc:   "The summary keeps as a fallback or an open option something a source ruled out.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Code || g.Status.Choice == classify.StatusRejected || !retains(g.Text) {
			return rule.Hit{}, false
		}
		names := namedTerms(g)
		if len(names) == 0 {
			return rule.Hit{}, false
		}
		best := -1
		for i := range r.Src {
			f := &r.Src[i]
			if f.Status.Choice != classify.StatusRejected || !namesAny(r, f, names) || laterChosen(r, i) || rejectionKept(r, i) {
				continue
			}
			if _, rejected, ok := contrastSides(f.Text); ok && !slices.ContainsFunc(rejected, func(w string) bool { return slices.Contains(names, w) }) {
				continue // "X instead of Y" ruled out Y: the summary's names are X's
			}
			if best < 0 || r.Importance[i] > r.Importance[best] {
				best = i // who ruled it out (the user's "forget 3") over the option's own line
			}
		}
		if best < 0 {
			return rule.Hit{}, false
		}
		return rule.NewHit(best, k, 0.85, "a ruled-out option is kept as a fallback",
			rule.Slot{Name: "choice", Source: classify.StatusRejected, Summary: "fallback"}), true
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: Either raise `worker_concurrency` or split the queue.", "user: No worker_concurrency: the broker falls over above 32."}, Summary: "Split the queue; raising worker_concurrency remains a fallback.", Fires: true},
		{Source: []string{"assistant: Options:\nA. Pin `libfoo` to 2.3 in the lockfile.\nB. Vendor a patched libfoo_compat.\nRejecting B: nobody would maintain the fork."}, Summary: "Pinned libfoo to 2.3; vendoring libfoo_compat is kept as a backup plan.", Fires: true},
		{Source: []string{"assistant: Either raise `worker_concurrency` or split the queue.", "user: Split the queue for now."}, Summary: "Split the queue; raising worker_concurrency remains a fallback.", Fires: false},
		// a numbered option ruled out by its number
		{Source: []string{"assistant: Options:\n1. Throttle the exporter to 200 rows/s.\n2. Move the export to the replica.\n3. `drop_indexes_first`, listed only for completeness.", "user: Go with 2. Forget 3, it locks the table."}, Summary: "Export moved to the replica; drop_indexes_first stays a fallback if it is still slow.", Fires: true, Quotes: "Forget 3"},
		{Source: []string{"assistant: Steps:\n1. Throttle the exporter to 200 rows/s.\n2. Move the export to the replica.\n3. `drop_indexes_first` on the staging copy.", "user: Skip 3 for now, do 1 and 2."}, Summary: "Export moved to the replica; drop_indexes_first stays a fallback if it is still slow.", Fires: false},
		{Source: []string{"user: No worker_concurrency: the broker falls over above 32."}, Summary: "worker_concurrency was ruled out (the broker falls over above 32).", Fires: false},
		// a release line ruled out comes back as one of its versions
		{Source: []string{"assistant: Either pin the 2.9 agent or move to the 3.1 line.", "user: 3.1 is out, it drops the proxy support we need."}, Summary: "Pinned the 2.9 agent; fallback if it keeps crashing: the 3.1.4 agent.", Fires: true},
		{Source: []string{"assistant: Either pin the 2.9 agent or move to the 3.1 line.", "user: 3.1 is out, it drops the proxy support we need."}, Summary: "Pinned the 2.9.7 agent; a fallback build is kept.", Fires: false},
		// "X instead of Y": X is the choice; the summary keeping X's fallback path keeps no rejected option
		{Source: []string{"assistant: `loadTiles` now falls back to `diskCache` when the CDN times out, instead of `emptyTiles()`."}, Summary: "`loadTiles` keeps `diskCache` as a fallback when the CDN times out.", Fires: false},
		{Source: []string{"assistant: `loadTiles` now falls back to `diskCache` when the CDN times out, instead of `emptyTiles()`."}, Summary: "`loadTiles` keeps `emptyTiles()` as a fallback when the CDN times out.", Fires: true},
		{Source: []string{"user: No worker_concurrency: the broker falls over above 32."}, Summary: "No worker_concurrency: the broker falls over above 32. The retry path keeps a fallback to the old worker_pool.", Fires: false},
	},
})

// namesAny: the rejecting fact, or an option it rejects by its label ("forget 3"),
// names one of the terms (a version by its release line too: "4.0 is out" names
// 4.0.2).
func namesAny(r *rule.Round, f *classify.Fact, names []string) bool {
	has := func(w string) bool {
		return slices.Contains(names, w) || slices.ContainsFunc(names, func(n string) bool { return releaseOf(w, n) })
	}
	if slices.ContainsFunc(f.Words, has) {
		return true
	}
	for _, k := range f.Picks {
		if k >= 0 && k < len(r.Src) && slices.ContainsFunc(r.Src[k].Words, has) {
			return true
		}
	}
	return false
}

// retains: the text keeps something available (a fallback, still an option).
func retains(text string) bool {
	for _, h := range lexicon.Default().Find(lexicon.Lower(text)) {
		if h.Category == "retained" {
			return true
		}
	}
	return false
}

// releaseOf: term w names the release line of version term n ("num:560" or
// "ver:560" of "ver:560.35.03"; a bare number needs three digits to be a line, not a
// count).
func releaseOf(w, n string) bool {
	v, ok := strings.CutPrefix(n, "ver:")
	if !ok {
		return false
	}
	line, isNum := strings.CutPrefix(w, "num:")
	if !isNum {
		if line, ok = strings.CutPrefix(w, "ver:"); !ok {
			return false
		}
	}
	return line != v && strings.HasPrefix(v, line+".") && (!isNum || len(line) >= 3 || strings.Contains(line, "."))
}

// namedTerms are g's identifier and version terms ("id:drive.readonly",
// "id:libfoo_compat", "ver:560.35.03").
func namedTerms(g *classify.Fact) []string {
	var out []string
	for _, w := range g.Words {
		if strings.HasPrefix(w, "id:") || strings.HasPrefix(w, "ver:") {
			out = append(out, w)
		}
	}
	return out
}

// rejectionKept: a summary fact that carries source fact i says it was ruled out.
func rejectionKept(r *rule.Round, i int) bool {
	for _, m := range r.Cands[i] {
		if m.Cover >= 0.5 && r.Sum[m.Fact].Status.Choice == classify.StatusRejected {
			return true
		}
	}
	return false
}

// laterChosen: a later source fact about fact i chooses it after all.
func laterChosen(r *rule.Round, i int) bool {
	return len(r.Later(i, func(x *classify.Fact) bool { return x.Status.Choice == classify.StatusChosen })) > 0
}
