package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// A negation added or dropped, or a prohibition turned into an obligation.
var _ = rule.Register(&rule.Rule{
	ID:    "mutation/polarity-flipped",
	Doc:   "The summary states the source's claim with the opposite polarity: a negation added or dropped, a prohibition turned into an order.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if p.Match.Cover < 0.5 || p.Match.Back < 0.4 || f.Act == classify.ActQuestion || g.Act == classify.ActQuestion {
			return rule.Hit{}, false // only a restatement can flip
		}
		fn, gn := negatedHeads(f), negatedHeads(g)
		if oneProhibition(f, fn) && oneProhibition(g, gn) {
			return rule.Hit{}, false // "don't raise it above 90 s", "it must not go above 90 s": one prohibition, reworded
		}
		for _, w := range polarityWords(f, fn, gn) {
			if !mentions(g, w) || (fn[w] > 0) == (gn[w] > 0) || !samePhrase(f, g, w) || !sameClause(f, g, w) {
				continue
			}
			if fn[w] > 0 && deniedInClause(g, w) || gn[w] > 0 && (deniedInClause(f, w) || negatedBefore(f, w)) {
				continue // "no sign-off is required" denies "required" too
			}
			if fn[w] > 0 && undoneAfter(g, w) || gn[w] > 0 && undoneAfter(f, w) {
				continue // "didn't make lasting changes" and "made changes that were later undone"
			}
			if fn[w] > 0 && sameDenial(f, g, w) || gn[w] > 0 && sameDenial(g, f, w) {
				continue // "never had its rows merged" and "rows were never merged": one denial
			}
			if fn[w] > 0 && plainCount(f, w) >= plainCount(g, w) || gn[w] > 0 && (plainCount(g, w) >= plainCount(f, w) || fn[w] == 0 && plainCount(g, w) > 0 && deniedOfOther(f, g, w)) {
				continue // the plain mentions are the other side's plain ones ("reindex X; never reindex Y" kept as "reindex X")
			}
			if fn[w] > 0 && prohibits(f, w) && !prohibitionOn(g, w) && deonticLevel(g) < 2 && !orderOn(g, w) {
				continue // a prohibition gone altogether: the rule is lost (omission), not flipped
			}
			pos := g // the side without the negation
			if gn[w] > 0 {
				pos = f
			}
			if gn[w] == 0 && (reportsWorkOn(f, g) || changeRecord(f, g) || f.Modality.Level == 0 && !reportedRequest(f) && (taskLike(g) || reportedRequest(g))) || gn[w] > 0 && needThenLack(f, g, w) {
				return rule.Hit{}, false // the problem and its fix: open-closed judges whether the fix happened
			}
			neg := f
			if pos == f {
				neg = g
			}
			if antonymousNear(pos, w) || privative(neg, pos, w) || privativeInName(neg, pos, w) || fn[w] > 0 && fn[w]+ruledOut(f, w) == ruledOut(g, w) {
				return rule.Hit{}, false
			}
			d := "the summary drops the negation of " + quoteWord(f, w)
			from, to := "negative", "positive"
			if gn[w] > 0 {
				d, from, to = "the summary adds a negation to "+quoteWord(f, w), "positive", "negative"
			}
			return rule.NewHit(p.Src, p.Sum, 0.9, d, rule.Slot{Name: "polarity", Source: from, Summary: to}), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The staging bucket is not versioned."}, Summary: "The staging bucket is versioned.", Fires: true},
		// the act stated, then taken back: its lack, net
		{Source: []string{"assistant: The dry run didn't make lasting edits to the zone file."}, Summary: "The dry run made edits to the zone file that were later reverted.", Fires: false},
		{Source: []string{"assistant: The dry run didn't make edits to the zone file."}, Summary: "The dry run made edits to the zone file, which the reload picked up.", Fires: true},
		// the source's plain mention is the one the summary keeps; the denied one is gone
		{Source: []string{"assistant: The importer reindexes the orders table each night and never reindexes the ledger table."}, Summary: "The importer reindexes the orders table each night (the ledger table is left alone).", Fires: false},
		{Source: []string{"assistant: The importer never reindexes the ledger table."}, Summary: "The importer reindexes the ledger table.", Fires: true},
		{Source: []string{"user: Never rotate the signing key during a release."}, Summary: "Always rotate the signing key during a release.", Fires: true},
		{Source: []string{"user: Heavy jobs run only at night.", "user: Never skip the backup check."}, Summary: "User rules: never skip the backup check; heavy jobs only at night.", Fires: false},
		// the summary keeps the plain claim and denies the word of something else
		{Source: []string{"assistant: Uses `stitchTiles()` which builds mosaics **in-memory** using the raster library's tile APIs"}, Summary: "**Mosaics**: Use in-memory mosaic building via `stitchTiles()`, never use `gdal_merge`", Fires: false},
		{Source: []string{"assistant: The mosaic job uses the raster library for stitching."}, Summary: "The mosaic job never uses the raster library for stitching.", Fires: true},
		{Source: []string{"assistant: The staging bucket is not versioned."}, Summary: "The staging bucket isn't versioned.", Fires: false},
		{Source: []string{"assistant: The worker is not running."}, Summary: "The worker is stopped.", Fires: false},
		{Source: []string{"user: Always rebuild the index without dropping it first."}, Summary: "Always rebuild the index by dropping it first.", Fires: true},
		{Source: []string{"user: Do not change the billing schema; two services read it."}, Summary: "Constraint: keep the billing schema unchanged.", Fires: false},
		// one prohibition, its negation on another word
		{Source: []string{"user: Don't push the replica count past 5 during the freeze."}, Summary: "The replica count must not go past 5 during the freeze.", Fires: false},
		{Source: []string{"assistant: The cache writes are non-blocking."}, Summary: "Cache writes are not blocking.", Fires: false},
		{Source: []string{"assistant: The export wasn't signed, so the upload failed."}, Summary: "The export was signed, so the upload failed.", Fires: true},
		{Source: []string{"assistant: We parse the feed with a streaming reader instead of the DOM parser."}, Summary: "Feed parsing: a streaming reader (not the DOM parser).", Fires: false},
		{Source: []string{"user: Ship the patch through the canary ring rather than the full fleet."}, Summary: "Ship the patch to the canary ring, not the full fleet.", Fires: false},
		{Source: []string{"assistant: The worker ran from the build folder without config.yaml."}, Summary: "The worker ran from the build folder with config.yaml.", Fires: true},
		{Source: []string{"assistant: Cause: `npm ci` ran from the cache folder without package-lock.json"}, Summary: "Cause: `npm ci` ran from the cache folder with package-lock.json", Fires: true},
		{Source: []string{"assistant: Flushing the local DNS cache on build-host-3 didn't help (0.27), so the resolver cache is not it."}, Summary: "Tried flushing the local DNS cache on build-host-3: no effect (27%), which ruled out the resolver cache.", Fires: false},
		{Source: []string{"assistant: Skipped the flaky-test quarantine (PR 4411) as asked, with a \"Won't merge\" reply."}, Summary: "Skipped the flaky-test quarantine (PR 4411) as asked, with a \"Will merge\" reply.", Fires: true},
		{Source: []string{"assistant: Nightly snapshots don't include the audit partitions."}, Summary: "Nightly snapshots include the audit partitions.", Fires: true},
		{Source: []string{"assistant: The importer does not stream the feed; it buffers the whole file."}, Summary: "The importer streams the feed instead of buffering the whole file.", Fires: true},
		{Source: []string{"assistant: The retry test is not deterministic: it sleeps on the wall clock."}, Summary: "Made the retry test deterministic with a fake clock.", Fires: false},
		{Source: []string{"assistant: The thumbnail cache key isn't scoped to the tenant."}, Summary: "- **Fix:** Scoped the thumbnail cache key to the tenant.", Fires: false},
		{Source: []string{"assistant: I didn't rotate the webhook secret."}, Summary: "Rotated the webhook secret.", Fires: true},
		{Source: []string{"assistant: PR 77: added retry logging for uploads while keeping the \"don't block the editor\" principle."}, Summary: "PR 77: added retry logging for uploads while keeping the \"block the editor\" principle.", Fires: true},
		// the same claim with an antonym or an un- word: no flip
		{Source: []string{"assistant: `rsync -a` only copies changed files to the mirror."}, Summary: "`rsync -a` doesn't copy unchanged files to the mirror.", Fires: false},
		{Source: []string{"assistant: The exporter does not compress the nightly archives."}, Summary: "Exporter: nightly archive compression missing.", Fires: false},
		{Source: []string{"assistant: The exporter does not compress the nightly archives."}, Summary: "The exporter compresses the nightly archives.", Fires: true},
		// an un- word that is part of a name; a need and the lack it answers; a problem and the work on it
		{Source: []string{"assistant: Content-based parsing for Unknown vendor feeds"}, Summary: "Content-based parsing fallback for `VendorFeedUnknown`", Fires: false},
		{Source: []string{"assistant: The runbook doesn't document the failover drill."}, Summary: "Next step: update the runbook to document the failover drill.", Fires: false},
		{Source: []string{"assistant: The runbook doesn't document the failover drill."}, Summary: "The user asked to update the runbook to document the failover drill.", Fires: false},
		{Source: []string{"assistant: The exporter should pass the tenant id to `writeBatch` so the rows get tagged."}, Summary: "Untagged rows: the exporter wasn't passing the tenant id to `writeBatch`.", Fires: false},
		{Source: []string{"assistant: That explains the gap - the scheduler should be sending the tenant id with each sync job."}, Summary: "**Gap explained**: the scheduler wasn't sending the tenant id with each sync job.", Fires: false},
		{Source: []string{"assistant: That explains the gap - the scheduler is sending the tenant id with each sync job."}, Summary: "**Gap explained**: the scheduler wasn't sending the tenant id with each sync job.", Fires: true},
		{Source: []string{"assistant: The runbook doesn't document the failover drill."}, Summary: "I updated the runbook with the failover drill.", Fires: false},
		// the negation on the verb before it denies the word as well
		{Source: []string{"assistant: Batch 1142 never had its ledger rows reconciled, so the export skipped it."}, Summary: "Batch 1142: ledger rows were never reconciled, so the export skipped it.", Fires: false},
		{Source: []string{"assistant: Batch 1142 had its ledger rows reconciled, so the export skipped it."}, Summary: "Batch 1142: ledger rows were never reconciled, so the export skipped it.", Fires: true},
		// the denial moved from the verb to its object: "do not take X from Y", "not Y's X"
		{Source: []string{"user: Build with the 3.12.4 toolchain; do not take 3.12 from the distro."}, Summary: "Build with toolchain 3.12.4, not the distro's 3.12.", Fires: false},
		{Source: []string{"assistant: The importer doesn't dedupe the vendor price rows."}, Summary: "Importer is missing vendor price row deduping.", Fires: false},
		// a defect against the summary's record of the change that fixed it
		{Source: []string{"assistant: 3. `retryCount` is not reset between batches - line 212"}, Summary: "Files and Code Sections:\n- **retryCount reset between batches** in uploader.go (lines 230-236)", Fires: false},
		{Source: []string{"assistant: 3. `retryCount` is not reset between batches - line 212"}, Summary: "Key findings:\n- `retryCount` is reset between batches.", Fires: true},
		{Source: []string{"assistant: The thumbnail cache key is missing the tenant id.", "user: isn't the thumbnail cache key missing the tenant id?"}, Summary: "- The user pointed out: \"isn't the thumbnail cache key missing the tenant id?\"", Fires: false},
	},
})

