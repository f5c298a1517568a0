#!/bin/sh
# test-compare.sh: `overlapcheck compare` on synthetic pairs whose answers
# follow from their design (tests/cli/gate-gen.py says how), on the recorded
# H200 example pair when present, on different work, and on bad input.
. tests/cli/lib.sh
. tests/cli/gate-lib.sh

for s in sequential pipeline two_kernels_seq two_kernels_contended gaps packed slow hostile \
	 multidev range_seq range_pipe; do
	$GEN $s "$TMP/$s.db" || echo "not ok - gate-gen $s"
done
$GEN sequential "$TMP/seq_a.db" --scale 1.05
$GEN sequential "$TMP/seq_b.db" --scale 0.98
$GEN pipeline "$TMP/pipe_a.db" --scale 1.02
$GEN pipeline "$TMP/pipe_b.db" --scale 0.99
$GEN sequential "$TMP/seq_wide_a.db" --scale 1.06
$GEN sequential "$TMP/seq_wide_b.db" --scale 0.97
$GEN sequential "$TMP/seq_5pct.db" --scale 1.05
$GEN sequential "$TMP/seq_lessbytes.db" --h2d-bytes 1000000
$GEN sequential "$TMP/seq_grid.db" --grid 128
$GEN sequential "$TMP/seq_other_kernel.db" --kernel _Z5otherv
$GEN sequential "$TMP/seq_dropped.db" --dropped 7

# ---- sequential control: one run each ----------------------------------------
# sequential: 1600 us, no intersection; pipeline: 1000 us, intersection 600 us:
# the time saved (600) is all intersection gained.
out=$("$OC" compare "$TMP/sequential.db" -- "$TMP/pipeline.db"); rc=$?
is "sequential -> pipeline: exit 0" "$rc" 0
like "verdict speedup_from_overlap" "$out" "^verdict: speedup_from_overlap"
like "work line: what was compared" "$out" "^work: DtoH 4\\.0 MiB \\(4 copies\\), HtoD 4\\.0 MiB \\(4 copies\\), 262144 threads in 4 launches of 1 kernel, the same in every run$"
like "total time row" "$out" "total time +1\\.600 ms +1\\.000 ms +-600\\.0 us"
like "intersection row" "$out" "intersection \\(sum-union\\) +0 ns +600\\.0 us +\\+600\\.0 us"
like "explains all of it" "$out" "intersection gained +600\\.0 us +explains 100% of the time saved"
like "change -37.5%" "$out" "change: -600\\.0 us \\(-37\\.5%\\)"
json=$("$OC" compare --format json "$TMP/sequential.db" -- "$TMP/pipeline.db")
is "json verdict" "$(jpy "d['verdict']")" speedup_from_overlap
is "json same work" "$(jpy "d['same_work']")" True
is "json work list" "$(jpy "[(w['class'], w['key'], w.get('bytes', w.get('threads')), w['count']) for w in d['work']]")" \
	"[('copy', 'DtoH', 4194304, 4), ('copy', 'HtoD', 4194304, 4), ('kernel', '_Z5scalePfi', 262144, 4)]"
is "json baseline total" "$(jpy "d['baseline']['total_ns']['median']")" 1600000
is "json candidate total" "$(jpy "d['candidate']['total_ns']['median']")" 1000000
is "json op sums equal" "$(jpy "(d['baseline']['op_sum_ns']['median'], d['candidate']['op_sum_ns']['median'])")" "(1600000, 1600000)"
is "json intersection gained" "$(jpy "d['attribution']['intersection_gained_ns']")" 600000
is "json explained" "$(jpy "d['attribution']['explained']")" 1
is "json copy/compute overlap 500 us" "$(jpy "d['candidate']['copy_compute_overlap_ns']['median']")" 500000
# candidate HtoD copies: H2D_0 alone, H2D_1..3 fully under other streams: 75%
is "json HtoD overlapped share" \
	"$(jpy "[o['candidate']['overlapped'] for o in d['operations'] if o['name'] == 'memcpy HtoD'][0]")" 0.75
# kernels: 200 + 100 + 100 + 100 of 800 us intersect other streams
is "json kernel overlapped share" \
	"$(jpy "[o['candidate']['overlapped'] for o in d['operations'] if o['mangled'] == '_Z5scalePfi'][0]")" 0.625
is "json kernel demangled" "$(jpy "[o['name'] for o in d['operations'] if o['mangled'] == '_Z5scalePfi'][0]")" \
	"scale(float*, int)"

