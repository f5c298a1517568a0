#!/bin/sh
# test-run.sh: `overlapcheck run` end to end, on programs that never touch
# CUDA (so the injection library is never initialised): exit statuses, the
# trace the CLI creates, -o names, the child's environment, signal forwarding,
# finishing a trace left by a killed writer, help, and `make install`.
. tests/cli/lib.sh
ROOT=$(pwd)
PROGS=$ROOT/tests/cli/progs
OC=$(cd "$(dirname "$OC")" && pwd)/$(basename "$OC")
LIB=$(dirname "$(dirname "$OC")")/lib/liboverlapcheck-inject.so
if [ -f "$LIB" ]; then
	LIB=$(realpath "$LIB")
	HAVE_LIB=1
else
	# No CUPTI here: programs without CUDA never load the library, so any file will do.
	echo "# no $LIB: using a placeholder through OVERLAPCHECK_LIB"
	LIB=$TMP/placeholder/liboverlapcheck-inject.so
	mkdir -p "$TMP/placeholder" && : > "$LIB"
	OVERLAPCHECK_LIB=$LIB
	export OVERLAPCHECK_LIB
	HAVE_LIB=
fi
unset CUDA_LAUNCH_BLOCKING CUDA_DEVICE_MAX_CONNECTIONS CUDA_MODULE_LOADING CUDA_VISIBLE_DEVICES
cd "$TMP" || exit 1

meta() { sqlite3 "$1" "SELECT value FROM meta WHERE key = '$2'"; }
status() { "$@" >/dev/null 2>&1; echo $?; }

# ---- exit statuses --------------------------------------------------------
is "exit 0" "$(status "$OC" run -q -o t0.db -- true)" 0
is "exit 3 passed through" "$(status "$OC" run -q -o t3.db -- sh -c 'exit 3')" 3
is "exit 3 in meta" "$(meta t3.db exit_status)" 3
is "clean_exit after exit 3" "$(meta t3.db clean_exit)" 1
is "SIGKILL death is 137" "$(status "$OC" run -q -o k9.db -- sh -c 'kill -KILL $$')" 137
is "exit_signal in meta" "$(meta k9.db exit_signal)" 9
is "clean_exit 0 after a signal" "$(meta k9.db clean_exit)" 0
is "no exit_status after a signal" "$(meta k9.db exit_status)" ""
is "SIGSEGV death is 139" "$(status "$OC" run -q -o k11.db -- sh -c 'kill -SEGV $$')" 139
err=$("$OC" run -o k15.db -- sh -c 'kill -TERM $$' 2>&1 >/dev/null); rc=$?
is "SIGTERM death is 143" "$rc" 143
like "the signal is named" "$err" "killed by signal 15"

err=$("$OC" run -o nf.db -- ./no-such-program 2>&1); rc=$?
is "not found is 127" "$rc" 127
like "not found names the program" "$err" "cannot run './no-such-program': No such file"
ok "no trace left after not found" test ! -e nf.db
is "not found on PATH is 127" "$(status "$OC" run -o nf2.db -- no-such-program-oc)" 127
printf '#!/bin/sh\necho hi\n' > noexec.sh
chmod 644 noexec.sh
err=$("$OC" run -o ne.db -- ./noexec.sh 2>&1); rc=$?
is "not executable is 126" "$rc" 126
like "not executable names the program" "$err" "cannot run './noexec.sh': Permission denied"
ok "no trace left after not executable" test ! -e ne.db
is "a directory is 126" "$(status "$OC" run -o dir.db -- /tmp)" 126

