#!/bin/sh
# test-options.sh: every command parses its options the same way
# (src/cli/cmd-util.c): the same words for an unknown option, a missing value
# and a flag given a value; long options only in full; --opt=VALUE and
# --opt VALUE alike; and compare's options on either side of its `--`.
. tests/cli/lib.sh

load_sql "$TMP/seq.db" tests/fixtures/examples_sequential_1.sql || echo "cannot load seq.db"
load_sql "$TMP/pipe.db" tests/fixtures/examples_pipeline_1.sql || echo "cannot load pipe.db"

status() { "$@" >/dev/null 2>&1; echo $?; }
# exit status of a usage error: run keeps 125 for its own failures (its
# program's statuses are its own), every other command 2
usage_rc() { [ "$1" = run ] && echo 125 || echo 2; }

# ---- one message, every command ----------------------------------------------
for cmd in report check compare export timeline info import run; do
	err=$("$OC" $cmd --frobnicate "$TMP/pipe.db" 2>&1 >/dev/null); rc=$?
	is "$cmd: unknown option: exit" "$rc" "$(usage_rc $cmd)"
	is "$cmd: unknown option: the message" "$err" \
		"overlapcheck $cmd: unknown option '--frobnicate' (see overlapcheck help $cmd)"
	# the same words, only the command's name differs
	printf '%s\n' "$err" | sed "s/^overlapcheck $cmd: /overlapcheck CMD: /; s/ help $cmd)\$/ help CMD)/" \
		>> "$TMP/unknown"
	err=$("$OC" $cmd --frobnicate=3 "$TMP/pipe.db" 2>&1 >/dev/null)
	is "$cmd: unknown option with =VALUE names the option" "$err" \
		"overlapcheck $cmd: unknown option '--frobnicate' (see overlapcheck help $cmd)"
	err=$("$OC" $cmd -Z "$TMP/pipe.db" 2>&1 >/dev/null); rc=$?
	is "$cmd: unknown short option" "$err" "overlapcheck $cmd: unknown option '-Z' (see overlapcheck help $cmd)"
	is "$cmd: unknown short option: exit" "$rc" "$(usage_rc $cmd)"
	err=$("$OC" $cmd --help=1 2>&1 >/dev/null); rc=$?
	is "$cmd: a flag given a value" "$err" \
		"overlapcheck $cmd: option '--help' takes no value (see overlapcheck help $cmd)"
	is "$cmd: a flag given a value: exit" "$rc" "$(usage_rc $cmd)"
	is "$cmd: --help still works" "$(status "$OC" $cmd --help)" 0
done

is "unknown option: one wording in all eight commands" "$(sort -u "$TMP/unknown")" \
	"overlapcheck CMD: unknown option '--frobnicate' (see overlapcheck help CMD)"
is "unknown option: eight commands asked" "$(wc -l < "$TMP/unknown" | tr -d ' ')" 8

# a missing value: the last word is an option that takes one
for c in "report --range" "check --range" "compare --range" "export --output" "timeline --output" \
	 "info --format" "import --output" "run --output"; do
	set -- $c
	if [ "$1" = run ]; then   # run's first non-option is its program
		err=$("$OC" run $2 2>&1 >/dev/null); rc=$?
	else
		err=$("$OC" $1 "$TMP/pipe.db" $2 2>&1 >/dev/null); rc=$?
	fi
	is "$1: missing value: the message" "$err" \
		"overlapcheck $1: option '$2' needs a value (see overlapcheck help $1)"
	is "$1: missing value: exit" "$rc" "$(usage_rc $1)"
done
err=$("$OC" run -o 2>&1 >/dev/null)
is "run: short option without its value" "$err" "overlapcheck run: option '-o' needs a value (see overlapcheck help run)"
err=$("$OC" export "$TMP/pipe.db" -f 2>&1 >/dev/null)
is "export: short option without its value" "$err" \
	"overlapcheck export: option '-f' needs a value (see overlapcheck help export)"

# long options in full only: an abbreviation is unknown, so that a typo of
# one rule cannot become another (--min-overlapp is not --min-overlapped-claims)
err=$("$OC" report --form json "$TMP/pipe.db" 2>&1 >/dev/null); rc=$?
is "abbreviation: exit 2" "$rc" 2
is "abbreviation: unknown" "$err" "overlapcheck report: unknown option '--form' (see overlapcheck help report)"
err=$("$OC" check --min-copy-overlapp 0.5 "$TMP/pipe.db" 2>&1 >/dev/null); rc=$?
is "check: a rule's typo: exit 2" "$rc" 2
is "check: a rule's typo: unknown" "$err" \
	"overlapcheck check: unknown option '--min-copy-overlapp' (see overlapcheck help check)"
is "export: abbreviated --output: exit 2" "$(status "$OC" export --out "$TMP/x.json" "$TMP/pipe.db")" 2

