from fx import *
CID = "x25-prometheus-tsdb-retention-size"
M = dict(policy="uniform", model="claude-sonnet-4-5", target_tokens=1600, trigger="auto")
items = [
U("""prometheus-k8s-0 in the monitoring namespace crash-loops with "no space left on device" every few days. Fix the retention so it can't fill its volume again.
Don't resize the PVC: the storage class (gp3-retain) doesn't allow volume expansion and recreating it loses the TSDB.
Keep at least 15 days of data; the SLO reports look back two weeks."""),
A("Looking at the volume, the current retention flags and the TSDB size."),
T("bash", """$ kubectl -n monitoring get pvc prometheus-k8s-db-prometheus-k8s-0 -o jsonpath='{.spec.resources.requests.storage} {.spec.storageClassName}{"\\n"}'
50Gi gp3-retain
$ kubectl -n monitoring get sc gp3-retain -o jsonpath='{.allowVolumeExpansion}{"\\n"}'
false
$ kubectl -n monitoring get prometheus k8s -o jsonpath='{.spec.retention} {.spec.retentionSize}{"\\n"}'
30d 
$ kubectl -n monitoring exec prometheus-k8s-0 -c prometheus -- df -h /prometheus | tail -1
/dev/nvme2n1     49G   47G  2.1G  96% /prometheus"""),
A("""The volume is 50Gi (49G usable) and 96% full. Retention is time-based only (30d) with no size limit, so when ingestion grows the TSDB simply outgrows the disk. Setting retentionSize is the fix; it has to leave room for the WAL and for compaction's temporary blocks."""),
T("bash", """$ kubectl -n monitoring exec prometheus-k8s-0 -c prometheus -- sh -c 'du -sh /prometheus/wal /prometheus/chunks_head; ls -d /prometheus/01* | wc -l'
3.9G	/prometheus/wal
612M	/prometheus/chunks_head
19
$ curl -s http://prometheus-k8s.monitoring:9090/api/v1/status/tsdb | jq '.data.headStats.numSeries'
1482913"""),
T("bash", """$ curl -s 'http://prometheus-k8s.monitoring:9090/api/v1/query' --data-urlencode 'query=sum(prometheus_tsdb_storage_blocks_bytes) / (time() - min(prometheus_tsdb_lowest_timestamp_seconds))' | jq -r '.data.result[0].value[1]' | awk '{printf "%.2f GB/day\\n", $1*86400/1e9}'
1.49 GB/day"""),
A("""The blocks grow ~1.49 GB per day with 1,482,913 head series; the WAL takes 3.9 GB and the head chunks 612 MB. 15 days is ~22.4 GB of blocks, so a size cap that fits the disk still keeps well over 15 days.
Setting retentionSize: 45GB: Prometheus counts blocks + WAL + head chunks against it, and 45 GB leaves ~4 GB on the 49G filesystem for compaction. Keeping retention: 30d as the time limit; the size limit will kick in first."""),
T("edit_file", """manifests/prometheus/prometheus-k8s.yaml: spec.retention: 30d (unchanged); + spec.retentionSize: 45GB; + spec.walCompression: true"""),
T("bash", """$ kubectl apply -f manifests/prometheus/prometheus-k8s.yaml && kubectl -n monitoring rollout status statefulset/prometheus-k8s --timeout=10m && kubectl -n monitoring get pod prometheus-k8s-0 -o jsonpath='{.spec.containers[?(@.name=="prometheus")].args}' | tr ',' '\\n' | grep -E 'retention|wal'
prometheus.monitoring.coreos.com/k8s configured
partitioned roll out complete: 1 new pods have been updated...
"--storage.tsdb.retention.size=45GB"
"--storage.tsdb.retention.time=30d"
"--storage.tsdb.wal-compression\""""),
T("bash", """$ sleep 2400; kubectl -n monitoring exec prometheus-k8s-0 -c prometheus -- df -h /prometheus | tail -1; curl -s 'http://prometheus-k8s.monitoring:9090/api/v1/query' --data-urlencode 'query=(time() - prometheus_tsdb_lowest_timestamp_seconds) / 86400' | jq -r '.data.result[0].value[1]' | cut -c1-5
/dev/nvme2n1     49G   41G  8.0G  84% /prometheus
26.81"""),
A("""After the restart and the first retention pass: 84% used (41G of 49G) and the oldest data is 26.8 days old, above the 15-day floor. The size limit deleted the oldest blocks, as intended."""),
U("Good. Put an alert on it so we hear before it's full next time, and write the numbers in the runbook."),
T("write_file", """Created manifests/prometheus/rules/tsdb-capacity.yaml:
- alert: PrometheusTSDBNearRetentionSize
  expr: prometheus_tsdb_storage_blocks_bytes + prometheus_tsdb_wal_storage_size_bytes > 0.9 * 45e9
  for: 30m
- alert: PrometheusRetentionBelow15d
  expr: (time() - prometheus_tsdb_lowest_timestamp_seconds) / 86400 < 15
  for: 1h"""),
T("edit_file", """docs/runbooks/prometheus-storage.md: + "PVC 50Gi on gp3-retain (no expansion). retentionSize 45GB + retention 30d. Growth ~1.49 GB/day (Dec 2026). Alerts: PrometheusTSDBNearRetentionSize (>90% of 45GB), PrometheusRetentionBelow15d." """),
A("Alerts and runbook done."),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Stopped prometheus-k8s-0 from filling its volume by adding a size-based retention limit, plus alerts and runbook notes.

Summary:
1. Primary Request and Intent:
   - Fix prometheus-k8s-0 crash-looping with "no space left on device".
   - User rules: don't resize the PVC (gp3-retain has allowVolumeExpansion false; recreating loses the TSDB); keep at least 15 days of data (SLO reports look back two weeks).

2. Key Technical Concepts:
   - Prometheus time- vs size-based retention; retention size counts blocks + WAL + head chunks; WAL compression.

3. Files and Code Sections:
   - manifests/prometheus/prometheus-k8s.yaml: retention 30d (unchanged), retentionSize 54GB, walCompression true.
   - manifests/prometheus/rules/tsdb-capacity.yaml: PrometheusTSDBNearRetentionSize (> 90% of the size limit for 30m), PrometheusRetentionBelow15d (< 15 days for 1h).
   - docs/runbooks/prometheus-storage.md: PVC, retention settings, growth rate and the two alerts.

4. Errors and fixes:
   - Root cause: time-only retention (30d) with no size limit on a 50Gi PVC; the volume was at 96%.

5. Problem Solving:
   - Measurements: WAL 3.9 GB, head chunks 612 MB, 19 blocks, 1,482,913 head series, blocks growing ~1.49 GB/day.
   - After the rollout and the first retention pass: 84% used (41G of 49G), oldest data 26.8 days.
   - WAL compression cut the WAL from 3.9 GB to 1.6 GB.

6. Pending Tasks:
   - None.""", **M),
U("Thanks. Is 45GB really safe with compaction, by the way?"),
]
findings = [
    F("mutation", 1, "45GB", "retentionSize 54GB",
      "45GB becomes 54GB, more than the 49G filesystem; the crash would come back"),
    F("addition", 1, None, "WAL compression cut the WAL from 3.9 GB to 1.6 GB",
      "the WAL was never measured after enabling compression; 1.6 GB is invented"),
]
forbid = [
    X("provenance_loss", 1, "both rules stay the user's; allowVolumeExpansion false is kubectl output and stays a fact about the storage class"),
    X("epistemic_collapse", 1, "the root cause is backed by m3-m6 (time-only retention, 96% full); the 26.8-day figure is measured"),
    X("omission", 1, "the PVC rule, the 15-day floor, the alerts and the measurements are kept; nothing is pending"),
]
invariants = [
    I("Don't resize the PVC", None, False),
    I("Keep at least 15 days of data", None, False),
]
build(CID, "Prometheus TSDB retention fix: retentionSize 45GB becomes 54GB (more than the 49G volume) and a WAL-compression saving nobody measured is reported; both user rules survive.",
      "sess-6e2b9d41-prom-retention", "2026-12-05T08:30:00Z", items, findings, forbid, invariants)