# ---- repeated runs: medians and spread -----------------------------------------
# baseline 1600, 1680, 1568 -> median 1600, spread 112/1600 = 7%;
# candidate 1000, 1020, 990 -> median 1000.
json=$("$OC" compare --format json "$TMP/sequential.db" "$TMP/seq_a.db" "$TMP/seq_b.db" -- \
	"$TMP/pipeline.db" "$TMP/pipe_a.db" "$TMP/pipe_b.db"); rc=$?
is "repeats: exit 0" "$rc" 0
is "repeats: verdict" "$(jpy "d['verdict']")" speedup_from_overlap
is "repeats: baseline median/min/max" "$(jpy "tuple(d['baseline']['total_ns'][k] for k in ('median', 'min', 'max'))")" \
	"(1600000, 1568000, 1680000)"
is "repeats: candidate median/min/max" "$(jpy "tuple(d['candidate']['total_ns'][k] for k in ('median', 'min', 'max'))")" \
	"(1000000, 990000, 1020000)"
is "repeats: threshold is the baseline spread 7%" "$(jpy "round(d['noise_threshold'], 6)")" 0.07
is "repeats: three traces per side" "$(jpy "(len(d['baseline']['traces']), len(d['candidate']['traces']))")" "(3, 3)"
out=$("$OC" compare "$TMP/sequential.db" "$TMP/seq_a.db" "$TMP/seq_b.db" -- \
	"$TMP/pipeline.db" "$TMP/pipe_a.db" "$TMP/pipe_b.db")
like "repeats: text shows median [min..max]" "$out" "total time +1\\.600 ms \\[1\\.568 ms\\.\\.1\\.680 ms\\]"

# A 5% slowdown within a 9% spread is noise: baseline 1600, 1696, 1552
# (spread 144/1600 = 9%), candidate 1680 (+5%).
json=$("$OC" compare --format json "$TMP/sequential.db" "$TMP/seq_wide_a.db" "$TMP/seq_wide_b.db" -- \
	"$TMP/seq_5pct.db")
is "within spread: no_change" "$(jpy "d['verdict']")" no_change
is "within spread: change +5%" "$(jpy "round(d['change'], 6)")" 0.05
is "within spread: no regression exit" \
	"$(status "$OC" compare --fail-on-regression "$TMP/sequential.db" "$TMP/seq_wide_a.db" \
	   "$TMP/seq_wide_b.db" -- "$TMP/seq_5pct.db")" 0
# The same 5% with one baseline run is beyond the 3% default noise ...
json=$("$OC" compare --format json "$TMP/sequential.db" -- "$TMP/seq_5pct.db")
is "one run: +5% is a slowdown" "$(jpy "d['verdict']")" slowdown
# ... and within --noise 0.06.
json=$("$OC" compare --format json --noise 0.06 "$TMP/sequential.db" -- "$TMP/seq_5pct.db")
is "--noise 0.06: no_change" "$(jpy "d['verdict']")" no_change
json=$("$OC" compare --format json --noise=6% "$TMP/sequential.db" -- "$TMP/seq_5pct.db")
is "--noise=6%: no_change" "$(jpy "d['verdict']")" no_change

# ---- the other verdicts ---------------------------------------------------------
# A and B: 800 + 800 in one stream, then both over [0, 1600] in two streams.
out=$("$OC" compare "$TMP/two_kernels_seq.db" -- "$TMP/two_kernels_contended.db"); rc=$?
is "contention: exit 0" "$rc" 0
like "contention: overlap_without_speedup" "$out" "^verdict: overlap_without_speedup"
like "contention: A listed, +100%, 0% -> 100% overlapped" "$out" "A\\(\\) +1 +800\\.0 us +1\\.600 ms +\\+100\\.0% +0% +100% +contention"
like "contention: B listed" "$out" "B\\(\\) .*contention"
like "contention: summary line" "$out" "2 operation names got slower while overlapped"
json=$("$OC" compare --format json "$TMP/two_kernels_seq.db" -- "$TMP/two_kernels_contended.db")
is "contention: op time added 1600 us" "$(jpy "d['attribution']['op_time_added_ns']")" 1600000
is "contention: intersection gained 1600 us" "$(jpy "d['attribution']['intersection_gained_ns']")" 1600000
is "contention: both flagged" "$(jpy "sorted(o['name'] for o in d['operations'] if o['contention'])")" "['A()', 'B()']"

