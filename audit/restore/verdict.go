package restore

import (
	"fmt"
	"strings"

	"github.com/compaudit/compaudit/audit"
)

// Verdict is one round's outcome in a line: what the hook logs and watch prints.
type Verdict struct {
	Round      int            `json:"round"`
	Compaction string         `json:"compaction"`
	Opaque     bool           `json:"opaque"`
	Findings   int            `json:"findings"`
	ByFamily   map[string]int `json:"by_family"`
	BySeverity map[string]int `json:"by_severity"`
	Worst      *Worst         `json:"worst,omitempty"`
	// Restored counts the block's items; RestoreTokens its size.
	Restored      int `json:"restored"`
	LeftOut       int `json:"left_out,omitempty"`
	RestoreTokens int `json:"restore_tokens"`
}

// Worst is the round's most important finding, its text cut to a line.
type Worst struct {
	ID       string `json:"id,omitempty"`
	Family   string `json:"family"`
	Severity string `json:"severity"`
	Class    string `json:"class"`
	Text     string `json:"text"`
	Message  string `json:"message,omitempty"`
}

// worstTextRunes caps the worst finding's text in a verdict.
const worstTextRunes = 160

// VerdictOf sums up round rd and its restore block b (b may be nil).
func VerdictOf(rd *audit.Round, b *Block) Verdict {
	v := Verdict{Round: rd.Round, Compaction: rd.ID, Opaque: rd.Opaque, Findings: len(rd.Findings),
		ByFamily: rd.Counts.ByFamily, BySeverity: rd.Counts.BySeverity}
	if b != nil {
		v.Restored, v.LeftOut, v.RestoreTokens = len(b.Items), b.LeftOut, b.Tokens
	}
	if f := WorstFinding(rd); f != nil {
		side := f.Source
		if side == nil {
			side = f.Summary
		}
		w := &Worst{ID: f.ID, Family: f.Family, Severity: f.Severity, Class: string(f.Class)}
		if side != nil {
			w.Text, w.Message = cut(strings.Join(strings.Fields(side.Text), " "), worstTextRunes), side.Message
		}
		v.Worst = w
	}
	return v
}

// WorstFinding is the round's most important finding: the report's rank, then
// importance, then severity, then report order (nil when there is none).
func WorstFinding(rd *audit.Round) *audit.Finding {
	var best *audit.Finding
	for i := range rd.Findings {
		f := &rd.Findings[i]
		if best == nil || worse(f, best) {
			best = f
		}
	}
	return best
}

func worse(a, b *audit.Finding) bool {
	if (a.Rank > 0) != (b.Rank > 0) {
		return a.Rank > 0
	}
	if a.Rank != b.Rank {
		return a.Rank < b.Rank
	}
	if a.Importance != b.Importance {
		return a.Importance > b.Importance
	}
	return audit.SeverityRank(a.Severity) > audit.SeverityRank(b.Severity)
}

// Line renders the verdict on one line (the caller makes it safe for a terminal).
func (v Verdict) Line() string {
	if v.Opaque {
		return fmt.Sprintf("round %d: summary is encrypted, nothing to compare", v.Round)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "round %d: %d finding(s)", v.Round, v.Findings)
	var sev []string
	for _, s := range []string{audit.SevError, audit.SevWarning} {
		if n := v.BySeverity[s]; n > 0 {
			sev = append(sev, fmt.Sprintf("%d %s", n, s))
		}
	}
	if len(sev) > 0 {
		b.WriteString(" (" + strings.Join(sev, ", ") + ")")
	}
	if v.Worst != nil && audit.SeverityRank(v.Worst.Severity) >= audit.SeverityRank(audit.SevWarning) {
		fmt.Fprintf(&b, "; worst: %s %s %q", v.Worst.Severity, v.Worst.Family, v.Worst.Text)
		if v.Worst.Message != "" {
			b.WriteString(" (" + v.Worst.Message + ")")
		}
	}
	if v.Restored > 0 {
		fmt.Fprintf(&b, "; restore: %d item(s), %d tokens", v.Restored, v.RestoreTokens)
		if v.LeftOut > 0 {
			fmt.Fprintf(&b, ", %d left out", v.LeftOut)
		}
	} else {
		b.WriteString("; nothing to restore")
	}
	return b.String()
}

func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