// changeRecord: the summary line sits where the summary lists the changes made (its
// files and code, its errors and fixes) and the source is the agent's account of a
// defect: the line describes the fix ("retry guard in upload.go", for "the upload
// loop has no retry guard"), not the defect's claim turned around.
func changeRecord(f, g *classify.Fact) bool {
	return (g.Section == classify.SecFiles || g.Section == classify.SecErrors) &&
		(f.Origin == classify.OriginAssistant || f.Origin == classify.OriginThinking) && f.Modality.Level == 0
}

// sameDenial: the side that negates w and the other side's clause most like that one
// hold the same number of negations ("Batch 7 never had its rows merged" and "Batch 7:
// rows were never merged"): the denial moved to another word of one clause, the
// clause's polarity did not change ("never run it without X" against "never run it
// with X" holds one negation fewer, and is a flip).
func sameDenial(neg, pos *classify.Fact, w string) bool {
	cn, ok := headClause(neg, w)
	if !ok {
		return false
	}
	n := negationsIn(neg, cn)
	best, bestShared := span{}, -1
	for _, c := range clausesOf(pos.Text) {
		if !slices.ContainsFunc(strings.Fields(pos.Text[c.start:c.end]), func(x string) bool { return wordIs(strings.Trim(x, "`*\"'"), w) }) {
			continue
		}
		if sh := sharedWordCount(neg.Text[cn.start:cn.end], pos.Text[c.start:c.end]); sh > bestShared {
			best, bestShared = c, sh
		}
	}
	return bestShared >= 0 && n > 0 && negationsIn(pos, best) == n
}

