#!/bin/sh
# fresh-root-test.sh: the README's two commands, `make demo` and `make test`,
# on a fresh Debian machine, from a clean clone (issue 13).
#
#   sh tools/fresh-root-test.sh [--keep] [DIR]       as root
#
# DIR (default: a new /var/tmp/oc-fresh-root.XXXXXX; never inside the
# repository) gets a debootstrap root of Debian bookworm, --variant=minbase
# plus only what the README tells a newcomer to install first: git and make
# (ca-certificates only for cloning over https, which this test does not).
# No compiler, no python3, no development package, no CUDA. The root's apt
# sources are those of an installed system (bookworm, bookworm-updates,
# bookworm-security).
# In that root, in a mount namespace of its own (/proc, /sys, /dev/shm and
# /dev/pts mounted there, gone when it ends), with a clean environment:
#   1. /src: `git clone /repo.git /src`, with the root's own git, of a bare
#      repository holding this repository's HEAD (the README's clone, from a
#      local URL), and /home/user/src, a copy owned by nobody;
#   2. as nobody: `make`, `make demo` and `make test` each stop at
#      tools/setup-deps, print the apt-get command, and install nothing;
#   3. as root, in /src: `make demo`, then `make test`, each timed: both must
#      succeed; `make demo` must print the recorded H200 traces and say that
#      the injection library was skipped (the root has no /usr/local/cuda),
#      `make test` must say so too, run the browser test and end with
#      "N passed, 0 failed". What each installed is not fixed here: it is
#      printed (dpkg's list before and after, and the count); what must hold
#      is checked: `make demo` installs a compiler and SQLite's headers and
#      nothing only the tests need, `make test` cmocka, the sqlite3 shell,
#      python3, strace, time and Chromium, and no CUDA package ever;
#   4. tools/setup-deps again: nothing missing, nothing installed;
#   5. a carried build, as on the GPU machine: with libsqlite3-dev removed,
#      `make demo` as nobody in a copy of /src succeeds, installing nothing.
# It prints what each command installed (dpkg's package list before and
# after, with the count), the root's package count before and after each,
# and how long each took; full logs go to DIR.logs/. The root is removed
# at the end, unless --keep. Exit status 0 only when every check holds.
#
# Needs root, debootstrap (apt-get install debootstrap), unshare and mount
# (util-linux), git, and the Debian mirror: MIRROR (default
# http://deb.debian.org/debian), SECURITY (http://deb.debian.org/debian-security).
# About 16 minutes on 2 busy CPUs, most of it `make test` (measured: the
# root 113 packages; `make demo` installed 49 in 1 min 8 s in all, `make
# test` 167 more in 12 min 51 s; 329 at the end).
set -eu
MIRROR=${MIRROR:-http://deb.debian.org/debian}
SECURITY=${SECURITY:-http://deb.debian.org/debian-security}
SUITE=bookworm
me=fresh-root-test

keep=
case ${1:-} in
--keep) keep=1; shift ;;
-*) echo "usage: sh tools/fresh-root-test.sh [--keep] [DIR]" >&2; exit 2 ;;
esac
[ "$(id -u)" -eq 0 ] || { echo "$me: needs root (debootstrap, chroot, mount)" >&2; exit 2; }
for t in debootstrap unshare chroot git; do
	command -v "$t" >/dev/null 2>&1 || {
		echo "$me: no $t here (Debian: apt-get install debootstrap util-linux coreutils git)" >&2
		exit 2
	}
done
repo=$(cd "$(dirname "$0")/.." && pwd)
head=$(git -C "$repo" rev-parse --short HEAD)
[ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] ||
	echo "$me: note: $repo has uncommitted changes; the clone tests HEAD ($head) without them"

