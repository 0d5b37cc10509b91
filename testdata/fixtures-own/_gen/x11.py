from fx import *
from opq import token
CID = "x11-opaque-game-server-tick-rate"
M = dict(policy="remote", model="gpt-5.1-codex-max", target_tokens=2000, trigger="auto", opaque=True)
items = [
U("""Players on the EU ranked servers report rubber-banding since Tuesday's patch. Look at the arena server (Go) and fix the tick budget.
Never lower the ranked tick rate below 60 Hz; competitive integrity depends on it and it's in the tournament rules.
Don't restart any ranked shard between 18:00 and 23:00 CET, that's peak."""),
A("Pulling per-tick timings from the metrics endpoint on one EU shard."),
T("bash", """$ curl -s http://arena-eu-3:9100/metrics | grep -E '^arena_tick_(duration_seconds_(bucket\\{le="0.0166"\\}|count)|overruns_total)'
arena_tick_duration_seconds_bucket{le="0.0166"} 1893220
arena_tick_duration_seconds_count 2041887
arena_tick_overruns_total 148667"""),
A("7.3% of ticks (148,667 of 2,041,887) overrun the 16.6 ms budget at 60 Hz on arena-eu-3."),
T("bash", """$ go tool pprof -top -nodecount=6 http://arena-eu-3:6060/debug/pprof/profile?seconds=30 2>/dev/null | tail -6
      flat  flat%   sum%        cum   cum%
    2.91s 24.25% 24.25%      3.02s 25.17%  arena/sim.(*World).broadphase
    1.88s 15.67% 39.92%      1.88s 15.67%  runtime.mallocgc
    1.12s  9.33% 49.25%      4.41s 36.75%  arena/net.(*Snapshot).encodeDelta
    0.71s  5.92% 55.17%      0.71s  5.92%  runtime.memmove
    0.64s  5.33% 60.50%      0.64s  5.33%  arena/sim.(*Grid).Query"""),
T("bash", """$ git log --oneline v2.31.0..v2.32.0 -- sim/ net/ | head -4
e41a0c2 sim: rebuild broadphase grid every tick (fix ghost collisions)
9b7d113 net: per-client delta snapshots allocate fresh buffers
3c02f5e net: bump snapshot history to 64"""),
A("""Tuesday's v2.32.0 made the broadphase rebuild its grid every tick and made delta snapshots allocate fresh buffers per client; together they account for ~40% of CPU (broadphase 24.3%, mallocgc 15.7%). Plan: incremental grid updates for moved entities only, and pooled snapshot buffers."""),
T("edit_file", """sim/broadphase.go: rebuild only cells touched by entities whose AABB moved (dirty set); full rebuild every 300 ticks as a safety net
net/snapshot.go: sync.Pool for delta buffers (4 KiB initial), returned after the write completes"""),
T("bash", """$ go test ./sim/... ./net/... 2>&1 | tail -3
ok  	arena/sim	3.418s
ok  	arena/net	1.902s
ok  	arena/sim/ghosts	0.811s"""),
T("bash", """$ go run ./cmd/loadbot -server localhost:7777 -bots 64 -duration 10m -tick 60 2>&1 | tail -3
ticks: 36000  overruns: 0.41%  p99 tick: 14.9ms
allocs/tick: 212 (was 4,870 on v2.32.0)
ghost collisions: 0"""),
A("With 64 bots for 10 minutes at 60 Hz: 0.41% overruns (was ~7%), p99 tick 14.9 ms, allocations per tick from 4,870 to 212, and still 0 ghost collisions, so the fix from e41a0c2 holds."),
U("""Ship it to arena-eu-3 only as a canary. It's 16:40 CET now, so you have time before peak."""),
T("bash", """$ ./deploy.sh canary arena-eu-3 v2.32.1-rc.1 2>&1 | tail -2
arena-eu-3: drained 0 matches, restarted on v2.32.1-rc.1 at 16:52 CET
health: ok (tick_rate=60)"""),
T("bash", """$ sleep 900; curl -s http://arena-eu-3:9100/metrics | grep -E '^arena_tick_(duration_seconds_count|overruns_total)'
arena_tick_duration_seconds_count 53990
arena_tick_overruns_total 302"""),
A("15 minutes of live traffic on the canary: 302 overruns in 53,990 ticks (0.56%), tick rate 60. I'd watch it through peak before rolling to the other EU shards; no more restarts until 23:00 CET."),
U("Agreed. Roll the rest tomorrow morning."),
CUT(token("x11-game-tick"), **M),
U("It's the next morning. How did the canary do overnight?"),
]
forbid = forbid_all(1, "")
whys = {
 "omission": "the compaction is an encrypted gAAAAA blob: reporting the 60 Hz or peak-hours rule as missing would be invented",
 "mutation": "no readable value exists to compare (16.6 ms, 0.56%, v2.32.1-rc.1 are unreadable in the blob)",
 "addition": "nothing in the blob can be read as an assertion",
 "epistemic_collapse": "no readable status (canary still under observation) to compare",
 "provenance_loss": "no readable attribution to compare",
}
for x in forbid:
    x["why"] = whys[x["family"]]
build(CID, "Opaque single round: a Go game server tick-budget fix compacted by a server-side compactor into an encrypted gAAAAA blob; the round must be reported opaque with no findings despite the transcript's tick-rate and peak-hours rules.",
      "sess-a61e0f37-arena-tick", "2026-11-27T15:10:00Z", items, [], forbid, [], opaque=True)