// deniedOfOther: the clause of g whose negation governs w denies something the source
// does not name ("Use in-memory trees via X, never use `git add`" against "Uses X,
// which builds trees in memory"): some content word of that clause, besides w and the
// negation, is not the source's.
func deniedOfOther(f, g *classify.Fact, w string) bool {
	c, ok := headClause(g, w)
	if !ok {
		return false
	}
	held, other := 0, 0
	for _, t := range classify.Terms(g.Text[c.start:c.end], nil) {
		if t == w || negationWord(t) {
			continue
		}
		if other++; hasWord(f, t) {
			held++
		}
	}
	return held < other
}

// negationWord: the term is a negation cue ("never", "not").
func negationWord(t string) bool {
	for _, h := range lexicon.Default().Find(t) {
		if h.Category == "negation" && h.Start == 0 && h.End == len(t) {
			return true
		}
	}
	return false
}

type span struct{ start, end int }

// clausesOf cuts a text at clause marks.
func clausesOf(text string) []span {
	var out []span
	start := 0
	for i, r := range text {
		if strings.ContainsRune(".;:!?,()", r) {
			if i > start {
				out = append(out, span{start, i})
			}
			start = i + 1
		}
	}
	if start < len(text) {
		out = append(out, span{start, len(text)})
	}
	return out
}

