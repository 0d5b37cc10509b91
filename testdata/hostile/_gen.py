#!/usr/bin/env python3
"""Writes the hostile corpus: small files that try to break compaudit's readers, its
printers and its writers. Run from this folder: python3 _gen.py. main_hostile_test.go
runs every command on every file (and adds the big and special ones it generates: a
50 MB line, a million lines, FIFOs, devices, symlink loops, hostile file names).

Each file is a case; its name says what it tries. Nothing here asserts findings: the
test checks only safety (exit 0, 1 or 2, one located line on error, no panic, input
unchanged, no raw control byte on stdout or stderr)."""
import json, os, shutil, sqlite3

OUT = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(OUT, "..", "..")

ESC = "\x1b]0;pwned\x07\x1b[2J\x1b[31m"
BIDI = "\u202e\u2066\u200b"
C1 = "\u009b31m\u0085\u009d0;x\u009c"


def write(name, data):
    p = os.path.join(OUT, name)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    with open(p, "wb") as f:
        f.write(data)


def native(messages=None, compactions=None, **extra):
    doc = {"compaudit": "session/v1", "session": "hostile"}
    doc["messages"] = messages if messages is not None else [
        {"id": "m1", "role": "user", "text": "Never deploy on Fridays. Pin postgres:18.2."},
        {"id": "m2", "role": "assistant", "text": "Understood."},
        {"id": "m3", "role": "tool", "name": "bash", "text": "ERROR: lock held"},
    ]
    doc["compactions"] = compactions if compactions is not None else [
        {"id": "c1", "round": 1, "parent": None, "sources": ["m1", "m2", "m3"], "summary": "Deploys are fine any day. postgres:18."}]
    doc.update(extra)
    return json.dumps(doc, indent=1, ensure_ascii=False)


