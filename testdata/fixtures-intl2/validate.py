#!/usr/bin/env python3
"""Check the j-series fixtures (fixtures-intl2) against the labelling rules of ../../../shared/fixtures/README.md.

Usage: python3 validate.py [CASES_DIR]   (default: the folder this script lives in)
Checks, per case folder holding expect.json:
  - session.json / expect.json / manifest.json parse; session.json < 60 KB; 15..60 messages
  - compactions: rounds 1..n in order, parent chain, sources contiguous as the README requires
  - findings: family known; round exists; pre_contains inside ONE source fact of the round
    (a message in the round's sources, or the parent summary; never spanning a line break);
    post_contains inside the round's summary; omission has no post, addition no pre
  - forbid: family known, round exists, a why; no forbid contradicting a finding
  - invariants: with a manifest exactly one label per manifest invariant and pre_contains a
    substring of that invariant's text; without, a substring of some message; dropped_in_round
    valid; flagged computed from retire events (manifest) or from dropped (no manifest)
  - clean-/opaque- conventions; manifest.json sidecar equals the session's manifest block
Exit status 1 on any error. Warnings (W) are printed but do not fail.
"""
import json
import os
import sys

FAM = {"omission", "mutation", "addition", "epistemic_collapse", "provenance_loss"}


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    errs, warns, n = [], [], 0
    for case in sorted(os.listdir(root)):
        d = os.path.join(root, case)
        if not os.path.isfile(os.path.join(d, "expect.json")):
            continue
        n += 1
        e, w = check(case, d)
        errs += [f"{case}: {x}" for x in e]
        warns += [f"{case}: {x}" for x in w]
    for x in warns:
        print("W", x)
    for x in errs:
        print("E", x)
    print(f"{n} cases, {len(errs)} errors, {len(warns)} warnings")
    sys.exit(1 if errs else 0)


