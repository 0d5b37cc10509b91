package restore

import (
	"strings"
	"testing"

	"github.com/compaudit/compaudit/audit"
	"github.com/compaudit/compaudit/classify"
)

// TestOverBudgetUserRule: the user's rule that weighs enough for warning but sits at
// info because of the round's budget is restored; anything else the budget held at
// info, and a user's rule that weighs little, is not.
func TestOverBudgetUserRule(t *testing.T) {
	held := func(text, role string, class classify.Class, imp float64, why string) audit.Finding {
		f := omission(audit.SevInfo, class, side(text, "m4", role, class))
		f.Importance, f.Why = imp, why
		return f
	}
	over := "the user's rule; " + audit.BeyondBudget
	r := report("The kiln schedule was updated.",
		held("Never fire the glaze kiln above 1240 °C.", "user", classify.ExactConstraint, 0.5, over),
		held("We chose the slow ramp for the stoneware batch.", "assistant", classify.Decision, 0.5, "the assistant's decision; "+audit.BeyondBudget),
		held("Always log the cone number with each firing.", "user", classify.ExactConstraint, 0.2, "the user's rule"),
	)
	got := texts(build(t, r, Options{}))
	if len(got) != 1 || got[0] != "Never fire the glaze kiln above 1240 °C." {
		t.Errorf("items %q, want only the user's over-budget rule", got)
	}
}

// TestOneQuote: the user's words and an earlier summary's record of them are one item,
// quoting the fuller text in the better place; a short reply inside a longer line is
// its own item.
func TestOneQuote(t *testing.T) {
	it := func(text, role string, rank int) Item {
		return Item{Text: text, Role: role, order: candidateOrder{rank: rank}}
	}
	got := oneQuote([]Item{
		it("keep the cone log for every firing", "user", 1),
		it("Reply: yes please", "assistant", 2),
		it("\"keep the cone log for every firing\" (glaze kiln records)", "summary", 3),
		it("yes please", "user", 4),
	})
	if len(got) != 3 {
		t.Fatalf("kept %d items, want 3: %+v", len(got), got)
	}
	if got[0].Text != "\"keep the cone log for every firing\" (glaze kiln records)" || got[0].order.rank != 1 {
		t.Errorf("first item %+v, want the record's fuller text in the first place", got[0])
	}
}

// TestRenderNamesTheCall: a restored line of tool output says which call printed it.
func TestRenderNamesTheCall(t *testing.T) {
	it := Item{Kind: KindFailure, SaidBy: "tool output", Message: "m2", Call: "Bash(command=helm upgrade billing ./charts/billing)", Text: "Error: UPGRADE FAILED: another operation is in progress"}
	got := render(1, &it)
	if want := "1. Failure record · tool output · m2 · output of Bash(command=helm upgrade billing ./charts/billing)\n> Error: UPGRADE FAILED"; !strings.HasPrefix(got, want) {
		t.Errorf("rendered:\n%s\nwant it to open with:\n%s", got, want)
	}
}
