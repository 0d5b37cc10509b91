"""Regenerate ../README.md: header, case table from each expect.json, totals, coverage notes."""
import collections, glob, json, os
here = globals().get('HERE') or os.path.dirname(os.path.abspath(__file__)); root = os.path.dirname(here)
rows = []; fam = collections.Counter(); forb = collections.Counter(); invn = 0; invd = collections.Counter()
for d in sorted(glob.glob(os.path.join(root, globals().get('CASES', 'x*')))):
    e = json.load(open(d + '/expect.json')); s = json.load(open(d + '/session.json'))
    F = ', '.join(f"{f['family']}@{f['round']}" for f in e['findings']) or 'none'
    rs = sorted({f['round'] for f in e['forbid']})
    if e['forbid'] and len(e['forbid']) == 5 * len(rs) and len(rs) > 0 and not e['findings'] and not any(c.get('opaque') for c in s['compactions'] if c['round'] not in rs):
        X = 'all five @' + ','.join(map(str, rs))
    else:
        X = ', '.join(f"{f['family']}@{f['round']}" for f in e['forbid'])
    I = ', '.join('–' if i['dropped_in_round'] is None else f"{i['dropped_in_round']}/{'yes' if i['flagged'] else 'no'}" for i in e['invariants']) or 'none'
    extra = (', manifest' if s.get('manifest') else '') + (', opaque' if e['opaque'] else '')
    rows.append(f"| `{os.path.basename(d)}` | {len(s['compactions'])}{extra} | {F} | {X} | {I} | {e['description']} |")
    for f in e['findings']: fam[f['family']] += 1
    for f in e['forbid']: forb[f['family']] += 1
    invn += len(e['invariants'])
    for i in e['invariants']:
        invd['kept' if i['dropped_in_round'] is None else ('dropped, flagged' if i['flagged'] else 'dropped after retire, not flagged')] += 1
tot = (f"\nTotals: {len(rows)} cases, {sum(fam.values())} findings ({', '.join(f'{k} {v}' for k, v in sorted(fam.items()))}), "
       f"{sum(forb.values())} forbid entries ({', '.join(f'{k} {v}' for k, v in sorted(forb.items()))}), "
       f"{invn} invariant labels ({', '.join(f'{k} {v}' for k, v in sorted(invd.items()))}).\n")
head = open(os.path.join(here, 'readme_head.md')).read()
cov = open(os.path.join(here, 'coverage.md')).read()
open(os.path.join(root, 'README.md'), 'w').write(head + '| case | rounds | findings (family @ round) | forbidden (family @ round) | invariants (dropped round / flagged) | what it tests |\n|---|---|---|---|---|---|\n' + '\n'.join(rows) + '\n' + tot + '\n' + cov)
print(tot)
