#!/bin/sh
# pc-flags.sh PCFILE DESTDIR: the compile and link flags that PCFILE, an
# overlapcheck.pc installed under DESTDIR, gives, with its prefix moved under
# DESTDIR: what `pkg-config --cflags --libs overlapcheck` says to a program
# built against that staged install. Uses pkg-config where there is one, else
# reads the file's Cflags and Libs lines itself (the build needs no pkg-config).
set -eu
pc=$1
dest=$2
prefix=$(sed -n 's/^prefix=//p' "$pc")
if command -v pkg-config >/dev/null 2>&1; then
	PKG_CONFIG_PATH=$(dirname "$pc") PKG_CONFIG_LIBDIR=$(dirname "$pc") \
		pkg-config --define-variable=prefix="$dest$prefix" --cflags --libs overlapcheck
	exit
fi
sed -n -e 's/^Cflags: *//p' -e 's/^Libs: *//p' "$pc" |
	sed -e 's|\${includedir}|${prefix}/include|g' -e 's|\${libdir}|${prefix}/lib|g' \
	    -e "s|\\\${prefix}|$dest$prefix|g" | tr '\n' ' '
echo
