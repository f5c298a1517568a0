# lib.sh: a tiny TAP-like harness for the CLI tests. Source it, call ok/check,
# finish with `done_testing`. Each test file prints "# N ok, N not ok" last.
BUILD=${BUILD:-build}
OC=${OC:-$BUILD/bin/overlapcheck}
# whole lines: text wraps at $COLUMNS off a terminal (test-wrap.sh tests it)
COLUMNS=${OC_TEST_COLUMNS:-4000}
export COLUMNS
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
_ok=0
_nok=0
_skip=0
# skip NAME WHY: a check that cannot run here (no CUPTI, say), counted apart
skip() {
	_skip=$((_skip + 1)); echo "ok - $1 # SKIP $2"
}
# ok NAME CONDITION-COMMAND...: passes when the command exits 0
ok() {
	name=$1; shift
	if "$@" >/dev/null 2>&1; then
		_ok=$((_ok + 1)); echo "ok - $name"
	else
		_nok=$((_nok + 1)); echo "not ok - $name"
	fi
}
# is NAME GOT WANT
is() {
	if [ "$2" = "$3" ]; then
		_ok=$((_ok + 1)); echo "ok - $1"
	else
		_nok=$((_nok + 1)); echo "not ok - $1: got '$2', want '$3'"
	fi
}
# like NAME TEXT PATTERN (grep -E)
like() {
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then
		_ok=$((_ok + 1)); echo "ok - $1"
	else
		_nok=$((_nok + 1)); echo "not ok - $1: '$2' does not match /$3/"
	fi
}
# unlike NAME TEXT PATTERN (grep -E): passes when no line matches
unlike() {
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then
		_nok=$((_nok + 1)); echo "not ok - $1: a line matches /$3/"
	else
		_ok=$((_ok + 1)); echo "ok - $1"
	fi
}
# add_counts FILE RC: a helper script's output (TAP-like lines, then
# "# N ok, M not ok") printed and counted as this file's checks; RC, its exit
# status, fails one more check when it failed without a "not ok". Sets
# counted to N.
add_counts() {
	cat "$1"
	counted=$(sed -n 's/^# \([0-9]*\) ok, \([0-9]*\) not ok$/\1/p' "$1")
	_f=$(sed -n 's/^# \([0-9]*\) ok, \([0-9]*\) not ok$/\2/p' "$1")
	_ok=$((_ok + ${counted:-0}))
	_nok=$((_nok + ${_f:-0}))
	[ "$2" -ne 0 ] && [ "${_f:-0}" -eq 0 ] && _nok=$((_nok + 1))
	counted=${counted:-0}
}
# load_sql DB FILE: FILE's SQL (a recorded fixture, tests/fixtures/*.sql) into
# DB, through Python's sqlite3 module; false when it fails
load_sql() {
	python3 -c 'import sqlite3, sys; sqlite3.connect(sys.argv[1]).executescript(open(sys.argv[2]).read())' \
		"$1" "$2"
}
done_testing() {
	[ "$_skip" -gt 0 ] && echo "# $_skip skipped"
	echo "# $_ok ok, $_nok not ok"
	[ "$_nok" -eq 0 ]
}