is "no program: 125" "$(status "$OC" run)" 125
is "unknown option: 125" "$(status "$OC" run --no-such-option true)" 125
is "-o without a value: 125" "$(status "$OC" run -o)" 125
is "bad --flush-ms: 125" "$(status "$OC" run --flush-ms 0 true)" 125
is "bad --flush-ms text: 125" "$(status "$OC" run --flush-ms 5x true)" 125
is "bad --capture-range: 125" "$(status "$OC" run --capture-range=foo true)" 125
is "empty nvtx: range: 125" "$(status "$OC" run --capture-range=nvtx: true)" 125
is "bad --delay: 125" "$(status "$OC" run --delay -1 true)" 125
is "--duration 0: 125" "$(status "$OC" run --duration 0 true)" 125
is "bad --max-size: 125" "$(status "$OC" run --max-size 10K true)" 125
is "--max-size with a bad suffix: 125" "$(status "$OC" run --max-size 5X true)" 125
is "bad --api: 125" "$(status "$OC" run --api=some true)" 125
is "bad --queries: 125" "$(status "$OC" run --queries=all true)" 125
like "bad --queries is named" "$("$OC" run --queries=all true 2>&1)" "bad --queries 'all': want off, summary or record"
is "bad --cuda-events: 125" "$(status "$OC" run --cuda-events=on true)" 125
like "bad --cuda-events is named" "$("$OC" run --cuda-events=on true 2>&1)" "bad --cuda-events 'on': want off or record"
err=$("$OC" run -o "$TMP/no/such/dir/t.db" true 2>&1); rc=$?
is "unwritable output: 125" "$rc" 125
like "unwritable output is named" "$err" "cannot create trace '$TMP/no/such/dir/t.db'"
err=$(OVERLAPCHECK_LIB=$TMP/none.so "$OC" run -o nolib.db true 2>&1); rc=$?
is "missing library: 125" "$rc" 125
like "missing library names the path" "$err" "injection library not found: '$TMP/none.so'"
ok "no trace left when the library is missing" test ! -e nolib.db
# a CLI without its library beside it (a build without the CUDA toolkit):
# the message says what builds the library, not only "make"
mkdir -p "$TMP/alone/bin"
cp "$OC" "$TMP/alone/bin/overlapcheck"
err=$(env -u OVERLAPCHECK_LIB "$TMP/alone/bin/overlapcheck" run -o nolib2.db true 2>&1); rc=$?
is "no library beside the CLI: 125" "$rc" 125
like "no library beside the CLI: what builds it" "$err" "make builds it only where the CUDA toolkit with CUPTI is"
ok "options after the program go to the program" "$OC" run -q -o opt.db -- sh -c 'test "$1" = "-o"' sh -o
out=$(echo hello | "$OC" run -q -o io.db -- cat)
is "stdin and stdout pass through" "$out" hello

# ---- the trace --------------------------------------------------------------
is "schema version" "$(sqlite3 t0.db 'PRAGMA user_version')" 2
is "application id" "$(sqlite3 t0.db 'PRAGMA application_id')" 1329812562
is "device_ops view is empty" "$(sqlite3 t0.db 'SELECT count(*) FROM device_ops')" 0
is "tracer_status not_started" "$(meta t0.db tracer_status)" not_started
for k in tool_version trace_start_ns start_time end_time host os cmdline cwd pid; do
	ok "passport has $k" test -n "$(meta t0.db $k)"
done
is "host is the host name" "$(meta t0.db host)" "$(hostname)"
is "cwd" "$(meta t0.db cwd)" "$(pwd -P)"
like "start_time is ISO 8601 UTC" "$(meta t0.db start_time)" '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$'
now=$(date +%s)
start=$(meta t0.db trace_start_ns)
ok "trace_start_ns is CLOCK_REALTIME ns" test $((start / 1000000000)) -le "$now" -a $((start / 1000000000)) -gt $((now - 600))
is "integrity" "$(sqlite3 t0.db 'PRAGMA integrity_check')" ok
is "one file: rollback journal" "$(sqlite3 t0.db 'PRAGMA journal_mode')" delete
is "no env keys when unset" "$(sqlite3 t0.db "SELECT count(*) FROM meta WHERE key LIKE 'env.%'")" 0

CUDA_LAUNCH_BLOCKING=1 CUDA_VISIBLE_DEVICES='0,1' OC_TEST_SECRET=hidden \
	"$OC" run -q -o env.db -- true
is "env.CUDA_LAUNCH_BLOCKING" "$(meta env.db env.CUDA_LAUNCH_BLOCKING)" 1
is "env.CUDA_VISIBLE_DEVICES" "$(meta env.db env.CUDA_VISIBLE_DEVICES)" "0,1"
is "only the variables that matter" "$(sqlite3 env.db "SELECT group_concat(key) FROM (SELECT key FROM meta WHERE key LIKE 'env.%' ORDER BY key)")" \
	"env.CUDA_LAUNCH_BLOCKING,env.CUDA_VISIBLE_DEVICES"
