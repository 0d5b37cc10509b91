// Command fit fits the importance model's weights on labelled sessions and writes
// audit/judge/weights.go. It is a development tool, run by hand:
//
//	go run ./audit/judge/fit -o audit/judge/weights.go ../shared/real/cases ../shared/fixtures testdata/fixtures-own
//
// Each case folder holds expect.json (the labels) and the session file it names. For
// every round, the source facts the summary does not carry are the examples: a fact
// that a labelled finding quotes is positive, a fact a trap quotes (or any fact of a
// round whose omissions are all forbidden) negative, the rest weakly negative (most of
// what a summary drops does not matter). Logistic regression with L2, fitted by
// gradient descent; leave-one-case-out figures are printed before the final fit.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/audit/judge"
	"github.com/compaudit/compaudit/audit/rule"
	"github.com/compaudit/compaudit/sessions"
)

type label struct {
	Family       any    `json:"family"`
	Round        int    `json:"round"`
	PreContains  string `json:"pre_contains"`
	PostContains string `json:"post_contains"`
}

type expect struct {
	File     string  `json:"file"`
	Findings []label `json:"findings"`
	Forbid   []label `json:"forbid"`
}

type example struct {
	X      []float64
	Y      float64
	W      float64
	Case   string
	Round  int
	Pos    bool
	RankID string
	Hand   float64 // the hand-set importance, the baseline the fit is compared to
}

var evalOnly string