# 4 x 200 us kernels with 3 x 100 us idle, then back to back: faster, no intersection.
json=$("$OC" compare --format json "$TMP/gaps.db" -- "$TMP/packed.db")
is "idle removed: speedup_not_from_overlap" "$(jpy "d['verdict']")" speedup_not_from_overlap
is "idle removed: idle added -300 us" "$(jpy "d['attribution']['idle_added_ns']")" -300000
is "idle removed: no intersection gained" "$(jpy "d['attribution']['intersection_gained_ns']")" 0
is "idle removed: explained 0" "$(jpy "d['attribution']['explained']")" 0

# Kernels 20% slower, no overlap.
json=$("$OC" compare --format json "$TMP/packed.db" -- "$TMP/slow.db")
is "slower: slowdown" "$(jpy "d['verdict']")" slowdown
like "slower: the time lost, not a negative saving" "$("$OC" compare "$TMP/packed.db" -- "$TMP/slow.db")" "^attribution of the time lost \\([0-9]"
is "slower: exit 0 without --fail-on-regression" "$(status "$OC" compare "$TMP/packed.db" -- "$TMP/slow.db")" 0
is "slower: exit 1 with --fail-on-regression" \
	"$(status "$OC" compare --fail-on-regression "$TMP/packed.db" -- "$TMP/slow.db")" 1
is "faster: exit 0 with --fail-on-regression" \
	"$(status "$OC" compare --fail-on-regression "$TMP/sequential.db" -- "$TMP/pipeline.db")" 0

# Identical traces.
out=$("$OC" compare --fail-on-regression "$TMP/pipeline.db" -- "$TMP/pipeline.db"); rc=$?
is "identical: exit 0" "$rc" 0
like "identical: no_change" "$out" "^verdict: no_change"
json=$("$OC" compare --format json "$TMP/pipeline.db" -- "$TMP/pipeline.db")
is "identical: zero change" "$(jpy "(d['change'], d['attribution']['time_saved_ns'], d['attribution']['explained'])")" \
	"(0, 0, None)"

# ---- same-work check ------------------------------------------------------------
err=$("$OC" compare "$TMP/sequential.db" -- "$TMP/seq_lessbytes.db" 2>&1 >/dev/null); rc=$?
is "fewer bytes: exit 2" "$rc" 2
like "fewer bytes: says what differs" "$err" "HtoD copies: 4194304 bytes in '.*sequential\\.db', 4000000 bytes in '.*seq_lessbytes\\.db'"
like "fewer bytes: refuses" "$err" "refusing to attribute"
err=$("$OC" compare "$TMP/sequential.db" -- "$TMP/seq_grid.db" 2>&1 >/dev/null); rc=$?
is "smaller grid: exit 2" "$rc" 2
like "smaller grid: threads per kernel" "$err" "kernel 'scale\\(float\\*, int\\)': 262144 threads in '.*', 131072 threads in '.*seq_grid\\.db'"
err=$("$OC" compare "$TMP/sequential.db" -- "$TMP/seq_other_kernel.db" 2>&1 >/dev/null); rc=$?
is "other kernel: exit 2" "$rc" 2
like "other kernel: missing one" "$err" "kernel 'scale\\(float\\*, int\\)': 262144 threads in '.*sequential\\.db', none in"
like "other kernel: extra one" "$err" "kernel 'other\\(\\)': none in '.*sequential\\.db', 262144 threads in"
# repeats that differ from each other are different work too
err=$("$OC" compare "$TMP/sequential.db" "$TMP/seq_grid.db" -- "$TMP/pipeline.db" 2>&1 >/dev/null); rc=$?
is "baseline repeats differ: exit 2" "$rc" 2
json=$("$OC" compare --format json --allow-different-work "$TMP/sequential.db" -- "$TMP/seq_lessbytes.db" 2>"$TMP/err"); rc=$?
is "--allow-different-work: exit 0" "$rc" 0
is "--allow-different-work: same_work false" "$(jpy "d['same_work']")" False
like "--allow-different-work: difference listed" "$(jpy "d['work_differences'][0]")" "^HtoD copies: 4194304 bytes"
like "--allow-different-work: warns" "$(cat "$TMP/err")" "warning: the traces did different work"
out=$("$OC" compare --allow-different-work "$TMP/sequential.db" -- "$TMP/seq_lessbytes.db" 2>/dev/null)
like "--allow-different-work: the work line says so" "$out" "^work: .* THE RUNS DIFFER"

