package audit

import (
	"bufio"
	"fmt"
	"html/template"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FamilyStyle is how one failure family is drawn: a glyph and a colour, never the
// colour alone. This table is the single definition for the reports; the TUI themes
// mirror it (themes/).
type FamilyStyle struct {
	Family string // report/v1 family name
	Label  string // human name
	Glyph  string // one character, distinct in shape from the others
	Colour string // Okabe-Ito colour (colour-blind safe): chip fill, borders
	Ink    string // text colour readable on Colour
	Tint   string // light wash of Colour for backgrounds (safe to print)
}

// FamilyStyles lists the five families in report order.
var FamilyStyles = []FamilyStyle{
	{Omission, "omission", "−", "#D55E00", "#FFFFFF", "#FBE6D9"},                    // vermillion, U+2212 minus
	{Mutation, "mutation", "~", "#E69F00", "#000000", "#FCF0D6"},                    // orange
	{Addition, "addition", "+", "#0072B2", "#FFFFFF", "#D9E9F4"},                    // blue
	{EpistemicCollapse, "epistemic collapse", "!", "#CC79A7", "#000000", "#F7E7F0"}, // reddish purple
	{ProvenanceLoss, "provenance loss", "?", "#009E73", "#000000", "#D6EFE8"},       // bluish green
}

// StyleOf returns the style of family (a neutral grey bullet for an unknown name).
func StyleOf(family string) FamilyStyle {
	for _, s := range FamilyStyles {
		if s.Family == family {
			return s
		}
	}
	return FamilyStyle{Family: family, Label: strings.ReplaceAll(family, "_", " "), Glyph: "•", Colour: "#666666", Ink: "#FFFFFF", Tint: "#EEEEEE"}
}

// FamilyGlyph is the family's glyph.
func FamilyGlyph(family string) string { return StyleOf(family).Glyph }

// FamilyLabel is the family's human name ("epistemic collapse").
func FamilyLabel(family string) string { return StyleOf(family).Label }

// Invariant-state glyphs, shared by the Markdown and HTML reports and the same as the
// TUI's (themes/).
var rwStateGlyphs = map[string]string{
	StateVerbatim:    "●",
	StateParaphrased: "◐",
	StateDropped:     "✗",
	StateRetired:     "○",
	StatePending:     "·",
	StateOpaque:      "▒",
}

// rwStateLegend explains the state glyphs; flag is the mark of a flagged drop.
func rwStateLegend(flag string) string {
	g := rwStateGlyphs
	return g[StateVerbatim] + " verbatim · " + g[StateParaphrased] + " paraphrased (a warning: not verbatim) · " +
		g[StateDropped] + " dropped · " + flag + " dropped without a retirement event · " + g[StateRetired] + " retired · " +
		g[StatePending] + " not yet stated · " + g[StateOpaque] + " opaque round (unknown)"
}

// WriteHTML writes r as one self-contained HTML file: inline CSS, no scripts, no
// external requests (a Content-Security-Policy forbids them), print styles. Every
// transcript string is sanitised and then escaped by html/template. Output is
// byte-identical for equal reports.
func WriteHTML(w io.Writer, r *Report) error {
	v := buildHTMLView(r)
	b := bufio.NewWriter(w)
	if err := htmlTmpl.Execute(b, v); err != nil {
		return err
	}
	return b.Flush()
}

// ---- view model ----

// hView is the HTML report's view model: every string already sanitised, every list in
// report order, so the template only lays out and html/template only escapes.
type hView struct {
	Session, File, Format, Encoding, Tool, Schema string
	Messages                                      int
	Head                                          rwHeadlineData
	Chips                                         []hChip
	WorstLabel, WorstClass                        string
	Styles                                        []FamilyStyle
	Cols                                          []hCol
	Rounds                                        []hRound
	Invariants                                    []hInv
	InvFlagged, InvDropped, InvParaphrased        int
	InvLine, StateLegend                          string
	Survival, CumSurvival                         []hSurvRow
	Checks                                        []hCheck
	Lost                                          []hInv     // flagged invariants, earliest lost first
	LostFindings                                  []hFinding // error findings, most important first
	LostMore                                      int        // error findings not repeated at the top
	LostInvMore                                   int        // flagged invariants not repeated at the top
	ChecksFailed                                  int
	Warnings                                      []string
	Notes                                         []string // the rounds' caveats, shown at the top
	Rules                                         []rwRule // the rules the findings name, with their docs
	CSS                                           template.CSS
}

type hChip struct {
	Style FamilyStyle
	Count int
}

type hCol struct {
	Round  int
	ID     string
	Opaque bool
}

type hRound struct {
	Round                      int
	ID, Anchor                 string
	Opaque                     bool
	Depth                      int
	DeepFlag                   bool
	Sources                    string
	AllSources                 string
	SrcTokens, SumTokens       string
	Ratio                      string
	Target                     string
	Agent                      string
	Extra                      []string
	Chips                      []hChip
	Worst, WorstClass          string
	Findings                   []hFinding
	Main, Info                 []hFinding // Findings split: error and warning, then info
	Cumulative                 []hFinding
	SrcBar, SumBar, TargetMark int // percentages for the token bar
	HasTarget                  bool
	NoTokens                   bool
}

type hFinding struct {
	Ref, Anchor         string
	Round               int
	Sev, SevLabel       string
	Style               FamilyStyle
	Class               string
	Source, Summary     *hSide
	Detail, Invariant   string
	Score               string
	NoSource, NoSummary string
	// Rule is the id of the rule that reported it, RuleAnchor its entry in the report's
	// rules section, RuleDoc its doc.
	Rule, RuleAnchor, RuleDoc string
}

type hSide struct {
	Where string
	Short []rwSeg
	Full  []rwSeg
	Long  bool
}

type hInv struct {
	ID, Text, Kind, Origin, Message string
	Became                          string // what the summary that lost it says, when known
	Flagged                         bool
	Dropped                         string
	Retired                         string
	Cells                           []hCell
}

type hCell struct {
	Class, Glyph, Label, Title string
}

type hSurvRow struct {
	Class    string
	Critical bool
	Cells    []hSurvCell
}

type hSurvCell struct {
	Text, Class, Title string
	Pct                int
}

type hCheck struct {
	Passed                bool
	Name, Round, Severity string
	Detail                string
}

const htmlQuoteRunes = 320

func hText(s string) string { return strings.TrimSpace(rwSanitize(s)) }

// hClip is an identifier or label on one line, at most n runes.
func hClip(s string, n int) string { return rwTruncate(rwOneLine(rwSanitize(s)), n) }

func hSideOf(s, other *Side, summarySide bool, detail string) *hSide {
	if s == nil {
		return nil
	}
	full := hText(s.Text)
	segs := rwSegments(full, rwMarks(s, other, summarySide), rwKeys(detail)...)
	h := &hSide{Where: hClip(rwSideWhere(s), 80), Full: segs, Short: segs}
	if utf8.RuneCountInString(full) > htmlQuoteRunes {
		h.Long = true
		h.Short = rwTruncateSegs(segs, htmlQuoteRunes)
	}
	return h
}

func hFindings(fs []Finding, round int, prefix string, index map[*Finding]hFinding) []hFinding {
	var out []hFinding
	for _, x := range rwOrderFindings(fs) {
		f := x.F
		hf := hFinding{
			Ref:      rwFindingRef(round, prefix, x.N),
			Anchor:   "f-" + strings.ReplaceAll(rwFindingRef(round, prefix, x.N), ".", "-"),
			Round:    round,
			Sev:      rwSevClass(f.Severity),
			SevLabel: rwOrDash(hText(f.Severity)),
			Style:    StyleOf(f.Family),
			Class:    hText(rwClassLabel(f.Class)),
			Source:   hSideOf(f.Source, f.Summary, false, f.Detail),
			Summary:  hSideOf(f.Summary, f.Source, true, f.Detail),
			Detail:   hText(f.Detail),
		}
		hf.Style.Label = hText(hf.Style.Label)
		if f.Invariant != "" {
			hf.Invariant = hText(f.Invariant)
		}
		if f.Score > 0 {
			hf.Score = strconv.FormatFloat(f.Score, 'f', 2, 64)
		}
		hRuleOf(&hf, f.Rule)
		hf.NoSource = "not in the sources"
		hf.NoSummary = "not in the summary"
		if index != nil {
			index[f] = hf
		}
		out = append(out, hf)
	}
	return out
}

func rwSevClass(s string) string {
	switch s {
	case SevError, SevWarning, SevInfo:
		return s
	}
	return "none"
}

func rwFamilyChips(counts map[string]int) []hChip {
	var out []hChip
	for _, st := range FamilyStyles {
		if n := counts[st.Family]; n > 0 {
			out = append(out, hChip{st, n})
		}
	}
	var unknown []string
	for f := range counts {
		if rwFamilyIndex(f) == len(Families) && counts[f] > 0 {
			unknown = append(unknown, f)
		}
	}
	sort.Strings(unknown)
	for _, f := range unknown {
		st := StyleOf(f)
		st.Label = hText(st.Label)
		out = append(out, hChip{st, counts[f]})
	}
	return out
}

func buildHTMLView(r *Report) *hView {
	h := rwHeadline(r)
	v := &hView{
		Session:     hClip(r.Session, 120),
		File:        hText(r.File),
		Format:      hText(r.Format),
		Encoding:    hText(r.Encoding),
		Tool:        hText(strings.TrimSpace(r.Tool + " " + r.Version)),
		Schema:      hText(r.Schema),
		Messages:    r.Summary.Messages,
		Head:        h,
		Chips:       rwFamilyChips(h.ByFamily),
		Styles:      FamilyStyles,
		Warnings:    nil,
		Rules:       hRules(r),
		CSS:         template.CSS(rwHtmlCSS()),
		StateLegend: rwStateLegend("⚑"),
	}
	v.WorstLabel = rwOrDash(hText(h.Worst))
	for _, n := range reportNotes(r) {
		v.Notes = append(v.Notes, hText(n))
	}
	v.WorstClass = rwSevClass(h.Worst)
	for _, w := range r.Warnings {
		v.Warnings = append(v.Warnings, hText(w))
	}
	maxTok := hMaxTokens(r)
	index := map[*Finding]hFinding{}
	for i := range r.Rounds {
		rd := &r.Rounds[i]
		v.Cols = append(v.Cols, hCol{Round: rd.Round, ID: hClip(rd.ID, 64), Opaque: rd.Opaque})
		v.Rounds = append(v.Rounds, hRoundView(rd, maxTok, index))
	}
	for i := range r.Invariants {
		v.Invariants = append(v.Invariants, hInvView(v, r, &r.Invariants[i]))
	}
	v.Lost, v.LostInvMore = hLost(r, v.Invariants)
	hLostFindings(v, r, index)
	v.InvLine = rwInvariantLine(len(r.Invariants), v.InvDropped, v.InvFlagged, v.InvParaphrased, rwUnknownStates(r))
	v.Survival = hSurvival(r, false)
	v.CumSurvival = hSurvival(r, true)
	hChecks(v, r)
	return v
}

// hMaxTokens is the largest token count of any round, at least 1: the bars' full width.
func hMaxTokens(r *Report) int {
	maxTok := 1
	for _, rd := range r.Rounds {
		for _, n := range []int{rd.Tokens.Sources, rd.Tokens.Summary, rd.Tokens.Target} {
			if n > maxTok {
				maxTok = n
			}
		}
	}
	return maxTok
}

// hPct is n as a percentage of maxTok for a bar: 0 for nothing, else at least 1.
func hPct(n, maxTok int) int {
	if n <= 0 {
		return 0
	}
	p := n * 100 / maxTok
	if p < 1 {
		p = 1
	}
	return p
}

// hRoundView is one round's section; its findings are recorded in index.
func hRoundView(rd *Round, maxTok int, index map[*Finding]hFinding) hRound {
	hr := hRound{
		Round:      rd.Round,
		ID:         hClip(rd.ID, 64),
		Anchor:     "round-" + strconv.Itoa(rd.Round),
		Opaque:     rd.Opaque,
		Depth:      rd.Depth,
		DeepFlag:   rd.Depth > 2,
		Sources:    hText(rwSourcesLine(rd)),
		AllSources: hText(strings.Join(rd.Sources, ", ")),
		SrcTokens:  rwFmtInt(rd.Tokens.Sources),
		SumTokens:  rwFmtInt(rd.Tokens.Summary),
		Ratio:      rwFmtRatio(rd.Tokens.Ratio),
		SrcBar:     hPct(rd.Tokens.Sources, maxTok),
		SumBar:     hPct(rd.Tokens.Summary, maxTok),
		Agent:      rwAgentLine(rd.Tokens),
		NoTokens:   rd.Tokens.Sources == 0 && rd.Tokens.Summary == 0,
	}
	if rd.Opaque { // an encrypted blob is not text: its size says nothing
		hr.SumTokens, hr.Ratio, hr.SumBar = "not counted (opaque)", "–", 0
	}
	if rd.Tokens.Target > 0 && !rd.Opaque {
		hr.HasTarget = true
		hr.Target = rwTargetLine(rd.Tokens)
		hr.TargetMark = hPct(rd.Tokens.Target, maxTok)
	}
	hr.Extra = hRoundExtra(rd)
	counts := map[string]int{}
	for _, f := range rd.Findings {
		counts[f.Family]++
	}
	hr.Chips = rwFamilyChips(counts)
	hr.Worst = rwWorstOf(rd.Findings)
	hr.WorstClass = rwSevClass(hr.Worst)
	if !rd.Opaque {
		hr.Findings = hFindings(rd.Findings, rd.Round, "", index)
		for _, f := range hr.Findings {
			if f.Sev == SevInfo {
				hr.Info = append(hr.Info, f)
			} else {
				hr.Main = append(hr.Main, f)
			}
		}
		hr.Cumulative = hFindings(rd.Cumulative, rd.Round, "c", nil)
	}
	return hr
}

// hRoundExtra is the round's trigger, model and policy, those it has.
func hRoundExtra(rd *Round) []string {
	var extra []string
	if rd.Trigger != "" {
		extra = append(extra, "trigger "+hText(rd.Trigger))
	}
	if rd.Model != "" {
		extra = append(extra, "model "+hText(rd.Model))
	}
	if rd.Policy != "" {
		extra = append(extra, "policy "+rwTruncate(rwOneLine(hText(rd.Policy)), 160))
	}
	return extra
}

// hInvView is one invariant's row of the timeline; it counts it in v's totals.
func hInvView(v *hView, r *Report, inv *Invariant) hInv {
	hi := hInv{
		ID:      hClip(inv.ID, 40),
		Text:    hText(inv.Text),
		Kind:    hText(rwKindLabel(inv.Kind)),
		Origin:  hText(inv.Origin),
		Message: hText(inv.Message),
		Flagged: inv.Flagged,
	}
	if inv.Flagged {
		v.InvFlagged++
	}
	if inv.DroppedInRound != nil {
		v.InvDropped++
		hi.Dropped = strconv.Itoa(*inv.DroppedInRound)
	}
	if inv.RetiredAt != "" || inv.Reason != "" {
		hi.Retired = strings.TrimSpace(hText(inv.RetiredAt) + " " + hText(inv.Reason))
	}
	para := false
	for _, rd := range r.Rounds {
		hi.Cells = append(hi.Cells, hStateCell(inv, rd.Round))
		if s, ok := rwStateIn(inv, rd.Round); ok && s.State == StateParaphrased {
			para = true
		}
	}
	if para {
		v.InvParaphrased++
	}
	return hi
}

// hLostFindings repeats the worst error findings at the top of "What was lost".
func hLostFindings(v *hView, r *Report, index map[*Finding]hFinding) {
	for _, x := range topFindings(r) {
		if x.F.Severity != SevError {
			continue
		}
		if len(v.LostFindings) == htmlLostFindings {
			v.LostMore++
			continue
		}
		v.LostFindings = append(v.LostFindings, index[x.F])
	}
}

// hChecks lists the report's checks in order and counts the failed ones.
func hChecks(v *hView, r *Report) {
	for _, c := range rwOrderChecks(r.Checks) {
		hc := hCheck{Passed: c.Passed, Name: hText(c.Name), Severity: rwSevClass(c.Severity), Detail: hText(c.Detail), Round: "all"}
		if c.Round > 0 {
			hc.Round = strconv.Itoa(c.Round)
		}
		if !c.Passed {
			v.ChecksFailed++
		}
		v.Checks = append(v.Checks, hc)
	}
}

// htmlLostFindings is how many error findings "What was lost" repeats at the top.
const htmlLostFindings = 10

// htmlLostInvariants is how many flagged invariants "What was lost" lists.
const htmlLostInvariants = 8

// hLost lists the flagged invariants worst first (rwFlagged), each with what the
// summary that lost it says instead (when the engine recorded it); more is how many
// more the invariant timeline has.
func hLost(r *Report, all []hInv) (out []hInv, more int) {
	pos := map[*Invariant]int{}
	for i := range r.Invariants {
		pos[&r.Invariants[i]] = i
	}
	for _, inv := range rwFlagged(r) {
		if len(out) == htmlLostInvariants {
			more++
			continue
		}
		hi := all[pos[inv]]
		if inv.DroppedInRound != nil {
			if s, ok := rwStateIn(inv, *inv.DroppedInRound); ok {
				switch {
				case s.Summary != "":
					hi.Became = "the summary says: “" + hText(s.Summary) + "”"
				case s.Detail != "":
					hi.Became = hText(s.Detail)
				}
			}
		}
		out = append(out, hi)
	}
	return out, more
}

func hStateCell(inv *Invariant, round int) hCell {
	s, ok := rwStateIn(inv, round)
	if !ok {
		return hCell{Class: "st-none", Glyph: "–", Label: "", Title: "no state recorded"}
	}
	c := hCell{Class: "st-" + s.State, Glyph: rwStateGlyphs[s.State], Label: hText(s.State)}
	if c.Glyph == "" {
		c.Class, c.Glyph = "st-none", "•"
	}
	switch s.State {
	case StatePending:
		c.Label = "not yet"
	case StateOpaque:
		c.Label = "opaque"
	}
	if s.State == StateDropped && inv.Flagged && inv.DroppedInRound != nil && *inv.DroppedInRound == round {
		c.Class += " st-flagged"
		c.Glyph = "⚑ ✗"
		c.Label = "dropped, no retirement"
	}
	var t []string
	if s.Summary != "" {
		t = append(t, "summary: “"+hText(s.Summary)+"”")
	}
	if s.Detail != "" {
		t = append(t, hText(s.Detail))
	}
	if s.Score > 0 {
		t = append(t, "score "+strconv.FormatFloat(s.Score, 'f', 2, 64))
	}
	c.Title = strings.Join(t, " · ")
	return c
}

func hSurvival(r *Report, cumulative bool) []hSurvRow {
	var out []hSurvRow
	for _, c := range rwSurvivalClasses(r, cumulative) {
		row := hSurvRow{Class: strings.ReplaceAll(hText(string(c)), "_", " "), Critical: rwCriticalClass(c)}
		for i := range r.Rounds {
			rd := &r.Rounds[i]
			cell := hSurvCell{Text: "–", Class: "sv-none"}
			if rd.Opaque {
				cell = hSurvCell{Text: "n/a", Class: "sv-none", Title: "opaque round: not auditable as text"}
			} else if s, ok := rwSurvivalOf(rd, c, cumulative); ok && s.Total > 0 {
				k := s.Kept * 10 / s.Total
				if s.Kept < s.Total && k == 10 {
					k = 9
				}
				ramp := "sg-" // neutral: losing narrative is expected
				if row.Critical {
					ramp = "sv-" // warm: losing an invariant class is a defect
				}
				cell = hSurvCell{
					Text:  fmt.Sprintf("%d/%d", s.Kept, s.Total),
					Class: ramp + strconv.Itoa(k),
					Pct:   s.Kept * 100 / s.Total,
					Title: fmt.Sprintf("%d of %d kept (%d%%)", s.Kept, s.Total, s.Kept*100/s.Total),
				}
			}
			row.Cells = append(row.Cells, cell)
		}
		out = append(out, row)
	}
	return out
}
