#!/bin/sh
# test-pairs.sh: the bounds against the savings of four pairs of programs that
# differ by one fix (issue 31; bench/fix_pairs.cu, recorded on the H200:
# tests/fixtures/pairs/README.md). Expectations from the programs' design:
# each pair's largest bound is its fix; on the recorded pair, the saving
# (the device span of the work queued in NVTX range "loop", before minus
# after) is at most that bound and at least half of it; compare over the
# same range finds the candidate faster, because of overlap except for
# pinning, whose copies themselves get faster.
. tests/cli/lib.sh
P=tests/fixtures/pairs
# span FILE.json: the critical path's length; bound FILE.json FIX: that fix's bound
span() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["critical_path"]["length_ns"])' "$1"; }
bound() { python3 -c 'import json,sys; print([b["bound_ns"] for b in json.load(open(sys.argv[1]))["bounds"] if b["id"] == sys.argv[2]][0])' "$1" "$2"; }
top() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["bounds"][0]["id"])' "$1"; }
for pair in pin:pin_host_memory:speedup_not_from_overlap free:remove_hidden_syncs:speedup_from_overlap \
	    legacy:leave_legacy_stream:speedup_from_overlap prefetch:copies_on_own_stream:speedup_from_overlap; do
	c=${pair%%:*} rest=${pair#*:}
	fix=${rest%%:*} verdict=${rest#*:}
	for v in before after; do
		load_sql "$TMP/$c-$v.db" "$P/fix_${c}_$v.sql" || echo "cannot load $P/fix_${c}_$v.sql"
		"$OC" report --range loop --format json "$TMP/$c-$v.db" > "$TMP/$c-$v.json"
	done
	is "$c: the largest bound is $fix" "$(top "$TMP/$c-before.json")" "$fix"
	b=$(bound "$TMP/$c-before.json" "$fix")
	s=$(( $(span "$TMP/$c-before.json") - $(span "$TMP/$c-after.json") ))
	is "$c: saving $s ns <= bound $b ns" "$([ "$s" -le "$b" ] && echo yes)" yes
	is "$c: saving $s ns >= half the bound" "$([ $((2 * s)) -ge "$b" ] && echo yes)" yes
	got=$("$OC" compare --range loop --format json "$TMP/$c-before.db" -- "$TMP/$c-after.db" |
		python3 -c 'import json,sys; print(json.load(sys.stdin)["verdict"])')
	is "$c: compare's verdict" "$got" "$verdict"
	# the fix applied, its own bound is gone or far smaller
	after=$(python3 -c 'import json,sys; print(sum(b["bound_ns"] for b in json.load(open(sys.argv[1]))["bounds"] if b["id"] == sys.argv[2]))' "$TMP/$c-after.json" "$fix")
	is "$c: after the fix, its bound is under a tenth of the saving" "$([ $((10 * after)) -lt "$s" ] && echo yes)" yes
done
# The timeline's critical path on the pinning pair's before-trace, over the
# range "loop", expected from the program: each of its 24 chunks stages its
# HtoD copy in the host's pageable cudaMemcpyAsync (the call, not the copy,
# is on the path), runs its kernel, and waits in the DtoH call for the DtoH
# copy: all 24 kernels and 24 DtoH copies are marked, no HtoD copy.
"$OC" timeline --range loop -o "$TMP/pin.html" "$TMP/pin-before.db" 2>/dev/null
is "pin: the timeline marks the loop's kernels and DtoH copies, no HtoD copy" "$(python3 -c '
import sys; sys.path.insert(0, "tests/cli"); from lodpage import page_data
d = page_data(open(sys.argv[1], encoding="utf-8").read()); it = d["items"]
names = [d["strs"][it[i * 11 + 3]] for i in d["path"] if it[i * 11 + 4] <= 1]
print(sum(n.startswith("lcg_kernel") for n in names), sum("DtoH" in n for n in names),
      sum("HtoD" in n for n in names))' "$TMP/pin.html")" "24 24 0"
done_testing
