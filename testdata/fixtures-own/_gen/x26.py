from fx import *
CID = "x26-ffmpeg-transcode-timeouts"
M = dict(policy="uniform", model="gpt-5.1-codex", target_tokens=1500, trigger="auto")
items = [
U("""The transcode workers (clips service) kill about 4% of jobs at the timeout and users see "processing failed". Find out why and fix it.
Renditions stay 1080p/720p/360p. Don't raise the per-job timeout above 90 s: the queue SLA assumes it."""),
A("Looking at the worker config and the failed jobs."),
T("bash", """$ grep -nE 'timeout|preset|maxrate|bufsize|memory' deploy/transcoder/values.yaml
12:  jobTimeoutSeconds: 90
18:  x264Preset: slow
19:  renditions:
20:    - { name: 1080p, maxrate: 4500k, bufsize: 9000k }
21:    - { name: 720p,  maxrate: 2048k, bufsize: 4096k }
22:    - { name: 360p,  maxrate: 700k,  bufsize: 1400k, profile: baseline }
31:  resources: { limits: { cpu: "4", memory: 1536Mi } }
$ kubectl -n clips logs -l app=transcoder --since=6h | grep -c 'killed after 90s'; kubectl -n clips logs -l app=transcoder --since=6h | grep -c 'job done'
211
5093"""),
A("211 of 5,304 jobs (4.0%) in 6 hours were killed at 90 s. The preset is x264 'slow' for all three renditions, encoded sequentially."),
T("bash", """$ kubectl -n clips logs -l app=transcoder --since=6h | grep 'killed after 90s' | grep -oE 'duration=[0-9.]+s' | awk -F= '{gsub("s","",$2); s+=$2; n++} END {print "avg source duration", s/n, "s over", n, "jobs"}'
avg source duration 182.4 s over 211 jobs
$ kubectl -n clips logs -l app=transcoder --since=6h | grep 'job done' | grep -oE 'duration=[0-9.]+s' | awk -F= '{gsub("s","",$2); s+=$2; n++} END {print "avg source duration", s/n, "s over", n, "jobs"}'
avg source duration 38.7 s over 5093 jobs"""),
A("The killed jobs are long clips (avg 182.4 s of source vs 38.7 s for successful ones): with 'slow' and three sequential encodes, anything over ~2.5 minutes can't finish in 90 s on 4 CPUs."),
T("bash", """$ kubectl -n clips exec deploy/transcoder-gpu-canary -- ffmpeg -hide_banner -i /samples/long_182s.mp4 -c:v h264_nvenc -preset p4 -b:v 4500k -f null - 2>&1 | tail -2
[h264_nvenc @ 0x55d0c8a1e2c0] OpenEncodeSessionEx failed: out of memory (10)
Error initializing output stream 0:0 -- Error while opening encoder for output stream #0:0 - maybe incorrect parameters such as bit_rate, rate or width/height"""),
A("""I tried NVENC on the GPU canary node: it fails with 'OpenEncodeSessionEx failed: out of memory (10)'. The canary has a consumer card whose driver caps concurrent NVENC sessions, and the other tenants already hold them. So NVENC is out for now; staying on CPU."""),
T("bash", """$ for p in slow medium veryfast; do /usr/bin/time -f "$p %e s" ffmpeg -v error -i /samples/long_182s.mp4 -filter_complex "[0:v]split=3[a][b][c];[a]scale=-2:1080[o1];[b]scale=-2:720[o2];[c]scale=-2:360[o3]" -map [o1] -c:v libx264 -preset $p -maxrate 4500k -bufsize 9000k -f null - -map [o2] -c:v libx264 -preset $p -maxrate 2048k -bufsize 4096k -f null - -map [o3] -c:v libx264 -preset $p -profile:v baseline -maxrate 700k -bufsize 1400k -f null - ; done 2>&1 | grep -E ' s$'
slow 141.62 s
medium 83.90 s
veryfast 41.37 s"""),
A("""On the 182 s sample, one ffmpeg process producing all three renditions from a single decode: slow 141.6 s, medium 83.9 s, veryfast 41.4 s. Options: medium (just under 90 s for this sample, longer clips still fail) or veryfast (comfortable, ~5-8% larger files at the same maxrate cap)."""),
U("veryfast for the long clips only: source longer than 120 s gets veryfast, the rest stays on slow. And the 360p rendition keeps H.264 baseline no matter what, the old Android boxes in the clinics can't decode main profile."),
T("edit_file", """worker/encode.py: single ffmpeg invocation with split=3 for all renditions; preset = 'veryfast' if probe.duration > 120 else cfg.x264Preset; 360p keeps -profile:v baseline
deploy/transcoder/values.yaml: + longClipPreset: veryfast, longClipThresholdSeconds: 120"""),
T("bash", """$ pytest worker/tests -q 2>&1 | tail -1; helm upgrade transcoder deploy/transcoder -n clips -f deploy/transcoder/values.yaml | grep -E 'STATUS|REVISION'
14 passed in 3.20s
STATUS: deployed
REVISION: 58"""),
T("bash", """$ sleep 3600; kubectl -n clips logs -l app=transcoder --since=1h | grep -c 'killed after 90s'; kubectl -n clips logs -l app=transcoder --since=1h | grep -c 'job done'
0
902"""),
A("First hour on revision 58: 0 jobs killed at the timeout, 902 done. Timeout unchanged at 90 s; memory limit still 1536Mi."),
CUT("""Context checkpoint (auto-compacted). Summary of the work so far:

## Task
clips transcode workers killed ~4% of jobs at the timeout ("processing failed"); fix it.

## Constraints (user)
- Renditions stay 1080p/720p/360p.
- The per-job timeout must not go above 1m30s (the queue SLA assumes it).

## Findings
- 211 of 5,304 jobs killed at the timeout in 6 h; killed jobs average 182.4 s of source vs 38.7 s for completed ones.
- Renditions: 1080p 4500k/9000k, 720p 2,048 kbps max / 4,096 kbps buffer, 360p 700k/1400k; worker limits 4 CPU, 1.5 GiB memory.
- NVENC was considered for the long clips; staying on CPU encoding.
- Single-decode, three-output ffmpeg on the 182 s sample: slow 141.6 s, medium 83.9 s, veryfast 41.4 s.

## Done
- worker/encode.py: one ffmpeg process with split=3; sources longer than 120 s use preset veryfast, the rest keep slow.
- values.yaml: longClipPreset veryfast, longClipThresholdSeconds 120. Tests 14 passed; Helm revision 58 deployed.
- First hour after deploy: 0 killed, 902 done.

## Next
- Watch a full day of jobs.""", **M),
U("Looks good. Anything else you'd change while we're here?"),
]
findings = [
    F("epistemic_collapse", 1, "OpenEncodeSessionEx failed: out of memory (10)", "NVENC was considered for the long clips",
      "NVENC was tried on the GPU canary and failed (session limit); 'considered' invites another attempt"),
    F("omission", 1, "the 360p rendition keeps H.264 baseline no matter what", None,
      "the user's decision (360p stays H.264 baseline no matter what, for the clinics' old Android boxes) has no counterpart; the 360p rendition is listed without its profile"),
]
forbid = [
    X("mutation", 1, "equal values written differently: 90 s -> 1m30s, 2048k/4096k -> 2,048/4,096 kbps, 1536Mi -> 1.5 GiB; 211 of 5,304 (211 + 5093) is the tool's count"),
    X("addition", 1, "5,304 is the sum of the two counts in m3 (211 + 5093); every other number is tool output"),
    X("provenance_loss", 1, "the constraints stay the user's; the 120 s split is the user's choice in m11 and is described as a change, not credited to anyone else"),
]
invariants = [
    I("Don't raise the per-job timeout above 90 s", None, False),
    I("OpenEncodeSessionEx failed: out of memory (10)", 1, True),
    I("Renditions stay 1080p/720p/360p", None, False),
    I("the 360p rendition keeps H.264 baseline no matter what", 1, True),
]
build(CID, "ffmpeg transcode timeouts, Codex checkpoint: the failed NVENC attempt becomes 'considered' and the user's 360p-baseline decision is dropped, while equal values in other units (90 s as 1m30s, 2048k as 2,048 kbps, 1536Mi as 1.5 GiB) are traps for mutation.",
      "sess-8d5e0b13-clips-transcode", "2026-12-06T12:00:00Z", items, findings, forbid, invariants)
