package judge

import "github.com/compaudit/compaudit/audit/align"

// The engine's thresholds, in one place. Alignment thresholds are shares of a fact's
// term weight (see package align).
var (
	// Align configures the aligner.
	Align = align.Params{SourceWeight: 0.75, MaxShare: 0.25, MinCommon: 12, TopK: 5}

	// PairScore: a source fact and a summary fact below this score are not a pair.
	PairScore = 0.34
	// PairCover: ... nor when the summary fact holds less than this share of the source.
	PairCover = 0.30
	// PartBack, PartCover: ... unless the summary fact is almost all the source's words
	// (it restates one clause of a longer sentence, "switch to allkeys-lru" of "switch
	// to allkeys-lru, unless ...; those keys ..."), and holds at least PartCover of it.
	PartBack, PartCover = 0.9, 0.2
	// KeptCover: a source fact whose best match (or its top matches together, by
	// UnionCover) holds at least this share of its weight is carried by the summary.
	KeptCover = 0.5
	// TopicCover: an item of a topic list (concepts, files) carries a claim only when it
	// holds this much of it (claimCarriers).
	TopicCover = 0.75
	UnionCover = 0.70
	// UnionBack: a candidate counts towards UnionCover when at least this share of it
	// is the source fact's words.
	UnionBack = 0.3
	// SupportCover: a summary fact whose best source holds at least this share of it
	// is supported.
	SupportCover = 0.6
	// PairRulesOn: pair rules also look at other candidates scoring (or covering) at
	// least this.
	PairRulesOn = 0.45
	// PairRulesBack: ... or a summary fact made mostly of the source's words (at least
	// this share of it): a short line that restates one clause of a long rule.
	PairRulesBack = 0.55
	// MutationBack: a pair whose summary fact holds less than this share of its own
	// weight in the source fact (a short claim against a long sentence that says much
	// else) is too loose to say a value, a polarity or a status changed.
	MutationBack = 0.2
	// ExactCover: ... unless the rule reads its change off the two values alone
	// (rule.Exact) and the summary fact holds at least this share of the source fact:
	// the source's claim is inside a long summary line that packs several.
	ExactCover = 0.6
	// Verbatim: a pair whose coverage is at least this both ways, with the same text,
	// is carried word for word (no pair rule runs on it).
	Verbatim = 0.95
	// Restated: a best match covering at least this both ways restates the source; pair
	// rules then look at it alone.
	Restated = 0.85
	// PartlyCarried scales the strength of an omission whose fact the summary holds
	// only in part (a pair no rule explains, below KeptCover).
	PartlyCarried = 0.6
	// pickWords: a choice made by labels with at most this many terms says nothing
	// of its own beyond the options it picks.
	pickWords = 8
	// SectionBack, SectionCover: an earlier summary's item is carried by an item of the
	// same section that is at least SectionBack its words and holds SectionCover of it.
	SectionBack  = 0.6
	SectionCover = 0.25
	// restateWords: a request of at most this many terms can restate an earlier one.
	restateWords = 4
)
