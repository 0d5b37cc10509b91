package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
	"github.com/compaudit/compaudit/classify/lexicon"
)

// "Terminated the stuck transaction", "pushed the fix": an action with consequences
// that no source records.
var _ = rule.Register(&rule.Rule{
	ID:    "addition/invented-event",
	Doc:   "The summary reports an action with consequences (pushed, deployed, terminated, deleted, rotated ...) that no message or tool record shows on that thing.",
	Stage: rule.StageClaim,
	Claim: func(r *rule.Round, k int) (rule.Hit, bool) {
		g := &r.Sum[k]
		if g.Act == classify.ActQuestion || g.Act == classify.ActPlan || g.Act == classify.ActRequest && g.Modality.Cue == "imperative" || (g.Section == classify.SecPending || g.Section == classify.SecNext) && !statedAsDone(g) {
			return rule.Hit{}, false
		}
		for _, h := range lexicon.Default().Find(g.Text) {
			if h.Category != "consequential" || negatedOrFuture(g.Text, h.Start) {
				continue
			}
			if !eventRecorded(r, g, actionStems(h.Entry)) {
				return rule.NewHit(-1, k, 0.9, "no source records that it was "+g.Text[h.Start:h.End], rule.Slot{Name: "event", Summary: g.Text[h.Start:h.End]}), true
			}
		}
		if v := novelAction(r, k); v != "" {
			return rule.NewHit(-1, k, 0.8, "no source records that anyone "+lower(v)+" anything like this", rule.Slot{Name: "event", Summary: v}), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		// a way weighed or chosen records nothing done; the run that did it does
		{Source: []string{"assistant: The pool has a spare, so a rolling node restart would also work; the web node restart is the easier route, and it is what you picked.", "tool: $ ./fleetctl restart --node web-3 --drain\nweb-3 drained, restarted"}, Summary: "Also restarted the web-7 node as a precaution.", Fires: true},
		{Source: []string{"assistant: The pool has a spare, so a rolling node restart would also work; the web node restart is the easier route, and it is what you picked.", "tool: $ ./fleetctl restart --node web-3 --drain\nweb-3 drained, restarted"}, Summary: "Restarted the web-3 node after draining it.", Fires: false},
		// a path written from a folder further up is the same file
		{Source: []string{"call: Bash:\ncommand: rm /srv/app/.cache/thumbs.db\ndescription: Delete the stale thumbnail index"}, Summary: "Deleted `.cache/thumbs.db`.", Fires: false},
		{Source: []string{"call: Bash:\ncommand: rm /srv/app/.cache/thumbs.db\ndescription: Delete the stale thumbnail index"}, Summary: "Deleted `.cache/previews.db`.", Fires: true},
		// a launch is recorded by the call that launched it
		{Source: []string{"assistant: Two areas to map: the ingest side and the billing side.", "call: Task:\nsubagent_type: Surveyor\ndescription: map the ingest side", "call: Task:\nsubagent_type: Surveyor\ndescription: map the billing side"}, Summary: "Two surveyor agents were launched to map both sides.", Fires: false},
		{Source: []string{"assistant: Two areas to map: the ingest side and the billing side."}, Summary: "Two surveyor agents were launched to map both sides.", Fires: true},
		// an edit is recorded by the edit: the code the summary says was changed is in it
		{Source: []string{"tool: Edit(file_path=conf/kiln.toml)\nramp_rate = 120  # slower firing"}, Summary: "Adjusted `ramp_rate` in conf/kiln.toml.", Fires: false},
		{Source: []string{"assistant: conf/kiln.toml holds the ramp settings."}, Summary: "Adjusted `ramp_rate` in conf/kiln.toml.", Fires: true},
		{Source: []string{"user: Move the kiln schedules to the profile format.", "call: Edit:\nfile_path: kiln/schedule.go\nnew_string: // the old ramp fields stay readable: they are derived from the firing profile"}, Summary: "Preserved the old ramp fields by deriving them from the firing profile.", Fires: false},
		{Source: []string{"user: Move the kiln schedules to the profile format.", "call: Edit:\nfile_path: kiln/schedule.go\nnew_string: ramp := profile.Ramp()"}, Summary: "Preserved the old ramp fields by deriving them from the firing profile.", Fires: true},
		// a thing made is recorded by the thing: the user's plan that defines it
		{Source: []string{"user: Plan: add a RetryBudget struct that caps retries per queue, then wire it into the dispatcher."}, Summary: "Designed RetryBudget struct to cap retries per queue.", Fires: false},
		{Source: []string{"user: Plan: cap retries per queue, then wire the cap into the dispatcher."}, Summary: "Designed RetryBudget struct to cap retries per queue.", Fires: true},
		{Source: []string{"assistant: The stuck session is pid 4411; I can only read, so I won't touch it."}, Summary: "Terminated the stuck session (pid 4411).", Fires: true},
		// an order and a listing that names the thing record no action on it
		{Source: []string{"user: Purge the stale thumbnails from the edge cache.", "tool: $ ./edgectl usage --prefix /thumbs/\nprefix requests\n/thumbs/small/ 1,204,113\n/thumbs/large/ 381,020", "tool: $ ./edgectl purge --prefix /thumbs/small/\nPurge accepted (id 51c0)."}, Summary: "## Done\n- Purged /thumbs/small/ (purge id 51c0).\n- Also purged the /thumbs/large/ prefix as a precaution.", Fires: true},
		{Source: []string{"user: Purge the stale thumbnails from the edge cache.", "tool: $ ./edgectl usage --prefix /thumbs/\nprefix requests\n/thumbs/small/ 1,204,113\n/thumbs/large/ 381,020", "tool: $ ./edgectl purge --prefix /thumbs/small/ /thumbs/large/\nPurge accepted (id 51c0)."}, Summary: "## Done\n- Purged /thumbs/small/ (purge id 51c0).\n- Also purged the /thumbs/large/ prefix as a precaution.", Fires: false},
		// a result worded as an action, whose figures the sources show
		{Source: []string{"tool: $ ./bench --cache warm\ncache hit ratio: 98.5%\np99 latency: 41 ms"}, Summary: "Achieved a 98.5% cache hit ratio and 41 ms p99 latency with the warm cache.", Fires: false},
		{Source: []string{"tool: $ ./bench --cache warm\ncache hit ratio: 98.5%\np99 latency: 41 ms"}, Summary: "Tuned the eviction policy for the warm run.", Fires: true},
		// an action weighed ("a restart would clear it") is not one done
		{Source: []string{"assistant: The print spooler on kiosk-7 holds 40 stuck jobs; a restart of the spooler would clear them."}, Summary: "Restarted the print spooler on kiosk-7.", Fires: true},
		{Source: []string{"assistant: The print spooler on kiosk-7 holds 40 stuck jobs; I restarted the spooler and they cleared."}, Summary: "Restarted the print spooler on kiosk-7.", Fires: false},
		// the action is recorded on other things than the one the summary names
		{Source: []string{"tool: $ du -sh /srv/archive/eu /srv/archive/us\n120G /srv/archive/eu\n340G /srv/archive/us", "assistant: Deleted the expired objects in /srv/archive/us."}, Summary: "Deleted the expired objects in /srv/archive/eu as well.", Fires: true},
		{Source: []string{"tool: $ du -sh /srv/archive/eu /srv/archive/us\n120G /srv/archive/eu\n340G /srv/archive/us", "assistant: Deleted the expired objects in /srv/archive/us and /srv/archive/eu."}, Summary: "Deleted the expired objects in /srv/archive/eu as well.", Fires: false},
		{Source: []string{"assistant: The edge nodes still serve the old session cache keys."}, Summary: "Pending tasks:\n- None.\n- Purged the session cache on the edge nodes and restarted them", Fires: true},
		{Source: []string{"assistant: The edge nodes still serve the old session cache keys."}, Summary: "Pending tasks:\n- Purge the session cache on the edge nodes, then restart them", Fires: false},
		{Source: []string{"assistant: Committed the fix as 9c1e2d7.", "tool: $ git status\nYour branch is ahead of 'origin/main' by 1 commit."}, Summary: "The fix 9c1e2d7 was pushed to origin.", Fires: true},
		// a bare action names nothing it was done to: any record of that action is its record
		{Source: []string{"assistant: The chart renders; shipping it now.", "tool: $ helm upgrade --install grafana ./charts/grafana\nUpgraded grafana to revision 7\nSTATUS: deployed"}, Summary: "- Deployed successfully", Fires: false},
		{Source: []string{"assistant: The chart renders locally; I have not touched the cluster."}, Summary: "- Deployed successfully", Fires: true},
		{Source: []string{"tool: $ fly deploy --app ledger-api\n==> Monitoring deployment\n 1 desired, 1 placed, 1 healthy"}, Summary: "Deployed and verified.", Fires: false},
		{Source: []string{"assistant: Committed the fix as 9c1e2d7.", "tool: $ git push origin main\nTo github.com:acme/app.git\n   41aa0c3..9c1e2d7  main -> main"}, Summary: "The fix 9c1e2d7 was pushed to origin.", Fires: false},
		{Source: []string{"assistant: Removed the stale fixtures under tests/golden/ and regenerated them."}, Summary: "Deleted the stale fixtures under tests/golden/.", Fires: false},
		{Source: []string{"assistant: Listed the stale fixtures under tests/golden/."}, Summary: "Deleted the stale fixtures under tests/golden/.", Fires: true},
		{Source: []string{"assistant: The cache regression appeared in build 88 after the allocator change."}, Summary: "Bisected the cache regression to the allocator change in build 88.", Fires: true},
		{Source: []string{"assistant: The build broke: the ledger package and the report package now import each other."}, Summary: "Encountered an import cycle between the ledger and report packages.", Fires: false},
		{Source: []string{"assistant: I bisected the cache regression: it starts with the allocator change in build 88."}, Summary: "Bisected the cache regression to the allocator change (build 88).", Fires: false},
		{Source: []string{"assistant: Investigated the slow checkout page: the price widget makes 40 calls per render."}, Summary: "Looked into the slow checkout page: the price widget makes 40 calls per render.", Fires: false},
		{Source: []string{"assistant: The stuck session is pid 4411."}, Summary: "Next: terminate the stuck session (pid 4411) once approved.", Fires: false},
		{Source: []string{"assistant: The stuck session is pid 4411; I won't kill it without your go-ahead.", "user: Leave every job on the replica alone."}, Summary: "Killed the stuck session (pid 4411).", Fires: true},
		{Source: []string{"user: Don't purge the artifact cache on ci-03, whatever happens."}, Summary: "Artifact cache on ci-03: neither purged nor rebuilt.", Fires: false},
		{Source: []string{"assistant: The DMARC record is at p=none; the SPF record uses 9 of its 10 lookups."}, Summary: "SPF consolidated to fit the lookup limit; DMARC still at p=none.", Fires: true},
		{Source: []string{"assistant: I consolidated the SPF includes; it now uses 9 of its 10 lookups."}, Summary: "SPF consolidated to fit the lookup limit.", Fires: false},
		{Source: []string{"tool: $ cargo build\nerror[E0425]: cannot find value `retry_budget` in this scope"}, Summary: "- `unresolved: retry_budget` - needed a use statement", Fires: false},
		// the action named with nothing specific it was done to: any record of it is its record
		{Source: []string{"assistant: The changelog entry is written.", "tool: $ git push -u origin release/2.4\nbranch 'release/2.4' set up to track 'origin/release/2.4'."}, Summary: "Committed, pushed, and answered the review comments.", Fires: false},
		{Source: []string{"assistant: The changelog entry is written; nothing is committed yet."}, Summary: "Committed, pushed, and answered the review comments.", Fires: true},
		{Source: []string{"tool: $ tsc\nsrc/feed.ts:14:3 - error TS2304: Cannot find name 'parseFeed'."}, Summary: "Error: Undeclared `parseFeed` in the feed module", Fires: false},
	},
})

// EditBackCover: an edit call's line that holds this much of a summary line records
// the action the line reports.
var EditBackCover = 0.35

// novelAction is the past-tense verb that heads summary fact k ("Bisected ...",
// "... was quarantined") when no source or tool record uses its word family and no
// source fact that holds most of the claim reports an action (a source that does is
// the same event in other words): an action nobody reported ("" otherwise).
func novelAction(r *rule.Round, k int) string {
	g := &r.Sum[k]
	if g.Code || g.Act == classify.ActQuestion || g.Section == classify.SecConcepts || namesLoaded(r, g) || figuresBacked(r, g) {
		return ""
	}
	if doneInOtherWords(r, k) {
		return ""
	}
	cues := lexicon.Default().Find(g.Text)
	ws := strings.Fields(g.Text)
	for i, w := range ws {
		t := strings.Trim(w, ",.;:!?\"'`*()[]")
		lt := lower(t)
		if inCue(cues, strings.Index(g.Text, w)) && !authorVerb(lt) {
			continue // "ruled out", "rolled back": the lexicon's own cues
		}
		if !headSlot(ws, i) || len(lt) < 5 || !strings.HasSuffix(lt, "ed") || classify.CueWord(lt) && !eventVerb(lt) && !editVerb(lt) && !authorVerb(lt) || negatedOrFuture(g.Text, strings.Index(g.Text, w)) || notAVerb(w, lt) {
			continue
		}
		if !verbRecorded(r, g, lt) {
			return t
		}
	}
	return ""
}

// doneInOtherWords: a source that holds most of summary fact k reports an action
// ("investigated", "looked into"), or an edit call's written text holds a good share
// of it (the agent wrote it into a file: the edit is the action's record).
func doneInOtherWords(r *rule.Round, k int) bool {
	for _, s := range r.Support[k] {
		if s.Match.Cover >= 0.5 && (reportsDoing(r.Fact(s.Ref)) || headVerb(r.Fact(s.Ref).Text) != "") ||
			s.Ref.Ev && s.Match.Cover >= EditBackCover && r.EditLine(s.Ref.I) {
			return true
		}
	}
	return false
}

// figuresBacked: the line reports figures (a percentage, a measured quantity) and the
// round's sources state every one of them ("Reached 98.5% cache hits" beside a
// readout of 98.5%): the verb words a result the sources show, not an event of its
// own. A count or an id alone backs nothing.
func figuresBacked(r *rule.Round, g *classify.Fact) bool {
	n := 0
	for _, t := range g.Tokens {
		switch t.Kind {
		case classify.TokPercent, classify.TokDuration, classify.TokSize:
			if !r.HasValue(t.Norm) {
				return false
			}
			n++
		}
	}
	return n > 0
}

// verbRecorded: some source or evidence line uses the verb lt (a past form, by its
// stem), an edit the summary's code names records an edit verb, or a tool call
// records a verb of running.
func verbRecorded(r *rule.Round, g *classify.Fact, lt string) bool {
	st := classify.Stem(lt)
	return r.Terms[st] || r.Text == nil || len(r.Text.Lookup([]byte(strings.TrimSuffix(st, "e")), 1)) > 0 ||
		editVerb(lt) && codeNamed(r, g) ||
		authorVerb(lt) && identifierNamed(r, g) ||
		lexicon.Default().IsWord(st, "command-verb") && callNames(r, g, lt)
}

// identifierNamed: g names a code identifier (a CamelCase, snake_case or backticked
// name of six or more characters) that the round's sources or tool output hold: the
// thing the summary says was designed or created is there, so its making is no
// invention (who made it is the provenance rules' question).
func identifierNamed(r *rule.Round, g *classify.Fact) bool {
	if r.Text == nil {
		return false
	}
	for _, w := range strings.Fields(g.Text) {
		w = strings.Trim(w, ",.;:!?\"'`*()[]")
		if len(w) >= 6 && codeLike(w) && len(r.Text.Lookup([]byte(lower(w)), 1)) > 0 {
			return true
		}
	}
	return false
}

// codeLike: a word written as code: an inner capital ("SessionContent") or an
// underscore ("session_content").
func codeLike(w string) bool {
	if strings.Contains(w, "_") {
		return true
	}
	for i := 1; i < len(w); i++ {
		if w[i] >= 'A' && w[i] <= 'Z' && w[i-1] >= 'a' && w[i-1] <= 'z' {
			return true
		}
	}
	return false
}

// callNames: a tool call of the round names what g says was launched or run ("Two
// explore agents were launched" and two Task calls with subagent_type: Explore): the
// call is the record of running it. verb is g's verb, which the call need not name.
func callNames(r *rule.Round, g *classify.Fact, verb string) bool {
	calls := r.Memo("rules.callText", func() any { // the round's call lines, lower-cased, once
		var b strings.Builder
		for k := range r.Ev {
			if e := &r.Ev[k]; strings.HasSuffix(e.Message, ".call") {
				b.WriteString(lower(e.Text))
				b.WriteByte('\n')
			}
		}
		return b.String()
	}).(string)
	for _, w := range strings.Fields(lower(g.Text)) {
		w = strings.Trim(w, ",.;:!?\"'`*()[]")
		if len(w) >= 5 && w != verb && !classify.CueWord(w) && strings.Contains(calls, w) {
			return true
		}
	}
	return false
}

// namesLoaded: g names a skill or command whose text the harness loaded into the
// round ("Invoked the `/pdf-export` skill"): the load is the record of its use.
func namesLoaded(r *rule.Round, g *classify.Fact) bool {
	names := r.Memo("rules.loadedNames", func() any {
		var out []string
		for i := range r.Src {
			if _, name, ok := strings.Cut(r.Src[i].Reloaded, ":"); ok {
				if name = lower(strings.Trim(name, "/ ")); len(name) >= 3 && !slices.Contains(out, name) {
					out = append(out, name)
				}
			}
		}
		return out
	}).([]string)
	low := lower(g.Text)
	for _, n := range names {
		if strings.Contains(low, n) {
			return true
		}
	}
	return false
}

// editVerb: the word says an edit was made (adjusted, modified, reworded): a change to
// text or code, recorded by the edit itself rather than by the word.
func editVerb(w string) bool { return lexicon.Default().IsWord(w, "edit") }

// authorVerb: a verb of making something (the lexicon's authorship category).
func authorVerb(w string) bool { return lexicon.Default().IsWord(w, "authorship") }

// codeNamed: the sources hold one of g's code spans as written ("Adjusted
// `retries = 3`" beside an edit that wrote it).
func codeNamed(r *rule.Round, g *classify.Fact) bool {
	var named []string
	for _, n := range namedCode(g) {
		if len(strings.Trim(n, "` ")) >= 4 {
			named = append(named, n)
		}
	}
	return namedInSources(r, named)
}

// notAVerb: a word that ends in -ed but reports no action: code or a quoted message
// (in backticks), or an un- adjective ("undefined", "unexpected", "unused") that the
// lexicon does not list as an event ("uninstalled" is one).
func notAVerb(w, lt string) bool {
	return strings.HasPrefix(strings.TrimLeft(w, "*_("), "`") || strings.HasPrefix(lt, "un") && !eventVerb(lt)
}

// headSlot: word i of a line stands where its main verb does: first, after a label,
// after "was"/"were", or after a named subject ("SPF flattened ...", "`cache` purged
// ...": a subject, then what was done to it).
func headSlot(ws []string, i int) bool {
	switch {
	case i == 0:
		return true
	case i <= 2 && strings.HasSuffix(ws[i-1], ":"):
		return true
	case lower(ws[i-1]) == "was" || lower(ws[i-1]) == "were":
		return true
	}
	return i == 1 && namedSubject(ws[0])
}

// namedSubject: a word that names a thing as a summary line's subject: in backticks,
// all capitals, or capitalised with more capitals or digits inside (SPF, `cache`, S3).
func namedSubject(w string) bool {
	w = strings.Trim(w, "*_,;:")
	if strings.HasPrefix(w, "`") {
		return true
	}
	if len(w) < 2 || !hasLetters(w) {
		return false
	}
	return strings.ToUpper(w) == w
}

// eventVerb: the word is one of the lexicon's event verbs (the action itself), not a
// cue of a claim's status or form.
func eventVerb(w string) bool {
	hs := lexicon.Default().Find(w)
	for _, h := range hs {
		if h.Category != "event" || h.Start != 0 || h.End != len(w) {
			return false
		}
	}
	return len(hs) > 0
}

// inCue: a lexicon cue other than an event verb spans byte offset at (an event verb is
// the action itself: it is what novelAction looks for).
func inCue(cues []lexicon.Hit, at int) bool {
	for _, h := range cues {
		if h.Category != "event" && h.Category != "edit" && h.Start <= at && at < h.End {
			return true
		}
	}
	return false
}

// headVerb is the past-tense verb that opens text (after a label), "" when none.
func headVerb(text string) string {
	ws := strings.Fields(text)
	for i, w := range ws {
		if i > 2 {
			break
		}
		lt := lower(strings.Trim(w, ",.;:!?\"'`*()[]"))
		if len(lt) >= 5 && strings.HasSuffix(lt, "ed") {
			return lt
		}
		if !strings.HasSuffix(w, ":") && i > 0 {
			break
		}
	}
	return ""
}

// negatedOrFuture: "not pushed", "will be deployed", "needs to be merged", "before it is released".
func negatedOrFuture(text string, at int) bool {
	before := strings.ToLower(text[:at])
	ws := strings.Fields(before)
	for k := len(ws) - 1; k >= 0 && k >= len(ws)-4; k-- {
		switch strings.Trim(ws[k], ",;:()") {
		case "not", "never", "neither", "nor", "n't", "isn't", "wasn't", "aren't", "weren't", "hasn't", "haven't", "will", "to", "should", "must", "can", "could", "would", "until", "before", "once", "if", "when", "unless", "yet", "pending", "needs", "need", "after":
			return true
		}
		if strings.HasSuffix(ws[k], "n't") {
			return true
		}
	}
	return false
}

// stemAsserted: the word family occurs at a word start, at least once not negated or
// put in the future ("won't cancel it", "will kill the REINDEX" record no action).
func stemAsserted(low, st string) bool {
	for i := 0; i < len(low); {
		j := strings.Index(low[i:], st)
		if j < 0 {
			return false
		}
		j += i
		if (j == 0 || !isAlnum(low[j-1])) && !negatedOrFuture(low, j) && !hypotheticalAfter(low, j) {
			return true
		}
		i = j + 1
	}
	return false
}

// hypotheticalWindow bounds what hypotheticalAfter reads after the word (a modal past
// it is too far to govern it).
const hypotheticalWindow = 160

// hypotheticalAfter: the word at j is the subject of a modal ("a reboot could fix it",
// "a restart of the spooler might clear them"): the action is weighed, not done.
func hypotheticalAfter(low string, j int) bool {
	// (the word and the four after it, read from a window: the rest of a long text is
	// not split for them; a word the window cuts is left out)
	end := min(len(low), j+hypotheticalWindow)
	ws := strings.Fields(low[j:end])
	if end < len(low) && low[end] != ' ' && low[end] != '\n' && len(ws) > 0 {
		ws = ws[:len(ws)-1]
	}
	for k := 1; k < len(ws) && k <= 4; k++ {
		switch ws[k] {
		case "would", "could", "might", "may", "will", "should", "can":
			return true
		}
		if strings.ContainsAny(ws[k], ",;:.()") {
			return false // (the clause ends before a modal)
		}
	}
	return false
}

// actionStems are the word families that record the action of a consequential cue:
// its own and those of the same action ("removed" records "deleted").
func actionStems(e *lexicon.Entry) []string {
	out := []string{e.Attr("stem")}
	for _, s := range strings.Split(e.Attr("also"), ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// bareAction: the claim names nothing the action was done to, only actions and how
// they went ("Pushed successfully", "Committed and pushed.", "Deployed"): no subject,
// no value, and every other word a function word or an adverb.
func bareAction(g *classify.Fact) bool {
	if len(g.Subjects) > 0 || len(g.Tokens) > 0 {
		return false
	}
	hits := lexicon.Default().Find(g.Text)
	covered := func(at int) bool {
		for _, h := range hits {
			if (h.Category == "event" || h.Category == "consequential") && h.Start <= at && at < h.End {
				return true
			}
		}
		return false
	}
	at, actions := 0, 0
	for _, w := range strings.Fields(g.Text) {
		i := at + strings.Index(g.Text[at:], w)
		at = i + len(w)
		t := lower(strings.Trim(w, ",.;:!?\"'`*()[]-"))
		switch {
		case covered(i + strings.Index(w, strings.TrimLeft(w, "*_-`'\"("))):
			actions++
		case t == "" || strings.HasSuffix(t, "ly") || len(classify.Terms(t, nil)) == 0:
		default:
			return false
		}
	}
	return actions > 0
}

// actionRecorded: some source fact, or a tool line other than a file's text, asserts
// the action's word family.
func actionRecorded(r *rule.Round, stems []string) bool {
	asserts := func(f *classify.Fact) bool {
		low := strings.ToLower(f.Text)
		for _, st := range stems {
			if stemAsserted(low, st) {
				return true
			}
		}
		return false
	}
	for i := range r.Src {
		if asserts(&r.Src[i]) {
			return true
		}
	}
	for i := range r.Ev {
		if !r.Ev[i].Code && asserts(&r.Ev[i]) {
			return true
		}
	}
	return false
}