# --opt=VALUE, --opt VALUE and the short forms
a=$("$OC" info --format json "$TMP/pipe.db")
is "info --format=json as --format json" "$("$OC" info --format=json "$TMP/pipe.db")" "$a"
a=$("$OC" report --format json --max-rows 3 "$TMP/pipe.db")
is "report --format=json --max-rows=3" "$("$OC" report --format=json --max-rows=3 "$TMP/pipe.db")" "$a"
is "report: options after the trace" "$("$OC" report "$TMP/pipe.db" --format json --max-rows 3)" "$a"
"$OC" check --min-copy-overlap 0.5 -o "$TMP/c1" "$TMP/pipe.db"
"$OC" check --min-copy-overlap=0.5 --output="$TMP/c2" "$TMP/pipe.db"
"$OC" check --min-copy-overlap 50% "-o$TMP/c3" "$TMP/pipe.db"
ok "check: -o, --output=, -oFILE write the same" sh -c 'cmp -s "$1" "$2" && cmp -s "$1" "$3"' sh \
	"$TMP/c1" "$TMP/c2" "$TMP/c3"
is "check: after --, a trace named like an option" \
	"$("$OC" check --min-copy-overlap 0.5 -- --no-such.db 2>&1 | grep -c "cannot open trace '--no-such.db'")" 1

# ---- compare: options on either side of --, as docs/compare.md says ---------------
want=$("$OC" compare --format json "$TMP/seq.db" -- "$TMP/pipe.db"); rc=$?
is "compare --format json before --: exit 0" "$rc" 0
got=$("$OC" compare "$TMP/seq.db" -- --format json "$TMP/pipe.db"); rc=$?
is "compare --format json after --: exit 0" "$rc" 0
is "compare --format json after --: the same JSON" "$got" "$want"
is "compare --format=json after the candidates" "$("$OC" compare "$TMP/seq.db" -- "$TMP/pipe.db" --format=json)" "$want"
like "compare: it is JSON" "$got" '"verdict": "speedup_from_overlap"'
"$OC" compare "$TMP/seq.db" -- "$TMP/pipe.db" -o "$TMP/cmp.md" --format markdown
like "compare -o and --format after --" "$(cat "$TMP/cmp.md")" '^## overlapcheck compare: `speedup_from_overlap`'
is "compare: --noise on one side, --format on the other" \
	"$("$OC" compare --noise 50% "$TMP/seq.db" -- --format json "$TMP/pipe.db" | grep -c '"noise_threshold": 0.5')" 1
err=$("$OC" compare "$TMP/seq.db" -- "$TMP/pipe.db" --bogus 2>&1 >/dev/null); rc=$?
is "compare: unknown option after --: exit 2" "$rc" 2
is "compare: unknown option after --: the message" "$err" \
	"overlapcheck compare: unknown option '--bogus' (see overlapcheck help compare)"
err=$("$OC" compare "$TMP/seq.db" -- "$TMP/pipe.db" -- "$TMP/pipe.db" 2>&1 >/dev/null); rc=$?
is "compare: a second --: exit 2" "$rc" 2
like "compare: a second --: says so" "$err" "'--' given twice"

# ---- run stops at its program --------------------------------------------------
# (the program's own options are not run's: `true --frobnicate` is fine; no
# library is needed to see that parsing passed it by)
err=$("$OC" run -o "$TMP/r.db" true --frobnicate 2>&1)
ok "run: the program's options are its own" sh -c '! printf "%s" "$1" | grep -q "unknown option"' sh "$err"
err=$("$OC" run -o "$TMP/r2.db" -- true --frobnicate 2>&1)
ok "run -- PROG: the program's options are its own" sh -c '! printf "%s" "$1" | grep -q "unknown option"' sh "$err"

# ---- OVERLAPCHECK_SPILL_BYTES: the commands that analyse refuse a bad value --
for cmd in report check compare export timeline; do
	err=$(OVERLAPCHECK_SPILL_BYTES=12k "$OC" $cmd "$TMP/pipe.db" 2>&1 >/dev/null); rc=$?
	is "$cmd: OVERLAPCHECK_SPILL_BYTES=12k: exit" "$rc" 2
	is "$cmd: OVERLAPCHECK_SPILL_BYTES=12k: the message" "$err" \
		"overlapcheck $cmd: OVERLAPCHECK_SPILL_BYTES is '12k', not a number of bytes (0: never; unset: 16 MiB)"
done
is "info: OVERLAPCHECK_SPILL_BYTES not read" "$(OVERLAPCHECK_SPILL_BYTES=x status "$OC" info "$TMP/pipe.db")" 0
# every claim through its temporary file, or none: the same report
mkdir -p "$TMP/spill"
OVERLAPCHECK_SPILL_BYTES=0 "$OC" report --whole --format json --claims=all "$TMP/pipe.db" > "$TMP/kept.json"
TMPDIR="$TMP/spill" OVERLAPCHECK_SPILL_BYTES=1 "$OC" report --whole --format json --claims=all "$TMP/pipe.db" \
	> "$TMP/spilled.json"; rc=$?
is "report with every claim spilled: exit" "$rc" 0
ok "report with every claim spilled: the same JSON" cmp -s "$TMP/kept.json" "$TMP/spilled.json"
is "the spill file is gone (unlinked at once)" "$(ls "$TMP/spill" | wc -l | tr -d ' ')" 0

done_testing
