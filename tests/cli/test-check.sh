#!/bin/sh
# test-check.sh: `overlapcheck check`: every rule on synthetic traces whose
# answers follow from their design (tests/cli/gate-gen.py derives them), the
# rules file, several traces with their aggregate, every output format (JUnit
# parsed as XML), GitHub annotations, the recorded H200 fixtures when present,
# and every usage and input error.
. tests/cli/lib.sh
. tests/cli/gate-lib.sh
# the JSON result of one rule: jrule SUITE-INDEX RULE-INDEX FIELD
jrule() { jpy "d['suites'][$1]['rules'][$2]['$3']"; }

for s in sequential pipeline idle hidden_sync pageable legacy hostile packed multidev range_pipe no_ops; do
	$GEN $s "$TMP/$s.db" || echo "not ok - gate-gen $s"
done
$GEN sequential "$TMP/dropped.db" --dropped 7
$GEN sequential "$TMP/nodropcount.db" --dropped none
$GEN sequential "$TMP/incomplete.db" --incomplete 3
P=$TMP/pipeline.db
S=$TMP/sequential.db

# ---- min-copy-overlap: pipeline 500 of 700 us of copy time behind compute (71.4%) --------
out=$("$OC" check --min-copy-overlap 0.7 "$P"); rc=$?
is "min-copy-overlap 0.7 on the pipeline: 0" "$rc" 0
like "min-copy-overlap: value next to the limit" "$out" "^  pass  min-copy-overlap +71\\.4% >= 70\\.0% +500\\.0 us of 700\\.0 us async copy time overlapped compute$"
out=$("$OC" check --min-copy-overlap 75% "$P"); rc=$?
is "min-copy-overlap 75% on the pipeline: 1" "$rc" 1
like "min-copy-overlap: FAIL line" "$out" "^  FAIL  min-copy-overlap +71\\.4% >= 75\\.0%"
# evidence: the copies that no compute hid: H2D_0 [0,100] and D2H_3 [900,1000]
like "min-copy-overlap: evidence H2D_0" "$out" "memcpy HtoD 1\\.0 MiB pinned->device on stream 13 \\(non_blocking\\), 100\\.0 us at 0 ns"
like "min-copy-overlap: evidence D2H_3" "$out" "memcpy DtoH 1\\.0 MiB device->pinned on stream 16 \\(non_blocking\\), 100\\.0 us at 900\\.0 us"
like "summary line" "$out" "^check: FAILED: 1 of 1 rule check failed$"
out=$("$OC" check --min-copy-overlap 0.7 "$P")
like "one rule: 'check' in the singular" "$out" "^check: ok: 1 rule check passed or had nothing to measure$"
out=$("$OC" check --forbid-cause nosuch "$P" 2>&1); rc=$?
is "unknown cause code: exit 2" "$rc" 2
like "unknown cause code: the option named once" "$out" "^overlapcheck check: --forbid-cause: unknown cause code 'nosuch'"
out=$("$OC" check --max-idle "$P" 2>&1)
like "a fraction that is not: the option named once" "$out" "^overlapcheck check: --max-idle: '.*' is not a fraction"
out=$("$OC" check --min-copy-overlap 0.5 "$S"); rc=$?
is "min-copy-overlap on the sequential run: 1" "$rc" 1
like "sequential: 0%" "$out" "FAIL  min-copy-overlap +0\\.0% >= 50\\.0% +0 ns of 800\\.0 us"
like "sequential: evidence with the cause" "$out" "via cudaMemcpyAsync: serialized: same_stream_order"
out=$("$OC" check --min-copy-overlap 0.5 --evidence 2 "$S")
like "--evidence 2: the rest counted" "$out" "\\.\\.\\. and 6 more"
is "--evidence 2: two claim lines" "$(printf '%s\n' "$out" | grep -c 'via cudaMemcpyAsync')" 2
out=$("$OC" check --min-copy-overlap 0.5 "$TMP/packed.db"); rc=$?
is "min-copy-overlap without copies: skipped, 0" "$rc" 0
like "min-copy-overlap without copies: skip line" "$out" "skip  min-copy-overlap +n/a >= 50\\.0% +no async copies"

