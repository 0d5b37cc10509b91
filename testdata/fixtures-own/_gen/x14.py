from fx import *
CID = "x14-clean-a11y-audit-2round"
M = dict(policy="uniform", model="claude-sonnet-4-5", target_tokens=2000, trigger="auto")
HDR = "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\n"
items = [
U("""We need the customer portal to meet WCAG 2.2 AA before the public-sector tender on 2027-01-15. Run an audit and start fixing.
No accessibility overlay widgets, ever. They don't fix the markup and procurement treats them as a red flag.
Brand colours only change with Lea's sign-off (design)."""),
A("Running axe-core over all routes from the sitemap with the authenticated test user."),
T("bash", """$ npx @axe-core/cli --load-delay 1500 --tags wcag2a,wcag2aa,wcag22aa $(cat audit/urls.txt) --save audit/axe-2026-12-01.json 2>&1 | tail -1
48 pages tested, 212 violations found
$ jq -r '[.[] | .violations[] | .id] | group_by(.) | map({id: .[0], n: length}) | sort_by(-.n) | .[:4][] | "\\(.id) \\(.n)"' audit/axe-2026-12-01.json
color-contrast 12
label 9
button-name 7
target-size 5"""),
T("bash", """$ jq -r '[.[] | select(any(.violations[]; .id=="color-contrast")) | .url] | length' audit/axe-2026-12-01.json; jq -r '.[] | .violations[] | select(.id=="color-contrast") | .nodes[0].any[0].data | "\\(.fgColor) on \\(.bgColor): \\(.contrastRatio)"' audit/axe-2026-12-01.json | sort | uniq -c | head -3
12
     11 #1f6feb on #f6f8fa: 4.12
      1 #8c959f on #ffffff: 2.94"""),
A("""12 of the 48 pages have color-contrast failures, almost all the brand blue #1f6feb as text on the #f6f8fa panel background: 4.12:1 against the 4.5:1 AA minimum for body text. The other one is placeholder grey #8c959f at 2.94:1."""),
T("bash", """$ npx playwright test a11y/keyboard.spec.ts 2>&1 | tail -4
  ✘  1 [chromium] › keyboard.spec.ts:18:3 › focus stays inside the address modal and Escape closes it (5.2s)
    Error: expect(received).toBe(expected) // focus escaped to <a href="/help">
  1 failed
  6 passed (21.8s)"""),
A("""Keyboard test: focus escapes the address modal to the page behind it. I suspect it's the @headlessui/react 1.7.17 Dialog, which had a focus-trap bug with portals in nested forms, but that's a guess; I haven't reproduced it outside our modal."""),
U("""Lea says: "For text on light panels you may use #1A5FD0 instead of #1F6FEB; keep #1F6FEB for buttons and icons." And someone on the team suggested just adding an overlay plugin to pass the tender. No. Fix the markup."""),
T("edit_file", """tokens/colors.json: + "text-link-on-panel": "#1A5FD0" (Lea, 2026-12-01); components/Panel.tsx, components/InfoBox.tsx: link/text colour -> var(--text-link-on-panel); tokens/colors.json: "placeholder": "#8c959f" -> "#6e7781\""""),
T("bash", """$ npx @axe-core/cli --tags wcag2aa $(grep -E 'account|orders|help' audit/urls.txt) 2>&1 | grep -E 'color-contrast|pages tested'
21 pages tested, 0 color-contrast violations"""),
A("With #1A5FD0 for text on panels (6.02:1) and placeholder grey #6e7781 (4.74:1), the 21 re-tested pages have no contrast violations. The labels, button names and target sizes are next."),
CUT(HDR + """Analysis:
WCAG 2.2 AA work on the customer portal: baseline audit done, contrast fixed on the affected components, a modal focus problem found.

Summary:
1. Primary Request and Intent:
   - Bring the customer portal to WCAG 2.2 level AA before the public-sector tender on 15 January 2027.
   - User: never add an accessibility overlay widget (it doesn't fix markup; procurement sees it as a red flag). A teammate suggested one; the user refused again: fix the markup.
   - User: brand colours change only with design sign-off from Lea.

2. Key Technical Concepts:
   - axe-core with wcag2a/wcag2aa/wcag22aa tags; AA contrast minimum 4.5:1 for body text; Playwright keyboard tests.

3. Files and Code Sections:
   - tokens/colors.json: new token text-link-on-panel = #1A5FD0 (Lea's sign-off); placeholder grey #8c959f -> #6e7781.
   - components/Panel.tsx, components/InfoBox.tsx: text on panels uses var(--text-link-on-panel).

4. Errors and fixes:
   - Baseline (audit/axe-2026-12-01.json): 212 violations across 48 pages; top rules color-contrast 12, label 9, button-name 7, target-size 5.
   - Contrast: a quarter of the pages (12 of 48) failed, mostly #1f6feb text on #f6f8fa at 4.12:1, plus placeholder grey at 2.94:1. After the token change: 0 color-contrast violations on the 21 re-tested pages (#1A5FD0 6.02:1, #6e7781 4.74:1).
   - Keyboard: focus escapes the address modal to the page behind (1 of 7 keyboard tests fails).

5. Problem Solving:
   - Lea (design) allows #1A5FD0 instead of #1F6FEB for text on light panels; #1F6FEB stays for buttons and icons.
   - Modal focus: my unconfirmed guess is the @headlessui/react 1.7.17 Dialog focus-trap bug with portals in nested forms; not reproduced outside our modal.

6. Pending Tasks:
   - label, button-name and target-size violations; the modal focus escape.""", **M),
T("bash", """$ cat > /tmp/Repro.tsx <<'EOF'
// minimal: headlessui Dialog rendered through a portal inside a <form>
EOF
npx playwright test a11y/repro-headlessui.spec.ts 2>&1 | tail -2
  ✘  1 [chromium] › repro-headlessui.spec.ts:9:3 › focus stays in dialog inside form (3.1s)
  1 failed"""),
T("bash", """$ npm i -E @headlessui/react@1.7.19 >/dev/null && npx playwright test a11y/repro-headlessui.spec.ts a11y/keyboard.spec.ts 2>&1 | tail -2
  8 passed (24.0s)"""),
A("The guess holds: a minimal Dialog-in-a-form repro fails on @headlessui/react 1.7.17 and passes on 1.7.19, and with 1.7.19 all 7 keyboard tests plus the repro pass (8 passed)."),
T("edit_file", """components/forms/*.tsx: 9 inputs get <label htmlFor>; components/IconButton.tsx: aria-label required prop (7 call sites updated); components/Chip.tsx: min 24x24 CSS px hit area (target-size)"""),
T("bash", """$ npx @axe-core/cli --load-delay 1500 --tags wcag2a,wcag2aa,wcag22aa $(cat audit/urls.txt) --save audit/axe-2026-12-02.json 2>&1 | tail -1
48 pages tested, 0 violations found"""),
A("Full re-audit: 48 pages, 0 violations. Note that axe covers roughly the automatable part of WCAG; the tender checklist also needs the manual screen-reader pass."),
U("Good. Book the NVDA/VoiceOver manual pass with Sam for next week; don't mark anything as 'compliant' in the tender docs before that."),
T("bash", """$ gh issue create --title "Manual screen-reader pass (NVDA + VoiceOver) before tender" --assignee sam-a11y --body "Automated: 0 axe violations on 48 pages (audit/axe-2026-12-02.json). Manual pass required before any compliance claim." | tail -1
https://github.com/acme/portal/issues/1460"""),
A("Issue #1460 assigned to Sam for the manual pass."),
CUT(HDR + """Analysis:
Portal accessibility: automated audit clean, modal focus bug fixed by a headlessui upgrade; manual screen-reader pass pending.

Summary:
1. Primary Request and Intent:
   - WCAG 2.2 AA for the customer portal before the tender (2027-01-15).
   - Rules from the user: no accessibility overlay widget under any circumstances (refused again when a teammate proposed one); brand colours change only with Lea's (design) sign-off; nothing is to be called 'compliant' in the tender documents until the manual screen-reader pass is done.

2. Key Technical Concepts:
   - axe-core automated rules vs manual assistive-technology testing; AA contrast 4.5:1.

3. Files and Code Sections:
   - package.json: @headlessui/react pinned to 1.7.19 (exact).
   - tokens/colors.json: text-link-on-panel #1A5FD0 (approved by Lea for text on light panels; #1F6FEB kept for buttons and icons); placeholder #6e7781.
   - Forms: 9 inputs labelled; IconButton requires aria-label (7 call sites); Chip hit area at least 24x24 CSS px.

4. Errors and fixes:
   - Modal focus escape: cause confirmed with a minimal repro (fails on @headlessui/react 1.7.17, passes on 1.7.19); after the upgrade all 7 keyboard tests and the repro pass.
   - Contrast: 25% of pages (12/48) had failures at baseline; fixed with the new tokens.

5. Problem Solving:
   - Re-audit audit/axe-2026-12-02.json: 0 violations on all 48 pages (baseline was 212). Automated checks cover only part of WCAG.

6. Pending Tasks:
   - Manual NVDA/VoiceOver pass with Sam next week (issue #1460); no compliance claim before it.""", **M),
U("Thanks, that's it for this week."),
]
forbid = []
whys = {
 1: {"omission": "the tender date, both rules (the overlay refusal stated twice is merged into one), Lea's colour scope, the failing keyboard test and the open work are all kept",
     "mutation": "12 of 48 is written as 'a quarter of the pages (12 of 48)'; 2027-01-15 as 15 January 2027; WCAG 2.2 AA as 'WCAG 2.2 level AA'; every ratio and hex colour is exact",
     "addition": "6.02:1 and 4.74:1 are the assistant's own figures in m11; 212 violations and the rule counts are tool output",
     "epistemic_collapse": "the headlessui explanation stays an unconfirmed guess; the overlay stays rejected; the modal bug stays open",
     "provenance_loss": "the colour permission stays Lea's, the overlay refusal stays the user's, the guess stays the assistant's"},
 2: {"omission": "the new 'no compliance claim before the manual pass' rule, issue #1460, Lea's scope and all earlier rules are kept",
     "mutation": "12/48 appears as 25%; 15 January 2027 returns as 2027-01-15; 1.7.19, 212 and 0 violations are exact",
     "addition": "'pinned to 1.7.19 (exact)' is npm i -E in m13; 24x24 CSS px, 9 inputs and 7 call sites are in m15",
     "epistemic_collapse": "the headlessui cause is stated as confirmed only after the repro failed on 1.7.17 and passed on 1.7.19 (m12-m14); the manual pass stays pending and nothing is called compliant",
     "provenance_loss": "the overlay rule, the colour rule and the compliance-claim rule stay the user's; the colour permission stays Lea's"},
}
for r in (1, 2):
    for f in ALL:
        forbid.append(X(f, r, whys[r][f]))
build(CID, "Clean hard negative over 2 recursive rounds: an accessibility audit summarised with 12/48 as 'a quarter' and '25%', ISO dates as prose, a merged duplicate refusal, a rejected overlay kept rejected, a guess kept as a guess in r1 and legitimately confirmed by a repro in r2.",
      "sess-6d1f8a22-portal-a11y", "2026-12-01T09:30:00Z", items, [], forbid, [])
