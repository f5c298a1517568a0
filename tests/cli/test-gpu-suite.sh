#!/bin/sh
# test-gpu-suite.sh: the GPU suite's own machinery, on the CPU.
#
# tests/fixtures/check.py (the .expect checker), tools/dump-trace.py,
# tests/gpu/suite.py and tools/record-fixtures.sh run here against a trace
# made from schema/trace.sql and a stand-in `overlapcheck report` that prints
# a fixed JSON report, so that each kind of expectation is seen to pass when
# it holds and to fail when it does not.
. tests/cli/lib.sh

CHECK=tests/fixtures/check.py
mkdir -p "$TMP/fix" "$TMP/bin"

# A trace: 3 kernels and 2 copies on two streams, an H200 passport.
python3 - "$TMP/trace.db" <<'EOF'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1])
con.executescript(open("schema/trace-v1.sql").read())
con.execute("INSERT INTO contexts VALUES (1, 0, 7)")
con.execute("INSERT INTO streams (context_id, stream_id, flag) VALUES (1, 13, 2), (1, 14, 1)")
con.execute("INSERT INTO strings VALUES (1, '_Z10lcg_kernelPKjPjmi'), (2, 'cudaStreamSynchronize')")
ops = [(1, 1, 100, 200, 13, None, None, None), (2, 1, 150, 250, 14, None, None, None),
       (3, 1, 300, 400, 13, None, None, None), (4, 2, 120, 180, 14, 1, 2, 3),
       (5, 2, 260, 330, 13, 2, 3, 2)]
for i, kind, s, e, st, ck, sk, dk in ops:
    con.execute("INSERT INTO ops (id, kind, start_ns, end_ns, device_id, context_id, stream_id,"
                " correlation_id, name_id, bytes, copy_kind, src_kind, dst_kind)"
                " VALUES (?, ?, ?, ?, 0, 1, ?, ?, ?, ?, ?, ?, ?)",
                (i, kind, s, e, st, i, 1 if kind == 1 else None, 4096 if kind == 2 else None, ck, sk, dk))
con.execute("INSERT INTO syncs (type, start_ns, end_ns) VALUES (3, 10, 20)")
con.executemany("INSERT INTO meta VALUES (?, ?)", [
    ("device.0.name", "NVIDIA H200"), ("device.0.async_engine_count", "3"),
    ("device.0.concurrent_kernels", "1"), ("driver_version", "13000"),
    ("runtime_version", "13000"), ("cupti_version", "26"), ("dropped_records", "0")])
con.commit()
EOF

# A stand-in CLI: `report --format json` prints a fixed report.
cat >"$TMP/bin/overlapcheck" <<'EOF'
#!/bin/sh
[ "$1" = report ] || exit 2
cat <<'JSON'
{"summary": {"claims": 4, "overlapped": 3, "serialized": 1, "copy_compute_overlap_share": 0.5,
  "causes": {"same_stream_order": 1}, "clean_exit": true},
 "claims": [
  {"api": "cudaLaunchKernel", "kind": "kernel", "name": "lcg_kernel(...)", "stream_kind": "non_blocking",
   "verdict": "overlapped", "witness": {"kind": "memcpy"}, "causes": []},
  {"api": "cudaLaunchKernel", "kind": "kernel", "name": "lcg_kernel(...)", "stream_kind": "blocking",
   "verdict": "serialized", "witness": null, "causes": ["same_stream_order", "unknown"]},
  {"api": "cudaMemcpyAsync", "kind": "memcpy", "copy_kind": "HtoD", "stream_kind": "blocking",
   "verdict": "overlapped", "witness": {"kind": "kernel"}, "causes": []},
  {"api": "cudaMemcpyAsync", "kind": "memcpy", "copy_kind": "DtoH", "stream_kind": "non_blocking",
   "verdict": "overlapped", "witness": {"kind": "kernel"}, "causes": []}],
 "hidden_syncs": [{"api": "cudaFree", "blocked_ns": 100}],
 "gaps": [{"cause": "submitted_late", "duration_ns": 20000}],
 "passport": {}}
JSON
EOF
chmod +x "$TMP/bin/overlapcheck"

out=$(python3 $CHECK --cli "$TMP/bin/overlapcheck" --dir "$TMP/fix")
like "no fixtures: says so" "$out" "^no fixtures yet"
is "no fixtures: counts 0" "$(printf '%s\n' "$out" | tail -n 1)" "fixtures: 0 passed, 0 failed"

ok "dump-trace.py dumps a trace" python3 tools/dump-trace.py "$TMP/trace.db" "$TMP/fix/good.sql"
like "dump keeps user_version" "$(head -n 5 "$TMP/fix/good.sql")" "PRAGMA user_version = 1;"
cp "$TMP/fix/good.sql" "$TMP/fix/bad.sql"