# ---- NVTX range boundaries ------------------------------------------------------
# Warm-ups outside the range differ (1 vs 2 launches): different work overall ...
is "whole traces with different warm-ups: exit 2" \
	"$(status "$OC" compare "$TMP/range_seq.db" -- "$TMP/range_pipe.db")" 2
# ... the same work inside range 'work'. range_seq: range 100..150 us, its work
# ends at 1800: 1700 us. range_pipe: range 100..2000, work 200..1200: 1900 us.
json=$("$OC" compare --format json --range work "$TMP/range_seq.db" -- "$TMP/range_pipe.db"); rc=$?
is "--range: exit 0" "$rc" 0
is "--range: same work inside the range" "$(jpy "d['same_work']")" True
is "--range: totals extend to the work's end" \
	"$(jpy "(d['baseline']['total_ns']['median'], d['candidate']['total_ns']['median'])")" "(1700000, 1900000)"
is "--range: outside the device span" \
	"$(jpy "(d['baseline']['outside_span_ns']['median'], d['candidate']['outside_span_ns']['median'])")" "(100000, 900000)"
is "--range: warm-up not counted" "$(jpy "[o['name'] for o in d['operations'] if 'warmup' in o['name']]")" "[]"
is "--range: slower with more intersection" "$(jpy "d['verdict']")" overlap_without_speedup
err=$("$OC" compare --range nosuch "$TMP/range_seq.db" -- "$TMP/range_pipe.db" 2>&1); rc=$?
is "--range with no such range: exit 2" "$rc" 2
like "--range with no such range: message" "$err" "has no NVTX range named 'nosuch'"

# ---- formats, devices, warnings --------------------------------------------------
md=$("$OC" compare --format markdown "$TMP/sequential.db" -- "$TMP/pipeline.db"); rc=$?
is "markdown: exit 0" "$rc" 0
like "markdown: title" "$md" "^## overlapcheck compare: \`speedup_from_overlap\`"
like "markdown: table row" "$md" "^\\| total time \\| 1\\.600 ms \\(1\\.600 ms\\.\\.1\\.600 ms\\) \\| 1\\.000 ms"
like "markdown: op table" "$md" "^\\| memcpy HtoD \\| 4 \\| 400\\.0 us \\| 400\\.0 us \\| \\+0\\.0% \\| 0% → 75% \\|"
md=$("$OC" compare --format markdown "$TMP/hostile.db" -- "$TMP/hostile.db")
like "markdown: hostile name escaped" "$md" '\\_Z3bad\\</failure\\>\\<x a="1"\\>\\&amp;\\x01\\\|\\`\\\*'
json=$("$OC" compare --format json "$TMP/hostile.db" -- "$TMP/hostile.db")
is "json: hostile name round-trips" "$(jpy "d['operations'][0]['mangled'] == '_Z3bad</failure><x a=\"1\">&amp;\x01|\`*%0A::error::'")" True
out=$("$OC" compare "$TMP/hostile.db" -- "$TMP/hostile.db")
ok "text: no raw control bytes" sh -c "! printf '%s' \"\$1\" | tr -d '\n' | LC_ALL=C grep -q '[[:cntrl:]]'" sh "$out"
"$OC" compare -o "$TMP/out.md" --format md "$TMP/sequential.db" -- "$TMP/pipeline.db" >"$TMP/stdout"
like "-o writes the file" "$(cat "$TMP/out.md")" "^## overlapcheck compare"
is "-o leaves stdout empty" "$(wc -c < "$TMP/stdout" | tr -d ' ')" 0

err=$("$OC" compare "$TMP/multidev.db" -- "$TMP/multidev.db" 2>&1); rc=$?
is "two devices: exit 2" "$rc" 2
like "two devices: asks for --device" "$err" "ops on 2 devices; choose one with --device N"
json=$("$OC" compare --format json --device 0 "$TMP/multidev.db" -- "$TMP/sequential.db"); rc=$?
is "--device 0: exit 0" "$rc" 0
is "--device 0: the same work as sequential" "$(jpy "(d['same_work'], d['verdict'])")" "(True, 'no_change')"
err=$("$OC" compare --format json "$TMP/seq_dropped.db" -- "$TMP/sequential.db" 2>&1 >/dev/null); rc=$?
is "dropped records: still compared" "$rc" 0
like "dropped records: warning" "$err" "seq_dropped\\.db' has 7 dropped and 0 incomplete records: its times rest on incomplete data"

