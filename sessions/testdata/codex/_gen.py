#!/usr/bin/env python3
"""Writes the Codex CLI test rollouts in this folder as codex-rs writes them
(serde_json: no spaces; {"timestamp","type","payload"} lines). Run from this folder."""
import json, itertools

_t = itertools.count(0)
def ts():
    s = next(_t) * 3
    return f"2026-02-20T14:{(s // 60) % 60:02d}:{s % 60:02d}.{(s * 71) % 1000:03d}Z"

PREFIX = "Another language model started to solve this problem and produced a summary of its thinking process. You also have access to the state of the tools that were used by that language model. Use this to build on the work that has already been done and avoid duplicating work. Here is the summary produced by the other language model, use the information in this summary to assist with your own analysis:"
ENV = "<environment_context>\n  <cwd>/home/ravi/work/ledger</cwd>\n  <approval_policy>on-request</approval_policy>\n  <sandbox_mode>workspace-write</sandbox_mode>\n  <network_access>restricted</network_access>\n  <shell>bash</shell>\n</environment_context>"
PERM = "<permissions instructions>Filesystem sandboxing: workspace-write. Approval policy: on-request.</permissions instructions>"

class R:
    def __init__(self):
        self.lines = []
        self.calls = itertools.count(1)
    def put(self, typ, payload):
        self.lines.append({"timestamp": ts(), "type": typ, "payload": payload})
    def meta(self, provider, version):
        self.put("session_meta", {"id": "019c1a2b-3c4d-7e5f-8a9b-0c1d2e3f4a5b", "timestamp": "2026-02-20T14:00:00.000Z", "cwd": "/home/ravi/work/ledger",
                                  "originator": "codex_cli_rs", "cli_version": version, "instructions": None, "source": "cli", "model_provider": provider,
                                  "git": {"commit_hash": "4e1f0c9b2a7d", "branch": "main", "repository_url": "git@github.com:ravi/ledger.git"}})
    def turn(self, tid, model="gpt-5.1-codex"):
        self.put("event_msg", {"type": "task_started", "turn_id": tid, "model_context_window": 258400})
        self.put("turn_context", {"turn_id": tid, "cwd": "/home/ravi/work/ledger", "approval_policy": "on-request",
                                  "sandbox_policy": {"type": "workspace-write", "network_access": False}, "model": model, "effort": "medium", "summary": "auto"})
    def done(self, tid, last=None):
        self.put("event_msg", {"type": "token_count", "info": {"total_token_usage": {"input_tokens": 40112, "cached_input_tokens": 30976, "output_tokens": 1840, "reasoning_output_tokens": 1216, "total_tokens": 41952}, "last_token_usage": {"input_tokens": 14020, "cached_input_tokens": 12288, "output_tokens": 612, "reasoning_output_tokens": 384, "total_tokens": 14632}, "model_context_window": 258400}, "rate_limits": None})
        self.put("event_msg", {"type": "task_complete", "turn_id": tid, "last_agent_message": last})
    def msg(self, role, text):
        kind = "output_text" if role == "assistant" else "input_text"
        self.put("response_item", {"type": "message", "role": role, "content": [{"type": kind, "text": text}]})
        if role == "user" and not text.startswith("<"):
            self.put("event_msg", {"type": "user_message", "message": text, "images": []})
        if role == "assistant":
            self.put("event_msg", {"type": "agent_message", "message": text})
    def shell(self, cmd, out, code=0, secs="0.2"):
        cid = f"call_{next(self.calls):04d}Shell{'x' * 14}"
        self.put("response_item", {"type": "function_call", "name": "shell_command", "arguments": json.dumps({"command": cmd, "workdir": "/home/ravi/work/ledger"}), "call_id": cid})
        self.put("response_item", {"type": "function_call_output", "call_id": cid, "output": f"Exit code: {code}\nWall time: {secs} seconds\nOutput:\n{out}"})
    def patch(self, patch, ok=True):
        cid = f"call_{next(self.calls):04d}Patch{'y' * 14}"
        self.put("response_item", {"type": "custom_tool_call", "status": "completed", "call_id": cid, "name": "apply_patch", "input": patch})
        body = "Success. Updated the following files:\nM internal/ledger/post.go\n" if ok else "apply_patch verification failed: context not found"
        self.put("response_item", {"type": "custom_tool_call_output", "call_id": cid, "output": json.dumps({"output": body, "metadata": {"exit_code": 0 if ok else 1, "duration_seconds": 0.0}})})
    def reasoning(self, text):
        self.put("response_item", {"type": "reasoning", "summary": [{"type": "summary_text", "text": text}], "content": None, "encrypted_content": "gAAAAABpR" + "q1vR8cX0mZ2tWj5yNf7LdB9sQe4KuA6oVg3iPr1TnYh8" * 3})
    def write(self, path):
        with open(path, "w") as f:
            for l in self.lines:
                f.write(json.dumps(l, ensure_ascii=False, separators=(",", ":")) + "\n")

