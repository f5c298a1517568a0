#!/bin/sh
# test-ranks.sh: NCCL collectives and `report --ranks` end to end on the
# traces of a data-parallel job made by tests/cli/mkranks.py (one trace per
# rank, each with its own clock start): the expectations follow from the
# generator's design, and the peer waits are checked against a model that
# recomputes them from the all-reduce times it prints (docs/nccl.md's rule).
# Also: the merge from JSON reports, mixed inputs, one-process traces, two
# hosts, the single-rank report's communication, and bad inputs.
. tests/cli/lib.sh
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
ROOT=$(pwd)
MK=$ROOT/tests/cli/mkranks.py
cd "$TMP" || exit 1

# jq PYTHON < JSON: a condition on the parsed document d, true or false
jq() { python3 -c "import json, sys; d = json.load(sys.stdin); sys.exit(0 if ($1) else 1)"; }

# ---- a slow rank: the others wait -------------------------------------------
python3 "$MK" --ranks 3 --slow 2 --delay 2000 slow > slow.times
is "mkranks: three rank traces" "$(ls slow | tr '\n' ' ')" "train.rank0.db train.rank1.db train.rank2.db "
"$OC" report --ranks slow > slow.txt; rc=$?
is "ranks: exit 0" "$rc" 0
like "ranks: one host, one clock" "$(head -1 slow.txt)" "3 ranks of world size 3, one host \\(node0\\): one clock"
like "ranks: the slow rank started last" "$(cat slow.txt)" "rank 2 started last in 12 of 12 collectives"
like "ranks: rank 0 waited" "$(cat slow.txt)" "rank 0 waited for its peers"
like "ranks: evidence lists every peer's start" "$(cat slow.txt)" "peers started: rank 0 .*, rank 1 .*, rank 2 "
"$OC" report --ranks --format json slow > slow.json
is "ranks json: schema" "$(jq 'd["schema"] == "overlapcheck-ranks/1"' < slow.json && echo ok)" ok
ok "ranks json: aligned, 3 ranks, t0 is rank 0's start" jq \
	'd["aligned"] and len(d["ranks"]) == 3 and d["t0_ns"] == 1800000000000000000' < slow.json