# ---- usage and input errors --------------------------------------------------------
is "no separator: 2" "$(status "$OC" compare "$TMP/sequential.db" "$TMP/pipeline.db")" 2
is "empty candidate side: 2" "$(status "$OC" compare "$TMP/sequential.db" --)" 2
is "empty baseline side: 2" "$(status "$OC" compare -- "$TMP/sequential.db")" 2
is "two separators: 2" "$(status "$OC" compare "$TMP/sequential.db" -- "$TMP/pipeline.db" -- "$TMP/pipeline.db")" 2
is "unknown option: 2" "$(status "$OC" compare --bogus "$TMP/sequential.db" -- "$TMP/pipeline.db")" 2
is "bad --noise: 2" "$(status "$OC" compare --noise 1.5 "$TMP/sequential.db" -- "$TMP/pipeline.db")" 2
is "bad --noise text: 2" "$(status "$OC" compare --noise x "$TMP/sequential.db" -- "$TMP/pipeline.db")" 2
is "bad --format: 2" "$(status "$OC" compare --format xml "$TMP/sequential.db" -- "$TMP/pipeline.db")" 2
is "bad --device: 2" "$(status "$OC" compare --device -1 "$TMP/sequential.db" -- "$TMP/pipeline.db")" 2
is "--range without value: 2" "$(status "$OC" compare "$TMP/sequential.db" -- "$TMP/pipeline.db" --range)" 2
err=$("$OC" compare "$TMP/sequential.db" -- "$TMP/missing.db" 2>&1); rc=$?
is "missing trace: 2" "$rc" 2
like "missing trace: message" "$err" "cannot open trace '.*missing\\.db'"
printf 'not a database at all, only some text here ..........................\n' > "$TMP/text.db"
is "not a trace: 2" "$(status "$OC" compare "$TMP/text.db" -- "$TMP/pipeline.db")" 2
is "--help: 0" "$(status "$OC" compare --help)" 0
like "--help: usage" "$("$OC" compare --help)" "usage: overlapcheck compare"

# ---- the recorded H200 example pair (tests/fixtures, when present) ------------------
# examples/sequential.cu and examples/pipeline.cu: the same chunks, one stream
# vs three; three runs each.
seq="" pipe=""
for i in 1 2 3; do
	fixture "examples_sequential_$i" && seq="$seq $TMP/h200_examples_sequential_$i.db"
	fixture "examples_pipeline_$i" && pipe="$pipe $TMP/h200_examples_pipeline_$i.db"
done
if [ -n "$seq" ] && [ -n "$pipe" ]; then
	# shellcheck disable=SC2086
	json=$("$OC" compare --format json $seq -- $pipe); rc=$?
	is "H200 pair: exit 0" "$rc" 0
	is "H200 pair: the same work" "$(jpy "d['same_work']")" True
	# The pipeline overlaps copies with compute (3 copy engines, pinned memory);
	# the sequential program cannot (one stream): more intersection, faster.
	is "H200 pair: speedup_from_overlap" "$(jpy "d['verdict']")" speedup_from_overlap
	# one stream: nothing can intersect (allow 1% for timestamp conversion)
	is "H200 pair: baseline has no intersection" \
		"$(jpy "d['baseline']['intersection_ns']['max'] <= 0.01 * d['baseline']['total_ns']['min']")" True
	is "H200 pair: candidate faster" "$(jpy "d['change'] < 0")" True
	is "H200 pair: intersection gained > 0" "$(jpy "d['attribution']['intersection_gained_ns'] > 0")" True
	is "H200 pair: every run on each side" \
		"$(jpy "(len(d['baseline']['traces']), len(d['candidate']['traces']))")" \
		"($(echo $seq | wc -w), $(echo $pipe | wc -w))"
	is "H200 pair: copy/compute overlap only in the candidate" \
		"$(jpy "d['baseline']['copy_compute_overlap_ns']['max'] <= 0.01 * d['baseline']['total_ns']['min'] and d['candidate']['copy_compute_overlap_ns']['min'] > 0")" True
	first=$(echo $pipe | cut -d' ' -f1)
	is "H200 identical: no_change, exit 0 with --fail-on-regression" \
		"$("$OC" compare --format json --fail-on-regression "$first" -- "$first" | python3 -c 'import json,sys; print(json.load(sys.stdin)["verdict"])')" no_change
	# shellcheck disable=SC2086
	is "H200 reversed: the sequential run is a regression: exit 1" \
		"$(status "$OC" compare --fail-on-regression $pipe -- $seq)" 1