# ---- min-overlapped-claims: 10 of 12 in the pipeline, 0 of 12 sequential --------------
out=$("$OC" check --min-overlapped-claims 0.8 "$P"); rc=$?
is "min-overlapped-claims 0.8 pipeline: 0" "$rc" 0
like "min-overlapped-claims: 83.3%" "$out" "pass  min-overlapped-claims +83\\.3% >= 80\\.0% +10 of 12 claims overlapped"
is "min-overlapped-claims 0.9 pipeline: 1" "$(status "$OC" check --min-overlapped-claims 0.9 "$P")" 1
out=$("$OC" check --min-overlapped-claims 0.1 "$S"); rc=$?
is "min-overlapped-claims sequential: 1" "$rc" 1
# worst first: the four 200 us kernels before the 100 us copies
like "min-overlapped-claims: longest claim first" "$(printf '%s\n' "$out" | sed -n 3p)" "kernel scale\\(float\\*, int\\) on stream 13 .*200\\.0 us at 100\\.0 us"

# ---- no-hidden-sync: cudaFree waited for a running kernel --------------------------
out=$("$OC" check --no-hidden-sync "$TMP/hidden_sync.db"); rc=$?
is "hidden sync: 1" "$rc" 1
like "hidden sync: count" "$out" "FAIL  no-hidden-sync +1 == 0 +1 hidden synchronization$"
like "hidden sync: evidence names the call and what it waited for" "$out" "cudaFree \\(thread 1\\) at 100\\.0 us blocked .* waiting for 1 op, the last: kernel scale"
is "no hidden sync in the pipeline: 0" "$(status "$OC" check --no-hidden-sync "$P")" 0

# ---- max-idle: 200 of 400 us idle ------------------------------------------------------
out=$("$OC" check --max-idle 0.4 "$TMP/idle.db"); rc=$?
is "max-idle 0.4: 1" "$rc" 1
like "max-idle: 50%" "$out" "FAIL  max-idle +50\\.0% <= 40\\.0% +device idle 200\\.0 us of a 400\\.0 us makespan"
like "max-idle: the gap and its cause" "$out" "device 0 idle 200\\.0 us at 100\\.0 us: submitted_late"
is "max-idle 0.5 holds at 50%: 0" "$(status "$OC" check --max-idle 0.5 "$TMP/idle.db")" 0

# ---- forbid-cause -----------------------------------------------------------------------
out=$("$OC" check --forbid-cause pageable_host_memory "$TMP/pageable.db"); rc=$?
is "pageable copy: 1" "$rc" 1
like "pageable copy: evidence" "$out" "memcpy HtoD 1\\.0 MiB pageable->device on stream 14 .*pageable_host_memory"
json=$("$OC" check --format json --forbid-cause pageable_host_memory "$TMP/pageable.db")
is "pageable: at least the copy counted" "$(jpy "d['suites'][0]['rules'][0]['measured'] >= 1")" True
is "pinned pipeline: no pageable cause: 0" "$(status "$OC" check --forbid-cause pageable_host_memory "$P")" 0
out=$("$OC" check --forbid-cause legacy_default_stream "$TMP/legacy.db"); rc=$?
is "legacy stream: 1" "$rc" 1
like "legacy stream: the legacy op" "$out" "kernel scale\\(float\\*, int\\) on stream 7 \\(legacy_default\\).*legacy_default_stream"
is "legacy cause absent from the pipeline: 0" "$(status "$OC" check --forbid-cause legacy_default_stream "$P")" 0
# a gap cause
out=$("$OC" check --forbid-cause submitted_late "$TMP/idle.db"); rc=$?
is "gap cause submitted_late: 1" "$rc" 1
like "gap cause: the gap is the evidence" "$out" "device 0 idle 200\\.0 us at 100\\.0 us: submitted_late"
is "two forbid-cause rules, two lines" \
	"$("$OC" check --forbid-cause pageable_host_memory --forbid-cause legacy_default_stream "$P" | grep -c 'forbid-cause')" 2