base = native()
write("native-valid.json", base)
write("native-truncated.json", base[: len(base) // 2])
write("native-truncated-in-string.json", base[: base.index("Understood") + 4])
write("native-round-as-string.json", base.replace('"round": 1', '"round": "1"'))
write("native-invalid-utf8.json", base.encode().replace(b"Fridays", b"Fri\xff\xfedays"))
write("native-bom.json", b"\xef\xbb\xbf" + base.encode())
write("native-raw-nul.json", base.encode().replace(b"Understood", b"Under\x00stood"))
write("native-raw-esc.json", base.encode().replace(b"Understood", b"Under\x1b[2Jstood"))
write("native-escaped-controls.json", native(messages=[
    {"id": "m1" + ESC, "role": "user", "text": "hi" + ESC + BIDI + C1 + "\x00\x7f"},
    {"id": "m2\nrow", "role": "assistant", "text": "ok\r\nwith\rreturns"}],
    compactions=[{"id": "c1" + BIDI, "round": 1, "sources": ["m1" + ESC, "m2\nrow"], "summary": "s" + ESC + C1}]))
write("native-deep-nesting.json", '{"compaudit":"session/v1","messages":[{"id":"m1","role":"user","text":"x","x":' + "[" * 600 + "]" * 600 + "}]}")
write("native-deep-nesting-unclosed.json", '{"compaudit":"session/v1","messages":' + "[" * 5000)
write("native-lineage-cycle.json", native(compactions=[
    {"id": "c1", "round": 1, "parent": "c2", "sources": ["m1", "c2"], "summary": "a"},
    {"id": "c2", "round": 2, "parent": "c1", "sources": ["c1", "m2"], "summary": "b"}]))
write("native-html-markdown-injection.json", native(messages=[
    {"id": "m1", "role": "user", "text": "<script>alert(1)</script> [x](javascript:alert(1)) | a | b |\n# heading\n```\nfence"},
    {"id": "m2</td><img src=x onerror=alert(1)>", "role": "assistant", "text": "<!-- --> &amp; {{.}} ${x}"}],
    compactions=[{"id": "c1", "round": 1, "sources": ["m1", "m2</td><img src=x onerror=alert(1)>"], "summary": "<b>bold</b> | pipe | `tick` [link](http://x)"}]))
write("native-duplicate-keys.json", '{"compaudit":"session/v1","messages":[],"messages":[{"id":"m1","role":"user","text":"a"}],"compactions":[{"id":"c1","round":1,"sources":["m1"],"summary":"s"}],"compactions":[{"id":"c1","round":1,"sources":["m1"],"summary":"t"}]}')
write("native-token-counts.json", native(compactions=[{"id": "c1", "round": 1, "sources": ["m1", "m2", "m3"], "summary": "s", "pre_tokens": -5, "post_tokens": 9223372036854775807, "target_tokens": 2000000000}]))
write("native-number-overflow.json", base.replace('"round": 1', '"round": 1e400'))
write("native-int-overflow.json", base.replace('"round": 1', '"round": 99999999999999999999'))
write("empty.json", "")
write("whitespace.json", " \n\t\r\n ")
write("null.json", "null")
write("numbers.json", "[1, 2, 3]")
write("string.json", '"compaudit session/v1"')
write("native-long-id.json", native(messages=[{"id": "m" * 20000, "role": "user", "text": "a"}, {"id": "m2", "role": "user", "text": "b"}],
                                    compactions=[{"id": "c1", "round": 1, "sources": ["m" * 20000, "m2"], "summary": "s"}]))
write("native-long-unknown-version.json", base.replace('"session/v1"', '"session/' + "N" * 5000 + '"'))
write("native-trailing-garbage.json", base + "\n{}\x00\x1b[2J")
write("native-duplicate-ids.json", native(messages=[{"id": "m1", "role": "user", "text": "a"}, {"id": "m1", "role": "user", "text": "b"}]))
write("native-unknown-source.json", native(compactions=[{"id": "c1", "round": 1, "sources": ["m1", "nope" + ESC], "summary": "s"}]))
write("native-manifest-hostile.json", native(manifest={"invariants": [{"id": "i1" + ESC, "text": "Never deploy" + BIDI, "at": "m1"}], "events": [{"kind": "retire" + ESC, "id": "i1"}]}))
write("native-many-rounds.json", native(
    messages=[{"id": f"m{i}", "role": "user", "text": f"Rule {i}: never touch table t{i}."} for i in range(1, 61)],
    compactions=[{"id": f"c{r}", "round": r, "parent": f"c{r-1}" if r > 1 else None,
                  "sources": ([f"c{r-1}"] if r > 1 else []) + [f"m{i}" for i in range((r - 1) * 10 + 1, r * 10 + 1)], "summary": f"Round {r}."} for r in range(1, 7)]))
write("native-repeated-token-summary.json", native(compactions=[{"id": "c1", "round": 1, "sources": ["m1", "m2", "m3"], "summary": "postgres " * 2000}]))
write("native-opaque.json", native(compactions=[{"id": "c1", "round": 1, "sources": ["m1", "m2", "m3"], "summary": "gAAAAA" + "x" * 400}]))
write("manifest-sidecar-hostile.json", json.dumps({"invariants": [{"id": "i" + ESC, "text": "x" + C1}], "events": [{"kind": "retire", "id": "missing\n"}]}))

# ---- message arrays ---------------------------------------------------------------
chat = [{"role": "system", "content": "You are helpful." + ESC},
        {"role": "user", "content": "Never push to main." + BIDI},
        {"role": "assistant", "content": None, "tool_calls": [{"id": "call_1", "type": "function", "function": {"name": "bash" + ESC, "arguments": "{\"cmd\":\"ls\"}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "ok" + C1},
        {"role": "user", "content": "Summary of the conversation so far: the user asked to push." + ESC}]
write("array-openai-hostile.json", json.dumps(chat, ensure_ascii=False))
write("array-jsonl-bad-line.jsonl", "\n".join([json.dumps(m) for m in chat[:3]] + ["{not json" + ESC, json.dumps(chat[4])]))
write("array-jsonl-two-on-a-line.jsonl", json.dumps(chat[1]) + json.dumps(chat[2]) + "\n" + json.dumps(chat[4]) + "\n")
nested = '"x"'
for _ in range(240):
    nested = '[{"type":"tool_result","tool_use_id":"t","content":' + nested + "}]"
write("array-nested-content.json", '[{"role":"user","content":"hi"},{"role":"user","content":' + nested + '},{"role":"user","content":"Summary of the conversation so far: hi"}]')
write("array-anthropic-blocks-hostile.json", json.dumps({"messages": [
    {"role": "user", "content": [{"type": "text", "text": "do it" + ESC}]},
    {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "ed\nit" + ESC, "input": {"path": "/etc/" + BIDI}}]},
    {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": [{"type": "text", "text": "done" + C1}], "is_error": True}]},
    {"role": "assistant", "content": [{"type": "compaction", "content": "Summary: edited." + ESC}]}]}, ensure_ascii=False))
write("array-role-object.json", '[{"role":{"x":1},"content":"a"},{"role":"user","content":"Summary of the conversation so far: a"}]')
write("array-responses-opaque.json", json.dumps({"input": [{"type": "message", "role": "user", "content": "a"}, {"type": "compaction", "encrypted_content": "gAAAAA" + "y" * 200}]}))
write("array-langchain-bad-data.json", '[{"type":"human","data":{"content":5}},{"type":"system","data":"x"}]')
write("array-no-summary.json", json.dumps(chat[:4]))
write("array-duplicate-ids.json", json.dumps([{"id": "a", "role": "user", "content": "x"}, {"id": "a", "role": "user", "content": "Summary of the conversation so far: x"}]))
write("array-many-small.json", json.dumps([{"role": "user", "content": f"m{i}"} for i in range(300)] + [{"role": "user", "content": "Summary of the conversation so far: many."}]))

# ---- OpenCode export ----------------------------------------------------------------
def oc_export(parts_text="The user said never push." + ESC, role="assistant"):
    return json.dumps({"info": {"id": "ses_hostile" + ESC}, "messages": [
        {"info": {"id": "msg_1", "role": "user", "time": {"created": 1}}, "parts": [{"id": "prt_1", "type": "text", "text": "Never push to main." + BIDI}]},
        {"info": {"id": "msg_2", "role": "user", "time": {"created": 2}}, "parts": [{"id": "prt_2", "type": "compaction", "auto": True}]},
        {"info": {"id": "msg_3", "role": role, "parentID": "msg_2", "summary": True, "finish": "stop", "time": {"created": 3}, "tokens": {"input": -1, "cache": {"read": 9223372036854775807}}},
         "parts": [{"id": "prt_3", "type": "text", "text": parts_text}]}]}, ensure_ascii=False)


write("opencode-export-hostile.json", oc_export())
write("opencode-export-text-object.json", oc_export(parts_text={"x": "an object where a string goes"}))
write("opencode-export-truncated.json", oc_export()[:300])
write("opencode-export-unknown-role.json", oc_export(role="wizard" + ESC))

# ---- OpenCode storage folders ---------------------------------------------------------
minimal = os.path.join(ROOT, "sessions", "testdata", "opencode", "minimal", "storage")
for name in ["opencode-storage-dcp-bomb", "opencode-storage-bad-message", "opencode-storage-old-dcp"]:
    d = os.path.join(OUT, name, "storage")
    shutil.rmtree(os.path.join(OUT, name), ignore_errors=True)
    shutil.copytree(minimal, d)
dcp_dir = os.path.join(OUT, "opencode-storage-dcp-bomb", "storage", "plugin", "dcp")
sid = os.listdir(dcp_dir)[0]
blocks = {}
for k in range(1, 16):
    blocks[str(k)] = {"blockId": k, "active": k == 15, "topic": "t" + ESC, "compressMessageId": "msg_10",
                      "consumedBlockIds": [k - 1] if k > 1 else [], "effectiveMessageIds": ["msg_7", "msg_8"],
                      "createdAt": 12000 + k, "summary": "[Compressed conversation section]\nblock %d " % k + ("(b%d)" % (k - 1)) * 10}
write(os.path.join("opencode-storage-dcp-bomb", "storage", "plugin", "dcp", sid),
      json.dumps({"prune": {"messages": {"blocksById": blocks}}, "nudges": {}, "stats": {}}))
msgs = os.path.join(OUT, "opencode-storage-bad-message", "storage", "message")
first_session = sorted(os.listdir(msgs))[0]
first_msg = sorted(os.listdir(os.path.join(msgs, first_session)))[0]
write(os.path.join("opencode-storage-bad-message", "storage", "message", first_session, first_msg), '{"id": "msg_1", "role": ' + ESC)
write(os.path.join("opencode-storage-old-dcp", "storage", "plugin", "dcp", sid), json.dumps({"prune": {}, "compressSummaries": [{"summary": "x" + ESC}], "nudges": {}, "stats": {}}))

# ---- Claude Code and Codex --------------------------------------------------------------
claude = open(os.path.join(ROOT, "sessions", "testdata", "claude", "multi-round.jsonl"), encoding="utf-8").read()
lines = claude.splitlines()
write("claude-valid.jsonl", claude)
write("claude-ansi-text.jsonl", claude.replace("rate limiter", "rate limiter" + ESC.replace("\x1b", "\\u001b").replace("\x07", "\\u0007")))
write("claude-raw-nul-esc.jsonl", claude.replace("rate limiter", "rate\x00 limiter\x1b[2J", 3))
write("claude-truncated-last-line.jsonl", claude[: len(claude) - 200])
write("claude-huge-pretokens.jsonl", claude.replace('"preTokens":155214', '"preTokens":9223372036854775807').replace('"postTokens":18230', '"postTokens":-18230'))
write("claude-invalid-utf8.jsonl", claude.encode().replace(b"rate limiter", b"rate \xc3\x28limiter", 1))
write("claude-parent-cycle.jsonl", open(os.path.join(ROOT, "sessions", "testdata", "claude", "cycle.jsonl"), encoding="utf-8").read())
write("claude-duplicate-lines.jsonl", "\n".join(lines + lines[20:30]) + "\n")
write("claude-wrong-types.jsonl", claude.replace('"type":"user","message":{"role":"user","content":', '"type":"user","message":{"role":["user"],"content":', 2))
codex = open(os.path.join(ROOT, "sessions", "testdata", "codex", "local-rounds.jsonl"), encoding="utf-8").read()
clines = codex.splitlines()
write("codex-valid.jsonl", codex)
dup = [l for l in clines if '"type":"compacted"' in l][:1]
write("codex-duplicate-compacted.jsonl", "\n".join(clines + dup) + "\n")
write("codex-bad-json-line.jsonl", "\n".join(clines[:5] + ['{"timestamp":' + ESC] + clines[5:]) + "\n")
write("codex-huge-numbers.jsonl", codex.replace('"model_context_window":258400', '"model_context_window":1e400'))
write("codex-raw-controls.jsonl", codex.replace("idempotent", "idem\x1b]0;t\x07potent", 2))

# ---- SQLite ----------------------------------------------------------------------------
tiny = open(os.path.join(ROOT, "sessions", "testdata", "seeds", "tiny-opencode.db"), "rb").read()
write("opencode-valid.db", tiny)
write("opencode-truncated.db", tiny[: len(tiny) // 2])
write("opencode-header-only.db", tiny[:100])
flipped = bytearray(tiny)
for off in range(600, len(flipped), 97):
    flipped[off] ^= 0x5A
write("opencode-corrupt-pages.db", bytes(flipped))
loop = bytearray(tiny)
loop[16:18] = (512).to_bytes(2, "big")
write("opencode-wrong-page-size.db", bytes(loop))
write("random-named.db", bytes((i * 7919) % 251 for i in range(3000)))

# ---- other -----------------------------------------------------------------------------
write("random.bin", bytes((i * 104729 + 7) % 256 for i in range(4096)))
write("page.html", "<html><body><script>alert(1)</script>" + ESC + "</body></html>")
write("notes.md", "# Title\n\n" + ESC + "\n| a | b |\n")
write("many-lines.json", "[\n" + ",\n".join('{"role":"user","content":"line %d"}' % i for i in range(1000)) + "\n]\n")
write("sqlite-looking.json", "SQLite format 3\x00" + "x" * 200)
write("jsonl-of-numbers.jsonl", "\n".join(str(i) for i in range(100)))
write("crlf-native.json", base.replace("\n", "\r\n"))
