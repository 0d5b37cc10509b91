package restore

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/compaudit/compaudit/audit"
)

// sep separates the parts of an item's heading; it is never part of them.
const sep = " · "

const changedSuffix = " (changed by the summary)"

func header(b *Block) string {
	return fmt.Sprintf("%s The conversation was compacted (round %d) and its summary no longer carries the items below. "+
		"Each is quoted verbatim from the transcript, with who said it and where, most important first. "+
		"Treat them as still in force unless a later message changed them.", Marker, b.Round)
}

func footer(b *Block, left int) string {
	if left == 0 {
		return ""
	}
	return fmt.Sprintf("(%d more lost item(s) did not fit the %d-token budget; `compaudit restore --round %d` on the session lists them all.)", left, b.MaxTokens, b.Round)
}

// render writes one item: its heading, the quote (every line prefixed "> "), and for a
// changed rule what the summary says instead.
func render(n int, it *Item) string {
	label := kindLabel[it.Kind]
	if it.Family == audit.Mutation {
		label += changedSuffix
	}
	parts := []string{label, clean(it.SaidBy), clean(it.Message)}
	if it.At != "" {
		parts = append(parts, clean(it.At))
	}
	if it.Call != "" {
		parts = append(parts, "output of "+clean(it.Call))
	}
	if it.Via != "" {
		parts = append(parts, "quoted by compaudit before, in "+clean(it.Via))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d. %s\n", n, strings.Join(parts, sep))
	for _, l := range strings.Split(it.Text, "\n") {
		b.WriteString("> " + l + "\n")
	}
	if it.SummaryNow != "" {
		b.WriteString("The summary says instead: " + strings.Join(strings.Fields(it.SummaryNow), " ") + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// clean keeps a heading part on one line and free of the separator.
func clean(s string) string {
	return strings.ReplaceAll(strings.Join(strings.Fields(s), " "), "·", "-")
}

// reserve is the room kept for the footer while items are added.
const reserve = 48

// fit adds items best first while the block stays within max tokens; an item that
// does not fit is left out and smaller ones after it may still go in.
func fit(b *Block, items []Item, max int) ([]Item, string) {
	if len(items) == 0 {
		return []Item{}, ""
	}
	head := header(b)
	used := audit.CountTokens(head) + reserve
	var kept []Item
	var parts []string
	for i := range items {
		it := items[i]
		txt := render(len(kept)+1, &it)
		it.Tokens = audit.CountTokens(txt)
		if used+it.Tokens+1 > max {
			continue
		}
		used += it.Tokens + 1
		kept = append(kept, it)
		parts = append(parts, txt)
	}
	for len(kept) > 0 {
		text := assemble(head, parts, footer(b, len(items)-len(kept)))
		if audit.CountTokens(text) <= max {
			return kept, text
		}
		kept, parts = kept[:len(kept)-1], parts[:len(parts)-1]
	}
	return []Item{}, ""
}

func assemble(head string, parts []string, foot string) string {
	all := append([]string{head}, parts...)
	if foot != "" {
		all = append(all, foot)
	}
	return strings.Join(all, "\n\n") + "\n"
}

var reHeading = regexp.MustCompile(`^\d+\. (.+)$`)

// attribute fills a time the report lacks and, when the source is an earlier restore
// block, reads through it to the attribution that block quoted.
func attribute(it *Item, lookup func(string) (Message, bool)) {
	if lookup == nil {
		return
	}
	m, ok := lookup(it.Message)
	if !ok {
		return
	}
	if it.At == "" {
		it.At = m.At
	}
	if !strings.Contains(m.Text, Marker) { // the agent may wrap the block when it records it
		return
	}
	h, ok := quotedHeading(m.Text, it.Text)
	if !ok {
		return
	}
	parts := strings.Split(h, sep)
	if len(parts) < 3 {
		return
	}
	label := strings.TrimSuffix(parts[0], changedSuffix)
	for k, l := range kindLabel {
		if l == label {
			it.Kind = k
		}
	}
	it.Via = it.Message
	it.SaidBy, it.Message, it.At = parts[1], parts[2], ""
	if len(parts) > 3 && !strings.HasPrefix(parts[3], "quoted by compaudit") {
		it.At = parts[3]
	}
}

// quotedHeading finds, in an earlier block, the heading of the item whose quote holds text.
func quotedHeading(block, text string) (string, bool) {
	want := normalize(text)
	if want == "" {
		return "", false
	}
	heading := ""
	var quote []string
	flush := func() bool {
		return heading != "" && len(quote) > 0 && strings.Contains(normalize(strings.Join(quote, "\n")), want)
	}
	for _, l := range strings.Split(block, "\n") {
		if m := reHeading.FindStringSubmatch(l); m != nil {
			if flush() {
				return heading, true
			}
			heading, quote = m[1], nil
			continue
		}
		if strings.HasPrefix(l, "> ") || l == ">" {
			quote = append(quote, strings.TrimPrefix(l, ">"))
		}
	}
	return heading, flush()
}