is "the rest of the environment is not kept" "$(sqlite3 env.db "SELECT count(*) FROM meta WHERE value LIKE '%hidden%'")" 0

"$OC" run -q -o cmd.db -- sh -c 'exit 0' "it's" 'a b' '' '$HOME' 'x"y'
eval "set -- $(meta cmd.db cmdline)"
is "cmdline splits back into the same words" "$#|$1|$2|$3|$4|$5|$6|$7" "8|sh|-c|exit 0|it's|a b||\$HOME"
is "cmdline keeps the last word" "$8" 'x"y'
is "cmdline of simple words" "$(meta t3.db cmdline)" "sh -c 'exit 3'"

# ---- the child's environment ------------------------------------------------
"$OC" run -q -o "$TMP/e1.db" --flush-ms 250 -- "$PROGS/envdump.sh" e1.txt
is "CUDA_INJECTION64_PATH is the library" "$(sed -n 's/^CUDA_INJECTION64_PATH=//p' e1.txt)" "$LIB"
is "NVTX_INJECTION64_PATH is the library" "$(sed -n 's/^NVTX_INJECTION64_PATH=//p' e1.txt)" "$LIB"
is "OVERLAPCHECK_OUTPUT is the trace" "$(sed -n 's/^OVERLAPCHECK_OUTPUT=//p' e1.txt)" "$TMP/e1.db"
is "OVERLAPCHECK_MAIN_PID is the program" "$(sed -n 's/^OVERLAPCHECK_MAIN_PID=//p' e1.txt)" "$(sed -n 's/^SELF_PID=//p' e1.txt)"
is "meta pid is the program" "$(meta e1.db pid)" "$(sed -n 's/^SELF_PID=//p' e1.txt)"
is "OVERLAPCHECK_TRACE_START_NS is the trace's time base (children share it)" "$(sed -n 's/^OVERLAPCHECK_TRACE_START_NS=//p' e1.txt)" "$(meta e1.db trace_start_ns)"
is "OVERLAPCHECK_FLUSH_MS" "$(sed -n 's/^OVERLAPCHECK_FLUSH_MS=//p' e1.txt)" 250
is "OVERLAPCHECK_QUIET" "$(sed -n 's/^OVERLAPCHECK_QUIET=//p' e1.txt)" 1
is "no LD_PRELOAD by default" "$(grep -c '^LD_PRELOAD=' e1.txt)" 0
"$OC" run -q -o "$TMP/e4.db" --capture-range=nvtx:step --delay 1.5 --duration 2 --max-size 64M \
	-- "$PROGS/envdump.sh" e4.txt
is "OVERLAPCHECK_CAPTURE_RANGE" "$(sed -n 's/^OVERLAPCHECK_CAPTURE_RANGE=//p' e4.txt)" "nvtx:step"
is "OVERLAPCHECK_DELAY_NS" "$(sed -n 's/^OVERLAPCHECK_DELAY_NS=//p' e4.txt)" 1500000000
is "OVERLAPCHECK_DURATION_NS" "$(sed -n 's/^OVERLAPCHECK_DURATION_NS=//p' e4.txt)" 2000000000
is "OVERLAPCHECK_MAX_BYTES" "$(sed -n 's/^OVERLAPCHECK_MAX_BYTES=//p' e4.txt)" 67108864
"$OC" run -q -o "$TMP/e5.db" --api=minimal -- "$PROGS/envdump.sh" e5.txt
is "OVERLAPCHECK_API" "$(sed -n 's/^OVERLAPCHECK_API=//p' e5.txt)" minimal
"$OC" run -q -o "$TMP/e6.db" --queries=summary -- "$PROGS/envdump.sh" e6.txt
is "OVERLAPCHECK_QUERIES" "$(sed -n 's/^OVERLAPCHECK_QUERIES=//p' e6.txt)" summary
is "no OVERLAPCHECK_QUERIES by default" "$(grep -c '^OVERLAPCHECK_QUERIES=' e5.txt)" 0
"$OC" run -q -o "$TMP/e7.db" --cuda-events=record -- "$PROGS/envdump.sh" e7.txt
is "OVERLAPCHECK_CUDA_EVENTS" "$(sed -n 's/^OVERLAPCHECK_CUDA_EVENTS=//p' e7.txt)" record
is "no OVERLAPCHECK_CUDA_EVENTS by default" "$(grep -c '^OVERLAPCHECK_CUDA_EVENTS=' e5.txt)" 0
is "no capture settings by default" "$(grep -c '^OVERLAPCHECK_CAPTURE_RANGE=\|^OVERLAPCHECK_DELAY_NS=' e1.txt)" 0
"$OC" run -o rel.db -- "$PROGS/envdump.sh" e2.txt 2>/dev/null
is "relative -o becomes absolute" "$(sed -n 's/^OVERLAPCHECK_OUTPUT=//p' e2.txt)" "$TMP/rel.db"
is "no OVERLAPCHECK_QUIET without -q" "$(grep -c '^OVERLAPCHECK_QUIET=' e2.txt)" 0
if [ -n "$HAVE_LIB" ]; then
	LD_PRELOAD= "$OC" run -q --preload -o pre.db -- "$PROGS/envdump.sh" e3.txt
	is "--preload sets LD_PRELOAD" "$(sed -n 's/^LD_PRELOAD=//p' e3.txt)" "$LIB"
	is "--preload program still runs cleanly" "$(meta pre.db exit_status)" 0