def user_item(text):
    return {"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}

def local():
    r = R()
    r.meta("corp-gateway", "0.58.0")
    r.put("response_item", {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": PERM}]})
    r.put("response_item", user_item(ENV))
    # turn 1
    r.turn("t1")
    u1 = "Posting a journal entry must be idempotent: retry with the same Idempotency-Key must not double-post. Amounts are integer cents, never floats."
    r.msg("user", u1)
    r.reasoning("**Finding the posting path**\n\nPost() in internal/ledger/post.go inserts without checking the key.")
    r.shell("rg -n 'func Post' internal/ledger", "internal/ledger/post.go:23:func Post(ctx context.Context, e Entry) error {")
    r.patch("*** Begin Patch\n*** Update File: internal/ledger/post.go\n@@\n-func Post(ctx context.Context, e Entry) error {\n+func Post(ctx context.Context, e Entry) error {\n+\tif seen, err := keys.Seen(ctx, e.IdempotencyKey); err != nil || seen {\n+\t\treturn err\n+\t}\n*** End Patch\n")
    r.msg("assistant", "Post() now returns early when the Idempotency-Key was already used.")
    r.done("t1", "Post() now returns early when the Idempotency-Key was already used.")
    # turn 2: an auto compaction in the middle of the turn
    r.turn("t2")
    u2 = "Add a test that posts the same entry twice and checks one row."
    r.msg("user", u2)
    r.shell("go test ./internal/ledger/ -run TestPostTwice", "--- FAIL: TestPostTwice (0.01s)\n    post_test.go:41: rows = 2, want 1\nFAIL", code=1)
    r.msg("assistant", "The test fails: keys.Seen is checked but the key is never recorded. Recording it in the same transaction.")
    r.put("compacted", {"message": PREFIX + "\n- Goal: idempotent journal posting keyed by Idempotency-Key; amounts in integer cents.\n- Done: Post() checks keys.Seen.\n- Failing: TestPostTwice (rows = 2) because the key is never recorded.",
                        "replacement_history": [{"type": "message", "role": "developer", "content": [{"type": "input_text", "text": PERM}]}, user_item(ENV), user_item(u1), user_item(u2),
                                                user_item(PREFIX + "\n- Goal: idempotent journal posting keyed by Idempotency-Key; amounts in integer cents.\n- Done: Post() checks keys.Seen.\n- Failing: TestPostTwice (rows = 2) because the key is never recorded.")]})
    r.put("event_msg", {"type": "context_compacted"})
    r.patch("*** Begin Patch\n*** Update File: internal/ledger/post.go\n@@\n+\tkeys.Record(tx, e.IdempotencyKey)\n*** End Patch\n", ok=False)
    r.shell("go test ./internal/ledger/", "ok  \tgithub.com/ravi/ledger/internal/ledger\t0.388s")
    r.msg("assistant", "Recorded the key inside the posting transaction; TestPostTwice passes.")
    r.done("t2", "Recorded the key inside the posting transaction; TestPostTwice passes.")
    # turn 3: /compact, an older build's compacted line without replacement_history
    r.turn("t3")
    r.put("compacted", {"message": PREFIX + "\n- Idempotent posting done: key checked and recorded in one transaction; TestPostTwice passes.\n- Amounts are integer cents."})
    r.put("event_msg", {"type": "context_compacted"})
    r.done("t3")
    # turn 4
    r.turn("t4")
    r.put("response_item", user_item(ENV))
    r.msg("user", "Open a PR.")
    r.msg("assistant", "Opened PR #88: idempotent journal posting.")
    r.done("t4", "Opened PR #88: idempotent journal posting.")
    r.write("local-rounds.jsonl")

def remote():
    r = R()
    r.meta("openai", "0.63.0")
    r.put("response_item", user_item(ENV))
    r.turn("r1", model="gpt-5.1-codex-max")
    ua = "Cut the nightly reconciliation job's runtime; it must finish before 06:00 UTC and must not read from the primary."
    r.msg("user", ua)
    r.shell("./ops/jobstats reconcile --last 7", "avg 3h12m, max 3h58m; 91% in FetchBalances")
    r.msg("assistant", "FetchBalances dominates: it reads balances one account at a time from the replica.")
    ub = "Batch it, 500 accounts per query."
    r.msg("user", ub)
    r.shell("go test ./jobs/reconcile/...", "ok  \tgithub.com/ravi/ledger/jobs/reconcile\t1.02s")
    r.msg("assistant", "FetchBalances now reads 500 accounts per query; tests pass.")
    tok1 = "gAAAAABpz3" + "R4nD0mEnCrYpTeDbLoBk7Qx9Vw2Ls5Jd8Hf1Mg6Tc0Ya3Ue" * 6
    r.put("compacted", {"message": "", "replacement_history": [user_item(ua), user_item(ub), {"type": "compaction", "encrypted_content": tok1}]})
    r.put("event_msg", {"type": "context_compacted"})
    r.msg("assistant", "Running it against last night's snapshot next.")
    r.shell("./ops/jobstats reconcile --dry-run --snapshot 2026-02-19", "runtime 41m08s")
    r.msg("assistant", "Dry run on the snapshot: 41m08s.")
    tok2 = "gAAAAABpz4" + "Zq8Wd3Mx7Lr2Kp9Vb4Nc6Hs1Gt5Fy0Ju3Ei8Ow2Ra7Pl4Sk" * 6
    r.put("compacted", {"message": "", "replacement_history": [user_item(ua), user_item(ub), {"type": "compaction", "encrypted_content": tok2}]})
    r.put("event_msg", {"type": "context_compacted"})
    r.done("r1", "Dry run on the snapshot: 41m08s.")
    r.turn("r2", model="gpt-5.1-codex-max")
    r.msg("user", "Ship it.")
    r.msg("assistant", "Merged.")
    r.done("r2", "Merged.")
    r.write("remote-opaque.jsonl")

def remote_retained():
    # A remote (encrypted) compaction keeps the user's messages beside the encrypted
    # item; a later local compaction summarises what came after. The retained
    # messages are kept verbatim, not replaced: they are not sources of the opaque round.
    r = R()
    r.meta("openai", "0.64.0")
    r.put("response_item", user_item(ENV))
    r.turn("t1", model="gpt-5.1-codex-max")
    ua = "Move the invoice PDFs to the archive bucket. Never delete a PDF that is younger than 7 years."
    r.msg("user", ua)
    r.shell("aws s3 ls s3://ledger-invoices/ --summarize", "Total Objects: 48211")
    r.msg("assistant", "48,211 PDFs in s3://ledger-invoices; copying them to s3://ledger-archive with their dates kept.")
    ub = "Use the Glacier Deep Archive storage class for anything older than 2 years."
    r.msg("user", ub)
    r.shell("./ops/archive --class-after 2y --dry-run", "would move 31022 objects to DEEP_ARCHIVE")
    r.msg("assistant", "31,022 objects older than 2 years go to DEEP_ARCHIVE.")
    tok = "gAAAAABq1" + "Xy7Vb2Nm4Lk9Jh3Gf6Ds1Aq8Wz5Ec0Rt" * 8
    comp = {"message": "", "replacement_history": [user_item(ua), user_item(ub), {"type": "compaction", "encrypted_content": tok}]}
    r.put("compacted", comp)
    r.put("event_msg", {"type": "context_compacted"})
    r.put("compacted", comp)  # written twice: the same record, not a second round
    r.put("event_msg", {"type": "context_compacted"})
    r.msg("assistant", "Starting the copy with --class-after 2y.")
    r.shell("./ops/archive --class-after 2y", "moved 31022 objects to DEEP_ARCHIVE; 17189 to STANDARD_IA")
    r.msg("assistant", "Archive done: 31,022 objects in DEEP_ARCHIVE, 17,189 in STANDARD_IA.")
    r.done("t1", "Archive done.")
    r.turn("t2")
    r.msg("user", "Now delete the originals that were archived, except anything younger than 7 years.")
    r.msg("assistant", "Deleting archived originals older than 7 years only: 9,004 objects.")
    r.put("compacted", {"message": PREFIX + "\nThe invoice PDFs were archived: 31,022 objects in DEEP_ARCHIVE and 17,189 in STANDARD_IA. Originals older than 7 years (9,004 objects) are being deleted; younger ones are kept."})
    r.put("event_msg", {"type": "context_compacted"})
    r.done("t2", "Deleting.")
    r.write("remote-retained.jsonl")

local(); remote(); remote_retained()
