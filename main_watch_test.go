package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuf is a writer the watch goroutine and the test share.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor waits until buf holds want.
func waitFor(t *testing.T, buf *syncBuf, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(buf.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q in:\n%s", want, buf.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestWatchReportsANewCompaction(t *testing.T) {
	all, err := os.ReadFile(hookData + "claude-lost-rule.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(all), "\n")
	cut := 0
	for i, l := range lines {
		if strings.Contains(l, "compact_boundary") {
			cut = i
			break
		}
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "live.jsonl")
	if err := os.WriteFile(file, []byte(strings.Join(lines[:cut], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out syncBuf
	done := make(chan int)
	cfg := watchConfig{target: dir, interval: 20 * time.Millisecond, rescan: 20 * time.Millisecond, ro: restoreOptions{maxTokens: 1500, minSeverity: "warning"}}
	go func() { done <- watch(ctx, cfg, &out, &out) }()
	waitFor(t, &out, "(0 round(s) so far)")
	// the agent compacts: the boundary, the summary and what follows land
	f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(strings.Join(lines[cut:], "")); err != nil {
		t.Fatal(err)
	}
	f.Close()
	waitFor(t, &out, "live.jsonl round 1:")
	cancel()
	if code := <-done; code != exitOK {
		t.Errorf("exit %d", code)
	}
	got := out.String()
	if !strings.Contains(got, "worst: error omission \"Important: never retry POST requests") || !strings.Contains(got, "restore: 1 item(s)") {
		t.Errorf("verdict line:\n%s", got)
	}
	if strings.Count(got, "round 1:") != 1 {
		t.Errorf("round 1 reported more than once:\n%s", got)
	}
}

func TestWatchBadTarget(t *testing.T) {
	if _, errOut, code := cli("watch", filepath.Join(t.TempDir(), "nope.jsonl")); code != exitUsage || !strings.Contains(errOut, "nope.jsonl") {
		t.Errorf("exit %d, %q", code, errOut)
	}
	if _, errOut, code := cli("watch", "--tui", hookData+"claude-lost-rule.jsonl"); code != exitUsage || !strings.Contains(errOut, "terminal") {
		t.Errorf("--tui off a terminal: exit %d, %q", code, errOut)
	}
}