func loadCache(path string) []example {
	if path == "" {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var ex []example
	if json.Unmarshal(b, &ex) != nil {
		return nil
	}
	return ex
}

func saveCache(path string, ex []example) {
	if path == "" {
		return
	}
	if b, err := json.Marshal(ex); err == nil {
		_ = os.WriteFile(path, b, 0o644)
	}
}

func main() {
	out := flag.String("o", "", "write the fitted weights to this Go file")
	lambda := flag.Float64("l2", 0.02, "L2 penalty")
	unl := flag.Float64("unlabelled", 0.15, "weight of unlabelled dropped facts (as negatives)")
	cache := flag.String("cache", "", "read the examples from (or write them to) this file")
	only := flag.String("only", "", "evaluate only cases whose name matches this regexp")
	flag.Parse()
	ex := loadCache(*cache)
	if ex == nil {
		for _, root := range flag.Args() {
			dirs, _ := filepath.Glob(filepath.Join(root, "*", "expect.json"))
			sort.Strings(dirs)
			for _, e := range dirs {
				ex = append(ex, caseExamples(filepath.Dir(e), *unl)...)
			}
		}
		saveCache(*cache, ex)
	}
	evalOnly = *only
	fmt.Fprintf(os.Stderr, "%d examples, %d positive\n", len(ex), count(ex, func(e example) bool { return e.Pos }))
	crossValidate(ex, *lambda)
	w := fitLR(ex, *lambda)
	for k, n := range judge.FeatureNames {
		fmt.Fprintf(os.Stderr, "%-22s %+.3f\n", n, w[k])
	}
	if *out != "" {
		if err := writeWeights(*out, w); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func count(ex []example, p func(example) bool) int {
	n := 0
	for _, e := range ex {
		if p(e) {
			n++
		}
	}
	return n
}

func caseExamples(dir string, unl float64) []example {
	var e expect
	b, err := os.ReadFile(filepath.Join(dir, "expect.json"))
	if err != nil || json.Unmarshal(b, &e) != nil {
		return nil
	}
	file := e.File
	if file == "" {
		file = "session.json"
	}
	s, err := sessions.ReadFile(filepath.Join(dir, file))
	if err != nil {
		fmt.Fprintln(os.Stderr, dir, err)
		return nil
	}
	rep := audit.Run(s, audit.Options{KeepJudged: true})
	name := filepath.Base(dir)
	var out []example
	for _, rd := range rep.Rounds {
		if rd.Judged == nil {
			continue
		}
		out = append(out, roundExamples(&e, name, rd.Round, rd.Judged, unl)...)
	}
	return out
}

// roundExamples are the examples of one judged round: every source fact the summary
// does not carry, labelled by the case's findings and traps for that round.
func roundExamples(e *expect, name string, round int, r *rule.Round, unl float64) []example {
	ctx := judge.NewContext(r)
	allForbidden := false
	for _, f := range e.Forbid {
		if f.Round == round && f.PreContains == "" && f.PostContains == "" && familyOf(f) == "omission" {
			allForbidden = true
		}
	}
	var out []example
	for i := range r.Src {
		if r.Kept[i] || r.Src[i].Evidence {
			continue
		}
		ex := example{X: judge.Features(r, i, ctx), Case: name, Round: round, W: unl, Hand: r.Importance[i]}
		labelExample(&ex, e, name, round, strings.ToLower(r.Src[i].Text), allForbidden)
		out = append(out, ex)
	}
	return out
}

// labelExample marks ex positive when a finding of the round quotes text, and
// weighs it fully when a trap quotes it or all the round's omissions are forbidden.
func labelExample(ex *example, e *expect, name string, round int, text string, allForbidden bool) {
	for _, l := range e.Findings {
		if l.Round == round && l.PreContains != "" && strings.Contains(text, strings.ToLower(l.PreContains)) {
			ex.Y, ex.W, ex.Pos = 1, 1, true
			ex.RankID = fmt.Sprintf("%s/%d/%s", name, round, l.PreContains)
		}
	}
	if ex.Pos {
		return
	}
	for _, f := range e.Forbid {
		if f.Round == round && familyOf(f) == "omission" && f.PreContains != "" && strings.Contains(text, strings.ToLower(f.PreContains)) {
			ex.W = 1
		}
	}
	if allForbidden {
		ex.W = 1
	}
}

func familyOf(l label) string {
	switch f := l.Family.(type) {
	case string:
		return f
	case []any:
		if len(f) > 0 {
			s, _ := f[0].(string)
			return s
		}
	}
	return ""
}

// fitLR fits weighted logistic regression with an L2 penalty (not on the bias) by
// Newton's method: a few passes, each solving the d×d system of the Hessian.
func fitLR(ex []example, lambda float64) []float64 {
	d := len(judge.FeatureNames)
	w := make([]float64, d)
	pos, neg := 0.0, 0.0
	for _, e := range ex {
		if e.Y > 0 {
			pos += e.W
		} else {
			neg += e.W
		}
	}
	balance := neg / math.Max(pos, 1) // positives weigh as much as all negatives together
	total := pos*balance + neg
	for it := 0; it < 25; it++ {
		g := make([]float64, d)
		h := make([][]float64, d)
		for k := range h {
			h[k] = make([]float64, d)
		}
		for _, e := range ex {
			z := 0.0
			for k, v := range e.X {
				z += w[k] * v
			}
			p := 1 / (1 + math.Exp(-z))
			sw := e.W / total
			if e.Y > 0 {
				sw *= balance
			}
			for k, v := range e.X {
				if v == 0 {
					continue
				}
				g[k] += sw * (p - e.Y) * v
				q := sw * p * (1 - p) * v
				for j, u := range e.X {
					if u != 0 {
						h[k][j] += q * u
					}
				}
			}
		}
		for k := 1; k < d; k++ {
			g[k] += lambda * w[k]
			h[k][k] += lambda
		}
		h[0][0] += 1e-9
		step := solve(h, g)
		for k := range w {
			w[k] -= step[k]
		}
	}
	return w
}

// solve solves a·x = b by Gaussian elimination with partial pivoting (a is small).
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	m := make([][]float64, n)
	for i := range a {
		m[i] = append(append([]float64{}, a[i]...), b[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		m[c], m[p] = m[p], m[c]
		if math.Abs(m[c][c]) < 1e-12 {
			m[c][c] = 1e-12
		}
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for k := c; k <= n; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := m[r][n]
		for k := r + 1; k < n; k++ {
			s -= m[r][k] * x[k]
		}
		x[r] = s / m[r][r]
	}
	return x
}

// crossValidate prints, holding each case out in turn, where its labelled facts rank
// among its round's dropped facts, beside the same figure for the hand-set importance.
func crossValidate(ex []example, lambda float64) {
	byCase := map[string][]example{}
	for _, e := range ex {
		byCase[e.Case] = append(byCase[e.Case], e)
	}
	var names []string
	for c := range byCase {
		names = append(names, c)
	}
	sort.Strings(names)
	fitted, hand := map[string]int{}, map[string]int{}
	for _, c := range names {
		test := byCase[c]
		if count(test, func(e example) bool { return e.Pos }) == 0 || evalOnly != "" && !regexp.MustCompile(evalOnly).MatchString(c) {
			continue
		}
		var train []example
		for _, e := range ex {
			if e.Case != c {
				train = append(train, e)
			}
		}
		m := judge.Model{Weights: fitLR(train, lambda)}
		rankInto(fitted, test, func(e example) float64 { return m.Score(e.X) })
		rankInto(hand, test, func(e example) float64 { return e.Hand })
	}
	for _, K := range []int{4, 6, 8, 12, 20} {
		fmt.Fprintf(os.Stderr, "held-out recall@%d: fitted %s, hand %s\n", K, recallAt(fitted, K), recallAt(hand, K))
	}
}

// rankInto records, per labelled fact of test, its best rank in its round by score.
func rankInto(ranks map[string]int, test []example, score func(example) float64) {
	byRound := map[int][]example{}
	for _, e := range test {
		byRound[e.Round] = append(byRound[e.Round], e)
	}
	for _, es := range byRound {
		es = slices.Clone(es)
		slices.SortStableFunc(es, func(a, b example) int {
			sa, sb := score(a), score(b)
			switch {
			case sa > sb:
				return -1
			case sa < sb:
				return 1
			}
			return 0
		})
		for k, e := range es {
			if e.Pos {
				if old, ok := ranks[e.RankID]; !ok || k < old {
					ranks[e.RankID] = k
				}
			}
		}
	}
}

// recallAt is how many labelled facts rank below K, split into real sessions (a
// case named e… or u…) and the rest.
func recallAt(ranks map[string]int, K int) string {
	var real, realN, other, otherN int
	for id, r := range ranks {
		isReal := strings.HasPrefix(id, "e") || strings.HasPrefix(id, "u")
		hit := 0
		if r < K {
			hit = 1
		}
		if isReal {
			real, realN = real+hit, realN+1
		} else {
			other, otherN = other+hit, otherN+1
		}
	}
	return fmt.Sprintf("real %d/%d, fixtures %d/%d", real, realN, other, otherN)
}

func writeWeights(path string, w []float64) error {
	var b strings.Builder
	b.WriteString("// Code generated by audit/judge/fit; DO NOT EDIT.\n\npackage judge\n\n")
	b.WriteString("// fitted is the importance model fitted on the labelled sessions (see fit/main.go).\n")
	b.WriteString("var fitted = Model{Weights: []float64{\n")
	for k, n := range judge.FeatureNames {
		fmt.Fprintf(&b, "\t%.4f, // %s\n", w[k], n)
	}
	b.WriteString("}}\n")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(b.String()), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
