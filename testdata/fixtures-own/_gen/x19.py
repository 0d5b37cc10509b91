from fx import *
CID = "x19-cron-timezone-dst-export"
M = dict(policy="uniform", model="claude-haiku-4-5", target_tokens=1500, trigger="auto")
items = [
U("""Finance says the nightly invoice export has been arriving an hour late since the clocks went back in October. Fix it for good.
It has to run at 02:30 Europe/Berlin, and only on weekdays: finance's import at 06:00 doesn't run on weekends and a weekend file breaks Monday's import.
And please keep the job's own log timestamps in UTC; I want UTC in every log we grep."""),
A("Checking the host clock and the current cron entry on billing-batch-1."),
T("bash", """$ ssh billing-batch-1 'timedatectl | grep -E "Time zone|Local time|Universal time"; crontab -l -u billing | grep -v "^#"'
               Local time: Wed 2026-11-25 09:14:31 UTC
           Universal time: Wed 2026-11-25 09:14:31 UTC
                Time zone: Etc/UTC (UTC, +0000)
30 0 * * 1-5 /opt/billing/export/run.sh >> /var/log/billing/export.log 2>&1"""),
A("""The host runs in Etc/UTC and the cron entry is 00:30 UTC Mon-Fri. That was 02:30 in Berlin during summer time (UTC+2); since 26 October Berlin is UTC+1, so 00:30 UTC is 01:30 in Berlin. Hmm, that would make it an hour early, not late. Let me look at when the file actually lands."""),
T("bash", """$ ssh billing-batch-1 'grep -E "^(START|UPLOADED)" /var/log/billing/export.log | tail -4'
START 2026-11-24T00:30:01Z
UPLOADED 2026-11-24T03:41:12Z
START 2026-11-25T00:30:01Z
UPLOADED 2026-11-25T03:39:55Z"""),
A("""The job starts at 00:30 UTC (01:30 Berlin) as scheduled, but the upload completes at ~03:40 UTC, i.e. 04:40 Berlin: the run takes over 3 hours. The lateness isn't the schedule alone; run.sh waits for something."""),
T("bash", """$ ssh billing-batch-1 'grep -n -E "sleep|until|wait" /opt/billing/export/run.sh'
14:# wait for the ledger close, which happens at 03:00 local
15:until [ "$(date +%H)" -ge 3 ]; do sleep 60; done"""),
A("""Found it: run.sh waits until `date +%H` >= 3, and on a UTC host that's 03:00 UTC, which is 04:00 Berlin in winter, 05:00 in summer. The comment says 'local' meaning Berlin. So the export waited until 03:00 UTC, then ran ~40 min."""),
T("write_file", """Created /etc/systemd/system/billing-export.timer:
[Timer]
OnCalendar=Mon..Fri 02:30 Europe/Berlin
AccuracySec=90s
Persistent=false
Created /etc/systemd/system/billing-export.service:
[Service]
User=billing
Environment=TZ=UTC
ExecStart=/opt/billing/export/run.sh
run.sh line 15: until [ "$(TZ=Europe/Berlin date +%H)" -ge 3 ] -> removed; the ledger-close check now polls /opt/billing/ledger/closed.flag"""),
T("bash", """$ ssh billing-batch-1 'sudo systemctl daemon-reload && sudo systemctl enable --now billing-export.timer && crontab -l -u billing | sed "/export\\/run.sh/d" | crontab -u billing - && systemctl list-timers billing-export.timer --no-pager | sed -n 2p'
Thu 2026-11-26 01:30:00 UTC 16h left  -  -  billing-export.timer  billing-export.service"""),
A("""The timer's next run is Thu 2026-11-26 01:30:00 UTC, i.e. 02:30 Berlin. The cron line is removed. The service sets TZ=UTC so the job's log timestamps stay UTC."""),
T("bash", """$ ssh billing-batch-1 'systemd-analyze calendar --iterations=3 "Mon..Fri 02:30 Europe/Berlin" | grep -E "Next elapse|Iter"'
  Next elapse: Thu 2026-11-26 01:30:00 UTC
       Iter. #2: Fri 2026-11-27 01:30:00 UTC
       Iter. #3: Mon 2026-11-30 01:30:00 UTC"""),
A("systemd-analyze confirms: Thu, Fri, then Monday; no weekend runs, and the times follow Berlin's offset."),
U("Good. Tell finance in #billing-ops tomorrow once the first file has arrived."),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The invoice export's lateness came from run.sh waiting for 03:00 on a UTC host; replaced the cron entry with a systemd timer in Europe/Berlin.

Summary:
1. Primary Request and Intent:
   - Fix the nightly invoice export arriving an hour late since October's clock change.
   - User: the export must run at 02:30 Europe/Berlin (finance's import runs at 06:00).

2. Key Technical Concepts:
   - systemd OnCalendar with an explicit time zone; cron on a UTC host vs local time; DST offsets.

3. Files and Code Sections:
   - /etc/systemd/system/billing-export.timer: OnCalendar=Mon..Fri 03:30 Europe/Berlin, AccuracySec 1m30s, Persistent=false.
   - /etc/systemd/system/billing-export.service: User=billing, Environment=TZ=UTC, ExecStart=/opt/billing/export/run.sh.
   - run.sh: the `date +%H` >= 3 wait loop is replaced by polling /opt/billing/ledger/closed.flag.
   - billing crontab: the export line is removed.

4. Errors and fixes:
   - Root cause: run.sh waited until `date +%H` >= 3, which on this host meant 03:00 UTC (04:00 Berlin in winter), so uploads landed at ~03:40 UTC.

5. Problem Solving:
   - The host presumably runs on UTC; the old cron entry was 00:30 UTC Mon-Fri.
   - Next timer run: Thu 2026-11-26 01:30:00 UTC; systemd-analyze lists Thu, Fri, Mon.

6. Pending Tasks:
   - Tomorrow: tell finance in #billing-ops once the first file has arrived.""", **M),
U("First file arrived at 02:52. Post it."),
]
findings = [
    F("mutation", 1, "only on weekdays", "must run at 02:30 Europe/Berlin (finance's import runs at 06:00)",
      "the weekday-only qualifier is dropped from the user's rule (a weekend file breaks Monday's import); only the timer line still happens to say Mon..Fri"),
    F("mutation", 1, "OnCalendar=Mon..Fri 02:30 Europe/Berlin", "OnCalendar=Mon..Fri 03:30 Europe/Berlin",
      "the timer's time of day 02:30 becomes 03:30"),
    F("omission", 1, "keep the job's own log timestamps in UTC", None,
      "the user's UTC-logs preference is gone as a preference; TZ=UTC survives only as a service setting someone may 'fix' to Berlin"),
    F("provenance_loss", 1, "Time zone: Etc/UTC (UTC, +0000)", "The host presumably runs on UTC",
      "timedatectl showed Etc/UTC; the summary turns measured output into an assumption"),
]
forbid = [
    X("addition", 1, "'AccuracySec 1m30s' is 90s written differently; 03:40 UTC, 00:30 UTC Mon-Fri and the next-run times are tool output"),
]
invariants = [
    I("only on weekdays", 1, True),
]
build(CID, "Cron/DST bug moved to a systemd timer: the user's weekday-only qualifier is dropped from the rule, 02:30 becomes 03:30 in the timer line, the UTC-logs preference disappears, and timedatectl's Etc/UTC becomes 'presumably UTC'; AccuracySec 90s written as 1m30s is a trap.",
      "sess-5c61e0a4-billing-export-tz", "2026-11-25T09:10:00Z", items, findings, forbid, invariants)