def check(case, d):
    E, W = [], []
    sp = os.path.join(d, "session.json")
    try:
        raw = open(sp, "rb").read()
        s = json.loads(raw)
        exp = json.load(open(os.path.join(d, "expect.json")))
    except Exception as ex:  # noqa
        return [f"JSON: {ex}"], W
    if len(raw) >= 60 * 1024:
        E.append(f"session.json is {len(raw)} bytes (>= 60 KB)")
    if s.get("compaudit") != "session/v1":
        E.append("compaudit != session/v1")
    msgs = s.get("messages", [])
    if not 15 <= len(msgs) <= 60:
        E.append(f"{len(msgs)} messages (want 15..60)")
    ids = [m["id"] for m in msgs]
    if len(set(ids)) != len(ids):
        E.append("duplicate message ids")
    byid = {m["id"]: m for m in msgs}
    for m in msgs:
        if m.get("role") not in ("user", "assistant", "tool", "system"):
            E.append(f"{m['id']}: bad role")
    comps = s.get("compactions", [])
    cby = {}
    last = -1
    for k, c in enumerate(comps, 1):
        cby[c["round"]] = c
        if c["round"] != k or c["id"] != f"c{k}":
            E.append(f"compaction {c.get('id')}: round/id not sequential")
        srcs = list(c["sources"])
        if k > 1:
            if c.get("parent") != f"c{k-1}" or not srcs or srcs[0] != f"c{k-1}":
                E.append(f"c{k}: parent/first source must be c{k-1}")
            srcs = srcs[1:]
        elif c.get("parent") is not None:
            E.append("c1 has a parent")
        want = ids[last + 1: last + 1 + len(srcs)]
        if srcs != want or not srcs:
            E.append(f"c{k}: sources not contiguous after the previous round ({srcs[:3]}.. vs {want[:3]}..)")
        if srcs:
            last = ids.index(srcs[-1])
        for x in ("policy", "model", "target_tokens", "trigger"):
            if x not in c:
                W.append(f"c{k}: no {x}")
    rounds = {c["round"] for c in comps}

    def facts(r):
        c = cby[r]
        out = []
        for sid in c["sources"]:
            if sid in byid:
                out.append((sid, byid[sid]["text"]))
            else:
                out.append((sid, cby[int(sid[1:])]["summary"]))
        return out

    def in_one_fact(sub, texts):
        sub = sub.lower()
        hits = []
        for sid, t in texts:
            for line in t.lower().split("\n"):
                if sub in line:
                    hits.append(sid)
                    break
        return hits

    man = s.get("manifest")
    mp = os.path.join(d, "manifest.json")
    if man:
        if not os.path.isfile(mp):
            E.append("manifest in session but no manifest.json")
        elif json.load(open(mp)) != man:
            E.append("manifest.json differs from session manifest")
    elif os.path.isfile(mp):
        E.append("manifest.json without a session manifest")

    if exp.get("id") != case:
        E.append("expect id != folder name")
    if not exp.get("description"):
        E.append("no description")
    fams_by_round = {}
    for i, f in enumerate(exp.get("findings", [])):
        tag = f"finding[{i}] {f.get('family')}@{f.get('round')}"
        if f.get("family") not in FAM:
            E.append(f"{tag}: bad family")
        r = f.get("round")
        if r not in rounds:
            E.append(f"{tag}: no such round")
            continue
        fams_by_round.setdefault(r, set()).add(f["family"])
        if cby[r].get("opaque"):
            E.append(f"{tag}: finding in an opaque round")
        pre, post = f.get("pre_contains"), f.get("post_contains")
        if f["family"] == "addition" and pre:
            E.append(f"{tag}: addition with pre_contains")
        if f["family"] == "omission" and post:
            E.append(f"{tag}: omission with post_contains")
        if f["family"] != "addition" and not pre:
            E.append(f"{tag}: missing pre_contains")
        if f["family"] != "omission" and not post:
            E.append(f"{tag}: missing post_contains")
        for sub in (pre, post):
            if sub is not None and not (2 <= len(sub.split()) <= 9 or len(sub) >= 8):
                W.append(f"{tag}: substring {sub!r} is very short")
        if pre:
            hits = in_one_fact(pre, facts(r))
            if not hits:
                E.append(f"{tag}: pre_contains {pre!r} not inside one source fact of round {r}")
            if f["family"] == "omission" and pre.lower() in cby[r]["summary"].lower():
                W.append(f"{tag}: omitted {pre!r} still occurs in the summary")
        if post:
            summ = cby[r]["summary"].lower()
            if not any(post.lower() in line for line in summ.split("\n")):
                E.append(f"{tag}: post_contains {post!r} not inside one line of summary c{r}")
            if f["family"] in ("mutation", "addition") and in_one_fact(post, facts(r)):
                W.append(f"{tag}: post_contains {post!r} also occurs in the sources")
        if not f.get("note"):
            W.append(f"{tag}: no note")
    for i, x in enumerate(exp.get("forbid", [])):
        tag = f"forbid[{i}] {x.get('family')}@{x.get('round')}"
        if x.get("family") not in FAM:
            E.append(f"{tag}: bad family")
        if x.get("round") not in rounds:
            E.append(f"{tag}: no such round")
        if not x.get("why"):
            E.append(f"{tag}: no why")
        if x.get("family") in fams_by_round.get(x.get("round"), set()):
            E.append(f"{tag}: forbids a family labelled as a finding in that round")
    # an error carried into later summaries must not be forbidden there (README: rounds and recursion)
    summ = {c["round"]: c["summary"].lower() for c in comps}
    forb0 = {(x.get("family"), x.get("round")) for x in exp.get("forbid", [])}
    for f in exp.get("findings", []):
        for j in summ:
            if j <= f.get("round", 0) or cby[j].get("opaque"):
                continue
            if f.get("post_contains") and f["post_contains"].lower() in summ[j] and (f["family"], j) in forb0:
                E.append(f"{f['family']}@{f['round']} is carried into round {j} ({f['post_contains']!r}) but {f['family']}@{j} is forbidden")
            if f["family"] == "omission" and f["pre_contains"].lower() not in summ[j] and ("omission", j) in forb0:
                W.append(f"omission@{f['round']} ({f['pre_contains']!r}) still absent in round {j}, where omission is forbidden")
    # omission must not be forbidden where an unretired invariant drops
    invs = exp.get("invariants", [])
    for i, v in enumerate(invs):
        tag = f"invariant[{i}] {v.get('pre_contains')!r}"
        pre = v.get("pre_contains", "")
        dr = v.get("dropped_in_round")
        if dr is not None and dr not in rounds:
            E.append(f"{tag}: bad dropped_in_round")
            continue
        if man:
            match = [iv for iv in man["invariants"] if pre.lower() in iv["text"].lower()]
            if len(match) != 1:
                E.append(f"{tag}: matches {len(match)} manifest invariants (want 1)")
                continue
            iv = match[0]
            if dr is None:
                want = False
            else:
                lastsrc = [x for x in cby[dr]["sources"] if x in byid][-1]
                want = not any(ev["kind"] == "retire" and ev["id"] == iv["id"]
                               and ids.index(ev["at"]) <= ids.index(lastsrc) for ev in man.get("events", []))
                if ids.index(iv["at"]) > ids.index(lastsrc):
                    E.append(f"{tag}: dropped before it was declared")
        else:
            if not any(pre.lower() in m["text"].lower() for m in msgs):
                E.append(f"{tag}: pre_contains not in any message")
            want = dr is not None
        if v.get("flagged") != want:
            E.append(f"{tag}: flagged={v.get('flagged')} but rules give {want}")
    for v in invs:
        if v.get("flagged") and ("omission", v.get("dropped_in_round")) in forb0:
            E.append(f"omission forbidden in round {v.get('dropped_in_round')}, where invariant {v.get('pre_contains')!r} is dropped (flagged)")
    if man:
        labelled = {iv["id"] for iv in man["invariants"] for v in invs
                    if v.get("pre_contains", "").lower() in iv["text"].lower()}
        if len(invs) != len(man["invariants"]) or labelled != {iv["id"] for iv in man["invariants"]}:
            E.append("invariant labels must be exactly the manifest's invariants")
        for ev in man.get("events", []):
            if ev["at"] not in byid or ev["id"] not in {iv["id"] for iv in man["invariants"]}:
                E.append(f"bad manifest event {ev}")
    # clean / opaque conventions
    forb = {(x["family"], x["round"]) for x in exp.get("forbid", [])}
    if "-clean-" in case:
        if exp.get("findings") or invs:
            E.append("clean case with findings or invariants")
        for r in rounds:
            for fam in FAM:
                if (fam, r) not in forb:
                    E.append(f"clean case does not forbid {fam}@{r}")
    opq = [c for c in comps if c.get("opaque") or c["summary"].startswith("gAAAAA")]
    if bool(opq) != bool(exp.get("opaque")):
        E.append("expect.opaque does not match the session")
    for c in opq:
        if not (c.get("opaque") and c["summary"].startswith("gAAAAA")):
            E.append(f"{c['id']}: opaque flag and gAAAAA prefix must go together")
        for fam in FAM:
            if (fam, c["round"]) not in forb:
                E.append(f"opaque round {c['round']} does not forbid {fam}")
    return E, W


if __name__ == "__main__":
    main()