fi

# ---- -o names ---------------------------------------------------------------
"$OC" run -q -o 'p-%p.db' -- "$PROGS/envdump.sh" p.txt
pid=$(sed -n 's/^SELF_PID=//p' p.txt)
ok "%p is the program's pid" test -f "p-$pid.db"
is "%p trace's meta pid" "$(meta "p-$pid.db" pid)" "$pid"
"$OC" run -q -o 'h-%h.db' -- true
ok "%h is the host name" test -f "h-$(hostname).db"
OC_TEST_NAME=fromenv "$OC" run -q -o 'q-%q{OC_TEST_NAME}-100%%.db' -- true
ok "%q{VAR} and %%" test -f "q-fromenv-100%.db"
err=$(env -u OC_TEST_UNSET "$OC" run -o 'u-%q{OC_TEST_UNSET}.db' -- true 2>&1); rc=$?
is "%q of an unset variable: 125" "$rc" 125
like "%q names the variable" "$err" "'OC_TEST_UNSET' is not set"
is "unknown %x: 125" "$(status "$OC" run -o 'x-%x.db' true)" 125
is "lone % at the end: 125" "$(status "$OC" run -o 'x-%' true)" 125
mkdir defdir
err=$(cd defdir && "$OC" run -- "$PROGS/envdump.sh" d.txt 2>&1)
pid=$(sed -n 's/^SELF_PID=//p' defdir/d.txt)
ok "default name overlapcheck-PID.db in the cwd" test -f "defdir/overlapcheck-$pid.db"
like "default name is printed" "$err" "overlapcheck-$pid\\.db"
ok "only one file in the cwd" test "$(ls defdir | wc -l)" -eq 2

echo keep > old.db
err=$("$OC" run -o old.db -- true 2>&1); rc=$?
is "existing trace refused: 125" "$rc" 125
like "refusal says --force" "$err" "already exists.*--force"
is "existing file untouched" "$(cat old.db)" keep
: > old.db-wal
: > old.db-shm
is "--force replaces it" "$(status "$OC" run -q --force -o old.db -- true)" 0
is "--force: a trace now" "$(meta old.db tracer_status)" not_started
ok "--force removed the old -wal" test ! -e old.db-wal
ok "--force removed the old -shm" test ! -e old.db-shm

