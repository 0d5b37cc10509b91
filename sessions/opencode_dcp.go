package sessions

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// ---- DCP compression records ----------------------------------------------------------

// dcpState is the DCP plugin's persisted state (storage/plugin/dcp/<sessionID>.json).
type dcpState struct {
	Prune struct {
		Messages json.RawMessage `json:"messages"`
	} `json:"prune"`
	CompressSummaries []json.RawMessage `json:"compressSummaries"`
}

type dcpBlock struct {
	BlockID             int      `json:"blockId"`
	Active              bool     `json:"active"`
	Topic               string   `json:"topic"`
	Mode                string   `json:"mode"`
	CompressMessageID   string   `json:"compressMessageId"`
	ConsumedBlockIDs    []int    `json:"consumedBlockIds"`
	EffectiveMessageIDs []string `json:"effectiveMessageIds"`
	EffectiveToolIDs    []string `json:"effectiveToolIds"`
	DirectMessageIDs    []string `json:"directMessageIds"`
	DirectToolIDs       []string `json:"directToolIds"`
	CreatedAt           float64  `json:"createdAt"`
	DeactivatedAt       float64  `json:"deactivatedAt"`
	Summary             string   `json:"summary"`
}

// dcpHeader and the trailing block tag wrap every stored DCP summary.
const dcpHeader = "[Compressed conversation section]"

func dcpCompID(n int) string { return "dcp-b" + strconv.Itoa(n) }

// unwrapDCPSummary removes the header line and the trailing <dcp-message-id> tag.
func unwrapDCPSummary(s string) string {
	t := strings.TrimSpace(s)
	t = strings.TrimSpace(strings.TrimPrefix(t, dcpHeader))
	if i := strings.LastIndex(t, "<dcp-message-id>"); i >= 0 && strings.HasSuffix(t, "</dcp-message-id>") {
		t = strings.TrimSpace(t[:i])
	}
	return t
}

// addDCP adds one compaction per DCP compression block. A block's sources are the
// blocks it consumed plus the messages and tool calls it names that those blocks did
// not already cover. A native compaction made while a block was active summarised the
// block, not its messages, so its sources are rewritten to name the block.
func addDCP(s *Session, b *ocBuild, file string, st *dcpState, msgs []*ocMsg) {
	var blocksByID map[string]dcpBlock
	var wrapped struct {
		BlocksByID map[string]dcpBlock `json:"blocksById"`
	}
	if len(st.Prune.Messages) > 0 && json.Unmarshal(st.Prune.Messages, &wrapped) == nil {
		blocksByID = wrapped.BlocksByID
	}
	if len(blocksByID) == 0 {
		if len(st.CompressSummaries) > 0 {
			s.Warnings = append(s.Warnings, file+": DCP state in the older format (compressSummaries) does not name the messages each summary replaced; its compressions are not imported")
		}
		return
	}
	blocks := make([]dcpBlock, 0, len(blocksByID))
	for _, bl := range blocksByID {
		blocks = append(blocks, bl)
	}
	sort.Slice(blocks, func(i, j int) bool {
		if blocks[i].CreatedAt != blocks[j].CreatedAt {
			return blocks[i].CreatedAt < blocks[j].CreatedAt
		}
		return blocks[i].BlockID < blocks[j].BlockID
	})
	models := map[string]string{}
	for _, m := range msgs {
		models[m.ID] = m.ModelID
	}
	byMessage, byCall := b.byMessage(s), b.byCall()
	covered := map[int]map[string]bool{} // block -> session message ids it covers
	imported := map[int]bool{}
	x := &dcpExpansion{expanded: map[int]string{}, inlined: map[int]int{}}
	for _, bl := range blocks {
		cover := map[string]bool{}
		var unknown []string
		// effective ids include direct ones; a record with only direct ids still counts.
		seenID := map[string]bool{}
		for _, id := range append(append([]string{}, bl.EffectiveMessageIDs...), bl.DirectMessageIDs...) {
			if seenID[id] {
				continue
			}
			seenID[id] = true
			ids, ok := byMessage[id]
			if !ok {
				unknown = append(unknown, id)
			}
			for _, x := range ids {
				cover[x] = true
			}
		}
		for _, id := range append(append([]string{}, bl.EffectiveToolIDs...), bl.DirectToolIDs...) {
			for _, x := range byCall[id] {
				cover[x] = true
			}
		}
		covered[bl.BlockID] = cover
		if len(unknown) > 0 {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s: DCP block b%d names %d message(s) not in the session (%s)", file, bl.BlockID, len(unknown), strings.Join(unknown, ", ")))
		}
		var sources []string
		inherited := map[string]bool{}
		parent := ""
		for _, cb := range bl.ConsumedBlockIDs {
			if !imported[cb] {
				continue
			}
			sources = append(sources, dcpCompID(cb))
			if parent == "" {
				parent = dcpCompID(cb)
			}
			for x := range covered[cb] {
				inherited[x] = true
			}
		}
		for _, m := range s.Messages {
			if cover[m.ID] && !inherited[m.ID] {
				sources = append(sources, m.ID)
			}
		}
		if len(sources) == 0 {
			s.Warnings = append(s.Warnings, fmt.Sprintf("%s: DCP block b%d replaced nothing found in the session; skipped", file, bl.BlockID))
			continue
		}
		summary, warns := expandDCP(unwrapDCPSummary(bl.Summary), bl, x)
		for _, w := range warns {
			s.Warnings = append(s.Warnings, file+": "+w)
		}
		x.expanded[bl.BlockID] = summary
		policy := "dcp compress"
		if bl.Mode != "" {
			policy += " (" + bl.Mode + ")"
		}
		s.Compactions = append(s.Compactions, Compaction{
			ID: dcpCompID(bl.BlockID), Parent: parent, Sources: sources, Summary: summary,
			Opaque: LooksOpaque(summary), Policy: policy, Model: models[bl.CompressMessageID],
			Trigger: "manual", At: msTime(bl.CreatedAt),
		})
		imported[bl.BlockID] = true

		// Native compactions after this block, while it was active, saw the block.
		for _, n := range b.native {
			if n.at <= bl.CreatedAt || (bl.DeactivatedAt > 0 && bl.DeactivatedAt <= n.at) {
				continue
			}
			c := &s.Compactions[n.comp]
			var out []string
			placed := false
			for _, src := range c.Sources {
				if cover[src] {
					if !placed {
						out = append(out, dcpCompID(bl.BlockID))
						placed = true
					}
					continue
				}
				out = append(out, src)
			}
			c.Sources = out
		}
	}
}

