# Generates sessions/testdata/opencode/: an OpenCode storage folder (legacy JSON layout)
# with DCP plugin state, and an `opencode export` file. IDs follow OpenCode's
# Identifier scheme: 6 bytes of (ms*0x1000+counter) in hex + 14 base62 chars.
import json, os, random, shutil, datetime
random.seed(20261120)
B62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
counter = {"t": 0, "c": 0}
def ident(prefix, ms, descending=False):
    if ms != counter["t"]:
        counter["t"], counter["c"] = ms, 0
    counter["c"] += 1
    now = ms * 0x1000 + counter["c"]
    if descending:
        now = ~now & 0xFFFFFFFFFFFF
    h = (now & 0xFFFFFFFFFFFF).to_bytes(6, "big").hex()
    return prefix + "_" + h + "".join(random.choice(B62) for _ in range(14))

OUT = os.path.dirname(os.path.abspath(__file__))
ROOT = OUT + "/storage"
shutil.rmtree(ROOT, ignore_errors=True)
def write(path, obj):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(json.dumps(obj, indent=2))

PROJECT = "4b0c1e2f9a7d6c5b3a2918f7e6d5c4b3a2918f7e"
CWD = "/home/rin/src/mediakit"
MODEL = {"providerID": "anthropic", "modelID": "claude-sonnet-4-5"}

class Sess:
    def __init__(self, start_ms, title):
        self.t = start_ms
        self.id = ident("ses", start_ms, descending=True)
        self.title = title
        self.msgs = []   # (info, parts)
    def tick(self, s=20):
        self.t += s * 1000
        return self.t
    def part(self, mid, p):
        p = dict(p)
        pid = ident("prt", self.t)
        return {"id": pid, "sessionID": self.id, "messageID": mid, **p}
    def user(self, text, extra_parts=(), synthetic=None):
        t = self.tick(45)
        mid = ident("msg", t)
        info = {"id": mid, "sessionID": self.id, "role": "user", "time": {"created": t},
                "agent": "build", "model": MODEL}
        parts = []
        if text is not None:
            parts.append(self.part(mid, {"type": "text", "text": text, "time": {"start": t, "end": t}}))
        for p in extra_parts:
            parts.append(self.part(mid, p))
        if synthetic:
            parts.append(self.part(mid, {"type": "text", "text": synthetic, "synthetic": True}))
        self.msgs.append((info, parts))
        return info
    def assistant(self, parent, items, summary=False, error=None, finish="stop", mode="build", tokens=None):
        t = self.tick(8)
        mid = ident("msg", t)
        info = {"id": mid, "sessionID": self.id, "role": "assistant", "time": {"created": t},
                "parentID": parent["id"], "modelID": MODEL["modelID"], "providerID": MODEL["providerID"],
                "mode": mode, "agent": mode, "path": {"cwd": CWD, "root": CWD}, "cost": 0.0123,
                "tokens": tokens or {"input": 18211, "output": 412, "reasoning": 0, "cache": {"read": 16020, "write": 1201}}}
        if summary:
            info["summary"] = True
            info["cost"] = 0
        parts = [self.part(mid, {"type": "step-start", "snapshot": "8d1f3c0a2b9e7d6c5f4e3a2b1c0d9e8f7a6b5c4d"})]
        for it in items:
            t = self.tick(6)
            kind = it[0]
            if kind == "text":
                parts.append(self.part(mid, {"type": "text", "text": it[1], "time": {"start": t - 3000, "end": t}}))
            elif kind == "reasoning":
                parts.append(self.part(mid, {"type": "reasoning", "text": it[1], "time": {"start": t - 2000, "end": t},
                                             "metadata": {"anthropic": {"signature": "EqMBCkgIBxABGAIqQH1x9"}}}))
            elif kind == "tool":
                _, tool, inp, out, title = it[:5]
                status = it[5] if len(it) > 5 else "completed"
                call = "toolu_01" + "".join(random.choice(B62) for _ in range(16))
                if status == "completed":
                    state = {"status": "completed", "input": inp, "output": out, "title": title,
                             "metadata": {}, "time": {"start": t - 1500, "end": t}}
                else:
                    state = {"status": "error", "input": inp, "error": out, "time": {"start": t - 1500, "end": t}}
                parts.append(self.part(mid, {"type": "tool", "callID": call, "tool": tool, "state": state}))
        t = self.tick(1)
        if error is None:
            info["time"]["completed"] = t
            info["finish"] = finish
        else:
            info["error"] = error
            info["finish"] = "error"
        parts.append(self.part(mid, {"type": "step-finish", "reason": finish if error is None else "error",
                                     "snapshot": "9e2a4d1b3c0f8e7d6a5b4c3d2e1f0a9b8c7d6e5f", "cost": info["cost"],
                                     "tokens": info["tokens"]}))
        self.msgs.append((info, parts))
        return info
    def save(self, root, layout="current"):
        info = {"id": self.id, "slug": "quiet-harbor", "version": "1.0.134", "projectID": PROJECT, "directory": CWD,
                "title": self.title, "time": {"created": self.msgs[0][0]["time"]["created"], "updated": self.t}}
        write(f"{root}/session/{PROJECT}/{self.id}.json", info)
        for m, parts in self.msgs:
            write(f"{root}/message/{self.id}/{m['id']}.json", m)
            for p in parts:
                write(f"{root}/part/{m['id']}/{p['id']}.json", p)
    def export(self):
        info = {"id": self.id, "slug": "amber-falcon", "version": "1.0.134", "projectID": PROJECT, "directory": CWD,
                "title": self.title, "time": {"created": self.msgs[0][0]["time"]["created"], "updated": self.t}}
        return {"info": info, "messages": [{"info": m, "parts": p} for m, p in self.msgs], "todos": []}

