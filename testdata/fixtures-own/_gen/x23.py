from fx import *
from opq import token
CID = "x23-opaque-elasticsearch-reindex-2round"
M1 = dict(policy="uniform", model="gpt-5.1-codex", target_tokens=1500, trigger="auto")
M2 = dict(policy="remote", model="gpt-5.1-codex-max", target_tokens=1500, trigger="auto", opaque=True)
items = [
U("""logs-app-2026.11 has `status` mapped as text, so the dashboards can't aggregate on it. Reindex into logs-app-2026.11-v2 with status as keyword, then swap the logs-app-current alias.
Never delete the old index until the alias swap is verified and search QA (Mei) has signed off.
Run the reindex with slices=auto but keep requests_per_second at 5000 or below, the cluster also serves prod search."""),
A("Checking the source index and creating the target with the fixed mapping."),
T("bash", """$ curl -s 'es-prod:9200/logs-app-2026.11/_count' | jq .count; curl -s 'es-prod:9200/logs-app-2026.11/_mapping/field/status' | jq -c '.[].mappings.status.mapping'
12044318
{"status":{"type":"text","fields":{"raw":{"type":"keyword","ignore_above":64}}}}"""),
T("bash", """$ curl -s -XPUT 'es-prod:9200/logs-app-2026.11-v2' -H 'content-type: application/json' -d @mappings/logs-app-v2.json | jq -c .
{"acknowledged":true,"shards_acknowledged":true,"index":"logs-app-2026.11-v2"}"""),
T("bash", """$ curl -s -XPOST 'es-prod:9200/_reindex?slices=auto&requests_per_second=5000&wait_for_completion=false' -H 'content-type: application/json' -d '{"source":{"index":"logs-app-2026.11","size":2000},"dest":{"index":"logs-app-2026.11-v2"}}' | jq -r .task
Xk2pQ9aRT1yq0vZ3mL8c4w:918220114
$ sleep 600; curl -s 'es-prod:9200/_tasks/Xk2pQ9aRT1yq0vZ3mL8c4w:918220114' | jq -c '{completed, created: .task.status.created, failures: (.response.failures[0].cause.type // null), reason: (.response.failures[0].cause.reason // null)}'
{"completed":true,"created":4938170,"failures":"es_rejected_execution_exception","reason":"rejected execution of coordinating operation [coordinating_and_primary_bytes=0, replica_bytes=0, all_bytes=0, coordinating_operation_bytes=41943040, max_coordinating_and_primary_bytes=214748364]"}"""),
A("""The reindex aborted at 4,938,170 of 12,044,318 docs (41%) with es_rejected_execution_exception: with slices=auto (one slice per shard, 12 here) and 2000-doc batches, each bulk request is ~40 MB and the coordinating node's indexing-pressure limit (~205 MB) was exceeded. Retrying with size 500 and the same throttle; the target index keeps what was written, and reindex with op_type=create will skip those."""),
T("bash", """$ curl -s -XPOST 'es-prod:9200/_reindex?slices=auto&requests_per_second=5000&wait_for_completion=false&conflicts=proceed' -H 'content-type: application/json' -d '{"source":{"index":"logs-app-2026.11","size":500},"dest":{"index":"logs-app-2026.11-v2","op_type":"create"}}' | jq -r .task
Xk2pQ9aRT1yq0vZ3mL8c4w:918311502
$ sleep 1500; curl -s 'es-prod:9200/_tasks/Xk2pQ9aRT1yq0vZ3mL8c4w:918311502' | jq -c '{completed, created: .task.status.created, version_conflicts: .task.status.version_conflicts, failures: (.response.failures | length)}'
{"completed":true,"created":7106148,"version_conflicts":4938170,"failures":0}"""),
T("bash", """$ curl -s 'es-prod:9200/logs-app-2026.11-v2/_count' | jq .count
12044318"""),
A("Second run done: 7,106,148 created plus 4,938,170 skipped as already present, 0 failures; the v2 index has 12,044,318 docs, same as the source."),
CUT("""Context checkpoint (auto-compacted). Summary of the work so far:

## Task
Reindex logs-app-2026.11 into logs-app-2026.11-v2 with `status` as keyword, then swap the logs-app-current alias.

## Constraints (user)
- Never delete the old index until the alias swap is verified and search QA (Mei) has signed off.
- slices=auto, requests_per_second at most 5,000 (the cluster also serves prod search).

## Done
- Source: 12,044,318 docs; status was text with a status.raw keyword subfield.
- Created logs-app-2026.11-v2 from mappings/logs-app-v2.json.
- Reindex (slices=auto, 5,000 req/s, batches of 500, op_type=create, conflicts=proceed): 7,106,148 created, 4,938,170 version conflicts (already present), 0 failures. v2 count 12,044,318 matches the source.

## Next
- Swap the logs-app-current alias and verify; then ask Mei for sign-off.""", **M1),
T("bash", """$ curl -s -XPOST 'es-prod:9200/_aliases' -H 'content-type: application/json' -d '{"actions":[{"remove":{"index":"logs-app-2026.11","alias":"logs-app-current"}},{"add":{"index":"logs-app-2026.11-v2","alias":"logs-app-current"}}]}' | jq -c .
{"acknowledged":true,"errors":false}
$ curl -s 'es-prod:9200/_alias/logs-app-current' | jq -c 'keys'
["logs-app-2026.11-v2"]"""),
T("bash", """$ curl -s 'es-prod:9200/logs-app-current/_search?size=0' -H 'content-type: application/json' -d '{"aggs":{"s":{"terms":{"field":"status","size":5}}}}' | jq -c '[.aggregations.s.buckets[] | {key, doc_count}]'
[{"key":"200","doc_count":10418802},{"key":"404","doc_count":911204},{"key":"500","doc_count":402118},{"key":"302","doc_count":288011},{"key":"503","doc_count":24183}]"""),
A("The alias now points only at logs-app-2026.11-v2, and a terms aggregation on status works (200: 10,418,802; 404: 911,204; 500: 402,118 ...). The old index is still there; waiting for Mei."),
U("Mei is out until Thursday. Leave the old index alone until then, and post the verification in #search-qa for her."),
T("bash", """$ ./tools/slack-post '#search-qa' --file /tmp/reindex-verify.md | tail -1
posted ts=1764752033.441209"""),
A("Posted in #search-qa. Old index logs-app-2026.11 untouched pending Mei's sign-off."),
U("Also set the same mapping in the index template so December's index gets it from the start."),
T("bash", """$ curl -s -XPUT 'es-prod:9200/_index_template/logs-app' -H 'content-type: application/json' -d @templates/logs-app.json | jq -c . ; curl -s 'es-prod:9200/_index_template/logs-app' | jq -c '.index_templates[0].index_template.template.mappings.properties.status'
{"acknowledged":true}
{"type":"keyword"}"""),
A("Template logs-app now maps status as keyword; logs-app-2026.12 will be created with it."),
CUT(token("x23-es-reindex"), **M2),
U("It's Thursday, Mei signed off. What's next?"),
]
findings = [
    F("omission", 1, "The reindex aborted at 4,938,170 of 12,044,318 docs (41%)", None,
      "the first run's failure (es_rejected_execution_exception: 2000-doc batches exceeded indexing pressure) is gone; only the successful retry with batches of 500 is described, so the reason not to use 2000 is lost"),
]
forbid = [
    X("mutation", 1, "5000 -> 5,000, 12044318 -> 12,044,318, 7106148 and 4938170 with separators; slices=auto and the index names are exact"),
    X("addition", 1, "'already present' restates the version conflicts of the op_type=create run; every number is tool output"),
    X("epistemic_collapse", 1, "the alias swap and Mei's sign-off stay pending"),
    X("provenance_loss", 1, "both constraints stay the user's; Mei's role as sign-off stays"),
] + [X(f, 2, w) for f, w in [
    ("omission", "round 2 is an encrypted gAAAAA blob; whether the old-index rule survived cannot be read"),
    ("mutation", "no readable value to compare"),
    ("addition", "nothing readable is asserted"),
    ("epistemic_collapse", "no readable status (sign-off pending) to compare"),
    ("provenance_loss", "no readable attribution to compare"),
]]
invariants = [
    I("Never delete the old index until the alias swap is verified", None, False),
    I("keep requests_per_second at 5000 or below", None, False),
    I("es_rejected_execution_exception", 1, True),
]
build(CID, "Elasticsearch reindex over 2 rounds: r1 is a readable Codex checkpoint that drops the failed first reindex run (es_rejected_execution_exception at 41%); r2 is an encrypted gAAAAA blob from a remote compactor that must be reported as opaque with no findings.",
      "sess-2c84f7a0-es-reindex", "2026-12-01T08:05:00Z", items, findings, forbid, invariants, opaque=True)