# ---- max-dropped and incomplete data ----------------------------------------------------
# a trace's warnings are printed once: in the text result on stdout, else on stderr
err=$("$OC" check --max-dropped 7 "$TMP/dropped.db" 2>&1 >/dev/null); rc=$?
is "max-dropped 7 with 7 dropped: 0" "$rc" 0
is "dropped: text on stdout, so no warning on stderr" "$err" ""
err=$("$OC" check --format json --max-dropped 7 "$TMP/dropped.db" 2>&1 >/dev/null); rc=$?
like "dropped: JSON, warning on stderr" "$err" "warning: .*dropped\\.db: 7 .*dropped.*: verdicts rest on incomplete data"
err=$("$OC" check -o "$TMP/dropped.txt" --max-dropped 7 "$TMP/dropped.db" 2>&1 >/dev/null); rc=$?
like "dropped: -o FILE, warning on stderr" "$err" "warning: .*dropped\\.db: 7 .*dropped"
out=$("$OC" check --max-dropped 6 "$TMP/dropped.db" 2>/dev/null); rc=$?
is "max-dropped 6 with 7 dropped: 1" "$rc" 1
like "max-dropped: line" "$out" "FAIL  max-dropped +7 <= 6 +7 dropped records"
like "dropped: warning in the text output too" "$out" "^  warning: 7 .*dropped"
# the calls' rows the tracer dropped (its backlog full) count too
cp "$TMP/dropped.db" "$TMP/droprows.db"
sqlite3 "$TMP/droprows.db" "INSERT OR REPLACE INTO meta VALUES ('dropped_callback_rows', '5')"
out=$("$OC" check --max-dropped 11 "$TMP/droprows.db" 2>/dev/null); rc=$?
is "max-dropped 11 with 7 records and 5 rows dropped: 1" "$rc" 1
like "max-dropped: the rows said" "$out" "FAIL  max-dropped .*12 dropped records \\(5 of them calls' rows\\)"
"$OC" check --max-dropped 12 "$TMP/droprows.db" >/dev/null 2>&1; rc=$?
is "max-dropped 12 with 12 dropped: 0" "$rc" 0
out=$("$OC" check --max-dropped 100 "$TMP/nodropcount.db" 2>/dev/null); rc=$?
is "dropped count unknown: 1" "$rc" 1
like "dropped count unknown: says so" "$out" "dropped-record count is unknown"
out=$("$OC" check --min-copy-overlap 0 "$TMP/incomplete.db" 2>&1); rc=$?
is "incomplete records: still checked" "$rc" 0
is "incomplete records: the warning once" "$(printf '%s\n' "$out" | grep -c 'incomplete.*verdicts rest on incomplete data')" 1
like "incomplete records: warning" "$out" "3 .*incomplete.*verdicts rest on incomplete data"

# ---- rules file ---------------------------------------------------------------------------
cat > "$TMP/gate.rules" <<'EOF'
# the pipeline gate
min-copy-overlap 0.9            # tightened below on the command line

min-overlapped-claims 80%
no-hidden-sync
max-idle 0.05
forbid-cause pageable_host_memory
max-dropped 0
EOF
json=$("$OC" check --format json --rules "$TMP/gate.rules" --min-copy-overlap 0.7 "$P"); rc=$?
is "rules file + override: 0" "$rc" 0
is "rules file: six rules" "$(jpy "len(d['suites'][0]['rules'])")" 6
is "override keeps the later limit" "$(jrule 0 0 limit)" 0.7
is "override origin" "$(jrule 0 0 origin)" "--min-copy-overlap"
like "file origin with line" "$(jrule 0 1 origin)" "gate\\.rules:4$"
is "cause in JSON" "$(jrule 0 4 cause)" pageable_host_memory
is "without the override: 1" "$(status "$OC" check --rules "$TMP/gate.rules" "$P")" 1
printf 'min-copy-overlap 0.5\nforbid-cause pagable_host_memory\n' > "$TMP/typo.rules"
err=$("$OC" check --rules "$TMP/typo.rules" "$P" 2>&1); rc=$?
is "rules file, unknown cause: 2" "$rc" 2
like "rules file error names file and line" "$err" "typo\\.rules:2: forbid-cause: unknown cause code 'pagable_host_memory'"
printf 'min-copy-overlap 0.5\nmax-overlap 0.5\n' > "$TMP/bad.rules"
err=$("$OC" check --rules "$TMP/bad.rules" "$P" 2>&1); rc=$?
is "rules file, unknown rule: 2" "$rc" 2
like "unknown rule: message" "$err" "bad\\.rules:2: unknown rule 'max-overlap'"
is "rules file missing: 2" "$(status "$OC" check --rules "$TMP/none.rules" "$P")" 2