def ms(iso):
    return int(datetime.datetime.fromisoformat(iso.replace("Z", "+00:00")).timestamp() * 1000)

# ---- Session A: native compactions + DCP blocks ------------------------------------
A = Sess(ms("2026-11-20T09:14:00Z"), "Switch thumbnails from ImageMagick to libvips")
u1 = A.user("Thumbnail generation in services/media uses ImageMagick and takes about 900 ms per image. Switch it to libvips through sharp. Keep the output at 256x256 JPEG quality 82: the CDN cache keys depend on it. Do not upgrade Node past 20.11, the deploy image is pinned.")
a1 = A.assistant(u1, [("reasoning", "Read the current thumbnail code first."),
                      ("text", "Let me look at the current implementation."),
                      ("tool", "read", {"filePath": CWD + "/services/media/thumb.js"},
                       "<file>\n00001| const { execFile } = require('child_process')\n00002| // convert -resize 256x256^ -gravity center -extent 256x256 -quality 82\n00003| module.exports = async function thumb(src, dst) {\n</file>", "services/media/thumb.js")], finish="tool-calls")
a2 = A.assistant(u1, [("tool", "bash", {"command": "npm ls sharp", "description": "Check whether sharp is installed"},
                       "mediakit@3.4.0 /home/rin/src/mediakit\n└── sharp@0.33.2", "Check whether sharp is installed"),
                      ("text", "sharp 0.33.2 is already a dependency; it bundles libvips 8.15.")], finish="tool-calls")
a3 = A.assistant(u1, [("tool", "edit", {"filePath": CWD + "/services/media/thumb.js", "oldString": "execFile('convert'", "newString": "sharp(src).resize(256, 256, { fit: 'cover' }).jpeg({ quality: 82 })"}, "", "services/media/thumb.js"),
                      ("tool", "bash", {"command": "npm test -- thumb", "description": "Run thumbnail tests"},
                       "  thumb\n    ✓ resizes to 256x256\n    ✓ keeps JPEG quality 82\n  14 passing (2s)\n  thumbnails: 118 ms avg", "Run thumbnail tests"),
                      ("text", "Tests pass: 14 passing, 118 ms per thumbnail on average (down from about 900 ms).")])
u2 = A.user("Also strip EXIF metadata, except the orientation tag.")
a4 = A.assistant(u2, [("tool", "edit", {"filePath": CWD + "/services/media/thumb.js", "oldString": "sharp(src)", "newString": "sharp(src).rotate()"}, "", "services/media/thumb.js"),
                      ("text", "Done: sharp().rotate() applies the EXIF orientation to the pixels, and sharp drops all other metadata by default because withMetadata() is not called.")])
# DCP compress #1 (message mode over u2..a4)
b1_summary = "The user asked to strip EXIF metadata except orientation. thumb.js now calls sharp(src).rotate(), which bakes the orientation into the pixels; all other metadata is dropped because withMetadata() is not called."
a5 = A.assistant(u2, [("tool", "compress", {"topic": "EXIF stripping", "content": {"startId": "m0004", "endId": "m0005", "summary": b1_summary}},
                       "Compressed 2 messages into block b1.", "Compress: EXIF stripping")])
