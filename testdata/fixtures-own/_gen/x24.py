from fx import *
CID = "x24-stripe-refund-backfill"
M = dict(policy="uniform", model="claude-opus-4-1", target_tokens=1800, trigger="auto")
items = [
U("""The November price bug overcharged 612 subscription invoices. Finance approved refunding the difference. Write and run the backfill against Stripe.
- Never refund a charge that has an open dispute; Stripe would double-pay the customer if the dispute is later won by them.
- Every refund call carries the idempotency key refund-nov-<charge_id>, so a rerun can't refund twice.
- Dry run first, and I want to see the total before anything real happens."""),
A("Building the refund list from the billing DB and checking it against Stripe."),
T("bash", """$ psql "$BILLING_RO" -Atc "select count(*), sum(overcharge_cents) from nov_price_bug_invoices"
612|1824075
$ psql "$BILLING_RO" -Atc "select count(*) from nov_price_bug_invoices i join stripe_charges c on c.id = i.charge_id where c.disputed" 
3"""),
A("612 invoices, overcharge total 1,824,075 cents = $18,240.75. 3 of the charges are disputed in our mirror; I'll re-check disputes live against Stripe at run time, since the mirror can lag."),
T("read_file", """docs/vendor/stripe-refunds.md (copied from Stripe's API reference, Refunds)
- You can refund a charge up to its original amount, in one or several partial refunds.
- Charges older than 180 days can't be refunded through the API; the request fails with charge_expired_for_refund.
- Idempotency keys are stored for 24 hours; a retry with the same key returns the original result."""),
T("write_file", """Created scripts/refund_nov_price_bug.py:
- loads nov_price_bug_invoices; per row: retrieve charge (expand dispute) -> skip if dispute and dispute.status not in ('won','lost') ... actually skip on ANY dispute object
- stripe.Refund.create(charge=..., amount=overcharge_cents, reason='requested_by_customer', metadata={'batch': 'nov-price-bug'}, idempotency_key=f'refund-nov-{charge_id}')
- --dry-run prints what it would do; --concurrency N (default 4); writes results to out/refunds_nov.csv"""),
T("bash", """$ python scripts/refund_nov_price_bug.py --dry-run | tail -4
would refund: 609 charges, 1,818,241 cents ($18,182.41)
skip (dispute): 3 charges (ch_3OaQ..., ch_3OaT..., ch_3ObA...), 5,834 cents
skip (older than 180 days): 0
idempotency keys: refund-nov-<charge_id> (609 unique)"""),
A("Dry run: 609 refunds totalling $18,182.41; the 3 disputed charges ($58.34) are skipped; none older than 180 days. Waiting for your go."),
U("Go. Use concurrency 25, it's 600 calls, I don't want to wait."),
T("bash", """$ python scripts/refund_nov_price_bug.py --concurrency 25 2>&1 | tail -5
refunded: 595 charges, 1,776,602 cents
errors: 14 (rate_limit: Request rate limit exceeded. You made too many requests in a short period of time.)
skipped (dispute): 3
results: out/refunds_nov.csv
exit status 1"""),
A("""595 refunds went through; 14 failed with Stripe's rate_limit error at concurrency 25 (test-mode limits are lower, but live mode also throttles bursts on refunds). Retrying only the 14 failures with concurrency 4; the idempotency keys make a retry safe."""),
T("bash", """$ python scripts/refund_nov_price_bug.py --only-failed out/refunds_nov.csv --concurrency 4 2>&1 | tail -3
refunded: 14 charges, 41,639 cents
errors: 0
results: out/refunds_nov.csv (updated)"""),
T("bash", """$ python - <<'EOF'
import csv; r=[x for x in csv.DictReader(open('out/refunds_nov.csv'))]
ok=[x for x in r if x['status']=='succeeded']; print(len(ok), sum(int(x['amount']) for x in ok), len({x['refund_id'] for x in ok}))
EOF
609 1818241 609"""),
A("All 609 refunds succeeded, 1,818,241 cents ($18,182.41) in 609 distinct refunds, so no double refunds. The 3 disputed charges remain for finance to handle by hand."),
U("Write the summary for finance in docs/finance/nov-price-bug-refunds.md. The 3 disputed ones are for Lukas to handle after the disputes close."),
T("write_file", """Created docs/finance/nov-price-bug-refunds.md:
- Affected invoices: 612; overcharge $18,240.75
- Refunded via API: 609 charges, $18,182.41 (batch nov-price-bug, idempotency keys refund-nov-<charge_id>)
- Skipped (open dispute): 3 charges, $58.34 -> Lukas, after the disputes close"""),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Refunded the November price-bug overcharges through the Stripe API; 3 disputed charges left for Lukas.

Summary:
1. Primary Request and Intent:
   - Refund the November price-bug overcharges (612 subscription invoices, approved by finance) via Stripe.
   - User rules: never refund a charge with an open dispute; every refund uses idempotency key refund-nov-<charge_id>; dry run first and show the total before real refunds.

2. Key Technical Concepts:
   - Refunds up to the original amount; idempotency keys are kept for 24 hours.
   - We don't refund charges older than 180 days (such requests fail with charge_expired_for_refund).

3. Files and Code Sections:
   - scripts/refund_nov_price_bug.py: live dispute check per charge, Refund.create with amount = overcharge, metadata batch nov-price-bug, idempotency key; --dry-run, --concurrency, --only-failed; results in out/refunds_nov.csv.
   - docs/finance/nov-price-bug-refunds.md: summary for finance.

4. Errors and fixes:
   - The 3 charges with open disputes were skipped by the live dispute check, as intended.

5. Problem Solving:
   - Overcharge total: 612 invoices, $18,420.75.
   - Dry run: 609 refunds ($18,182.41), 3 disputed charges ($58.34) skipped, none older than 180 days.
   - Live: all 609 refunds succeeded, 1,818,241 cents in 609 distinct refunds (no duplicates).

6. Pending Tasks:
   - The 3 disputed charges: Lukas handles them after the disputes close.""", **M),
U("Finance wants the same for the EU account next week. Anything I should know before we run it there?"),
]
findings = [
    F("mutation", 1, "$18,240.75", "612 invoices, $18,420.75",
      "overcharge total $18,240.75 becomes $18,420.75 (it also no longer reconciles with $18,182.41 + $58.34)"),
    F("provenance_loss", 1, "Charges older than 180 days can't be refunded through the API", "We don't refund charges older than 180 days",
      "an API limit from Stripe's reference becomes what reads as our own refund policy"),
    F("omission", 1, "14 (rate_limit: Request rate limit exceeded", None,
      "the failed concurrency-25 run (14 rate_limit errors, retried at concurrency 4) is gone; the EU run next week is exactly where it matters"),
]
forbid = [
    X("addition", 1, "1,818,241 cents, $18,182.41, $58.34 and 609 distinct refunds are tool output; 'approved by finance' is the user's m1"),
    X("epistemic_collapse", 1, "the disputed charges stay open for Lukas; the successes are backed by the CSV check"),
]
invariants = [
    I("Never refund a charge that has an open dispute", None, False),
    I("Every refund call carries the idempotency key", None, False),
    I("Dry run first", None, False),
    I("errors: 14 (rate_limit", 1, True),
]
build(CID, "Stripe refund backfill: the $18,240.75 overcharge total becomes $18,420.75, Stripe's 180-day refund limit loses its source, and the failed concurrency-25 run (14 rate_limit errors) disappears just before the same backfill runs on another account.",
      "sess-c0f81a37-nov-refunds", "2026-12-02T15:30:00Z", items, findings, forbid, invariants)
