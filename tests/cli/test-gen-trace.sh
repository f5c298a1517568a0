#!/bin/sh
# test-gen-trace.sh: tools/gen-trace writes a valid synthetic trace.
. tests/cli/lib.sh
GEN="sh tools/gen-trace"
q() { sqlite3 -batch -noheader "$1" "$2"; }

$GEN 3000 "$TMP/a.db" --seed 7 --streams 3
is "exit status" "$?" 0
is "ops" "$(q "$TMP/a.db" 'select count(*) from ops')" 3000
is "schema version" "$(q "$TMP/a.db" 'pragma user_version')" 2
is "application id" "$(q "$TMP/a.db" 'pragma application_id')" 1329812562
is "labelled synthetic" "$(q "$TMP/a.db" "select value from meta where key = 'device.0.name'")" "synthetic (gen-trace)"
is "streams used" "$(q "$TMP/a.db" 'select count(distinct stream_id) from ops')" 3
is "every op has its API call" \
   "$(q "$TMP/a.db" 'select count(*) from ops o where not exists (select 1 from api a where a.correlation_id = o.correlation_id)')" 0
is "every API call queuing work has args" \
   "$(q "$TMP/a.db" 'select count(*) from api a join ops o using (correlation_id) where a.handle_kind is null or a.stream_id is not o.stream_id')" 0
is "device after API start" \
   "$(q "$TMP/a.db" 'select count(*) from ops o join api a using (correlation_id) where o.start_ns <= a.start_ns')" 0
is "stream order kept" \
   "$(q "$TMP/a.db" 'select count(*) from ops a join ops b on a.stream_id = b.stream_id and a.id < b.id and a.correlation_id < b.correlation_id where b.start_ns < a.end_ns')" 0
is "no end before start" "$(q "$TMP/a.db" 'select count(*) from ops where end_ns < start_ns')" 0
like "kinds" "$(q "$TMP/a.db" 'select group_concat(kind) from (select distinct kind from device_ops order by kind)')" '^kernel,memcpy'
ok "has NVTX ranges" test "$(q "$TMP/a.db" "select count(*) from nvtx_ranges where name = 'iteration'")" -gt 10
is "every range closed" "$(q "$TMP/a.db" 'select count(*) from markers where flags = 2')" \
   "$(q "$TMP/a.db" 'select count(*) from markers where flags = 4')"
ok "has syncs" test "$(q "$TMP/a.db" 'select count(*) from syncs')" -gt 0
ok "copies overlap kernels of other streams" test \
   "$(q "$TMP/a.db" "select count(*) from ops c join ops k on k.kind = 1 and c.kind = 2 and k.stream_id != c.stream_id and k.start_ns < c.end_ns and c.start_ns < k.end_ns")" -gt 100
is "no two op_shapes rows alike" "$(q "$TMP/a.db" "select count(*) from (select 1 from op_shapes group by name_id, bytes, copy_kind, src_kind, dst_kind, flags, grid_x, block_x, registers having count(*) > 1)")" 0
is "every op has its shape" "$(q "$TMP/a.db" "select count(*) from ops where shape_id not in (select id from op_shapes)")" 0
ok "integrity" test "$(q "$TMP/a.db" 'pragma integrity_check')" = ok

$GEN 3000 "$TMP/b.db" --seed 7 --streams 3
is "same seed, same trace" "$(q "$TMP/a.db" .dump | cksum)" "$(q "$TMP/b.db" .dump | cksum)"
$GEN 3000 "$TMP/c.db" --seed 8 --streams 3
ok "other seed, other trace" test "$(q "$TMP/a.db" .dump | cksum)" != "$(q "$TMP/c.db" .dump | cksum)"

before=$(cksum < "$TMP/a.db")
out=$($GEN 10 "$TMP/a.db" 2>&1)
is "refuses to overwrite: status" "$?" 2
like "refuses to overwrite: message" "$out" "cannot create '.*a.db': file exists"
is "existing file untouched" "$(cksum < "$TMP/a.db")" "$before"

out=$($GEN lots "$TMP/d.db" 2>&1)
is "bad count: status" "$?" 2
like "bad count: message" "$out" "OPS must be a count"
ok "bad count: no file" test ! -e "$TMP/d.db"
out=$($GEN 2>&1)
is "no arguments: status" "$?" 2

$GEN 0 "$TMP/e.db"
is "zero ops" "$(q "$TMP/e.db" 'select count(*) from ops')" 0

# --memrefs: the allocation map, the ops as without it
$GEN 3000 "$TMP/m.db" --seed 7 --streams 3 --memrefs
is "memrefs: exit status" "$?" 0
is "memrefs: ops and times as without it" \
   "$(q "$TMP/m.db" 'select kind, start_ns, dur_ns, stream_id, shape_id from ops order by id' | cksum)" \
   "$(q "$TMP/a.db" 'select kind, start_ns, dur_ns, stream_id, shape_id from ops order by id' | cksum)"
is "memrefs: mem_tracking on" "$(q "$TMP/m.db" "select value from meta where key = 'mem_tracking'")" on
is "memrefs: two buffers a stream, each from a cudaMalloc" \
   "$(q "$TMP/m.db" "select count(*) from mem m join api_calls a using (correlation_id) where m.role = 1 and a.name = 'cudaMalloc' and m.bytes = 16777216 and m.info = 1")" 6
is "memrefs: each copy and memset touches its bytes" \
   "$(q "$TMP/m.db" "select count(*) from ops o join op_shapes p on p.id = o.shape_id join mem m using (correlation_id) where o.kind in (2, 3) and m.role in (3, 4) and m.bytes = p.bytes")" \
   "$(q "$TMP/m.db" 'select count(*) from ops where kind in (2, 3)')"
is "memrefs: each kernel gets two pointer arguments" \
   "$(q "$TMP/m.db" "select count(*) from ops o join mem m using (correlation_id) where o.kind = 1 and m.role = 5")" \
   "$(( 2 * $(q "$TMP/m.db" 'select count(*) from ops where kind = 1') ))"
is "memrefs: every access lies in an allocation" \
   "$(q "$TMP/m.db" "select count(*) from mem x where x.role != 1 and not exists (select 1 from mem a where a.role = 1 and x.ptr >= a.ptr and x.ptr + coalesce(x.bytes, 0) <= a.ptr + a.bytes)")" 0
like "memrefs: report checks hazards, finds none" "$(build/bin/overlapcheck report "$TMP/m.db" 2>&1)" \
   'Hazards: none \(6 allocations, [0-9]+ accesses'
done_testing