// headClause is the clause of the negation whose head is w.
func headClause(f *classify.Fact, w string) (span, bool) {
	for _, sc := range f.Scopes {
		if sc.Kind == "neg" && sc.Head == w {
			for _, c := range clausesOf(f.Text) {
				if sc.Start >= c.start && sc.Start < c.end {
					return c, true
				}
			}
		}
	}
	return span{}, false
}

// negationsIn counts the fact's negations (not determiners) inside the clause.
func negationsIn(f *classify.Fact, c span) int {
	n := 0
	for _, sc := range f.Scopes {
		if sc.Kind == "neg" && !determiners[sc.Cue] && sc.Start >= c.start && sc.Start < c.end {
			n++
		}
	}
	return n
}

// sharedWordCount counts the lower-case words two clauses share.
func sharedWordCount(a, b string) int {
	bs := strings.Fields(strings.ToLower(b))
	n := 0
	for _, x := range strings.Fields(strings.ToLower(a)) {
		if slices.Contains(bs, x) {
			n++
		}
	}
	return n
}

// oneProhibition: the fact forbids, its negation governing a single word (whichever
// word that is).
func oneProhibition(f *classify.Fact, neg map[string]int) bool {
	return len(neg) == 1 && f.Modality.Negative && f.Modality.Level >= 2
}

