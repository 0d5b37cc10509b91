// Command mkcorpus copies compaction summaries into the perturbation corpus, trimmed
// to a byte budget by whole lines. It is run by hand (it lives under testdata, so the
// go tool never builds it as part of the module):
//
//	go run ./audit/perturb/testdata/mkcorpus -o audit/perturb/testdata/corpus \
//	    -round last NAME=SESSION.json ...
//
// Each SESSION.json is a native session (real agents' files converted with
// `compaudit convert`). The chosen round's summary is written to NAME.txt.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

type session struct {
	Compactions []struct {
		Round   int    `json:"round"`
		Summary string `json:"summary"`
		Opaque  bool   `json:"opaque"`
	} `json:"compactions"`
}

func main() {
	out := flag.String("o", "", "output folder")
	round := flag.String("round", "first", "which round's summary: first or last")
	budget := flag.Int("budget", 6000, "maximum bytes per text")
	flag.Parse()
	for _, arg := range flag.Args() {
		name, file, ok := strings.Cut(arg, "=")
		if !ok {
			fail(fmt.Errorf("%s: want NAME=FILE", arg))
		}
		text, err := pick(file, *round)
		if err != nil {
			fail(err)
		}
		text = trim(text, *budget)
		if err := os.WriteFile(filepath.Join(*out, name+".txt"), []byte(text), 0o644); err != nil {
			fail(err)
		}
		fmt.Printf("%s\t%d bytes\n", name, len(text))
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "mkcorpus:", err)
	os.Exit(2)
}

func pick(file, round string) (string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	var s session
	if err := json.Unmarshal(b, &s); err != nil {
		return "", fmt.Errorf("%s: %v", file, err)
	}
	var texts []string
	for _, c := range s.Compactions {
		if !c.Opaque && !strings.HasPrefix(c.Summary, "gAAAA") {
			texts = append(texts, c.Summary)
		}
	}
	if len(texts) == 0 {
		return "", fmt.Errorf("%s: no readable summary", file)
	}
	if round == "last" {
		return texts[len(texts)-1], nil
	}
	return texts[0], nil
}

// boilerplate lines of Claude Code's continuation message that carry no content.
var boilerplate = []string{
	"If you need specific details from before compaction",
	"Please continue the conversation from where we left it off",
}

// heading matches a section's first line: the nine-section template's numbered heads,
// markdown headings, Claude Code's Analysis:/Summary: parts and digest tags.
var heading = regexp.MustCompile(`^(#* ?\d+\. [A-Z][A-Za-z ,]+:$|#+ |Analysis:|Summary:|<[a-z_]+>)`)

// block is a run of lines removed or kept together: one line, or a whole fence.
type block struct {
	lines []string
	fence bool
}

func (b block) size() int {
	n := 0
	for _, l := range b.lines {
		n += len(l) + 1
	}
	return n
}

// trim drops boilerplate, fences longer than eight lines, and then the last block of
// the largest section until the text fits the budget, so every section keeps its head.
func trim(text string, budget int) string {
	sections := split(text)
	total := 0
	for _, s := range sections {
		for _, b := range s {
			total += b.size()
		}
	}
	for total > budget {
		big := -1
		for i, s := range sections {
			if len(s) > 1 && (big < 0 || size(s) > size(sections[big])) {
				big = i
			}
		}
		if big < 0 {
			break
		}
		total -= drop(&sections[big])
	}
	var sb strings.Builder
	blank := false
	for _, s := range sections {
		for _, b := range s {
			// runs of blank lines left by the trimming collapse to one
			isBlank := !b.fence && strings.TrimSpace(b.lines[0]) == ""
			if isBlank && blank {
				continue
			}
			blank = isBlank
			for _, l := range b.lines {
				sb.WriteString(l)
				sb.WriteByte('\n')
			}
		}
	}
	return strings.TrimRight(sb.String(), "\n") + "\n"
}

// drop removes the section's last block that is not a blank line (a trailing blank
// line keeps the sections apart) and returns its size.
func drop(s *[]block) int {
	i := len(*s) - 1
	for i > 1 && strings.TrimSpace(strings.Join((*s)[i].lines, "")) == "" {
		i--
	}
	n := (*s)[i].size()
	*s = append((*s)[:i], (*s)[i+1:]...)
	return n
}

func size(s []block) int {
	n := 0
	for _, b := range s {
		n += b.size()
	}
	return n
}

// split groups lines into blocks and blocks into sections (a section starts at a
// heading line); fences of more than eight lines are dropped.
func split(text string) [][]block {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var sections [][]block
	var cur []block
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], " \t")
		if skip(l) {
			continue
		}
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			j := i + 1
			for j < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[j]), "```") {
				j++
			}
			if j-i-1 <= 8 && j < len(lines) {
				cur = append(cur, block{lines: trimRight(lines[i : j+1]), fence: true})
			}
			i = j
			continue
		}
		if heading.MatchString(l) && len(cur) > 0 {
			sections = append(sections, cur)
			cur = nil
		}
		cur = append(cur, block{lines: []string{l}})
	}
	return append(sections, cur)
}

func trimRight(ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = strings.TrimRight(l, " \t")
	}
	return out
}

func skip(l string) bool {
	for _, b := range boilerplate {
		if strings.HasPrefix(l, b) {
			return true
		}
	}
	return false
}
