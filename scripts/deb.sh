#!/bin/sh
# make deb: the Debian packages dtrace, libdtrace0 and libdtrace-dev from
# debian/, built by dpkg-buildpackage in a copy of the tree
# (build/deb/src, so that the tree's own build stays as it is), written to
# build/deb/, then checked by lintian: any error or warning fails (the
# overrides in debian/*.lintian-overrides say why each is expected).
# Installs what it needs first (debhelper, lintian and debian/control's
# Build-Depends) when run as root.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/deb
need=""
for p in dpkg-dev debhelper lintian fakeroot libbpf-dev libdw-dev libelf-dev libjson-c-dev libprotobuf-c-dev \
	pkgconf protobuf-c-compiler zlib1g-dev; do
	dpkg -s "$p" >/dev/null 2>&1 || need="$need $p"
done
if [ -n "$need" ]; then
	[ "$(id -u)" = 0 ] || { echo "deb: missing packages:$need" >&2; exit 1; }
	echo "deb: installing$need"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null
	apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
rm -rf "$out"
mkdir -p "$out/src"
(cd "$top" && tar -cf - --exclude=./build --exclude=./.git .) | (cd "$out/src" && tar -xf -)
cd "$out/src"
dpkg-buildpackage -b -us -uc >"$out/build.log" 2>&1 || { tail -40 "$out/build.log"; exit 1; }
cd "$out"
ls ./*.deb
changes=$(ls ./*.changes)
# lintian refuses to run as root without --allow-root
lintian --allow-root --fail-on error,warning "$changes" ||
	{ echo "deb: lintian found errors or warnings" >&2; exit 1; }
echo "deb: lintian clean"