if [ $# -gt 0 ]; then
	root=$1
	[ ! -e "$root" ] || [ -z "$(ls -A "$root")" ] || { echo "$me: $root exists and is not empty" >&2; exit 2; }
	mkdir -p "$root"
else
	root=$(mktemp -d /var/tmp/oc-fresh-root.XXXXXX)
fi
chmod 755 "$root"   # (mktemp's 0700 would keep nobody out of the root)
root=$(cd "$root" && pwd)
case $root/ in
"$repo"/*) echo "$me: $root is inside the repository: pick a DIR under /var/tmp or /tmp" >&2; exit 2 ;;
/) echo "$me: refusing /" >&2; exit 2 ;;
esac
logs=$root.logs
rm -rf "$logs"
mkdir -p "$logs"

# cleanup: what debootstrap may have left mounted, then the root.
cleanup() {
	for m in $(awk -v r="$root" 'index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r); do
		umount -l "$m" || :
	done
	if [ -n "$keep" ]; then
		echo "$me: root kept in $root"
	elif awk -v r="$root" 'index($2, r "/") == 1 { f = 1 } END { exit !f }' /proc/mounts; then
		echo "$me: $root still has mounts: not removed" >&2
	else
		rm -rf "$root"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# What the README's first lines tell a newcomer to install before its two
# commands (README.md: "On a bare machine, first install git and make").
BASE=git,make
echo "$me: debootstrap $SUITE (minbase + $BASE) into $root"
tstart=$(date +%s)
t0=$tstart
if ! debootstrap --variant=minbase --include="$BASE" \
	"$SUITE" "$root" "$MIRROR" >"$logs/debootstrap.log" 2>&1; then
	tail -n 20 "$logs/debootstrap.log" >&2
	echo "$me: debootstrap failed (log: $logs/debootstrap.log)" >&2
	exit 1
fi
echo "$me: root ready in $(($(date +%s) - t0)) s"

cat >"$root/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY $SUITE-security main
EOF
cat /etc/resolv.conf >"$root/etc/resolv.conf"
# No daemon of an installed package starts inside the chroot.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"
ln -sf pts/ptmx "$root/dev/ptmx"
# /repo.git: a bare repository whose HEAD is this one's HEAD, which the root
# clones with its own git (the README's `git clone`).
git init --quiet --bare "$root/repo.git"
git -C "$repo" push --quiet "$root/repo.git" "$(git -C "$repo" rev-parse HEAD):refs/heads/main"
git -C "$root/repo.git" symbolic-ref HEAD refs/heads/main
mkdir -p "$root/home/user" "$root/logs"

# ---- inside the root ------------------------------------------------------
cat >"$root/fresh-test" <<'EOF'
#!/bin/sh
# Runs in the fresh root (tools/fresh-root-test.sh).
set -u
failed=0
check() { # check WHAT COMMAND...: one "ok" / "not ok" line
	what=$1; shift
	if "$@"; then echo "ok      $what"; else echo "NOT OK  $what"; failed=1; fi
}
has() { grep -q -- "$2" "/logs/$1.log"; }
pkgs() { dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' | awk '$1 == "ii" { print $2 }' | sort; }
npkgs() { pkgs | wc -l; }
same_pkgs() { pkgs | cmp -s /logs/pkgs.before -; }
# with PKG: PKG is installed now
with() { dpkg-query -W -f='${Status}\n' "$1" 2>/dev/null | grep -q ' installed$'; }
# got NAME PKG: NAME's command installed PKG (it was not there before)
got() { grep -qx -- "$2" "/logs/$1.installed"; }
# no_cuda: no CUDA or NVIDIA package in the root
no_cuda() { ! pkgs | grep -Eiq 'cuda|nvidia|cupti'; }
# installed NAME: what NAME's command installed (dpkg's list, before and after)
installed() {
	pkgs | comm -13 /logs/pkgs.before - >"/logs/$1.installed"
	n=$(grep -c . "/logs/$1.installed" || :)
	echo "$1 $(wc -l </logs/pkgs.before) $(npkgs) $n" >>/logs/counts
	echo "        installed by $1: $n packages (the root: $(wc -l </logs/pkgs.before) before, $(npkgs) after)"
	awk '/^setup-deps: / { p = 1; print; next } p && /^  / { print; next } { p = 0 }' \
		"/logs/$1.log" | sed 's/^/          /'
	tr '\n' ' ' <"/logs/$1.installed" | fold -s -w 96 | sed 's/^/          + /'
	echo
}

echo "== the root: Debian $(cat /etc/debian_version), $(npkgs) packages; $(git --version); $(make --version | head -n 1)"
npkgs >/logs/base
check "the root has no C compiler" sh -c '! command -v cc >/dev/null && ! command -v gcc >/dev/null'
check "the root has no python3" sh -c '! command -v python3 >/dev/null'
check "the root has no sqlite3.h, no cmocka.h" sh -c '[ ! -e /usr/include/sqlite3.h ] && [ ! -e /usr/include/cmocka.h ]'
check "the root has no /usr/local/cuda" sh -c '[ ! -e /usr/local/cuda ]'
check "the root has no CUDA package" no_cuda

echo "== as root: git clone /repo.git /src (the README's clone)"
git clone --quiet /repo.git /src >/logs/clone.log 2>&1
check "git clone: exit 0 ($?)" [ -f /src/Makefile ]
echo "        | $(git -C /src log --oneline -1)"
cp -a /src /home/user/src
chown -R 65534:65534 /home/user/src

echo "== as nobody, in /home/user/src: each command stops at the set-up step, installs nothing"
pkgs >/logs/pkgs.before
for goal in all demo test; do
	cd /home/user/src
	setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/home/user make $goal >/logs/user-$goal.log 2>&1
	rc=$?
	sed 's/^/        | /' /logs/user-$goal.log
	check "make $goal as nobody: exits non-zero ($rc)" [ "$rc" -ne 0 ]
	check "make $goal as nobody: prints the apt-get command" has user-$goal 'apt-get install -y'
	check "make $goal as nobody: compiled nothing" [ ! -e /home/user/src/build/obj ]
done
check "as nobody: nothing was installed" same_pkgs

cd /src
for goal in demo test; do
	echo "== as root, in /src: make $goal"
	pkgs >/logs/pkgs.before
	t0=$(date +%s)
	make $goal >/logs/$goal.log 2>&1
	rc=$?
	t=$(($(date +%s) - t0))
	echo "$goal $t" >>/logs/times
	check "make $goal: exit 0 ($rc) in $((t / 60)) min $((t % 60)) s" [ "$rc" -eq 0 ]
	installed $goal
done
echo "   make demo's output (head):"
sed -n '1,12p' /logs/demo.log | sed 's/^/        | /'
echo "   make test's output (tail):"
grep -E '^(NOTE|unit |cli |fixt )|passed, [0-9]+ failed' /logs/test.log | tail -n 40 | sed 's/^/        | /'
check "make demo: the set-up step installed, naming the packages" has demo '^setup-deps: installing (apt-get, as root): '
for p in gcc libc6-dev libsqlite3-dev zlib1g-dev; do
	check "make demo: installed $p" got demo $p
done
check "make demo: installed python3 or the sqlite3 shell (the recorded traces)" sh -c '{ command -v python3 || command -v sqlite3; } >/dev/null'
check "make demo: nothing only the tests need (chromium, cmocka, strace)" sh -c '! grep -Eqx "chromium|libcmocka-dev|strace" /logs/demo.installed'
check "make demo: reported the recorded H200 traces" has demo 'RECORDED ON AN NVIDIA H200'
check "make demo: three reports (the two pipelines, the hazard)" sh -c '[ "$(grep -c "^Answer" /logs/demo.log)" -eq 3 ]'
check "make demo: says the injection library was skipped" has demo '^demo: NOTE: injection library skipped: no cupti.h under /usr/local/cuda'
for p in libcmocka-dev sqlite3 python3 strace time chromium libsqlite3-dev zlib1g-dev gcc libc6-dev; do
	check "after make test: $p installed" with $p
done
check "after make test: no CUDA package" no_cuda
check "make test: says the injection library was skipped" has test '^NOTE: injection library skipped: no cupti.h under /usr/local/cuda'
check "make test: built the CLI" [ -x build/bin/overlapcheck ]
check "make test: no injection library" [ ! -e build/lib/liboverlapcheck-inject.so ]
check "make test: the browser test ran" sh -c '! grep -q "SKIP browser" /logs/test.log && grep -Eq "^cli   test-browser: [1-9][0-9]* passed, 0 failed" /logs/test.log'
check "make test: N passed, 0 failed" sh -c 'tail -n 1 /logs/test.log | grep -Eq "^[1-9][0-9]* passed, 0 failed(, [0-9]+ skipped)?$"'

echo "== the set-up step again"
pkgs >/logs/pkgs.before
sh tools/setup-deps >/logs/again.log 2>&1
rc=$?
check "tools/setup-deps: exit 0 ($rc), silent" sh -c "[ $rc -eq 0 ] && [ ! -s /logs/again.log ]"
check "tools/setup-deps: installed nothing" same_pkgs

echo "== a carried build (as on the GPU machine): no sqlite3.h, no installs, make demo as nobody"
dpkg -r libsqlite3-dev >/logs/remove.log 2>&1
cp -a /src /home/user/carried
chown -R 65534:65534 /home/user/carried
cd /home/user/carried
pkgs >/logs/pkgs.before
setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/home/user make demo >/logs/carried-demo.log 2>&1
rc=$?
check "no sqlite3.h now" [ ! -e /usr/include/sqlite3.h ]
check "make demo: exit 0 ($rc)" [ "$rc" -eq 0 ]
check "make demo: three reports (the two pipelines, the hazard)" sh -c '[ "$(grep -c "^Answer" /logs/carried-demo.log)" -eq 3 ]'
check "make demo: no set-up step output, nothing rebuilt" sh -c '! grep -Eq "^(setup-deps|demo: building)" /logs/carried-demo.log'
check "make demo: installed nothing" same_pkgs
exit $failed
EOF

echo "$me: in the root: the README's commands from a clone of $head"
{
rc=0
unshare --mount --propagation private sh -c '
	set -e
	r=$1
	mount -t proc proc "$r/proc"
	mount -t sysfs -o ro sysfs "$r/sys"
	mount -t tmpfs -o mode=1777 shm "$r/dev/shm"
	mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$r/dev/pts"
	exec chroot "$r" /usr/bin/env -i HOME=/root TERM=dumb \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin sh /fresh-test
' sh "$root" 2>&1 || rc=$?
echo "$rc" >"$logs/rc"
} | tee "$logs/summary"
status=$(cat "$logs/rc")
cp -p "$root"/logs/* "$logs/" 2>/dev/null || :
[ -f "$logs/base" ] && echo "$me: the root (minbase + $BASE): $(cat "$logs/base") packages"
[ -f "$logs/times" ] && while read -r goal t; do
	echo "$me: make $goal: $((t / 60)) min $((t % 60)) s"
done <"$logs/times"
[ -f "$logs/counts" ] && while read -r goal before after n; do
	echo "$me: make $goal: $before packages before, $after after ($n installed: $goal.installed)"
done <"$logs/counts"
t=$(($(date +%s) - tstart))
echo "$me: total $((t / 60)) min $((t % 60)) s (debootstrap included)"
if [ "$status" -eq 0 ]; then
	echo "$me: PASS (logs: $logs)"
else
	echo "$me: FAIL (logs: $logs)"
fi
exit "$status"
