package rules

import (
	"slices"
	"strings"

	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/classify"
)

// What records an action the summary reports: a source or tool line that states it
// on the thing the summary names (see addition/invented-event).

// eventRecorded: a source fact or evidence line shows the action's word family on the
// same thing: next to one of its specific values (in the same message, or a tool call
// and its result), or about its subject.
func eventRecorded(r *rule.Round, g *classify.Fact, stems []string) bool {
	if bareAction(g) {
		return actionRecorded(r, stems)
	}
	specific := specificValues(g)
	if len(specific) == 0 && len(g.Subjects) == 0 {
		// nothing named that it was done to ("Committed, pushed, and replied to the
		// review threads"): any record of the action is its record
		return actionRecorded(r, stems)
	}
	var stemAt, valueAt []int
	scan := func(f *classify.Fact, pos int) bool {
		hasStem := assertsAction(g, f, stems)
		if hasStem && !namesOtherThing(f, specific) {
			if rule.About(g, f) {
				return true
			}
			stemAt = append(stemAt, pos)
		}
		for _, v := range specific {
			for _, t := range f.Tokens {
				if samePlace(t.Norm, v) {
					if hasStem {
						return true
					}
					valueAt = append(valueAt, pos)
				}
			}
		}
		return false
	}
	for i := range r.Src {
		if scan(&r.Src[i], r.Pos[i]) {
			return true
		}
	}
	for i := range r.Ev {
		if !r.Ev[i].Code && scan(&r.Ev[i], r.EvPos[i]) { // (a file's text records no event)
			return true
		}
	}
	return adjacent(stemAt, valueAt)
}

// assertsAction: f states the action (a word of its family, not negated, not only
// planned), as a record of it done: a guide's text is none, an order is one only about
// the same thing, a choice between ways only when it writes the action as done.
func assertsAction(g, f *classify.Fact, stems []string) bool {
	low := strings.ToLower(f.Text)
	if !slices.ContainsFunc(stems, func(st string) bool { return stemAsserted(low, st) }) {
		return false
	}
	switch {
	case f.Origin == classify.OriginDocument:
		return false // a guide describes the action; it records no one doing it
	case f.Act == classify.ActRequest || f.Act == classify.ActPlan || f.Act == classify.ActQuestion:
		return rule.About(g, f) // an order records no event beside a listing that names the thing
	case f.Act == classify.ActDecision && !classify.ToolSide(f) && !strings.HasSuffix(f.Message, ".call"):
		return pastForm(f, stems) // a choice between ways ("a drain-and-restart is the easier route") records none done
	}
	return true
}

// pastForm: f writes the action in a past form ("purged", "pushed"), as a record of
// it done rather than a way weighed ("a cold restart would be quicker").
func pastForm(f *classify.Fact, stems []string) bool {
	for _, w := range strings.Fields(strings.ToLower(f.Text)) {
		w = strings.Trim(w, ".,;:!?()*_`'\"")
		if strings.HasSuffix(w, "ed") && slices.ContainsFunc(stems, func(st string) bool { return strings.HasPrefix(w, st) }) {
			return true
		}
	}
	return false
}

// specificValues are the norms of g's values that name what was acted on.
func specificValues(g *classify.Fact) []string {
	var out []string
	for _, t := range g.Tokens {
		if classify.Specific(t) || t.Kind == classify.TokHash || t.Kind == classify.TokPath || t.Kind == classify.TokURL {
			out = append(out, t.Norm)
		}
	}
	return out
}

// adjacent: some position of as is within one message of some position of bs (the
// action said in one message, the value in the next: a call and its output).
func adjacent(as, bs []int) bool {
	for _, a := range as {
		for _, b := range bs {
			if b-a <= 1 && b-a >= -1 {
				return true
			}
		}
	}
	return false
}

// namesOtherThing: f names paths or ids, none of them one of the summary's specific
// values: the action it records was done to other things ("purged /img/thumb/" does
// not record a purge of /img/zoom/).
func namesOtherThing(f *classify.Fact, specific []string) bool {
	if len(specific) == 0 {
		return false
	}
	other := false
	for _, t := range f.Tokens {
		if t.Kind != classify.TokPath && t.Kind != classify.TokURL && t.Kind != classify.TokID && t.Kind != classify.TokHash {
			continue
		}
		if slices.ContainsFunc(specific, func(v string) bool { return samePlace(t.Norm, v) }) {
			return false
		}
		other = true
	}
	return other
}

// samePlace: two values name the same thing: equal, or two paths of which one is the
// other written from a folder further up ("/home/ci/app/.cache/x.db" and ".cache/x.db").
func samePlace(a, b string) bool {
	if a == b {
		return true
	}
	pa, oka := strings.CutPrefix(a, "path:")
	pb, okb := strings.CutPrefix(b, "path:")
	if !oka || !okb || pa == "" || pb == "" {
		return false
	}
	return strings.HasSuffix(pa, "/"+strings.TrimPrefix(pb, "./")) || strings.HasSuffix(pb, "/"+strings.TrimPrefix(pa, "./"))
}
