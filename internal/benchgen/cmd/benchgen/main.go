// Command benchgen writes a synthetic Claude Code session for benchmarks:
//
//	go run ./internal/benchgen/cmd/benchgen -size 25MB -o /tmp/s25.jsonl
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/compaudit/compaudit/internal/benchgen"
)

func main() {
	size := flag.String("size", "25MB", "file size (KB, MB or GB suffix, powers of 1024)")
	out := flag.String("o", "", "output FILE (required)")
	rounds := flag.Int("rounds", 5, "number of compactions")
	seed := flag.Uint64("seed", 1, "content seed (same seed and size: same bytes)")
	flag.Parse()
	n, err := parseSize(*size)
	if err != nil || *out == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: benchgen -size 25MB -o FILE [-rounds 5] [-seed 1]")
		os.Exit(2)
	}
	st, err := benchgen.WriteFile(*out, benchgen.Options{Size: n, Rounds: *rounds, Seed: *seed})
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchgen:", err)
		os.Exit(1)
	}
	fmt.Printf("%s: %d bytes, %d lines, %d prompts, %d tool calls, %d rounds\n", *out, st.Bytes, st.Lines, st.Prompts, st.Tools, st.Rounds)
}

// parseSize reads "25MB", "512KB", "1GB" or a byte count.
func parseSize(s string) (int64, error) {
	mult := int64(1)
	u := strings.ToUpper(s)
	for _, x := range []struct {
		suf string
		m   int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"B", 1}} {
		if strings.HasSuffix(u, x.suf) {
			u, mult = strings.TrimSuffix(u, x.suf), x.m
			break
		}
	}
	v, err := strconv.ParseFloat(u, 64)
	if err != nil || v <= 0 {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return int64(v * float64(mult)), nil
}
