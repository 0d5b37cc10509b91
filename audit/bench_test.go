package audit_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/sessions"
)

// genSession builds a session of n messages and rounds compactions, each summarising
// the previous summary plus its share of the messages: user rules with values, assistant
// findings and failures, multi-line tool output.
func genSession(n, rounds int) *sessions.Session {
	s := &sessions.Session{ID: fmt.Sprintf("bench-%d", n), Path: "bench", Format: sessions.NativeFormat}
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("m%d", i+1)
		var m sessions.Message
		switch i % 4 {
		case 0:
			m = sessions.Message{ID: id, Role: "user", Text: fmt.Sprintf("Never restart worker-%d during the 02:00-04:00 UTC window; keep batch size at %d until ticket OPS-%04d is closed.", i%97, 500+i%300, i%1000)}
		case 1:
			m = sessions.Message{ID: id, Role: "assistant", Text: fmt.Sprintf("Tried raising pool_size to %d on svc-%d; it failed with ETIMEDOUT after 30 s, so I reverted it. My guess is the proxy on port %d drops idle connections.", 10+i%50, i%31, 6000+i%900)}
		case 2:
			m = sessions.Message{ID: id, Role: "tool", Name: "bash", Text: fmt.Sprintf("$ kubectl get pods -n app-%d\nNAME READY STATUS RESTARTS AGE\napi-%d-7f9c 1/1 Running 0 %dh\nworker-%d-5b2d 0/1 CrashLoopBackOff %d 12m\nerror: connection refused to 10.0.%d.%d:5432", i%13, i, i%48, i%97, i%9, i%250, i%250)}
		default:
			m = sessions.Message{ID: id, Role: "assistant", Text: fmt.Sprintf("Version pinned to v%d.%d.%d in requirements.txt; migration %05d applied on staging. Next: verify the replica lag stays under %d ms.", 1+i%3, i%20, i%10, i, 100+i%400)}
		}
		s.Messages = append(s.Messages, m)
	}
	per := n / rounds
	prev := ""
	for r := 1; r <= rounds; r++ {
		var src []string
		if prev != "" {
			src = append(src, prev)
		}
		for i := (r - 1) * per; i < r*per; i++ {
			src = append(src, s.Messages[i].ID)
		}
		var b strings.Builder
		b.WriteString("This session is being continued from a previous conversation.\n\nSummary:\n1. Primary Request and Intent:\n")
		for k := 0; k < 60; k++ {
			i := (r-1)*per + k*per/60
			switch k % 3 {
			case 0:
				fmt.Fprintf(&b, "   - User rule: avoid restarting worker-%d during the nightly window; batch size %d.\n", i%97, 500+i%300)
			case 1:
				fmt.Fprintf(&b, "   - Explored pool_size changes on svc-%d; the proxy on port %d drops idle connections.\n", i%31, 6000+i%900)
			default:
				fmt.Fprintf(&b, "   - Pinned v%d.%d on staging; migration %d applied.\n", 1+i%3, i%20, i)
			}
		}
		id := fmt.Sprintf("c%d", r)
		s.Compactions = append(s.Compactions, sessions.Compaction{ID: id, Round: r, Parent: prev, Sources: src, Summary: b.String(), TargetTokens: 4000})
		prev = id
	}
	s.Index()
	return s
}

func benchAudit(b *testing.B, n int) {
	s := genSession(n, 5)
	if err := sessions.Validate(s, nil); err != nil {
		b.Fatal(err)
	}
	audit.CountTokens("warm up the tokenizer") // its vocabulary loads once per process
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := audit.Run(s, audit.Options{})
		if len(r.Rounds) != 5 {
			b.Fatal("rounds")
		}
	}
}

// BenchmarkAudit20k is the yardstick: 20,000 messages, 5 recursive rounds.
func BenchmarkAudit20k(b *testing.B) { benchAudit(b, 20000) }

// BenchmarkAudit10k and BenchmarkAudit40k show how time grows when messages double.
func BenchmarkAudit10k(b *testing.B) { benchAudit(b, 10000) }
func BenchmarkAudit40k(b *testing.B) { benchAudit(b, 40000) }
