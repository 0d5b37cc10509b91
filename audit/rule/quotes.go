package rule

import "strings"

// Quotations are the quoted stretches of a text ("...", “...”); an unclosed
// quotation runs to the end.
func Quotations(s string) []string {
	var out []string
	for _, pair := range [][2]string{{"\"", "\""}, {"“", "”"}} {
		rest := s
		for {
			i := strings.Index(rest, pair[0])
			if i < 0 {
				break
			}
			rest = rest[i+len(pair[0]):]
			j := strings.Index(rest, pair[1])
			if j < 0 {
				out = append(out, rest)
				break
			}
			out = append(out, rest[:j])
			rest = rest[j+len(pair[1]):]
		}
	}
	return out
}

// QuotesOther reports whether summary fact k is mostly a quotation (a message quoted
// word for word, as a summary's "All user messages" list holds them) whose words some
// source fact or tool line holds and source fact i does not: the summary fact is that
// other party's words, so it cannot be i's claim changed.
func (r *Round) QuotesOther(k, i int) bool {
	r.quOnce.Do(r.findQuoted)
	if len(r.quoted[k]) == 0 {
		return false
	}
	low := strings.ToLower(r.Src[i].Text)
	for _, piece := range r.quoted[k] {
		if !strings.Contains(low, piece) {
			return true
		}
	}
	return false
}

// findQuoted finds, once a round, each summary fact's quoted pieces that make most of
// it and that some source fact or tool line holds (lower-case).
func (r *Round) findQuoted() {
	r.quoted = make([][]string, len(r.Sum))
	for k := range r.Sum {
		g := &r.Sum[k]
		for _, q := range Quotations(g.Text) {
			piece := longestPiece(q)
			if len(piece) < 16 || 5*len(q) < 3*len(strings.TrimSpace(g.Text)) || !r.Mentions(piece) {
				continue
			}
			r.quoted[k] = append(r.quoted[k], strings.ToLower(piece))
		}
	}
}

// QuotePieces are the stretches of a quotation between elisions ("...", "…") and the
// writer's insertions in square brackets ("Implement the plan: [a plan for the
// logging fix]"), trimmed: each is the speaker's words as they were.
func QuotePieces(q string) []string {
	ps := strings.FieldsFunc(strings.ReplaceAll(withoutInsertions(q), "...", "…"), func(r rune) bool { return r == '…' })
	for i := range ps {
		ps[i] = strings.TrimSpace(ps[i])
	}
	return ps
}

// longestPiece is the longest of a quotation's pieces.
func longestPiece(q string) string {
	best := ""
	for _, p := range QuotePieces(q) {
		if len(p) > len(best) {
			best = p
		}
	}
	return best
}

// withoutInsertions puts an elision where q has a bracketed insertion ("[...]" that is
// no Markdown link's text, which "(" follows).
func withoutInsertions(q string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(q, '[')
		if i < 0 {
			break
		}
		j := strings.IndexByte(q[i:], ']')
		if j < 0 || i+j+1 < len(q) && q[i+j+1] == '(' {
			b.WriteString(q[:i+1])
			q = q[i+1:]
			continue
		}
		b.WriteString(q[:i])
		b.WriteString("…")
		q = q[i+j+1:]
	}
	b.WriteString(q)
	return b.String()
}
