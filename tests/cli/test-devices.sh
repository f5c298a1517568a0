#!/bin/sh
# test-devices.sh: a trace whose ops ran on two devices. The interval
# engine sweeps each device alone (docs/method.md: only work of one device
# can overlap), so moving one stream of a recorded trace to a second device
# must leave that stream's ops with nothing to overlap, and the first
# device's claims as they are in the trace without that stream. This holds
# the analysis' per-device index to account: the device of each op, and an
# op's place in its device's selection, which the claims' first pass counts
# rather than holds (issue 35).
. tests/cli/lib.sh
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
FIX=$(pwd)/tests/fixtures
cd "$TMP" || exit 1
load_sql one.db "$FIX/pinned_pipeline.sql"
# two.db: the stream with the second most ops moved to device 1 (a context
# of its own); rest.db: the same trace with that stream's ops deleted
python3 - <<'PY'
import shutil, sqlite3
c = sqlite3.connect('one.db')
ctx, st, n = c.execute("SELECT context_id, stream_id, count(*) FROM ops GROUP BY 1, 2"
                       " ORDER BY 3 DESC, 2 LIMIT 1 OFFSET 1").fetchone()
c.close()
open('moved', 'w').write('%d %d\n' % (st, n))
for name in ('two.db', 'rest.db'):
    shutil.copy('one.db', name)
    c = sqlite3.connect(name)
    if name == 'two.db':
        nc = c.execute("SELECT max(id) + 1 FROM contexts").fetchone()[0]
        c.execute("INSERT INTO contexts(id, device_id, null_stream_id) VALUES (?, 1, NULL)", (nc,))
        c.execute("UPDATE streams SET context_id = ? WHERE context_id = ? AND stream_id = ?", (nc, ctx, st))
        c.execute("UPDATE ops SET device_id = 1, context_id = ? WHERE context_id = ? AND stream_id = ?",
                  (nc, ctx, st))
    else:
        c.execute("DELETE FROM ops WHERE context_id = ? AND stream_id = ?", (ctx, st))
    c.commit()
    c.close()
PY
read -r st n < moved
ok "two devices: report exits 0" "$OC" report two.db
"$OC" report --format json --whole --claims=all --lists=all two.db > two.json
"$OC" report --format json --whole --claims=all --lists=all rest.db > rest.json
out=$(python3 - "$st" <<'PY'
import json, sys
st = int(sys.argv[1])
two = json.load(open('two.json'))['claims']
rest = json.load(open('rest.json'))['claims']
moved = [c for c in two if c['device'] == 1]
print('moved', len(moved), all(c['stream'] == st for c in moved))
print('alone', all(c['witness'] is None and c['overlap_ns'] == 0 and c['compute_overlap_ns'] == 0
                   and c['verdict'] == 'serialized' for c in moved))
def key(c):
    return (c['correlation_id'], c['kind'], c['start_ns'], c['end_ns'])
def seen(c):
    w = c['witness']
    return (c['overlap_ns'], c['compute_overlap_ns'], c['verdict'],
            None if w is None else (w.get('stream'), w.get('start_ns'), w.get('end_ns')))
d0 = {key(c): seen(c) for c in two if c['device'] == 0}
r = {key(c): seen(c) for c in rest}
print('device0', len(d0), len(r), d0 == r)
PY
)
like "two devices: the moved stream's claims are on device 1" "$out" "^moved $n True$"
like "... each alone there: no witness, no overlap, serialized" "$out" "^alone True$"
like "... device 0's claims as in the trace without that stream (overlap, witness, verdict)" "$out" \
	"^device0 ([1-9][0-9]*) \\1 True$"
done_testing