t_b1 = A.t
u3 = A.user("Run the benchmark on the 500-image fixture set.")
a6 = A.assistant(u3, [("tool", "bash", {"command": "node bench/thumbs.js fixtures/500", "description": "Benchmark thumbnails"},
                       "500 images: p50 112 ms, p95 190 ms, peak RSS 410 MB", "Benchmark thumbnails"),
                      ("text", "Benchmark on 500 images: p50 112 ms, p95 190 ms, peak RSS 410 MB.")])
# DCP compress #2: range b1..m0008, consumes block 1
b2_summary = "(b1)\nBenchmark on fixtures/500 after the switch to sharp: p50 112 ms, p95 190 ms, peak RSS 410 MB."
a7 = A.assistant(u3, [("tool", "compress", {"topic": "EXIF + benchmark", "content": {"startId": "b1", "endId": "m0008", "summary": b2_summary}},
                       "Compressed 3 messages and 1 block into block b2.", "Compress: EXIF + benchmark")])
t_b2 = A.t
# native auto compaction
cu1 = A.user(None, extra_parts=[{"type": "compaction", "auto": True}])
summary1 = """## Goal

Replace ImageMagick with sharp (libvips) for thumbnails in services/media.

## Instructions

- Output must stay 256x256 JPEG, quality 80.
- Strip EXIF except orientation.

## Discoveries

- sharp 0.33.2 was already installed (libvips 8.15).
- Benchmark on 500 images: p50 112 ms, p95 190 ms, peak RSS 410 MB.

## Accomplished

- thumb.js uses sharp(src).rotate().resize(256, 256).jpeg(); 14 tests pass, 118 ms average.

## Relevant files / directories

- services/media/thumb.js"""
s1 = A.assistant(cu1, [("text", summary1)], summary=True, mode="compaction",
                 tokens={"input": 61234, "output": 388, "reasoning": 0, "cache": {"read": 0, "write": 0}})
u4 = A.user("Now open a PR titled 'media: thumbnails via sharp'.")
a8 = A.assistant(u4, [("tool", "bash", {"command": "gh pr create --title 'media: thumbnails via sharp' --fill", "description": "Open the pull request"},
                       "https://git.example.com/rin/mediakit/pull/212", "Open the pull request"),
                      ("text", "Opened PR #212.")])
u5 = A.user("Add a changelog entry under 3.5.0.")
a9 = A.assistant(u5, [("tool", "edit", {"filePath": CWD + "/CHANGELOG.md", "oldString": "## 3.5.0\n", "newString": "## 3.5.0\n\n- Thumbnails are generated with sharp (libvips); about 8x faster.\n"}, "", "CHANGELOG.md"),
                      ("tool", "bash", {"command": "npx markdownlint CHANGELOG.md"}, "CHANGELOG.md:14 MD012/no-multiple-blanks", "Lint changelog", "error"),
                      ("text", "Added the entry; markdownlint flags a double blank line at CHANGELOG.md:14.")])
cu2 = A.user(None, extra_parts=[{"type": "compaction", "auto": False}])
summary2 = """## Goal

Thumbnails via sharp in services/media; PR #212 is open.

## Accomplished

- Changelog entry added under 3.5.0.
- markdownlint reports MD012 at CHANGELOG.md:14 (still to fix).

## Relevant files / directories

- services/media/thumb.js
- CHANGELOG.md"""
s2 = A.assistant(cu2, [("text", summary2)], summary=True, mode="compaction",
                 tokens={"input": 9120, "output": 140, "reasoning": 0, "cache": {"read": 0, "write": 0}})
u6 = A.user("Fix the lint error.")
A.save(ROOT)

def ids_of(*infos):
    return [i["id"] for i in infos]