fi

# The same pipeline on pageable and on pinned memory (tests/gpu/pageable_pipeline.cu,
# pinned_pipeline.cu): the same work. Pageable copies run at ~7 GB/s instead of
# ~54 GB/s (docs/method.md, seen on the H200): 16 x 4 MB copies lose ~8 ms of op time,
# while the pinned pipeline can gain at most its compute time (~1 ms) of
# intersection: faster, but mostly not from overlap.
if fixture pageable_pipeline && fixture pinned_pipeline; then
	json=$("$OC" compare --format json "$TMP/h200_pageable_pipeline.db" -- "$TMP/h200_pinned_pipeline.db"); rc=$?
	is "H200 pageable -> pinned: exit 0" "$rc" 0
	is "H200 pageable -> pinned: the same work" "$(jpy "d['same_work']")" True
	is "H200 pageable -> pinned: speedup_not_from_overlap" "$(jpy "d['verdict']")" speedup_not_from_overlap
	is "H200 pageable -> pinned: op time fell more than intersection grew" \
		"$(jpy "-d['attribution']['op_time_added_ns'] > d['attribution']['intersection_gained_ns'] > 0")" True
	is "H200 pageable -> pinned: copies got faster" \
		"$(jpy "all(o['candidate']['time_per_run_ns'] < o['baseline']['time_per_run_ns'] for o in d['operations'] if o['name'].startswith('memcpy'))")" True
fi
# NVTX range boundaries on a real trace: the range 'pipeline' against itself.
if fixture nvtx_range; then
	json=$("$OC" compare --format json --range pipeline "$TMP/h200_nvtx_range.db" -- "$TMP/h200_nvtx_range.db"); rc=$?
	is "H200 --range pipeline, same trace: exit 0" "$rc" 0
	is "H200 --range pipeline, same trace: no_change" "$(jpy "d['verdict']")" no_change
	# the work queued in the range starts after the range does and the total
	# runs to the end of that work: never shorter than the device span
	is "H200 --range: total covers the device span" "$(jpy "d['baseline']['traces'][0]['total_ns'] >= d['baseline']['traces'][0]['span_ns'] > 0")" True
	is "H200 --range: one range" "$(jpy "d['baseline']['traces'][0]['ranges']")" 1
	# "chunks queued" is an instant mark, not a range
	is "H200 --range on a mark's name: 2" \
		"$(status "$OC" compare --range "chunks queued" "$TMP/h200_nvtx_range.db" -- "$TMP/h200_nvtx_range.db")" 2
fi

# The steady-state window beside the device span: pinned_pipeline and
# stream_query run the same chunks after the same warm-up kernel, which both
# windows drop (a 200 us gap after it): the windows hold the same work, so
# the window's span is given too; pageable_pipeline's window keeps its
# warm-up (its own gaps are longer), so its windowed work differs: none.
if fixture pinned_pipeline && fixture stream_query && fixture pageable_pipeline; then
	out=$("$OC" compare "$TMP/h200_pinned_pipeline.db" -- "$TMP/h200_stream_query.db")
	like "window: the row beside the span" "$out" "steady-state window +1\.004 ms +1\.117 ms"
	like "window: the boundaries stay the span" "$out" "boundaries: first to last device op"
	json=$("$OC" compare --format json "$TMP/h200_pinned_pipeline.db" -- "$TMP/h200_stream_query.db")
	is "window: JSON window_change" "$(jpy "round(d['window_change'], 3)")" 0.112
	is "window: JSON window_total_ns" "$(jpy "d['baseline']['window_total_ns']['median']")" 1004318
	out=$("$OC" compare "$TMP/h200_pinned_pipeline.db" -- "$TMP/h200_pageable_pipeline.db")
	ok "window: no row when the windows differ in work" sh -c "! printf '%s' \"\$1\" | grep -q steady-state" _ "$out"
	json=$("$OC" compare --format json "$TMP/h200_pinned_pipeline.db" -- "$TMP/h200_pageable_pipeline.db")
	is "window: JSON null then" "$(jpy "d['window_change']")" None
fi

done_testing
