package audit

import (
	"fmt"
	"io"
)

// WriteMarkdown writes r as a Markdown report that fits a pull-request comment.
// (Placeholder until the full writer lands.)
func WriteMarkdown(w io.Writer, r *Report) error {
	_, err := fmt.Fprintf(w, "# compaudit: %s\n\n%d rounds\n", r.Session, len(r.Rounds))
	return err
}
