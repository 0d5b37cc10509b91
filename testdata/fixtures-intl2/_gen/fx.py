"""Tiny helper to write a compaudit fixture (session.json, expect.json, manifest.json).

Content is hand-written in the per-case scripts; this only numbers messages, stamps times,
computes contiguous compaction sources and writes the files.
"""
import datetime as _dt
import hashlib
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class _Cut:
    def __init__(self, summary, **meta):
        self.summary = summary
        self.meta = meta


def U(text):
    return {"role": "user", "text": text}


def A(text):
    return {"role": "assistant", "text": text}


def T(name, text):
    return {"role": "tool", "name": name, "text": text}


def S(text):
    return {"role": "system", "text": text}


def CUT(summary, **meta):
    return _Cut(summary, **meta)


def F(family, rnd, pre=None, post=None, note=""):
    d = {"family": family, "round": rnd}
    if pre is not None:
        d["pre_contains"] = pre
    if post is not None:
        d["post_contains"] = post
    d["note"] = note
    return d


def X(family, rnd, why):
    return {"family": family, "round": rnd, "why": why}


def I(pre, dropped=None, flagged=False):
    return {"pre_contains": pre, "dropped_in_round": dropped, "flagged": flagged}


ALL = ["omission", "mutation", "addition", "epistemic_collapse", "provenance_loss"]


def forbid_all(rnd, why):
    return [X(f, rnd, why) for f in ALL]


def build(case_id, description, session_id, start, items, findings, forbid, invariants,
          manifest=None, opaque=False, default_meta=None):
    """items: messages and CUT markers in order. start: ISO time of m1."""
    t = _dt.datetime.fromisoformat(start.replace("Z", "+00:00"))
    msgs, comps = [], []
    pending = []  # message ids since the last cut
    prev = None
    rnd = 0
    for it in items:
        if isinstance(it, _Cut):
            rnd += 1
            cid = f"c{rnd}"
            meta = dict(default_meta or {})
            meta.update(it.meta)
            c = {"id": cid, "round": rnd, "parent": prev,
                 "sources": ([prev] if prev else []) + pending,
                 "summary": it.summary}
            for k in ("policy", "model", "target_tokens", "trigger"):
                if k in meta:
                    c[k] = meta[k]
            if meta.get("opaque"):
                c["opaque"] = True
            comps.append(c)
            prev, pending = cid, []
            continue
        mid = f"m{len(msgs) + 1}"
        h = int(hashlib.sha1((case_id + mid).encode()).hexdigest()[:6], 16)
        t = t + _dt.timedelta(seconds=20 + h % 170)
        m = {"id": mid, "role": it["role"]}
        if it.get("name"):
            m["name"] = it["name"]
        m["text"] = it["text"]
        m["at"] = t.strftime("%Y-%m-%dT%H:%M:%SZ")
        msgs.append(m)
        pending.append(mid)
    doc = {"compaudit": "session/v1", "session": session_id, "messages": msgs, "compactions": comps}
    man = None
    if manifest:
        man = {"invariants": [], "events": []}
        for inv in manifest["invariants"]:
            at = inv.get("at") or _find(msgs, inv.get("at_contains", inv["text"]))
            man["invariants"].append({"id": inv["id"], "text": inv["text"], "at": at})
        for ev in manifest.get("events", []):
            at = ev.get("at") or _find(msgs, ev["at_contains"])
            man["events"].append({"kind": ev.get("kind", "retire"), "id": ev["id"], "reason": ev["reason"], "at": at})
        doc["manifest"] = man
    d = os.path.join(ROOT, case_id)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "session.json"), "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")
    exp = {"id": case_id, "description": description, "findings": findings, "forbid": forbid,
           "invariants": invariants, "opaque": opaque}
    with open(os.path.join(d, "expect.json"), "w") as f:
        json.dump(exp, f, indent=2, ensure_ascii=False)
        f.write("\n")
    mp = os.path.join(d, "manifest.json")
    if man:
        with open(mp, "w") as f:
            json.dump(man, f, indent=1, ensure_ascii=False)
            f.write("\n")
    elif os.path.exists(mp):
        os.remove(mp)
    return doc


def _find(msgs, sub):
    for m in msgs:
        if sub.lower() in m["text"].lower():
            return m["id"]
    raise SystemExit(f"manifest anchor not found: {sub!r}")
