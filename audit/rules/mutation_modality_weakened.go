package rules

import (
	"fmt"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// "never" became "try to avoid"; "required" became "optional".
var _ = rule.Register(&rule.Rule{
	ID:    "mutation/modality-weakened",
	Doc:   "The summary keeps a rule but weakens its force (never to try to avoid, must to should, required to optional), whoever speaks.",
	Stage: rule.StagePair,
	Pair: func(r *rule.Round, p rule.Pair) (rule.Hit, bool) {
		f, g := &r.Src[p.Src], &r.Sum[p.Sum]
		if p.Match.Cover < 0.4 {
			return rule.Hit{}, false
		}
		if detail, sl, strength, ok := weakenedForce(f, g); ok {
			return rule.NewHit(p.Src, p.Sum, strength, detail, sl), true
		}
		return rule.Hit{}, false
	},
	Examples: []rule.Example{
		{Source: []string{"assistant: The release manager will tag the build on Friday."}, Summary: "The release manager may tag the build on Friday.", Fires: true},
		{Source: []string{"user: Never force-push to the release branch."}, Summary: "Try to avoid force-pushing to the release branch.", Fires: true},
		{Source: []string{"user: Signing the tarball is required before upload."}, Summary: "Signing the tarball is optional before upload.", Fires: true},
		{Source: []string{"user: Never force-push to the release branch."}, Summary: "User rule: never force-push to the release branch.", Fires: false},
		{Source: []string{"user: Don't force-push to the release branch."}, Summary: "Must not force-push to the release branch.", Fires: false},
		{Source: []string{"user: Don't force-push to the release branch."}, Summary: "No force-pushes to the release branch.", Fires: false},
		{Source: []string{"user: The export must finish before 06:00 and must not touch the archive."}, Summary: "The export should finish before 06:00 and must not touch the archive.", Fires: true},
	},
})

// hedgedOn: a hedge governs the word ("may not need to").
func hedgedOn(g *classify.Fact, w string) bool {
	for _, s := range g.Scopes {
		if s.Kind == "hedge" && s.Head == w {
			return true
		}
	}
	return false
}

// strongSummaryRule: the summary fact is itself listed as a rule (under a rules heading,
// or labelled "User rule:").
func strongSummaryRule(g *classify.Fact) bool {
	return g.Section == classify.SecRules || g.Act == classify.ActRule && g.Modality.Level >= 3
}

// committedOn: a commitment ("will") governs the word.
func committedOn(g *classify.Fact, w string) bool {
	for _, s := range g.Scopes {
		if s.Kind == "commitment" && s.Head == w {
			return true
		}
	}
	return false
}

// ForceWeakened says how g, restating f, weakens f's force ("must" to "should",
// "never" to "try to avoid"), if it does: for callers that compare a fact outside a
// judged round, such as an invariant against a later summary.
func ForceWeakened(f, g *classify.Fact) (string, bool) {
	detail, _, _, ok := weakenedForce(f, g)
	return detail, ok
}

// weakenedForce is the rule's test: the detail, the slot and how sure it is.
func weakenedForce(f, g *classify.Fact) (string, rule.Slot, float64, bool) {
	if f.Act == classify.ActQuestion {
		return "", rule.Slot{}, 0, false
	}
	gn := negatedHeads(g)
	for _, s := range f.Scopes {
		if to, ok := deonticWeakened(s, g, gn); ok {
			return fmt.Sprintf("%q weakened to %s", s.Cue, to), rule.Slot{Name: "modality", Source: s.Cue, Summary: to}, 0.9, true
		}
	}
	for _, s := range f.Scopes {
		if s.Kind == "commitment" && hasWord(g, s.Head) && hedgedOn(g, s.Head) && !committedOn(g, s.Head) {
			return fmt.Sprintf("%q became a possibility", s.Cue), rule.Slot{Name: "modality", Source: s.Cue, Summary: "may"}, 0.8, true
		}
	}
	return "", rule.Slot{}, 0, false
}

// deonticWeakened: g keeps the word deontic scope s governs with less force; to says
// what force is left ("should", "no force").
func deonticWeakened(s classify.Scope, g *classify.Fact, gn map[string]int) (string, bool) {
	if s.Kind != "deontic" || s.Force < 2 || !hasWord(g, s.Head) {
		return "", false // the governed word must survive for its force to be judged
	}
	t, ok := deonticOn(g, s.Head)
	switch {
	case ok && t.Neg != s.Neg:
		return "", false // a flip, not a weakening: the polarity rule judges it
	case !ok && s.Neg && gn[s.Head] > 0 && !hedgedOn(g, s.Head):
		return "", false // "no force-pushes": a prohibition kept in a telegraphic form
	case ok && forceClass(t.Force) >= forceClass(s.Force):
		return "", false
	case !ok && (strongSummaryRule(g) || g.Modality.Level >= 3 && g.Modality.Cue != "imperative"):
		return "", false // the summary restates it as a rule of its own
	case !ok && !(g.Modality.Level == 0 && g.Modality.Cue != "") && !hedgedOn(g, s.Head):
		return "", false // no force left at all: the rule itself is gone (the omission rules judge it)
	case ok:
		return t.Cue, true
	case g.Modality.Cue != "" && g.Modality.Level == 0:
		return g.Modality.Cue, true
	}
	return "no force", true
}
