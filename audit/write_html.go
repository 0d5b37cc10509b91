package audit

import (
	"fmt"
	"html"
	"io"
)

// WriteHTML writes r as one self-contained HTML file.
// (Placeholder until the full writer lands.)
func WriteHTML(w io.Writer, r *Report) error {
	_, err := fmt.Fprintf(w, "<!doctype html><title>compaudit: %s</title><p>%d rounds</p>\n", html.EscapeString(r.Session), len(r.Rounds))
	return err
}
