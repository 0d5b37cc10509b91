package classify

import "testing"

// TestPastedProse: a paragraph in the third person, addressed to no one, inside a
// message whose own words speak or ask, is pasted; the user's own long description,
// a lone paragraph, a list, and a paragraph in another script are not. Invented cases.
func TestPastedProse(t *testing.T) {
	review := "The retry budget in scheduler.go at line 88 resets on every tick, so a job that fails fast is retried without bound. " +
		"Because the counter lives in the loop rather than on the job, the cap of five never applies. " +
		"Moving the counter onto the job struct would make the cap hold across ticks and stop the storm."
	cases := []struct {
		name, text string
		want       int // pasted paragraphs
	}{
		{"a review pasted under the user's ask", "can you tell me how hard this is to fix:\n\n" + review, 1},
		{"a lead-in with let's", "let's look at this one:\n\n" + review, 1},
		{"a review pasted above the user's question", review + "\n\nIs this right, and should we fix it now?", 1},
		{"the user's own account in the first person", "can you look at this:\n\nI think the retry budget in scheduler.go resets on every tick, so a job that fails fast is retried without bound. " +
			"We saw it last night when the counter in the loop never reached five and the queue filled up with the same job again and again.", 0},
		{"one impersonal paragraph alone is the user's description", review, 0},
		{"a short impersonal line beside the ask", "please fix this:\n\nThe cap never applies.", 0},
		{"a pasted list is not prose", "what do you make of these?\n\n- the cap never applies in the loop at line 88 of the scheduler when jobs fail fast and retry\n- the counter lives on the loop and not on the job so it resets on every single tick of the clock\n- moving it would fix it", 0},
		{"a lead-in on the pasted comment's own line", "I think this was just fixed, right: " + review, 1},
		{"a lead-in whose rest speaks is the user's own", "quick question about this: I think the retry budget in scheduler.go resets on every tick, so a job that fails fast is retried without bound, and we saw the counter in the loop never reach five last night.", 0},
		{"an item pasted whole, title first", "Retry budget resets on every tick\n\nHigh priority\n\n" + review, 3},
		{"a titled item with a word of the user's is the user's", "Retry budget resets on every tick\n\nI think the counter lives in the loop, so the cap of five never applies and the queue fills with one job.", 0},
		{"a title over a list is not an item of prose", "Open points\n\n- the counter lives in the loop, so the cap never applies\n- the queue fills with the same job again and again", 0},
		{"a terminal's screen pasted under the ask", "this is what the other session did:\n\n❯ make the landing page prettier\n\n⏺ I'll start by reading index.html", 1},
		{"a shell command pasted with its output", "why does this fail?\n\n$ make deploy\nerror: no target", 1},
		{"a prompt quoted mid-paragraph", "the hook fired twice, that seems wrong. The transcript: ❯ make the landing page prettier   ⏺ Reading index.html", 1},
		{"a dollar amount is no prompt", "the invoice says:\n\n$ 40 for the domain, $ 12 for the mailbox", 0},
		// a run of impersonal paragraphs the user then calls someone's feedback
		{"a finding with its list, called feedback", "The glaze scheduler lacks tests for its kiln ramp helpers. The ramp limits are hard-coded and may behave oddly near the edges.\n\nConsider testing:\n\nRamps just under and over the 150 degree step\nKilns with a missing thermocouple reading\nSchedules that span midnight\n\nI think this is fair feedback, but what else could we do?", 3},
		{"the user's own impersonal account and list", "The glaze scheduler stalls after the second ramp. It looks like the lock file in /var/kiln is what causes it, even though no firing is running.\n\nSteps:\n\nStart a firing on kiln 2\nCancel it after the first ramp\nStart another one on kiln 3\n\nCan we debug this and find a fix?", 0},
		{"a paragraph in another script", "この問題を見てください:\n\n" + "スケジューラの再試行予算は毎回リセットされるため、すぐに失敗するジョブは無制限に再試行されます。カウンタがループ内にあるので上限五回が適用されません。カウンタをジョブ構造体に移せば上限が保たれます。これは重大です。", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := len(pastedProse(c.text)); got != c.want {
				t.Errorf("pasted paragraphs = %d, want %d", got, c.want)
			}
		})
	}
}