# ---- several traces: per trace and together ------------------------------------------------
# pipeline 500/700 us, sequential 0/800 us: together 500/1500 = 33.3%.
json=$("$OC" check --format json --min-copy-overlap 0.3 "$P" "$S"); rc=$?
is "two traces, one fails: 1" "$rc" 1
is "three suites" "$(jpy "[s['name'].split('/')[-1] for s in d['suites']]")" "['pipeline.db', 'sequential.db', 'all 2 traces']"
is "aggregate flag" "$(jpy "[s['aggregate'] for s in d['suites']]")" "[False, False, True]"
is "per trace statuses" "$(jpy "[s['rules'][0]['status'] for s in d['suites']]")" "['pass', 'fail', 'pass']"
is "aggregate weighted by time: 1/3" "$(jpy "round(d['suites'][2]['rules'][0]['measured'], 6)")" 0.333333
is "json ok false" "$(jpy "(d['ok'], d['failures'])")" "(False, 1)"
out=$("$OC" check --min-copy-overlap 0.4 "$P" "$S")
like "aggregate evidence lists each trace" "$out" "sequential\\.db: 0\\.0% \\(FAIL\\)"
like "aggregate suite printed" "$out" "^all 2 traces$"
is "one trace: no aggregate suite" "$("$OC" check --format json --min-copy-overlap 0.3 "$P" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["suites"]))')" 1

# ---- --range and --device ------------------------------------------------------------------
# range_pipe: warm-ups [0,90], the pipeline inside range 'work' [200,1200]:
# idle 110 of 1200 us over the whole trace, none inside the range.
is "max-idle 0 on the whole trace: 1" "$(status "$OC" check --whole --max-idle 0 "$TMP/range_pipe.db")" 1
# without --whole the warm-ups before the pipeline are startup: the window drops them
is "max-idle 0 in the steady-state window: 0" "$(status "$OC" check --max-idle 0 "$TMP/range_pipe.db")" 0
out=$("$OC" check --max-idle 0 --range work "$TMP/range_pipe.db"); rc=$?
is "max-idle 0 inside range 'work': 0" "$rc" 0
like "range named in the output" "$out" "range_pipe\\.db \\(range 'work'\\)"
err=$("$OC" check --max-idle 0 --range nosuch "$TMP/range_pipe.db" 2>&1); rc=$?
is "--range that matches nothing: 2" "$rc" 2
like "--range that matches nothing: message" "$err" "nosuch"
err=$("$OC" check --min-copy-overlap 0.5 --device 7 "$TMP/multidev.db" 2>&1); rc=$?
is "--device without ops: 2" "$rc" 2
like "--device without ops: message" "$err" "device 7"
# launches recorded, no device record (the Kineto case): nothing measured
err=$("$OC" check --min-copy-overlap 0.5 "$TMP/no_ops.db" 2>&1); rc=$?
is "no device ops at all: 2, not a pass" "$rc" 2
like "no device ops at all: message" "$err" "no device ops in the trace: nothing to check"
out=$("$OC" check --min-copy-overlap 0.5 "$TMP/no_ops.db" "$P" 2>/dev/null); rc=$?
is "an empty trace next to one with work: checked, 0" "$rc" 0
like "the empty trace says so" "$out" "warning: no device ops: nothing to check"
is "--device 1 (one kernel, no copies): skip, 0" "$(status "$OC" check --min-copy-overlap 0.5 --device 1 "$TMP/multidev.db")" 0
is "--device 0 (the sequential work): 1" "$(status "$OC" check --min-copy-overlap 0.5 --device 0 "$TMP/multidev.db")" 1

# ---- JUnit XML -----------------------------------------------------------------------------
"$OC" check --junit "$TMP/j.xml" --min-copy-overlap 0.5 --min-overlapped-claims 0.5 --no-hidden-sync \
	--max-dropped 0 "$P" "$TMP/hostile.db" "$TMP/packed.db" >/dev/null 2>&1; rc=$?
