#!/bin/sh
# make-seeds.sh: (re)make the seed inputs of tests/fuzz/corpus from the
# recorded fixtures, for the maintainers; `make test` and `make fuzz` only
# read what is committed. The seeds are small on purpose (a few hundred KB
# in all): recorded traces as SQLite files with 512-byte pages (a 100 KB
# trace becomes 35 KB, which the mutators cover far better), SQL edits,
# rules files, and CUPTI records (seed-records.c). Inputs that crashed stay:
# they are named crash-* and never remade.
#   sh tests/fuzz/make-seeds.sh [BUILD]
set -eu
cd "$(dirname "$0")/../.."
BUILD=${1:-build}
C=tests/fuzz/corpus
CC=${CC:-cc}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
mkdir -p $C/trace $C/cli $C/trace-sql $C/rules $C/records $C/writer $C/import

load() { # SQL DB: a fixture's dump as a compact trace file
	rm -f "$2"
	python3 -c 'import sqlite3,sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' "$2" "$1"
	python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("PRAGMA page_size=512"); c.execute("VACUUM")' "$2"
}
for f in copy_only sigkill nvtx_range graph_branches event_chain per_thread multithread_kernels; do
	load tests/fixtures/$f.sql $C/trace/$f.trace
done
load tests/fixtures/v1/copy_only.sql $C/trace/v1-copy_only.trace
# with the allocation map (table mem: the hazard passes), and framework
# recordings (the host story, the tracer's tables of 2026-12-03)
load tests/fixtures/mem/hazard_copy_kernel.sql $C/trace/mem-hazard_copy_kernel.trace
load tests/corpus/fw/triton_upload_host.sql $C/trace/fw-triton_upload_host.trace
load tests/corpus/fw/cupy_legacy_host.sql $C/trace/fw-cupy_legacy_host.trace
for f in copy_only nvtx_range v1-copy_only mem-hazard_copy_kernel fw-triton_upload_host; do cp $C/trace/$f.trace $C/cli/; done

# trace-sql: byte 0 picks the base (fuzz-trace-sql.c), the rest is SQL
sql() { # NAME BASE SQL
	{ printf "\\$(printf '%03o' "$2")"; printf '%s' "$3"; } > $C/trace-sql/$1
}
sql nothing 0 ''
sql null-times 1 "PRAGMA writable_schema=ON; UPDATE sqlite_schema SET sql = replace(sql, 'NOT NULL', '') WHERE name = 'ops'; PRAGMA writable_schema=RESET; UPDATE ops SET start_ns = NULL WHERE id % 2 = 0; UPDATE ops SET dur_ns = NULL WHERE id % 3 = 0;"
sql huge 1 "UPDATE ops SET start_ns = 9223372036854775807 WHERE id % 2 = 0; UPDATE ops SET dur_ns = 9223372036854775807 WHERE id % 3 = 0; UPDATE api SET start_ns = -9223372036854775808;"
sql negative 3 "UPDATE ops SET dur_ns = -5 WHERE id % 3 = 0; UPDATE ops SET start_ns = -start_ns WHERE id % 4 = 0; UPDATE api SET dur_ns = -1;"
sql strings 2 "UPDATE strings SET value = char(27) || '[2J</script><img src=x>' || value || char(10) || '|\`' ; INSERT INTO meta VALUES ('device.0.name', x'ff00fe');"
sql dangling 4 "UPDATE ops SET shape_id = 999999 WHERE id % 2 = 0; UPDATE op_shapes SET name_id = -3; UPDATE ops SET stream_id = 4294967295, context_id = 77;"
sql drop-table 1 "DROP TABLE streams;"
sql drop-view 1 "DROP VIEW device_ops;"
sql delete-all 3 "DELETE FROM strings; DELETE FROM contexts; DELETE FROM op_shapes;"
sql meta 0 "UPDATE meta SET value = 'x' || value; INSERT OR REPLACE INTO meta VALUES ('trace_start_ns', NULL), ('dropped_records', '-7'), ('exit_signal', '99999'), ('tracer_status', 'terminated'), ('terminated_by_signal', '-15'), ('terminated_ns', 'abc');"
sql version 0 "PRAGMA user_version = 1;"
sql version-newer 5 "PRAGMA user_version = 3;"
sql v1-nulls 5 "UPDATE kernels SET start_ns = NULL, end_ns = 0 WHERE rowid % 2 = 0; UPDATE memcpys SET bytes = -1;"
sql nvtx 2 "UPDATE markers SET flags = 7, ts_ns = -1 WHERE rowid % 2 = 0; INSERT INTO markers(marker_id, flags, ts_ns, tid) VALUES (99, 2, 5, 1);"
sql graph 1 "UPDATE op_shapes SET graph_id = 1, graph_node_id = id, grid_x = 0, block_x = -1;"

# rules files
printf '# gate\nmin-copy-overlap 0.5\nmin-overlapped-claims 50%%\nno-hidden-sync\nmax-idle 0.2\nforbid-cause pageable_host_memory\nmax-dropped 0\n' > $C/rules/all
printf 'max-host-wait 1e999\nmax-late-submission -0\nmin-copy-overlap 150%%\nforbid-cause\n\tmax-idle\t0.5   # tab\n' > $C/rules/odd
printf 'min-copy-overlap 0.5\nmax-overlap 0.5\n' > $C/rules/unknown

# import: Nsight Systems exports of recorded traces (tools/trace-to-nsys.py,
# both enumeration styles), and Kineto traces cut from a recorded PyTorch
# run to its first events (the metadata and every flow kept whole), as JSON
# and gzip
for f in copy_only graph_branches; do
	rm -f $C/import/$f.db
	load tests/fixtures/$f.sql $C/import/$f.db
done
python3 tools/trace-to-nsys.py $C/import/copy_only.db $C/import/copy_only.nsys.sqlite
python3 tools/trace-to-nsys.py --cupti-enums --driver-table $C/import/graph_branches.db \
    $C/import/graph_branches.nsys.sqlite
rm -f $C/import/copy_only.db $C/import/graph_branches.db
for f in $C/import/*.nsys.sqlite; do
	python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("PRAGMA page_size=512"); c.execute("VACUUM")' "$f"
done
python3 - tests/corpus/kineto/torch_loop.kineto.json.gz $C/import <<'PY'
import gzip, json, sys
d = json.load(gzip.open(sys.argv[1]))
ev = d["traceEvents"]
timed = sorted((e for e in ev if "ts" in e and e.get("ph") != "M"), key=lambda e: float(e["ts"]))
cut = float(timed[min(len(timed) - 1, 100)]["ts"])
d["traceEvents"] = [e for e in ev if "ts" not in e or e.get("ph") == "M" or float(e["ts"]) <= cut]
text = json.dumps(d, separators=(",", ":"))
open(sys.argv[2] + "/torch_loop.json", "w").write(text)
with gzip.open(sys.argv[2] + "/torch_loop.json.gz", "wt") as g:
    g.write(text)
PY

# records and writer: seed-records.c
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$CC -std=c11 -D_GNU_SOURCE -Iinjection -Ischema -Itests/fuzz -I"$CUDA_HOME/include" \
    -o "$tmp/seed-records" tests/fuzz/seed-records.c
"$tmp/seed-records" $C/records $C/writer
du -sh $C