// polarityWords are the words whose polarity is compared: the fact's terms, then the
// heads of negations that are not terms themselves (the "go" of "without go.mod").
func polarityWords(f *classify.Fact, fn, gn map[string]int) []string {
	out := append([]string(nil), f.Words...)
	var extra []string
	for _, m := range []map[string]int{fn, gn} {
		for w := range m {
			if !slices.Contains(out, w) && !slices.Contains(extra, w) {
				extra = append(extra, w)
			}
		}
	}
	slices.Sort(extra) // map order must not decide which word is reported
	return append(out, extra...)
}

// mentions: the fact has the term, or a word of its text stems to it.
func mentions(g *classify.Fact, w string) bool {
	if hasWord(g, w) {
		return true
	}
	for _, x := range strings.Fields(g.Text) {
		if wordIs(x, w) {
			return true
		}
	}
	return false
}

// prohibits: the fact is a prohibition and it governs w ("don't deploy on Fridays"),
// not a description that happens to hold "don't" ("commits don't receive trailers").
func prohibits(f *classify.Fact, w string) bool {
	return f.Modality.Negative && f.Modality.Level >= 2 && prohibitionOn(f, w)
}

// orderOn: g gives w as an order in so many words: the word opens g or a quotation
// in it ('titled "Cache tokens on disk"'). A prohibition turned into that order is
// flipped, not merely gone.
func orderOn(g *classify.Fact, w string) bool {
	texts := append([]string{strings.TrimLeft(g.Text, "-*• ")}, quotations(g.Text)...)
	for _, t := range texts {
		if fs := strings.Fields(t); len(fs) > 0 && wordIs(fs[0], w) {
			return true
		}
	}
	return false
}

// quoteWord is the word of f a stem stands for (the stem itself when not found).
func quoteWord(f *classify.Fact, stem string) string {
	for _, w := range strings.Fields(f.Text) {
		lw := strings.ToLower(strings.Trim(w, ",.;:!?\"'`*()"))
		if lw != "" && classify.Stem(lw) == stem {
			return "\"" + strings.Trim(w, ",.;:!?\"'`*()") + "\""
		}
	}
	return "\"" + stem + "\""
}

// antonymousNear: the side without the negation says the negative in another word
// next to the governed word (missing, absent, fails, stopped, disabled, lacks).
func antonymousNear(pos *classify.Fact, w string) bool {
	ws := strings.Fields(lower(pos.Text))
	seen, all := false, true
	for k, x := range ws {
		if !wordIs(x, w) {
			continue
		}
		seen = true
		near := false
		for j := max(0, k-1); j < len(ws) && j <= k+1; j++ {
			if j == k {
				continue // the word itself ("removed") is not its own antonym
			}
			for _, a := range antonyms {
				if strings.HasPrefix(strings.Trim(ws[j], ",.;:!?\"'`*()"), a) {
					near = true
				}
			}
		}
		all = all && (near || contrasted(ws, k) || privativeHead(ws, k))
	}
	return seen && all
}

// privativeHead: a word that denies what follows it ("missing", "lacks", "without")
// heads the phrase the word ends, within four words and no punctuation ("missing IDE
// context tag stripping" denies the stripping).
func privativeHead(ws []string, k int) bool {
	for j := k - 1; j >= max(0, k-4); j-- {
		switch strings.ToLower(strings.Trim(ws[j], "\"'`*(")) {
		case "missing", "lacks", "lacking", "lack", "without", "absent":
			return true
		}
		if strings.ContainsAny(ws[j], ",.;:!?)") {
			return false
		}
	}
	return false
}