// maxDCPExpansion bounds the bytes that expanding DCP block references may add to a
// session's summaries, all blocks together.
var maxDCPExpansion = 64 << 20

// dcpExpansion tracks what expanding a DCP record's references has done so far.
type dcpExpansion struct {
	expanded map[int]string // block -> its summary with references expanded
	inlined  map[int]int    // block -> the block its text was expanded into
	added    int            // bytes the expansions added
	capped   bool
}

// expandDCP expands the "(bN)" references of block bl's summary to the consumed
// blocks' texts, as DCP does when it renders the block for the model, so the audit
// reads the text the model read. Every block's text is expanded once, at its first
// reference, into one block: a second reference (in the same summary or in a later
// block) stays "(bN)" with a warning. A chain of blocks still repeats its ancestry in
// each summary, so the bytes the expansions add are bounded too (maxDCPExpansion):
// past the bound references stay as they are, with a warning. A small file of
// references to references cannot grow into gigabytes.
func expandDCP(summary string, bl dcpBlock, x *dcpExpansion) (string, []string) {
	var warns []string
	done := map[int]bool{}
	for _, cb := range bl.ConsumedBlockIDs {
		text, ok := x.expanded[cb]
		if !ok || done[cb] {
			continue
		}
		done[cb] = true
		ref := "(b" + strconv.Itoa(cb) + ")"
		i := strings.Index(summary, ref)
		if i < 0 {
			continue
		}
		if into, twice := x.inlined[cb]; twice {
			warns = append(warns, fmt.Sprintf("DCP block b%d refers to b%d, whose text is already expanded into b%d; the reference stays as %s", bl.BlockID, cb, into, ref))
			continue
		}
		if x.added+len(text) > maxDCPExpansion {
			if !x.capped {
				x.capped = true
				warns = append(warns, fmt.Sprintf("DCP block references would add more than %s of text; from block b%d on they stay as references", humanBytes(int64(maxDCPExpansion)), bl.BlockID))
			}
			continue
		}
		x.added += len(text)
		summary = summary[:i] + text + summary[i+len(ref):]
		x.inlined[cb] = bl.BlockID
		if strings.Contains(summary[i+len(text):], ref) {
			warns = append(warns, fmt.Sprintf("DCP block b%d refers to b%d more than once; only the first reference is expanded", bl.BlockID, cb))
		}
	}
	return summary, warns
}
