package rules

import (
	"slices"
	"strings"
	"unicode"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// A failure record the summary no longer aligns with, though it names the same attempt
// as merely considered: "tried X, it failed in CI" became one clause, "considered X".
var _ = rule.Register(&rule.Rule{
	ID:    "collapse/failure-considered",
	Doc:   "A failed attempt survives only as an option the summary says was considered or explored, in a sentence too short to align with the failure record.",
	Stage: rule.StageLost,
	Lost: func(r *rule.Round, i int) (rule.Hit, bool) {
		f := &r.Src[i]
		if f.Act != classify.ActFailure && f.Status.Choice != classify.StatusTriedFailed || r.Importance[i] < LostFloor {
			return rule.Hit{}, false
		}
		for k := range r.Sum {
			g := &r.Sum[k]
			if g.Status.Choice != classify.StatusConsidered || g.Act == classify.ActFailure || g.Negated {
				continue
			}
			if sharedSubject(f, g) || sharesRareTerms(r, f, g) {
				return rule.NewHit(i, k, 0.8, "a failed attempt is kept only as something considered",
					rule.Slot{Name: "status", Source: classify.StatusTriedFailed, Summary: classify.StatusConsidered}), true
			}
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: I tried the zstd-jni codec first; the container crashed with an illegal instruction on the old hosts.", "user: fine, keep gzip."}, Summary: "Compression: considered zstd-jni; keeping gzip.", Fires: true},
		{Source: []string{"assistant: Switching the queue to the rabbitmq-stream plugin failed: the broker rejected the protocol version."}, Summary: "Explored rabbitmq-stream for the queue.", Fires: true},
		{Source: []string{"assistant: I tried the zstd-jni codec first; the container crashed with an illegal instruction on the old hosts."}, Summary: "zstd-jni crashed the container (illegal instruction on old hosts); keeping gzip.", Fires: false},
		{Source: []string{"assistant: I tried the zstd-jni codec first; the container crashed with an illegal instruction on the old hosts."}, Summary: "Considered brotli for the static assets.", Fires: false},
		{Source: []string{"assistant: Benchmarks for the zstd-jni codec look promising."}, Summary: "Considered zstd-jni.", Fires: false},
		// an attempt named by a plain word the summary rarely uses, kept only as an option
		{Source: []string{"assistant: I tried the VAAPI decoder on the edge box: it fails with 'vaInitialize failed: unknown libva error'."}, Summary: "VAAPI decoding was considered for the edge box; staying on software decode.", Fires: true},
		// words in common, but the option is about something else
		{Source: []string{"assistant: The upload test failed: stale sessions are dropped before the retry."}, Summary: "- Session cleanup was considered for stale sessions.\n- Wrote the upload test.\n- Session cleanup runs hourly for the test sessions.\n- The test suite covers sessions and uploads.\n- Upload sessions are tested nightly.", Fires: false},
		{Source: []string{"assistant: Trying pgbouncer-rr for read routing.", "assistant: pgbouncer-rr fails under load: the routing hook segfaults at 400 connections, so the replica split would need a patched build."}, Summary: "Considered pgbouncer-rr for read routing; kept the plain pool.", Fires: true},
	},
})

// sharedSubject: the two facts name the same thing (a subject, or an identifier-like
// term: a path, a hyphenated or dotted name).
func sharedSubject(f, g *classify.Fact) bool {
	for _, s := range f.Subjects {
		for _, t := range g.Subjects {
			if s == t {
				return true
			}
		}
	}
	names := identifierWords(g.Text)
	for w := range identifierWords(f.Text) {
		if names[w] {
			return true
		}
	}
	return false
}

// sharesRareTerms: the option sentence and the failure share two words, and the
// option's head (its first words: what was considered) holds one of them that is rare
// in the summary ("the NVENC encoder failed", "NVENC encoding was considered"). Words
// the summary uses all over ("test", "session") name no attempt.
func sharesRareTerms(r *rule.Round, f, g *classify.Fact) bool {
	df := summaryDF(r)
	n, head, rare := 0, 0, false
	for _, w := range g.Words {
		if strings.Contains(w, ":") {
			continue
		}
		head++
		if slices.Contains(f.Words, w) {
			n++
			rare = rare || head <= optionHead && df[w] <= rareInSummary
		}
	}
	return n >= 2 && rare
}

const (
	// rareInSummary: a word at most this many summary facts hold is rare there.
	rareInSummary = 3
	// optionHead: an option sentence names what was considered in its first words.
	optionHead = 3
)

// summaryDF counts, per term, the summary facts that hold it.
func summaryDF(r *rule.Round) map[string]int {
	return r.Memo("rules.summaryDF", func() any {
		df := map[string]int{}
		for k := range r.Sum {
			for _, w := range r.Sum[k].Words {
				df[w]++
			}
		}
		return df
	}).(map[string]int)
}

// identifierWordsOf are a text's words shaped as names of things: lowercased, with a
// hyphen, dot, slash or underscore inside, or letters and digits mixed.
func identifierWordsOf(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(strings.ToLower(text)) {
		w = strings.Trim(w, ",.;:!?\"'`*()[]{}<>")
		if len(w) < 4 {
			continue
		}
		letters, digits, inner := false, false, strings.ContainsAny(w, "-_./")
		for _, r := range w {
			letters = letters || unicode.IsLetter(r)
			digits = digits || unicode.IsDigit(r)
		}
		if letters && (inner || digits) {
			out[w] = true
		}
	}
	return out
}
