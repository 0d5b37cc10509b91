package perturb

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// LoadCorpus reads every *.txt file of dir as a corpus text named after the file.
func LoadCorpus(dir string) ([]Text, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no corpus texts (*.txt)", dir)
	}
	sort.Strings(files)
	var out []Text
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		out = append(out, Text{Name: strings.TrimSuffix(filepath.Base(f), ".txt"), Body: string(b)})
	}
	return out, nil
}

// Diff renders the change as the lines it touches: "-" the source's, "+" the summary's.
func (c Case) Diff() string {
	ls := strings.LastIndexByte(c.Source[:c.Change.Start], '\n') + 1
	le := len(c.Source)
	if i := strings.IndexByte(c.Source[c.Change.End:], '\n'); i >= 0 {
		le = c.Change.End + i
	}
	shift := len(c.Change.New) - (c.Change.End - c.Change.Start)
	var sb strings.Builder
	for _, l := range strings.Split(c.Source[ls:le], "\n") {
		sb.WriteString("- " + l + "\n")
	}
	for _, l := range strings.Split(c.Summary[ls:le+shift], "\n") {
		sb.WriteString("+ " + l + "\n")
	}
	return sb.String()
}