is "junit run: 1" "$rc" 1
check_junit() {
	python3 - "$TMP/j.xml" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites", root.tag
suites = root.findall("testsuite")
names = [s.get("name").split("/")[-1] for s in suites]
assert names == ["pipeline.db", "hostile.db", "packed.db", "all 3 traces"], names
for s in suites:
    cases = s.findall("testcase")
    assert [c.get("name") for c in cases] == ["min-copy-overlap 50.0%", "min-overlapped-claims 50.0%",
                                              "no-hidden-sync", "max-dropped 0"], [c.get("name") for c in cases]
    assert int(s.get("tests")) == 4
    assert int(s.get("failures")) == len(s.findall("testcase/failure"))
    assert int(s.get("skipped")) == len(s.findall("testcase/skipped"))
by = {n: s for n, s in zip(names, suites)}
# pipeline passes all; hostile (sequential) fails both overlap rules;
# packed (kernels only, one stream) has no copies (skip) and 0 of 4 claims.
assert by["pipeline.db"].get("failures") == "0"
assert [c.find("failure") is not None for c in by["hostile.db"]] == [True, True, False, False]
assert [c.find("skipped") is not None for c in by["packed.db"]] == [True, False, False, False]
assert by["packed.db"].findall("testcase")[1].find("failure") is not None
assert int(root.get("tests")) == 16 and int(root.get("failures")) == 5, (root.get("tests"), root.get("failures"))
f = by["hostile.db"].findall("testcase")[1].find("failure")
assert f.get("type") == "min-overlapped-claims"
assert f.get("message") == "0 of 12 claims overlapped", f.get("message")
# the hostile kernel name survives, escaped; \x01 became U+FFFD
want = '_Z3bad</failure><x a="1">&amp;\ufffd|`*%0A::error::'
assert want in f.text, f.text
assert "serialized: same_stream_order" in f.text
ok = by["pipeline.db"].findall("testcase")[0].find("system-out")
assert ok is not None and "async copy time overlapped compute" in ok.text
EOF
}
ok "junit: parses, structure and hostile text" check_junit
"$OC" check --junit "$TMP/w.xml" --max-dropped 10 "$TMP/dropped.db" >/dev/null 2>&1
ok "junit: warning in system-err" python3 -c "
import sys, xml.etree.ElementTree as ET
s = ET.parse('$TMP/w.xml').getroot().find('testsuite')
assert '7 records were dropped' in s.find('system-err').text or '7 dropped' in s.find('system-err').text"
is "junit to an unwritable path: 2" "$(status "$OC" check --junit "$TMP/no/such/dir/j.xml" --min-copy-overlap 0.5 "$P")" 2

# ---- JSON and hostile strings in text -------------------------------------------------------
json=$("$OC" check --format json --min-overlapped-claims 0.5 "$TMP/hostile.db"); rc=$?
is "json run: 1" "$rc" 1
is "json: status fail" "$(jrule 0 0 status)" fail
is "json: measured 0" "$(jrule 0 0 measured)" 0
is "json: hostile name round-trips in evidence" \
	"$(jpy "any('_Z3bad</failure><x a=\"1\">&amp;\x01|\`*%0A::error::' in e for e in d['suites'][0]['rules'][0]['evidence'])")" True
json=$("$OC" check --format json --min-copy-overlap 0.5 "$TMP/packed.db")
is "json: skipped rule has null measured" "$(jpy "(d['suites'][0]['rules'][0]['status'], d['suites'][0]['rules'][0]['measured'])")" "('skip', None)"
out=$("$OC" check --min-overlapped-claims 0.5 "$TMP/hostile.db")
ok "text: no raw control bytes" sh -c "! printf '%s' \"\$1\" | tr -d '\n' | LC_ALL=C grep -q '[[:cntrl:]]'" sh "$out"
like "text: control byte shown escaped" "$out" "&amp;\\\\x01\\|"
md=$("$OC" check --format markdown --evidence 1 --min-copy-overlap 0.5 --min-overlapped-claims 0.5 "$P" "$TMP/hostile.db"); rc=$?
is "markdown: 1" "$rc" 1
like "markdown: title" "$md" "^## overlapcheck check: FAILED \\(4 of 6 rule checks\\)$"
like "markdown: pass row" "$md" "^\\| pass \\| min-copy-overlap 50\\.0% \\| 71\\.4% \\| >= 50\\.0% \\| 500\\.0 us of 700\\.0 us async copy time overlapped compute \\|$"
like "markdown: fail row" "$md" "^\\| \\*\\*FAIL\\*\\* \\| min-overlapped-claims 50\\.0% \\| 0\\.0% \\| >= 50\\.0% \\| 0 of 12 claims overlapped \\|$"
like "markdown: hostile name escaped in evidence" "$md" '^- kernel \\_Z3bad\\</failure\\>\\<x a="1"\\>\\&amp;\\x01\\\|\\`\\\*%0A::error:: on stream 13'
like "markdown: aggregate section" "$md" "^### all 2 traces$"
"$OC" check -o "$TMP/out.txt" --min-copy-overlap 0.5 "$P" >"$TMP/stdout"
like "-o writes the file" "$(cat "$TMP/out.txt")" "pass  min-copy-overlap"
is "-o leaves stdout empty" "$(wc -c < "$TMP/stdout" | tr -d ' ')" 0

