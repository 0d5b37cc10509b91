package audit

import (
	"github.com/compaudit/compaudit/sessions"
)

// Options tune an audit.
type Options struct {
	// Tool and Version are written into the report.
	Version string
}

// Run audits every compaction round of s. It is deterministic: the same session
// gives the same report.
func Run(s *sessions.Session, opt Options) *Report {
	r := &Report{Schema: Schema, Tool: "compaudit", Version: opt.Version, Session: s.ID, File: s.Path, Format: s.Format, Encoding: "o200k_base", Warnings: append([]string{}, s.Warnings...)}
	if r.Warnings == nil {
		r.Warnings = []string{}
	}
	for _, c := range s.Rounds() {
		r.Rounds = append(r.Rounds, Round{Round: c.Round, ID: c.ID, Parent: c.Parent, Opaque: c.Opaque, Sources: c.Sources, NewMessages: s.NewMessages(c), Findings: []Finding{}})
	}
	return r
}