// ruledOut counts the occurrences of w that a rejection governs, within a few words
// ("which ruled out the DNS resolver"). A summary that rules out as often as the source
// denied ("so the resolver is not to blame") kept the denial in other words.
func ruledOut(g *classify.Fact, w string) int {
	low := lexicon.Lower(g.Text)
	n := 0
	for _, h := range lexicon.Default().Find(low) {
		if h.Category != "rejected" {
			continue
		}
		ws := strings.Fields(low[h.End:])
		for k := 0; k < len(ws) && k < 4; k++ {
			if wordIs(ws[k], w) {
				n++
				break
			}
			if strings.ContainsAny(ws[k], ",;:.") {
				break
			}
		}
	}
	return n
}

// contrasted: a contrast marker ("instead of", "rather than", "in place of") heads the
// phrase the word ends, within three words and no punctuation: the side without the
// negation rejects the word too ("X instead of Y" says "not Y").
func contrasted(ws []string, k int) bool {
	for j := k - 1; j >= max(0, k-4); j-- {
		x := strings.ToLower(strings.Trim(ws[j], "\"'`*("))
		if x == "instead" || x == "rather" || x == "versus" || x == "vs" || x == "vs." || j > 0 && x == "of" && strings.EqualFold(ws[j-1], "place") {
			return true
		}
		if strings.ContainsAny(ws[j], ",.;:!?)") {
			return false
		}
	}
	return false
}

var antonyms = []string{"missing", "absent", "lack", "fail", "stopped", "disabled", "unavailable", "unable", "refus", "denied", "broken", "off", "skipped", "dropped", "removed", "gone", "avoid", "prevent", "instead", "ruled", "exclud", "eliminat", "neither", "nor"}

func deonticLevel(g *classify.Fact) int { return g.Modality.Level }

// samePhrase: the word sits in the same phrase on both sides (at least two of its
// neighbouring content words are shared), so the negation moved within one claim
// rather than belonging to another clause of a merged fact.
func samePhrase(f, g *classify.Fact, w string) bool {
	a, b := neighbours(f, w), neighbours(g, w)
	n := 0
	for _, x := range a {
		if slices.Contains(b, x) {
			n++
		}
	}
	return n >= 2 || n >= 1 && len(a) <= 2
}

// wordIs: a word of the text, or one of its sub-words (an identifier's parts), stems to w.
func wordIs(x, w string) bool {
	for _, t := range classify.ContentWords(x) {
		if t == w {
			return true
		}
	}
	return false
}

// neighbours are the content stems within four words of the first occurrence of w.
func neighbours(f *classify.Fact, w string) []string {
	ws := strings.Fields(f.Text)
	for k, x := range ws {
		if !wordIs(x, w) {
			continue
		}
		var out []string
		for j := max(0, k-4); j < len(ws) && j <= k+4; j++ {
			y := strings.ToLower(strings.Trim(ws[j], ",.;:!?\"'`*()"))
			if j == k || len(y) < 3 || stopish[y] || strings.HasSuffix(y, "n't") || y == "not" || y == "never" || y == "without" || y == "no" {
				continue
			}
			out = append(out, classify.Stem(y))
		}
		return out
	}
	return nil
}

// reportsWorkOn: the summary fact opens with a past action ("Fixed …", "Made …
// hermetic", "Scoped …") while the source fact described a state, not an action of
// the speaker's ("I didn't rotate …" is one): the source stated a problem, the summary
// reports the work on it. Whether that work happened is collapse/open-closed's
// question; a negation dropped between the two is no flip.
func reportsWorkOn(f, g *classify.Fact) bool {
	return leadVerb(g.Text) != "" && leadVerb(f.Text) == "" && !speakerActs(f.Text)
}

// speakerActs: the text opens with the speaker as subject or a bare negated action
// ("I didn't …", "We never …", "Didn't push …").
func speakerActs(text string) bool {
	x := firstWord(text)
	switch x {
	case "i", "we", "i've", "we've", "didn't", "did", "haven't", "hasn't", "never", "not":
		return true
	}
	return false
}