# ---- GitHub Actions annotations --------------------------------------------------------------
out=$(GITHUB_ACTIONS=true "$OC" check --min-copy-overlap 0.5 --min-overlapped-claims 0.5 "$P" "$TMP/hostile.db"); rc=$?
is "gha: 1" "$rc" 1
# failures: hostile x2, aggregate min-copy-overlap (500/1500 < 50%) and claims (10/24 < 50%)
is "gha: one ::error per failure" "$(printf '%s\n' "$out" | grep -c '^::error ')" 4
is "gha: nothing else forged into a command" "$(printf '%s\n' "$out" | grep -c '^::')" 4
like "gha: title escaped" "$out" "^::error title=overlapcheck FAIL%3A min-copy-overlap 50\\.0%25::.*hostile\\.db: 0 ns of 800\\.0 us async copy time overlapped compute%0A"
like "gha: hostile name escaped on one line" "$out" "_Z3bad</failure><x a=\"1\">&amp;\\\\x01\\|\`\\*%250A::error::"
is "gha: no annotations without GITHUB_ACTIONS" "$(env -u GITHUB_ACTIONS "$OC" check --min-copy-overlap 0.5 "$S" | grep -c '^::')" 0
json=$(GITHUB_ACTIONS=true "$OC" check --format json --min-copy-overlap 0.5 "$S" 2>"$TMP/gha.err")
is "gha with json: stdout stays JSON" "$(jpy "d['ok']")" False
is "gha with json: annotations on stderr" "$(grep -c '^::error ' "$TMP/gha.err")" 1
out=$(GITHUB_ACTIONS=true "$OC" check --max-dropped 10 "$TMP/dropped.db" 2>/dev/null)
like "gha: warning annotation" "$out" "^::warning title=overlapcheck%3A .*dropped\\.db::7 .*dropped"

# ---- usage and input errors: exit 2 -----------------------------------------------------------
is "no rules: 2" "$(status "$OC" check "$P")" 2
like "no rules: message" "$("$OC" check "$P" 2>&1)" "no rules given"
is "no trace: 2" "$(status "$OC" check --min-copy-overlap 0.5)" 2
is "unknown rule option: 2" "$(status "$OC" check --min-copy-overlapp 0.5 "$P")" 2
err=$("$OC" check --forbid-cause pagable_host_memory "$P" 2>&1); rc=$?
is "unknown cause: 2" "$rc" 2
like "unknown cause: message" "$err" "unknown cause code 'pagable_host_memory'"
is "fraction > 1: 2" "$(status "$OC" check --min-copy-overlap 1.5 "$P")" 2
is "fraction not a number: 2" "$(status "$OC" check --max-idle abc "$P")" 2
is "negative count: 2" "$(status "$OC" check --max-dropped -1 "$P")" 2
is "no-hidden-sync with a value: 2" "$(status "$OC" check --no-hidden-sync=yes "$P")" 2
is "rule missing its value: 2" "$(status "$OC" check "$P" --min-copy-overlap)" 2
is "bad --format: 2" "$(status "$OC" check --format xml --min-copy-overlap 0.5 "$P")" 2
is "bad --device: 2" "$(status "$OC" check --device x --min-copy-overlap 0.5 "$P")" 2
is "--min-copy-overlap=0.5 spelling: 0" "$(status "$OC" check --min-copy-overlap=0.5 "$P")" 0
err=$("$OC" check --min-copy-overlap 0.5 "$TMP/missing.db" 2>&1); rc=$?
is "missing trace: 2" "$rc" 2
like "missing trace: message" "$err" "cannot open trace '.*missing\\.db'"
is "missing trace among good ones: 2" "$(status "$OC" check --min-copy-overlap 0.5 "$P" "$TMP/missing.db")" 2
printf 'not a database at all, only some text here ..........................\n' > "$TMP/text.db"
err=$("$OC" check --min-copy-overlap 0.5 "$TMP/text.db" 2>&1); rc=$?
is "not SQLite: 2" "$rc" 2
like "not SQLite: message" "$err" "not a SQLite database"
is "--help: 0" "$(status "$OC" check --help)" 0
like "--help: usage" "$("$OC" check --help)" "usage: overlapcheck check"