# ---- signals ----------------------------------------------------------------
"$OC" run -q -o sig.db -- "$PROGS/sigtrap.sh" ready got &
ocpid=$!
i=0; while [ ! -e ready ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -TERM $ocpid
wait $ocpid; rc=$?
is "SIGTERM reaches the program" "$(cat got 2>/dev/null)" TERM
is "and its exit status comes back" "$rc" 7
is "the trace is finished after SIGTERM" "$(meta sig.db exit_status)" 7
rm -f ready got
# A SIGHUP ignored on entry (nohup, some CI runners) stays ignored in the
# program, which inherits the disposition: then overlapcheck's forwarded HUP
# must not reach it, and a TERM afterwards still does.
hup_ignored=0
sigign=$(sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status 2>/dev/null)
[ -n "$sigign" ] && [ $((0x$sigign & 1)) -ne 0 ] && hup_ignored=1
"$OC" run -q -o sighup.db -- "$PROGS/sigtrap.sh" ready got &
ocpid=$!
i=0; while [ ! -e ready ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
kill -HUP $ocpid
if [ $hup_ignored = 1 ]; then
	sleep 0.3
	kill -TERM $ocpid
	wait $ocpid; rc=$?
	is "SIGHUP ignored on entry stays ignored in the program (nohup)" "$(cat got 2>/dev/null)" TERM
	is "and TERM still reaches it" "$rc" 7
else
	wait $ocpid; rc=$?
	is "SIGHUP reaches the program" "$(cat got 2>/dev/null)" HUP
	is "SIGHUP exit status" "$rc" 8
fi
rm -f ready
"$OC" run -q -o sigdie.db -- sh -c ': > ready; exec sleep 30' &
ocpid=$!
i=0; while [ ! -e ready ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
sleep 0.1
kill -TERM $ocpid
wait $ocpid; rc=$?
is "a program killed by the forwarded SIGTERM: 143" "$rc" 143
is "exit_signal 15" "$(meta sigdie.db exit_signal)" 15

# The forwarded copy is marked (sigqueue: si_code SI_QUEUE), so that the
# library can tell it from a second signal when the whole group got one.
if command -v python3 >/dev/null; then
	rm -f ready
	"$OC" run -q -o sigq.db -- python3 -c '
import signal, sys
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
open("ready", "w").close()
i = signal.sigwaitinfo({signal.SIGTERM})
sys.exit(10 if i.si_code == -1 else 11)' &
	ocpid=$!
	i=0; while [ ! -e ready ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
	kill -TERM $ocpid
	wait $ocpid; rc=$?
	is "the forwarded SIGTERM is queued (SI_QUEUE)" "$rc" 10
fi

# A trace the library flushed at the signal: no tracer_not_finalised, said so.
if command -v sqlite3 >/dev/null; then
	err=$("$OC" run -o termd.db -- sh -c 'sqlite3 "$OVERLAPCHECK_OUTPUT" "INSERT OR REPLACE INTO meta VALUES (\"tracer_status\", \"terminated\"), (\"terminated_by_signal\", \"15\")"; kill -TERM $$' 2>&1); rc=$?
	is "terminated: 143" "$rc" 143
	is "terminated: no warning" "$(sqlite3 termd.db 'SELECT count(*) FROM warnings')" 0
	like "terminated: the summary says the records are complete" "$err" "the tracer flushed when a signal terminated the program"
	is "terminated: clean_exit 0 (killed by a signal)" "$(meta termd.db clean_exit)" 0
fi

# ---- a tracer killed mid-run --------------------------------------------------
if command -v sqlite3 >/dev/null; then
	err=$("$OC" run -o kw.db -- "$PROGS/killed-writer.sh" 2>&1); rc=$?
	is "killed writer: 137" "$rc" 137
	ok "the writer did leave a WAL" test -e kw.db.had-wal
	ok "WAL folded back: no -wal" test ! -e kw.db-wal
	is "the kernel from the WAL is in the file" "$(sqlite3 kw.db 'SELECT name FROM device_ops')" _Z6kernelPf
	is "integrity after the kill" "$(sqlite3 kw.db 'PRAGMA integrity_check')" ok
	is "journal back to one file" "$(sqlite3 kw.db 'PRAGMA journal_mode')" delete
	is "clean_exit 0 when the tracer never finished" "$(meta kw.db clean_exit)" 0
	is "warning for the unfinished tracer" "$(sqlite3 kw.db "SELECT source || ':' || code FROM warnings")" cli:tracer_not_finalised
	like "summary counts the kernel" "$err" "1 kernels, 0 copies"
	like "summary shows the warning" "$err" "warning \\[cli\\] tracer_not_finalised"

	"$OC" run -q -o cw.db -- sh -c 'c=${OVERLAPCHECK_OUTPUT%.db}.777.db; cp "$OVERLAPCHECK_OUTPUT" "$c"; OVERLAPCHECK_OUTPUT=$c "$1"; exit 0' sh "$PROGS/killed-writer.sh"
	ok "a child's writer left a WAL" test -e cw.777.db.had-wal
	ok "the child trace's WAL is folded back" test ! -e cw.777.db-wal
	is "the child trace keeps its kernel" "$(sqlite3 cw.777.db 'SELECT count(*) FROM device_ops')" 1
	is "the main trace is untouched by the child" "$(sqlite3 cw.db 'SELECT count(*) FROM device_ops')" 0
fi

# ---- summary and child traces -----------------------------------------------
err=$("$OC" run -o sum.db -- sh -c 'sqlite3 "$OVERLAPCHECK_OUTPUT" "INSERT INTO warnings(source, code, message) VALUES (\"inject\", \"esc\", \"a\" || char(27) || \"[2Jb\")"; : > "${OVERLAPCHECK_OUTPUT%.db}.4242.db"' 2>&1)
like "summary names the trace" "$err" "trace '$TMP/sum.db'"
like "summary counts" "$err" "0 kernels, 0 copies, 0 memsets, 0 syncs, 0 API calls"
like "summary says CUDA was never initialised" "$err" "never initialised CUDA"
like "summary escapes trace strings" "$err" 'a\\x1b\[2Jb'
ok "no raw escape byte in the summary" sh -c "! printf '%s' \"\$1\" | grep -q \"\$(printf '\\033')\"" sh "$err"
like "child traces are listed" "$err" "$TMP/sum\\.4242\\.db"
is "--quiet prints nothing" "$("$OC" run -q -o quiet.db -- true 2>&1)" ""

# ---- help and version ---------------------------------------------------------
like "overlapcheck --help" "$("$OC" --help)" "^usage: overlapcheck COMMAND"
like "overlapcheck help run" "$("$OC" help run)" "^usage: overlapcheck run"
like "overlapcheck run --help" "$("$OC" run --help)" "%q\\{VAR\\}"
like "overlapcheck --version" "$("$OC" --version)" "^overlapcheck [0-9]+\\.[0-9]+\\.[0-9]+ \\(trace schema 2\\)"
is "help of an unknown command: 2" "$(status "$OC" help nosuch)" 2

# ---- make install -----------------------------------------------------------------
if [ -n "$HAVE_LIB" ]; then
	# -o all: install what `make test` already built, rebuild nothing.
	(cd "$ROOT" && unset MAKEFLAGS MFLAGS MAKELEVEL && make -s -o all BUILD="$BUILD" DESTDIR="$TMP/inst" PREFIX=/usr install) >install.log 2>&1
	is "make install" "$?" 0
	ok "installed binary" test -x inst/usr/bin/overlapcheck
	ok "installed library" test -f inst/usr/lib/liboverlapcheck-inject.so
	ok "installed man page" test -f inst/usr/share/man/man1/overlapcheck.1
	env -u OVERLAPCHECK_LIB "$TMP/inst/usr/bin/overlapcheck" run -q -o inst.db -- "$PROGS/envdump.sh" inst.txt
	is "installed binary finds the installed library" "$(sed -n 's/^CUDA_INJECTION64_PATH=//p' inst.txt)" \
		"$(realpath "$TMP/inst/usr/lib/liboverlapcheck-inject.so")"
	mv inst/usr/lib/liboverlapcheck-inject.so inst/usr/lib/moved.so
	err=$(env -u OVERLAPCHECK_LIB "$TMP/inst/usr/bin/overlapcheck" run -o inst2.db -- true 2>&1); rc=$?
	is "installed binary without its library: 125" "$rc" 125
	like "and it names where it looked" "$err" "not found: '$(realpath "$TMP/inst/usr")/lib/liboverlapcheck-inject.so'"
	OVERLAPCHECK_LIB="$TMP/inst/usr/lib/moved.so" "$TMP/inst/usr/bin/overlapcheck" run -q -o inst3.db -- "$PROGS/envdump.sh" inst3.txt
	is "OVERLAPCHECK_LIB overrides" "$(sed -n 's/^CUDA_INJECTION64_PATH=//p' inst3.txt)" "$(realpath "$TMP/inst/usr/lib/moved.so")"
fi

done_testing
