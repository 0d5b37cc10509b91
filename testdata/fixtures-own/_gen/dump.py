import json,sys
s=json.load(open(sys.argv[1]+'/session.json'))
for m in s['messages']: print(m['id'],m['role'][:4],m['text'][:60].replace('\n',' '))
for c in s['compactions']: print(c['id'],c['sources'][0],'..',c['sources'][-1])
e=json.load(open(sys.argv[1]+'/expect.json'))
for x in e['forbid']: print('FORBID',x['family'],x['round'],x['why'])
for x in e['findings']: print('FIND',x['family'],x['round'],x['note'])
