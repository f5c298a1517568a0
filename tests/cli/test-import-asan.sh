#!/bin/sh
# test-import-asan.sh: the importers' fuzz replay (tests/unit/test-import.c:
# every input cut at each 1/64th, copies with bytes flipped by a fixed-seed
# generator) built with AddressSanitizer and UndefinedBehaviorSanitizer,
# whatever the rest of the build: any invalid access, leak or undefined
# behaviour in src/trace/ fails it. The binary is built here from the
# sources, not by the Makefile (a whole ASAN=1 build is not needed for it).
. tests/cli/lib.sh
CC=${CC:-cc}
bin=$BUILD/asan/test-import
mkdir -p "$BUILD/asan"
if ! printf 'int main(void) { return 0; }\n' | $CC -x c -fsanitize=address,undefined -o "$TMP/probe" - 2>/dev/null; then
	echo "# $CC cannot build with -fsanitize=address,undefined: skipped"
	done_testing
	exit 0
fi
if $CC -std=c11 -D_GNU_SOURCE -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=undefined -Iinclude -Ischema -I"$BUILD/gen" -Isrc -o "$bin" \
	tests/unit/test-import.c src/trace/*.c src/util/nccl.c src/util/format.c schema/schema.c -lcmocka -lsqlite3 -lz -lm \
	>"$TMP/cc.log" 2>&1; then
	ok "built with the sanitizers" true
else
	cat "$TMP/cc.log"
	ok "built with the sanitizers" false
	done_testing
	exit 1
fi
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1 \
	CMOCKA_MESSAGE_OUTPUT=stdout "$bin" >"$TMP/run.log" 2>&1; rc=$?
is "replay under ASan/UBSan: exit 0" "$rc" 0
passed=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$TMP/run.log")
is "every test case passed" "${passed:-0}" 10
if grep -q 'ERROR: AddressSanitizer\|runtime error:\|ERROR: LeakSanitizer' "$TMP/run.log"; then
	grep -m 5 'ERROR: AddressSanitizer\|runtime error:\|ERROR: LeakSanitizer' "$TMP/run.log"
	ok "no sanitizer report" false
else
	ok "no sanitizer report" true
fi
[ "$rc" -eq 0 ] || tail -40 "$TMP/run.log"
done_testing