// sameClause: the clauses that hold w on both sides say mostly the same things (half
// of the shorter one's content words are shared): a negation moved within one claim, not a
// claim of another clause that reuses the word ("X is clean because Y" against "X is
// clean; Y did not happen").
func sameClause(f, g *classify.Fact, w string) bool {
	a, b := clauseTerms(f.Text, w), clauseTerms(g.Text, w)
	if len(a) == 0 || len(b) == 0 {
		return true
	}
	shared := 0
	for _, x := range a {
		if slices.Contains(b, x) {
			shared++
		}
	}
	return 3*shared >= 2*min(len(a), len(b))
}

// clauseTerms are the content words of the clause of text that holds w (clauses end
// at , ; : ( ) — | and "but"), negations left out.
func clauseTerms(text, w string) []string {
	cut := func(r rune) bool { return strings.ContainsRune(",;:()—|", r) }
	for _, c := range strings.FieldsFunc(text, cut) {
		for _, part := range strings.Split(c, " but ") {
			ws := strings.Fields(part)
			if !slices.ContainsFunc(ws, func(x string) bool { return wordIs(x, w) }) {
				continue
			}
			var out []string
			for _, x := range ws {
				for _, t := range classify.ContentWords(x) {
					if !slices.Contains(out, t) {
						out = append(out, t)
					}
				}
			}
			return out
		}
	}
	return nil
}

// privativeInName: the negative side's un- or non- word is part of a name on the other
// side ("Unknown agent type" and `AgentTypeUnknown`): the same word, not its opposite.
func privativeInName(neg, pos *classify.Fact, w string) bool {
	low := lower(pos.Text)
	for _, x := range strings.Fields(lower(neg.Text)) {
		x = strings.Trim(x, ",.;:!?\"'`*()")
		if st, ok := classify.NegatedStem(x); ok && st == w && strings.Contains(low, x) {
			return true
		}
	}
	return false
}

// reportedRequest: the summary reports that someone asked for something ("The user
// asked to update the runbook"): a request, told.
func reportedRequest(g *classify.Fact) bool {
	if g.Provenance.Source == "" || g.Provenance.Source == "assistant" {
		return false
	}
	low := lower(g.Text)
	for _, p := range []string{"asked to", "asked for", "asked me to", "requested", "wants to", "wanted to", "wants the", "wanted the"} {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

// needThenLack: the source says what should be done ("it should pass the path"), the
// summary that it was not being done ("wasn't passing the path"): the need and the
// lack it answers, not one claim flipped.
func needThenLack(f, g *classify.Fact, w string) bool {
	if f.Modality.Negative || f.Negated || g.Modality.Level != 0 {
		return false
	}
	return f.Modality.Level >= 2 && f.Modality.Level <= 3 || oughtBefore(f, w)
}

// privative: the negated side's clause denies the opposite of what the other side's
// clause affirms ("doesn't show untracked files" says "shows only tracked files"; "not
// unsafe" says "safe"): an un- or non- word against its base.
func privative(neg, pos *classify.Fact, w string) bool {
	a, b := clauseTerms(neg.Text, w), clauseTerms(pos.Text, w)
	for _, x := range a {
		for _, p := range []string{"un", "non"} {
			if base, ok := strings.CutPrefix(x, p); ok && len(base) >= 4 && slices.Contains(b, base) && !slices.Contains(b, x) {
				return true
			}
		}
	}
	return false
}

// plainCount is how many words of f with stem w no negation governs: its mentions
// less the distinct negations (a cue read as both "not" and a prohibition is one)
// whose head it is.
func plainCount(f *classify.Fact, w string) int {
	n := 0
	for _, x := range strings.Fields(lower(f.Text)) {
		if classify.Stem(strings.Trim(x, ",.;:!?\"'`*()")) == w {
			n++
		}
	}
	var at []int
	for _, sc := range f.Scopes {
		if sc.Head == w && verbalNegation(sc) && !slices.Contains(at, sc.Start) {
			at = append(at, sc.Start)
		}
	}
	return n - len(at)
}
