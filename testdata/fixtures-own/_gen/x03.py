from fx import *
CID = "x03-kafka-consumer-lag-3round"
M = dict(policy="uniform", model="claude-opus-4-1", target_tokens=2200, trigger="auto")
items = [
U("""orders-enricher is falling behind on orders.v2 again; billing's dashboards are 40 minutes stale. Find out why and fix it.
Two things: do not reset offsets on the orders-enricher group, ever. Billing dedups on (partition, offset) and a reset double-charges people.
And consumer config changes go out only in the 22:00-23:00 CET deploy window."""),
A("Starting with the group description and the broker-side topic layout."),
T("bash", """$ kafka-consumer-groups.sh --bootstrap-server kafka-1:9092 --describe --group orders-enricher | awk 'NR==1 || NR<=6' ; kafka-consumer-groups.sh --bootstrap-server kafka-1:9092 --describe --group orders-enricher | awk 'NR>1 {s+=$6} END {print "TOTAL LAG", s}'
GROUP           TOPIC      PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG     CONSUMER-ID
orders-enricher orders.v2  0          88120411        88143002        22591   enricher-7d9f-0
orders-enricher orders.v2  1          87990230        88016114        25884   enricher-7d9f-0
orders-enricher orders.v2  2          88311092        88334410        23318   enricher-7d9f-1
orders-enricher orders.v2  3          88002871        88027305        24434   enricher-7d9f-1
TOTAL LAG 1204331"""),
T("bash", """$ kafka-topics.sh --bootstrap-server kafka-1:9092 --describe --topic orders.v2 | head -1
Topic: orders.v2	TopicId: q1V3xk0aT8mXb2sL9c4eRw	PartitionCount: 48	ReplicationFactor: 3	Configs: min.insync.replicas=2,retention.ms=604800000
$ kubectl -n orders get deploy orders-enricher -o jsonpath='{.spec.replicas}'; echo
12"""),
A("Total lag is 1204331 messages across 48 partitions, 12 consumer pods (4 partitions each). Lag is spread evenly, so it's not one hot partition."),
T("bash", """$ kubectl -n orders logs deploy/orders-enricher --since=1h | grep -E 'poll timeout|Revoking|rebalanc' | tail -5
2026-11-24T14:02:11Z WARN  o.a.k.c.c.i.ConsumerCoordinator - [Consumer clientId=enricher-7d9f-3, groupId=orders-enricher] consumer poll timeout has expired. This means the time between subsequent calls to poll() was longer than the configured max.poll.interval.ms, which typically implies that the poll loop is spending too much time processing messages.
2026-11-24T14:02:11Z INFO  o.a.k.c.c.i.ConsumerCoordinator - [Consumer clientId=enricher-7d9f-3, groupId=orders-enricher] Revoking previously assigned partitions [orders.v2-12, orders.v2-13, orders.v2-14, orders.v2-15]
2026-11-24T14:02:14Z INFO  o.a.k.c.c.i.AbstractCoordinator - [Consumer clientId=enricher-7d9f-0, groupId=orders-enricher] (Re-)joining group
2026-11-24T14:07:40Z WARN  o.a.k.c.c.i.ConsumerCoordinator - [Consumer clientId=enricher-7d9f-8, groupId=orders-enricher] consumer poll timeout has expired.
2026-11-24T14:07:41Z INFO  o.a.k.c.c.i.AbstractCoordinator - [Consumer clientId=enricher-7d9f-8, groupId=orders-enricher] (Re-)joining group"""),
T("bash", """$ grep -rn -E 'max.poll|session.timeout' deploy/orders-enricher/application.yaml
14:      max.poll.records: 500
15:      max.poll.interval.ms: 300000
16:      session.timeout.ms: 45000"""),
A("""Rebalances every five minutes or so, each triggered by 'consumer poll timeout has expired'. With max.poll.records 500 and a 300000 ms poll interval, a batch has 600 ms per record.
Hypothesis, not confirmed: the enrichment call to pricing-svc got slower, batches of 500 now take longer than 300 s, the consumer gets kicked, and the group spends its time rebalancing. I need pricing-svc latency to back that up."""),
T("bash", """$ curl -s 'http://prometheus:9090/api/v1/query' --data-urlencode 'query=histogram_quantile(0.99, sum by (le) (rate(http_client_request_duration_seconds_bucket{client="pricing-svc",app="orders-enricher"}[15m])))' | jq -r '.data.result[0].value[1]'
0.842"""),
A("pricing-svc p99 from the enricher's side is 0.842 s. At 500 records per poll, a batch with many slow calls can exceed 300 s, which is consistent with the hypothesis but doesn't prove it; the batch-duration metric isn't exported."),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Investigating consumer lag of orders-enricher on orders.v2; found periodic rebalances caused by poll timeouts and formed a hypothesis about slow pricing-svc calls.

Summary:
1. Primary Request and Intent:
   - orders-enricher lags on orders.v2 (billing dashboards ~40 min stale); find the cause and fix it.
   - User rule: never reset offsets on the orders-enricher group (billing dedups on partition+offset; a reset double-charges).
   - User rule: consumer config changes only in the 22:00-23:00 CET deploy window.

2. Key Technical Concepts:
   - Consumer group rebalancing, max.poll.interval.ms vs max.poll.records.

3. Files and Code Sections:
   - deploy/orders-enricher/application.yaml: max.poll.records 500, max.poll.interval.ms 300000, session.timeout.ms 45000.

4. Errors and fixes:
   - Logs: 'consumer poll timeout has expired' roughly every 5 minutes, followed by partition revocation and group re-join.

5. Problem Solving:
   - Lag: 1,204,331 messages in total, spread evenly over 24 partitions; 12 consumer pods.
   - Hypothesis (unconfirmed): slower pricing-svc calls make a 500-record batch exceed 300 s, so consumers are kicked and the group keeps rebalancing. pricing-svc p99 seen by the enricher: 0.842 s; no batch-duration metric exists.

6. Pending Tasks:
   - Confirm or reject the hypothesis, then fix within the deploy window.

7. Current Work:
   - Looking for a way to measure batch duration.""", **M),
U("One correction: since the DST switch the deploy window is 21:00-22:00 CET, not 22:00. Also, test on orders-enricher-staging first, it's a copy of the same consumer."),
T("edit_file", """src/main/java/com/acme/enricher/PollLoop.java: + Timer batchTimer = meterRegistry.timer("enricher.batch.duration"); wrap processing of each poll() result in batchTimer.record(...)"""),
T("bash", """$ ./gradlew test -q 2>&1 | tail -2 ; kubectl -n orders-staging set image deploy/orders-enricher-staging app=registry.acme.io/orders-enricher:2026.11.24-batchtimer && kubectl -n orders-staging rollout status deploy/orders-enricher-staging
BUILD SUCCESSFUL in 1m 12s
deployment "orders-enricher-staging" successfully rolled out"""),
T("bash", """$ sleep 900; curl -s 'http://prometheus:9090/api/v1/query' --data-urlencode 'query=max(enricher_batch_duration_seconds_max{namespace="orders-staging"})' | jq -r '.data.result[0].value[1]'
341.7"""),
A("The new timer shows batches up to 341.7 s on staging, over the 300 s max.poll.interval.ms. That confirms the mechanism: slow batches exceed the poll interval and trigger the rebalances."),
U("""Kenji from the platform team says: "Don't go above max.poll.interval.ms 600000, the Strimzi policy rejects it, and keep max.poll.records at 100 or more or the fetch overhead kills the brokers." Fix it within that."""),
T("edit_file", """deploy/orders-enricher-staging/application.yaml: max.poll.records 500 -> 200; max.poll.interval.ms 300000 -> 600000"""),
T("bash", """$ kubectl -n orders-staging rollout restart deploy/orders-enricher-staging && sleep 1200 && kubectl -n orders-staging logs deploy/orders-enricher-staging --since=20m | grep -c 'poll timeout has expired'; curl -s 'http://prometheus:9090/api/v1/query' --data-urlencode 'query=max(enricher_batch_duration_seconds_max{namespace="orders-staging"})' | jq -r '.data.result[0].value[1]'
0
148.2"""),
A("With 200 records per poll and a 600000 ms interval: zero poll timeouts in 20 minutes on staging, max batch 148.2 s."),
T("bash", """$ kubectl -n orders-staging scale deploy/orders-enricher-staging --replicas=24 && sleep 600 && kafka-consumer-groups.sh --bootstrap-server kafka-stg-1:9092 --describe --group orders-enricher-staging | awk 'NR>1 && $7=="-" {n++} END {print n" partitions without consumer"}'
0 partitions without consumer"""),
A("""I also tried 24 replicas on staging to see if more parallelism helps: it doesn't, as expected with 48 partitions the extra pods just split the same partitions and lag drain rate was unchanged (1.9k msg/s both ways). Scaling back to 12."""),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
Confirmed on staging that slow batches exceed max.poll.interval.ms and cause the rebalances; a config with 200 records per poll and a 600000 ms interval removes them. Prod rollout is next, in the deploy window.

Summary:
1. Primary Request and Intent:
   - orders-enricher lags on orders.v2 (billing dashboards ~40 min stale); find the cause and fix it.
   - User rule: never reset offsets on the orders-enricher group (billing dedups on partition+offset; a reset double-charges).
   - User rule: consumer config changes only in the 21:00-22:00 CET deploy window (the user corrected it from 22:00 after the DST switch).
   - User: test on orders-enricher-staging first.

2. Key Technical Concepts:
   - Consumer group rebalancing; max.poll.interval.ms vs max.poll.records; Micrometer timers.

3. Files and Code Sections:
   - PollLoop.java: new timer enricher.batch.duration around each poll() batch (image 2026.11.24-batchtimer, staging only).
   - deploy/orders-enricher-staging/application.yaml: max.poll.records 500 -> 200, max.poll.interval.ms 300000 -> 600000.
   - deploy/orders-enricher/application.yaml (prod): still 500 / 300000.

4. Errors and fixes:
   - Poll timeouts every ~5 minutes in prod, each followed by a rebalance.
   - Scaling staging to 24 replicas did not help: drain rate unchanged at 1.9k msg/s; back to 12.

5. Problem Solving:
   - Cause (confirmed on staging by the new timer): batches of 500 records took up to 341.7 s, over the 300 s poll interval, so consumers were kicked and the group kept rebalancing. pricing-svc p99 0.842 s.
   - With 200/600000 on staging: 0 poll timeouts in 20 minutes, max batch 148.2 s.
   - We capped max.poll.interval.ms at 600000 and keep max.poll.records at 100 or more to protect the brokers.
   - Prod lag before the fix: 1,204,331 messages, spread evenly over 48 partitions; 12 consumer pods.

6. Pending Tasks:
   - Roll 200/600000 to prod in the deploy window; watch lag drain.

7. Current Work:
   - Staging scaled back to 12 replicas.""", **M),
U("Window's open. Roll it to prod. And afterwards open a ticket to add a lag alert at 100k messages; we only noticed this from billing's complaint."),
T("bash", """$ date -u +%H:%M; cp deploy/orders-enricher-staging/application.yaml /tmp/stg.yaml && yq -i '.spring.kafka.consumer.properties."max.poll.records" = 200 | .spring.kafka.consumer.properties."max.poll.interval.ms" = 600000' deploy/orders-enricher/application.yaml && git diff --stat && kubectl -n orders apply -k deploy/orders-enricher && kubectl -n orders rollout status deploy/orders-enricher
20:06
 deploy/orders-enricher/application.yaml | 4 ++--
 1 file changed, 2 insertions(+), 2 deletions(-)
configmap/orders-enricher-config-7k2b9 created
deployment.apps/orders-enricher configured
deployment "orders-enricher" successfully rolled out"""),
T("bash", """$ sleep 1800; kafka-consumer-groups.sh --bootstrap-server kafka-1:9092 --describe --group orders-enricher | awk 'NR>1 {s+=$6} END {print "TOTAL LAG", s}'; kubectl -n orders logs deploy/orders-enricher --since=30m | grep -c 'poll timeout has expired'
TOTAL LAG 38112
0"""),
A("Rolled out at 20:06 UTC (21:06 CET). After 30 minutes: total lag down from 1,204,331 to 38,112 and still draining, zero poll timeouts."),
T("bash", """$ git checkout -qb fix/enricher-poll && git commit -qam "orders-enricher: 200 records per poll, 600s poll interval; batch timer" && gh pr create --fill | tail -1
https://github.com/acme/orders/pull/2291"""),
A("PR #2291 records the config and the batch timer. I haven't opened the lag-alert ticket yet; doing that next."),
CUT("""This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:
Analysis:
The poll-interval fix is live in prod and the orders-enricher lag is draining; the config and the batch timer are in PR #2291.

Summary:
1. Primary Request and Intent:
   - orders-enricher lagged on orders.v2 (billing dashboards ~40 min stale); fix deployed.
   - User rule: never reset offsets on the orders-enricher group (billing dedups on partition+offset; a reset double-charges).
   - User rule: consumer config changes only in the 21:00-22:00 UTC deploy window.
   - User: test on orders-enricher-staging first.

2. Key Technical Concepts:
   - Consumer group rebalancing; max.poll.interval.ms vs max.poll.records; Micrometer timers; kustomize config rollout.

3. Files and Code Sections:
   - PollLoop.java: timer enricher.batch.duration around each poll() batch.
   - deploy/orders-enricher/application.yaml and the staging copy: max.poll.records 200, max.poll.interval.ms 600000.
   - PR https://github.com/acme/orders/pull/2291.

4. Errors and fixes:
   - Poll timeouts every ~5 minutes in prod before the fix, each followed by a rebalance; 0 in the 30 minutes after.
   - Scaling staging to 24 replicas did not help (drain rate unchanged at 1.9k msg/s).

5. Problem Solving:
   - Cause (confirmed on staging): batches of 500 records took up to 341.7 s, over the 300 s poll interval.
   - Staging with 200/600000: 0 poll timeouts, max batch 148.2 s.
   - We capped max.poll.interval.ms at 600000 and keep max.poll.records at 100 or more to protect the brokers.
   - Prod rollout at 20:06 UTC; total lag 1,204,331 -> 38,112 after 30 minutes and still draining.
   - Earlier measurements kept for reference: pricing-svc p99 0.842 s as seen from the enricher; 12 consumer pods in prod; lag had been spread evenly, no hot partition.

6. All user messages:
   - Initial request with the offset rule and the deploy-window rule.
   - Window correction after the DST switch; test on orders-enricher-staging first.
   - Limits on max.poll.interval.ms and max.poll.records.
   - "Window's open. Roll it to prod."

7. Pending Tasks:
   - Watch the remaining lag drain.

8. Current Work:
   - PR #2291 open.""", **M),
U("Ok, I'll check it in the morning."),
]
findings = [
    F("mutation", 1, "PartitionCount: 48", "spread evenly over 24 partitions",
      "orders.v2 has 48 partitions; 24 makes the 24-replica idea look sensible and the 4-per-pod arithmetic wrong"),
    F("provenance_loss", 2, "Don't go above max.poll.interval.ms 600000", "We capped max.poll.interval.ms at 600000",
      "Kenji's (platform team, Strimzi policy) limits become our own choice; that the cap is an external policy is lost"),
    F("mutation", 3, "21:00-22:00 CET deploy window", "21:00-22:00 UTC deploy window",
      "time zone changed: 21:00 CET is 20:00 UTC, so the window moves by an hour"),
    F("omission", 3, "open a ticket to add a lag alert at 100k messages", None,
      "the user's follow-up, explicitly still open in m27, is not among the pending tasks"),
]
forbid = [
    X("epistemic_collapse", 1, "the pricing-svc explanation is kept as 'Hypothesis (unconfirmed)' and the missing batch metric is noted"),
    X("addition", 1, "1,204,331 is the tool's 1204331; 0.842 s, 500/300000/45000 and 12 pods all come from tool output"),
    X("mutation", 2, "the window moves from 22:00-23:00 to 21:00-22:00 CET because the user corrected it in m11; the partition count goes from the parent's 24 back to 48, backed by m21 ('with 48 partitions'); 341.7 s and 148.2 s are exact"),
    X("epistemic_collapse", 2, "the cause is stated as confirmed only after the batch timer measured 341.7 s > 300 s in m14 (legitimate confirmation); the 24-replica attempt stays a failed attempt"),
    X("addition", 2, "1.9k msg/s, the staging image tag and '0 poll timeouts in 20 minutes' come from m18-m21"),
    X("epistemic_collapse", 3, "lag is kept as 'still draining' at 38,112, not declared resolved"),
    X("addition", 3, "20:06 UTC, 38,112 and PR #2291 come from m23-m26"),
]
invariants = [
    I("do not reset offsets on the orders-enricher group", None, False),
    I("consumer config changes go out only in the", 3, True),
    I("Don't go above max.poll.interval.ms 600000", None, False),
    I("test on orders-enricher-staging first", None, False),
    I("I also tried 24 replicas on staging", None, False),
]
d = build(CID, "Kafka consumer lag over 3 recursive, growing rounds: r1 records 48 partitions as 24; r2 credits the platform team's Strimzi limits to 'we' (the user's window correction and the confirmed cause are traps); r3 turns the 21:00-22:00 CET window into UTC and drops the lag-alert ticket follow-up.",
      "sess-5ab8e017-enricher-lag", "2026-11-24T13:40:00Z", items, findings, forbid, invariants)
print([len(c["summary"]) for c in d["compactions"]])