# ---- recorded H200 traces (tests/fixtures, when present) -----------------------------------------
# Expectations from each program's design (tests/gpu/expect/NAME.expect says why).
if fixture examples_pipeline_1 && fixture examples_sequential_1; then
	# one stream: no copy can overlap compute; three non-blocking streams with
	# pinned memory: copies overlap compute (share about 0.75 by design)
	json=$("$OC" check --format json --min-copy-overlap 0.5 --min-overlapped-claims 0.6 \
		--forbid-cause pageable_host_memory --forbid-cause legacy_default_stream \
		"$TMP/h200_examples_pipeline_1.db" "$TMP/h200_examples_sequential_1.db")
	is "H200 pipeline: every rule holds" "$(jpy "[r['status'] for r in d['suites'][0]['rules']]")" \
		"['pass', 'pass', 'pass', 'pass']"
	is "H200 sequential: both overlap rules fail, no forbidden cause" \
		"$(jpy "[r['status'] for r in d['suites'][1]['rules']]")" "['fail', 'fail', 'pass', 'pass']"
	is "H200 sequential: overlap at most 1%" "$(jpy "d['suites'][1]['rules'][0]['measured'] <= 0.01")" True
	is "H200 sequential: no claim overlapped" "$(jpy "d['suites'][1]['rules'][1]['measured']")" 0
	is "H200 sequential: evidence names same_stream_order" \
		"$(jpy "any('same_stream_order' in e for e in d['suites'][1]['rules'][1]['evidence'])")" True
	"$OC" check --junit "$TMP/h200-junit.xml" --min-copy-overlap 0.5 "$TMP/h200_examples_pipeline_1.db" \
		"$TMP/h200_examples_sequential_1.db" >/dev/null 2>&1
	ok "H200: JUnit parses, one failure (sequential)" python3 -c "
import xml.etree.ElementTree as ET
r = ET.parse('$TMP/h200-junit.xml').getroot()
assert [s.get('failures') for s in r.findall('testsuite')][:2] == ['0', '1']"
fi
if fixture pinned_pipeline; then
	is "H200 pinned pipeline: overlap, no forbidden cause, nothing dropped: 0" \
		"$(status "$OC" check --min-copy-overlap 0.6 --forbid-cause pageable_host_memory \
		   --forbid-cause legacy_default_stream --max-dropped 0 "$TMP/h200_pinned_pipeline.db")" 0
fi
if fixture pageable_pipeline; then
	out=$("$OC" check --forbid-cause pageable_host_memory --no-hidden-sync "$TMP/h200_pageable_pipeline.db"); rc=$?
	is "H200 pageable pipeline: 1" "$rc" 1
	like "H200 pageable: pageable cause with a pageable copy as evidence" "$out" "memcpy (HtoD|DtoH) .*pageable.*pageable_host_memory"
	like "H200 pageable: D2H into pageable memory is a hidden sync" "$out" "FAIL  no-hidden-sync +([4-9]|[1-9][0-9]+) == 0"
fi
if fixture hidden_sync; then
	out=$("$OC" check --no-hidden-sync "$TMP/h200_hidden_sync.db"); rc=$?
	is "H200 cudaFree per chunk: 1" "$rc" 1
	like "H200 cudaFree: at least 6 hidden syncs" "$out" "FAIL  no-hidden-sync +([6-9]|[1-9][0-9]+) == 0"
	like "H200 cudaFree: named in the evidence" "$out" "cudaFree \\(thread [0-9]+\\) at .* blocked"
fi
if fixture nvtx_range; then
	is "H200 --range pipeline: the pipeline overlaps: 0" \
		"$(status "$OC" check --range pipeline --min-copy-overlap 0.5 "$TMP/h200_nvtx_range.db")" 0
	is "H200 --range with no such range: 2" \
		"$(status "$OC" check --range nosuch --min-copy-overlap 0.5 "$TMP/h200_nvtx_range.db")" 2
fi

# ---- the time split (docs/causes.md, where the time went) ----------------------------------
# pageable_pipeline: the device sat idle about 41% of the window while the host
# was blocked in the pageable copies' hidden syncs; late_cpu: idle about 89%
# waiting for the host's late submissions.
fixture pageable_pipeline
fixture late_cpu
is "max-host-wait 0.3 on pageable_pipeline: 1" "$(status "$OC" check --max-host-wait 0.3 "$TMP/h200_pageable_pipeline.db")" 1
is "max-host-wait 0.6 on pageable_pipeline: 0" "$(status "$OC" check --max-host-wait 0.6 "$TMP/h200_pageable_pipeline.db")" 0
out=$("$OC" check --max-host-wait 0.3 "$TMP/h200_pageable_pipeline.db")
like "max-host-wait: the message names the sync wait" "$out" "while the host was blocked in a sync"
like "max-host-wait: the evidence lists host_synchronization gaps" "$out" "host_synchronization"
is "max-late-submission 0.5 on late_cpu: 1" "$(status "$OC" check --max-late-submission 50% "$TMP/h200_late_cpu.db")" 1
is "max-late-submission 0.95 on late_cpu: 0" "$(status "$OC" check --max-late-submission 0.95 "$TMP/h200_late_cpu.db")" 0
printf 'max-late-submission 0.95\nmax-host-wait 0.1\n' > "$TMP/split.rules"
is "the new rules in a rules file: 0" "$(status "$OC" check --rules "$TMP/split.rules" "$TMP/h200_late_cpu.db")" 0