cat >"$TMP/fix/good.expect" <<'EOF'
# every line holds on the trace and report above
program pinned_pipeline
env CUDA_LAUNCH_BLOCKING=1
ops kind=kernel count=3
ops kind=memcpy copy_kind=HtoD | src_kind=pinned fraction=1
ops name~lcg_kernel | distinct=stream_id count=2
ops | stream_kind=non_blocking count=3
syncs type_name=stream_synchronize min=1
claims count=4
claims kind=memcpy | verdict=overlapped fraction=1
claims kind=kernel | verdict=overlapped min_fraction=0.5 max_fraction=0.5
claims verdict=serialized | first_cause=same_stream_order fraction=1
claims | cause=unknown count=1
claims kind=memcpy | copy_kind@HtoD,DtoH count=2
claims verdict=overlapped | witness!=null fraction=1
claims copy_kind=HtoD | witness.kind=kernel count=1
hidden_syncs api~Free min=1
gaps cause=submitted_late min=1 max=1
summary copy_compute_overlap_share min=0.4 max=0.6
summary causes.launch_blocking max=0
summary clean_exit eq=true
cause same_stream_order present
cause legacy_default_stream absent
passport device.0.name~H200
passport driver_version
EOF
cp "$TMP/fix/good.expect" "$TMP/fix/bad.expect"
# Each of these is false on the same data.
cat >>"$TMP/fix/bad.expect" <<'EOF'
ops kind=kernel count=4
ops kind=memcpy copy_kind=DtoH | dst_kind=pageable fraction=1
claims kind=kernel | verdict=overlapped min_fraction=0.75
claims kind=memset | verdict=overlapped min_fraction=0
claims | first_cause=legacy_default_stream min=1
hidden_syncs max=0
gaps cause=host_synchronization min=1
summary copy_compute_overlap_share max=0.1
summary clean_exit eq=false
cause same_stream_order absent
passport env.CUDA_LAUNCH_BLOCKING=1
claims kind=memcpy | copy_kind@HtoH,DtoD min=1
EOF

out=$(python3 $CHECK --cli "$TMP/bin/overlapcheck" --dir "$TMP/fix" -v good)
is "good fixture: last line" "$(printf '%s\n' "$out" | tail -n 1)" "fixtures: 1 passed, 0 failed"
out=$(python3 $CHECK --cli "$TMP/bin/overlapcheck" --dir "$TMP/fix" -v bad)
is "bad fixture: last line" "$(printf '%s\n' "$out" | tail -n 1)" "fixtures: 0 passed, 1 failed"
is "bad fixture: each false line fails" "$(printf '%s\n' "$out" | grep -c '^  FAIL bad.expect:\(2[6-9]\|3[0-7]\):')" "12"
is "bad fixture: no true line fails" "$(printf '%s\n' "$out" | grep -c '^  FAIL bad.expect:\([0-9]\|1[0-9]\|2[0-5]\):')" "0"

# A trace that is not from an H200 fails the passport check.
sed 's/NVIDIA H200/NVIDIA A100/' "$TMP/fix/good.sql" >"$TMP/fix/a100.sql"
cp "$TMP/fix/good.expect" "$TMP/fix/a100.expect"
out=$(python3 $CHECK --cli "$TMP/bin/overlapcheck" --dir "$TMP/fix" a100)
like "non-H200 passport fails" "$out" "FAIL a100: .*H200"

# `untraced` (a process that may run untraced by design) needs no H200 in
# the passport; its own checks still decide.
cp "$TMP/fix/a100.sql" "$TMP/fix/untr.sql"
printf 'untraced\nops kind=kernel count=3\n' >"$TMP/fix/untr.expect"
out=$(python3 $CHECK --cli "$TMP/bin/overlapcheck" --dir "$TMP/fix" untr)
is "untraced: no passport check" "$(printf '%s\n' "$out" | tail -n 1)" "fixtures: 1 passed, 0 failed"
printf 'untraced\nops count=0\n' >"$TMP/fix/untr.expect"
out=$(python3 $CHECK --cli "$TMP/bin/overlapcheck" --dir "$TMP/fix" untr)
is "untraced: its checks still fail" "$(printf '%s\n' "$out" | tail -n 1)" "fixtures: 0 passed, 1 failed"
printf 'untraced now\n' >"$TMP/fix/untr.expect"
out=$(python3 $CHECK --cli "$TMP/bin/overlapcheck" --dir "$TMP/fix" untr)
like "untraced takes no arguments" "$out" "untraced takes no arguments"

# A broken dump and a broken .expect are failures, not crashes.
printf 'CREATE TABLE oops(;\n' >"$TMP/fix/broken.sql"
cp "$TMP/fix/good.expect" "$TMP/fix/broken.expect"
printf 'claims frobnicate\n' >"$TMP/fix/syntax.expect"
cp "$TMP/fix/good.sql" "$TMP/fix/syntax.sql"
out=$(python3 $CHECK --cli "$TMP/bin/overlapcheck" --dir "$TMP/fix" broken syntax)
is "broken inputs: both fail" "$(printf '%s\n' "$out" | tail -n 1)" "fixtures: 0 passed, 2 failed"
like "bad .expect names its line" "$out" "syntax.expect:1"

# A failing report is a failure of the report checks only.
printf '#!/bin/sh\necho "overlapcheck report: cannot open trace" >&2\nexit 2\n' >"$TMP/bin/broken-cli"
chmod +x "$TMP/bin/broken-cli"
out=$(python3 $CHECK --cli "$TMP/bin/broken-cli" --dir "$TMP/fix" -v good)
like "report failure is reported" "$out" "report exited 2"
like "trace checks still run" "$out" "ok   good.expect:4: ops kind=kernel count=3"

# Every shipped .expect parses.
ok "every tests/gpu/expect file parses" python3 -c '
import glob, sys
sys.path.insert(0, "tests/fixtures")
import check
files = glob.glob("tests/gpu/expect/*.expect")
assert len(files) >= 15
for p in files:
    check.parse_expect(p)
'

# Without a GPU: the suite skips (exit 0), record-fixtures refuses.
if ! nvidia-smi -L >/dev/null 2>&1; then
	out=$(sh tests/gpu/run.sh 2>&1)
	is "gpu-test without a GPU: exit 0" "$?" "0"
	like "gpu-test without a GPU: says it skipped" "$out" "skipped: no GPU"
	sh tools/record-fixtures.sh --out "$TMP/rec" >/dev/null 2>&1
	is "record-fixtures without a GPU: exit 1" "$?" "1"
fi

done_testing