# the model: from the generator's all-reduce times, who waited and how long
cat > model.py <<'EOF'
import json, sys
times, rep = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
thr, t0 = 50000, rep["t0_ns"]
want = {}
for k in range(len(times["0"])):
    starts = {int(r): times[r][k][0] for r in times}
    ends = {int(r): times[r][k][1] for r in times}
    last = max(starts, key=lambda r: (starts[r], -r))
    usual = ends[last] - starts[last]
    tol = max(20000, usual // 20)
    for r in starts:
        w = starts[last] - starts[r]
        if w > thr and abs(ends[r] - (starts[last] + usual)) <= tol:
            want[r] = want.get(r, 0) + w
got = {x["rank"]: x["peer_wait_ns"] for x in rep["ranks"] if x["peer_wait_ns"]}
print("model", sorted(want.items()), "report", sorted(got.items()))
sys.exit(0 if want == got else 1)
EOF
ok "ranks json: peer waits as the model computes them" python3 model.py slow.times slow.json
ok "ranks json: rank 2 is the slowest of every collective, and waited for nobody" jq \
	'd["by_name"][0]["slowest_rank"] == 2 and d["by_name"][0]["slowest_times"] == 12 and d["ranks"][2]["peer_wait_ns"] == 0' < slow.json
ok "ranks json: a waiting collective's members, with their causes" jq \
	'all(len(c["members"]) == 3 for c in d["collectives"] if c["peer_waits"]) and any(m["cause"] == "peer_wait" for c in d["collectives"] if c["peer_waits"] for m in c["members"])' < slow.json

# ---- the same merge from the ranks' JSON reports, and from a mix ------------
mkdir reports
for r in 0 1 2; do "$OC" report --format json slow/train.rank$r.db > reports/train.rank$r.json; done
"$OC" report --ranks --format json reports > fromjson.json; rc=$?
is "ranks from JSON: exit 0" "$rc" 0
strip() { python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
for r in d['ranks']: r.pop('source'); r.pop('source_kind')
print(json.dumps(d, sort_keys=True))" "$1"; }
is "ranks from JSON: the same merge" "$(strip fromjson.json)" "$(strip slow.json)"
"$OC" report --ranks --format json reports/train.rank0.json slow/train.rank1.db reports/train.rank2.json > mixed.json
is "ranks from a mix: the same merge" "$(strip mixed.json)" "$(strip slow.json)"
ok "ranks from a mix: each rank says where it came from" jq \
	'[r["source_kind"] for r in d["ranks"]] == ["json", "trace", "json"]' < mixed.json

# ---- DDP's overlap, and no_sync() ------------------------------------------
python3 "$MK" --mode overlap ddp > /dev/null
"$OC" report --ranks --format json ddp > ddp.json
ok "overlap: no rank waited" jq 'all(r["peer_wait_ns"] == 0 for r in d["ranks"])' < ddp.json
ok "overlap: 9 of 12 collectives overlapped backward on each rank" jq \
	'all(r["overlapped"] == 9 and r["collectives"] == 12 for r in d["ranks"])' < ddp.json
python3 "$MK" --mode nosync nosync > /dev/null
"$OC" report --ranks --format json nosync > nosync.json
ok "no_sync: every collective exposed" jq \
	'all(r["overlapped"] == 0 and r["exposed_share"] == 1.0 for r in d["ranks"])' < nosync.json

# ---- one rank's own report: the communication ------------------------------
# rank 1 starts each step 3 µs after rank 0 (the generator's skew): its
# all-reduces wait for nobody and last 150 µs each, 12 of them, and the last
# bucket of each of the 3 steps has no backward beside it (450 µs exposed)
"$OC" report --format json ddp/train.rank1.db > r0.json
ok "rank report: the passport's rank keys" jq \
	'd["passport"]["rank"] == "1" and d["passport"]["world_size"] == "2" and d["passport"]["nccl_version"] == "2.21.5"' < r0.json
ok "rank report: engines count comm apart from compute" jq \
	'd["engines"][0]["busy"]["comm"] == 1800000 and d["engines"][0]["busy"]["compute"] > 0' < r0.json
ok "rank report: communication on unions" jq \
	'd["communication"]["comm_ns"] == 1800000 and d["communication"]["exposed_ns"] == 450000 and d["communication"]["claims"] == 12' < r0.json
ok "rank report: collectives name AllReduce, RING, LL, seq 0..11 on communicator 0" jq \
	'[c["seq"] for c in d["collectives"]] == list(range(12)) and all(c["collective"] == "AllReduce" and c["algorithm"] == "RING" and c["protocol"] == "LL" and c["comm"] == 0 for c in d["collectives"])' < r0.json
ok "rank report: NCCL's NVTX range names the call" jq \
	'all(c["nccl_call"] == "ncclAllReduce" for c in d["collectives"])' < r0.json
ok "rank report: per NVTX range, not NCCL's own" jq \
	'sorted(r["name"] for r in d["communication"]["ranges"]) == ["backward", "step"]' < r0.json
ok "rank report: where the time went has the exposed part" jq \
	'd["time_split"]["comm_exposed_ns"] == 450000' < r0.json
out=$("$OC" report ddp/train.rank1.db)
like "rank report text: the collectives line" "$out" "9 of 12 NCCL collectives overlapped compute; 25% of communication time exposed"
like "rank report text: communication section" "$out" "device 1: 12 kernels, 1.80 ms communicating, 450.0 us exposed"
like "rank report text: passport rank" "$out" "rank 1 of 2 \\(local rank 1\\); NCCL 2.21.5"
out=$("$OC" report --format markdown nosync/train.rank0.db)
like "rank report markdown: the collectives line" "$out" "0 of 3 NCCL collectives overlapped compute\\*\\*; 100% of communication time exposed"
like "rank report markdown: where the time went" "$out" "communication, no compute beside it \\| 26.0%"

# ---- one process, several GPUs; two hosts ----------------------------------
python3 "$MK" --one-process --slow 0 onep > /dev/null
"$OC" report --ranks --format json onep > onep.json
ok "one process: each device a rank" jq \
	'[r["rank"] for r in d["ranks"]] == [0, 1] and all(r["by_device"] for r in d["ranks"]) and d["ranks"][1]["peer_wait_ns"] > 0' < onep.json
python3 "$MK" --ranks 4 --hosts 2 --slow 1 hosts > /dev/null
"$OC" report --ranks --format json hosts > hosts.json
ok "two hosts: not aligned, nothing compared, said why" jq \
	'not d["aligned"] and d["hosts"] == 2 and all(r["peer_wait_ns"] == 0 for r in d["ranks"]) and "2 hosts" in d["notes"][0]' < hosts.json

# ---- inputs -------------------------------------------------------------------
cp slow/train.rank0.db dup.db
bad() { # NAME PATTERN ARGS...
	name=$1; pat=$2; shift 2
	out=$("$OC" report "$@" 2>&1); rc=$?
	is "$name: exit 2" "$rc" 2
	like "$name: message" "$out" "$pat"
}
bad "two inputs of one rank" "two inputs are rank 0" --ranks slow/train.rank0.db dup.db
sqlite3 nothing.db < "$ROOT/schema/trace-v1.sql"
sqlite3 nothing.db "INSERT INTO meta VALUES ('trace_start_ns', '1800000000000000000'), ('rank', '0')"
"$OC" report --format json nothing.db > nothing.json
bad "no NCCL kernel anywhere" "no rank with NCCL kernels" --ranks nothing.json
echo '{"schema": "x"}' > other.json
bad "not a report" "not an overlapcheck JSON report" --ranks other.json slow/train.rank1.db
mkdir empty
bad "empty directory" "no traces \\(\\*.db\\) or JSON reports \\(\\*.json\\) in directory 'empty'" --ranks empty
bad "peer-wait without ranks" "--peer-wait needs --ranks" --peer-wait 1ms slow/train.rank0.db
bad "ranks with a range" "no --range or --device" --ranks --range x slow
bad "bad peer-wait" "invalid value 'soon' for --peer-wait" --ranks --peer-wait soon slow
"$OC" report --ranks --peer-wait 1ms --format json slow > p1ms.json
ok "--peer-wait 1ms: only the 2 ms waits" jq \
	'all(c["max_wait_ns"] == 0 or c["max_wait_ns"] > 1000000 for c in d["collectives"]) and d["options"]["peer_wait_ns"] == 1000000' < p1ms.json
# a launcher's trace (torchrun itself: no rank, no kernel) is skipped
sqlite3 slow/train.db < "$ROOT/schema/trace-v1.sql"
sqlite3 slow/train.db "INSERT INTO meta VALUES ('trace_start_ns', '1800000000000000000')"
out=$("$OC" report --ranks slow 2>&1); rc=$?
is "launcher trace: exit 0" "$rc" 0
like "launcher trace: skipped with a note" "$out" "train.db' skipped: no rank and no NCCL kernel"
out=$("$OC" report --help)
like "help: --ranks" "$out" "--ranks  "

# ---- timeline --ranks: one page, each rank a group of lanes -------------------
"$OC" timeline --ranks -o slow.html slow 2> tl.err; rc=$?
is "timeline --ranks: exit 0" "$rc" 0
like "timeline --ranks: says so" "$(cat tl.err)" "wrote slow.html \\(3 ranks\\)"
cat > page.py <<'EOF'
import json, re, sys
s = open(sys.argv[1]).read()
d = json.loads(re.search(r'<script type="application/json"[^>]*>(.*?)</script>', s, re.S).group(1))
S, it = 11, d["items"]
n = len(it) // S
names = [l["n"] for l in d["lanes"]]
groups = sorted(set(x.split(" \u00b7 ")[0] for x in names))
kern = [i for i in range(n) if it[i * S + 4] == 0]
ok = (groups == ["rank 0", "rank 1", "rank 2"] and len(kern) == 90 and
      all(it[i * S] < len(names) and it[i * S + 3] < len(d["strs"]) and it[i * S + 7] < len(d["notes"])
          and it[i * S + 10] < n for i in range(n)) and "rank 2 started last" in d["answer"])
# rank 1's first all-reduce on the page: its own trace's time + 1 ms (its clock started 1 ms later)
ar = [it[i * S + 1] for i in kern if d["strs"][it[i * S + 3]].startswith("ncclDevKernel") and
      names[it[i * S]].startswith("rank 1")]
print(groups, len(kern), min(ar))
sys.exit(0 if ok and min(ar) == 10703000 else 1)
EOF
ok "timeline --ranks: three groups, every kernel, indices in range, one clock" python3 page.py slow.html
out=$("$OC" timeline --ranks slow 2>&1); rc=$?
is "timeline --ranks without -o: exit 2" "$rc" 2
out=$("$OC" timeline --ranks -o x.html reports 2>&1); rc=$?
is "timeline --ranks of JSON reports: exit 2" "$rc" 2
like "timeline --ranks of JSON reports: says why" "$out" "only traces hold"

# ---- check: exposed communication and peer waits -----------------------------
out=$("$OC" check --ranks --max-peer-wait 10% --forbid-cause peer_wait slow 2>&1); rc=$?
is "check --ranks: the waits fail the gate" "$rc" 1
like "check --ranks: one result per rank" "$out" "rank 0 \\(slow/train.rank0.db\\)"
like "check --ranks: evidence names the slow rank" "$out" "waited 2.00[0-9] ms for rank 2"
like "check --ranks: the slow rank itself passes" "$(printf '%s\n' "$out" | sed -n '/^rank 2/,/^all/p')" "pass  max-peer-wait"
"$OC" check --ranks --format json --max-peer-wait 10% reports > check.json
ok "check --ranks from JSON reports: per rank and all ranks" jq \
	'[s["name"].split()[0] for s in d["suites"]] == ["rank", "rank", "rank", "all"]' < check.json
out=$("$OC" check --ranks --max-peer-wait 10% ddp); rc=$?
is "check --ranks: DDP without a slow rank passes" "$rc" 0
out=$("$OC" check --max-exposed-comm 50% nosync/train.rank0.db); rc=$?
is "check: no_sync's exposed communication fails" "$rc" 1
like "check: exposed message" "$out" "1.80[0-9]* ms of 1.80[0-9]* ms of NCCL communication ran with no compute kernel beside it"
out=$("$OC" check --max-exposed-comm 50% ddp/train.rank1.db); rc=$?
is "check: DDP's overlap passes max-exposed-comm 50%" "$rc" 0
out=$("$OC" check --max-peer-wait 10% --max-exposed-comm 50% ddp/train.rank1.db); rc=$?
is "check: max-peer-wait without --ranks: skipped, not passed" "$rc" 0
like "check: says why" "$out" "skip  max-peer-wait .*check --ranks"
out=$("$OC" check --ranks --min-copy-overlap 0.5 slow 2>&1); rc=$?
is "check --ranks: other rules refused" "$rc" 2
like "check --ranks: says which rules" "$out" "with --ranks the rules are max-exposed-comm, max-peer-wait and forbid-cause peer_wait; min-copy-overlap needs"
out=$("$OC" check --peer-wait 1ms --max-exposed-comm 0.5 slow/train.rank0.db 2>&1); rc=$?
is "check --peer-wait without --ranks: exit 2" "$rc" 2

# ---- the multi-GPU scenarios' merge checker, on this synthetic job -----------
cat > slow.ranks <<'EOF'
job ranks eq=3
job aligned eq=true
name AllReduce slowest_rank eq=2
rank 0 peer_wait_share min=0.5
rank * collectives min=12
rank 2 peer_wait_ns eq=0
EOF
out=$(python3 "$ROOT/tests/multigpu/check_ranks.py" --cli "$OC" slow.ranks slow); rc=$?
is "check_ranks: the slow job holds" "$rc" 0
like "check_ranks: counts" "$out" "ranks: 6 passed, 0 failed"
echo "rank 2 peer_wait_share min=0.5" > wrong.ranks
out=$(python3 "$ROOT/tests/multigpu/check_ranks.py" --json slow.json wrong.ranks); rc=$?
is "check_ranks: a wrong expectation fails" "$rc" 1
echo "ranks 1 x" > bad.ranks
out=$(python3 "$ROOT/tests/multigpu/check_ranks.py" --json slow.json bad.ranks 2>&1); rc=$?
is "check_ranks: a bad line is an error" "$rc" 1
for e in "$ROOT"/tests/multigpu/expect/*.ranks; do
	ok "check_ranks: $(basename "$e") parses" python3 -c "
import sys; sys.path.insert(0, '$ROOT/tests/multigpu'); import check_ranks; check_ranks.parse('$e')"
done
ok "scenarios: every .expect parses" python3 -c "
import glob, sys; sys.path.insert(0, '$ROOT/tests/fixtures'); import check
[check.parse_expect(p) for p in glob.glob('$ROOT/tests/multigpu/expect/*.expect')]"
if ! command -v nvidia-smi >/dev/null 2>&1; then   # a GPU machine would run them all
	out=$(BUILD="$ROOT/$BUILD" sh "$ROOT/tests/multigpu/run.sh" 2>&1); rc=$?
	is "scenarios without two GPUs: exit 2" "$rc" 2
	like "scenarios without two GPUs: says so" "$out" "needs 2 GPUs"
fi

done_testing