# ---- the largest bound (issue 31) ------------------------------------------------------
# pageable_pipeline (tests/gpu/pageable_pipeline.cu): every copy is pageable and
# the host stages each one, so pinning is the largest fix and could save more
# than half the window; pinned_pipeline's copies are pinned already: nothing
# to pin, and no fix is worth half of it.
fixture pinned_pipeline
is "max-lever-bound 0.5 on pageable_pipeline: 1" "$(status "$OC" check --max-lever-bound 0.5 "$TMP/h200_pageable_pipeline.db")" 1
out=$("$OC" check --max-lever-bound 0.5 "$TMP/h200_pageable_pipeline.db")
like "max-lever-bound: the message names the fix" "$out" "pin_host_memory could save at most"
is "max-lever-bound 0.5 on pinned_pipeline: 0" "$(status "$OC" check --max-lever-bound 0.5 "$TMP/h200_pinned_pipeline.db")" 0
printf 'max-lever-bound 50%%\n' > "$TMP/bound.rules"
is "max-lever-bound in a rules file: 1" "$(status "$OC" check --rules "$TMP/bound.rules" "$TMP/h200_pageable_pipeline.db")" 1
is "max-lever-bound 1.5: 2" "$(status "$OC" check --max-lever-bound 1.5 "$TMP/h200_pageable_pipeline.db")" 2

# ---- the share rule's old name, and the analysis options (issue 28) -------------------
# --min-overlap keeps its old meaning in check for one release, with a warning
out=$("$OC" check --min-overlap 0.7 "$P" 2>"$TMP/old.err"); rc=$?
is "old --min-overlap: still the share rule, 0" "$rc" 0
like "old --min-overlap: reported by its new name" "$out" "^  pass  min-copy-overlap +71\\.4% >= 70\\.0%"
like "old --min-overlap: a warning names the new one" "$(cat "$TMP/old.err")" \
	"^overlapcheck check: warning: --min-overlap is the old name of --min-copy-overlap .* write --min-copy-overlap$"
is "new --min-copy-overlap: no warning" "$("$OC" check --min-copy-overlap 0.7 "$P" 2>&1 >/dev/null)" ""
printf 'min-overlap 0.75\n' > "$TMP/old.rules"
is "old name in a rules file: the share rule, 1" "$(status "$OC" check --rules "$TMP/old.rules" "$P")" 1
like "old name in a rules file: warned with its line" "$("$OC" check --rules "$TMP/old.rules" "$P" 2>&1 >/dev/null)" \
	"old.rules:1: min-overlap is the old name of min-copy-overlap"
json=$("$OC" check --format json --min-overlap 0.7 "$P" 2>/dev/null)
is "old name: the JSON names the rule min-copy-overlap" "$(jrule 0 0 rule)" "min-copy-overlap"
# the per-claim threshold (report's --min-overlap) moves the claims' verdicts
like "--claim-min-overlap default: 10 of 12" "$("$OC" check --min-overlapped-claims 0.8 "$P")" "10 of 12 claims overlapped"
like "--claim-min-overlap 0.6: 7 of 12" "$("$OC" check --min-overlapped-claims 0.8 --claim-min-overlap 0.6 "$P")" \
	"7 of 12 claims overlapped"
is "--claim-min-overlap 2: exit 2" "$(status "$OC" check --min-overlapped-claims 0.8 --claim-min-overlap 2 "$P")" 2
# the analysis options are report's, with report's messages
like "--gap-threshold: report's message" "$("$OC" check --min-copy-overlap 0.5 --gap-threshold 10xs "$P" 2>&1)" \
	"^overlapcheck check: invalid value '10xs' for --gap-threshold: expected a duration such as 10us"
like "--device: report's message" "$("$OC" check --min-copy-overlap 0.5 --device x "$P" 2>&1)" \
	"^overlapcheck check: invalid value 'x' for --device: expected a device number"
is "--sync-tolerance taken" "$(status "$OC" check --min-copy-overlap 0.5 --sync-tolerance 1ms "$P")" 0

done_testing