blocks = {
 "1": {"blockId": 1, "active": False, "deactivatedByUser": False, "compressedTokens": 1840, "topic": "EXIF stripping",
       "startId": "m0004", "endId": "m0005", "anchorMessageId": u2["id"], "compressMessageId": a5["id"],
       "includedBlockIds": [], "consumedBlockIds": [], "parentBlockIds": [2],
       "directMessageIds": ids_of(u2, a4), "directToolIds": [], "effectiveMessageIds": ids_of(u2, a4), "effectiveToolIds": [],
       "createdAt": t_b1, "deactivatedAt": t_b2, "deactivatedByBlockId": 2,
       "summary": "[Compressed conversation section]\n" + b1_summary + "\n\n<dcp-message-id>b1</dcp-message-id>"},
 "2": {"blockId": 2, "active": True, "deactivatedByUser": False, "compressedTokens": 2310, "topic": "EXIF + benchmark",
       "startId": "b1", "endId": "m0008", "anchorMessageId": u2["id"], "compressMessageId": a7["id"],
       "includedBlockIds": [1], "consumedBlockIds": [1], "parentBlockIds": [],
       "directMessageIds": ids_of(a5, u3, a6), "directToolIds": [], "effectiveMessageIds": ids_of(u2, a4, a5, u3, a6), "effectiveToolIds": [],
       "createdAt": t_b2, "summary": "[Compressed conversation section]\n" + b2_summary + "\n\n<dcp-message-id>b2</dcp-message-id>"},
}
dcp = {"sessionName": A.title,
       "prune": {"tools": {},
                 "messages": {"byMessageId": {m: {"tokenCount": 400, "allBlockIds": [1, 2] if m in ids_of(u2, a4) else [2], "activeBlockIds": [2]} for m in ids_of(u2, a4, a5, u3, a6)},
                              "blocksById": blocks, "activeBlockIds": [2], "activeByAnchorMessageId": {u2["id"]: 2}, "nextBlockId": 3}},
       "nudges": {"contextLimitAnchors": [], "turnNudgeAnchors": [], "iterationNudgeAnchors": []},
       "stats": {"pruneTokenCounter": 0, "totalPruneTokens": 4150},
       "lastUpdated": datetime.datetime.fromtimestamp(t_b2 / 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"}
write(f"{ROOT}/plugin/dcp/{A.id}.json", dcp)

# ---- Session B: no completed compaction (a failed attempt only) ----------------------
B = Sess(ms("2026-11-18T16:02:00Z"), "Why is the upload worker leaking file handles")
v1 = B.user("The upload worker runs out of file descriptors after about 6 hours. Investigate.")
B.assistant(v1, [("tool", "bash", {"command": "ls /proc/$(pgrep -f upload-worker)/fd | wc -l"}, "1019", "Count open fds"),
                 ("text", "1019 descriptors are open; the soft limit is 1024.")])
cb = B.user(None, extra_parts=[{"type": "compaction", "auto": True}])
B.assistant(cb, [], summary=True, mode="compaction",
            error={"name": "ContextOverflowError", "data": {"message": "Session too large to compact"}})
v2 = B.user("Check whether the S3 client streams are closed.")
B.save(ROOT)
write(f"{ROOT}/project/{PROJECT}.json", {"id": PROJECT, "worktree": CWD, "vcs": "git", "time": {"created": ms("2026-11-01T08:00:00Z")}})

# ---- Session C (export file): overflow compaction with a replayed prompt -------------
C = Sess(ms("2026-11-21T11:30:00Z"), "Tune the Redis eviction policy")
w1 = C.user("Our Redis cache evicts session keys. Use allkeys-lru only for the cache database 1; database 0 holds sessions and must never evict.")
C.assistant(w1, [("tool", "bash", {"command": "redis-cli CONFIG GET maxmemory-policy"}, "maxmemory-policy\nallkeys-lru", "Read eviction policy"),
                 ("text", "The policy is allkeys-lru instance-wide, so session keys in db 0 are eligible for eviction.")])
w2 = C.user("Split them: move sessions to a second instance on port 6380 with noeviction.")
C.assistant(w2, [("tool", "bash", {"command": "cat deploy/redis-sessions.conf"}, "port 6380\nmaxmemory-policy noeviction\nmaxmemory 2gb", "Read config")],
            error={"name": "ContextOverflowError", "data": {"message": "prompt is too long: 201344 tokens > 200000 maximum"}})
cc = C.user(None, extra_parts=[{"type": "compaction", "auto": True, "overflow": True}])
summary3 = "## Goal\n\nStop Redis from evicting session keys.\n\n## Discoveries\n\n- maxmemory-policy is allkeys-lru for the whole instance, so sessions in db 0 can be evicted.\n\n## Instructions\n\n- Database 0 holds sessions and must never evict."
C.assistant(cc, [("text", summary3)], summary=True, mode="compaction")
w2r = C.user("Split them: move sessions to a second instance on port 6380 with noeviction.")
C.assistant(w2r, [("text", "I'll create deploy/redis-sessions.conf with port 6380 and maxmemory-policy noeviction.")])
os.makedirs(OUT, exist_ok=True)
with open(f"{OUT}/export-overflow.json", "w") as f:
    f.write(json.dumps(C.export(), indent=2) + "\n")
print("A", A.id, "B", B.id, "C", C.id)
