#!/bin/sh
# The Debian packages of build/deb (make deb) installed on this machine,
# tried and removed, leaving it as it was (.ci/run; needs root):
#   - the packages' dependencies name no -dev package (but libdtrace-dev's
#     on libdtrace0): a machine without the build dependencies gets only
#     the runtime libraries;
#   - apt installs them with what they need; `dtrace -V`, a one-liner that
#     uses the installed D library, `man dtrace`, bash completion, and a
#     pkg-config build of the -dev package's example work;
#   - apt purges them and what it pulled in: the list of installed packages
#     is the one before, no file of theirs is left (a file that was there
#     before, not owned by a package, is put back).
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
deb=$top/build/deb
[ "$(id -u)" = 0 ] || { echo "deb-smoke: needs root" >&2; exit 1; }
set -- "$deb"/dtrace_*.deb "$deb"/libdtrace0_*.deb "$deb"/libdtrace-dev_*.deb
for f; do [ -f "$f" ] || { echo "deb-smoke: no $f (make deb)" >&2; exit 1; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # what, expected, got
	if [ "$2" = "$3" ]; then echo "ok: $1"; else echo "FAIL: $1: expected '$2', got '$3'"; fail=1; fi
}

for f; do dpkg-deb -f "$f" Depends; done | tr ',' '\n' | sed 's/^ *//; s/ .*//' |
	grep -- '-dev$' | grep -v '^libdtrace0$' >"$tmp/devdeps" || true
check "no -dev package among the dependencies" "" "$(cat "$tmp/devdeps")"

for p in dtrace libdtrace0 libdtrace-dev; do
	if dpkg -s "$p" >/dev/null 2>&1; then echo "deb-smoke: $p is installed already" >&2; exit 1; fi
done
dpkg-query -W -f '${Package}\n' | sort >"$tmp/before"
# files of the packages already on the machine (make install): kept aside
for f; do dpkg-deb -c "$f"; done | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }' >"$tmp/files"
while read -r f; do
	if [ -e "$f" ] || [ -L "$f" ]; then
		mkdir -p "$tmp/saved$(dirname "$f")"
		cp -a "$f" "$tmp/saved$f"
	fi
done <"$tmp/files"

export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends "$@" >"$tmp/apt.log" 2>&1 ||
	{ cat "$tmp/apt.log"; exit 1; }
dpkg-query -W -f '${Package}\n' | sort >"$tmp/during"
echo "installed: $(comm -13 "$tmp/before" "$tmp/during" | tr '\n' ' ')"

check "dtrace -V" "dtrace: Sun D 1.13 (Linux eBPF)" "$(/usr/sbin/dtrace -V 2>&1)"
check "a one-liner with the D library" "dtrace" \
	"$(/usr/sbin/dtrace -qn 'BEGIN { printf("%s\n", curpsinfo->pr_fname); exit(0); }' 2>&1)"
check "man dtrace" "1" "$(MANWIDTH=80 man dtrace 2>/dev/null | grep -c '^SYNOPSIS')"
check "man libdtrace" "1" "$(MANWIDTH=80 man 3 libdtrace 2>/dev/null | grep -c '^SYNOPSIS')"
check "bash completion" "complete -F _dtrace dtrace" \
	"$(bash -c '. /usr/share/bash-completion/completions/dtrace && complete -p dtrace' 2>&1)"
gunzip -c /usr/share/doc/libdtrace-dev/examples/records.c.gz >"$tmp/records.c" 2>/dev/null ||
	cp /usr/share/doc/libdtrace-dev/examples/records.c "$tmp/records.c"
# shellcheck disable=SC2046
cc -o "$tmp/records" "$tmp/records.c" $(pkg-config --cflags --libs libdtrace) &&
	check "pkg-config build of records.c" "exit status 5" \
		"$("$tmp/records" 'BEGIN { exit(5); }' 2>&1 | grep '^exit status')" ||
	{ echo "FAIL: pkg-config build of records.c"; fail=1; }

apt-get purge -y -qq dtrace libdtrace0 libdtrace-dev >>"$tmp/apt.log" 2>&1 ||
	{ cat "$tmp/apt.log"; exit 1; }
# what apt pulled in for them goes too
new=$(comm -13 "$tmp/before" "$tmp/during" | grep -v -x -e dtrace -e libdtrace0 -e libdtrace-dev || true)
[ -z "$new" ] || apt-get purge -y -qq $new >>"$tmp/apt.log" 2>&1
dpkg-query -W -f '${Package}\n' | sort >"$tmp/after"
check "installed packages as before" "" "$(comm -3 "$tmp/before" "$tmp/after" | tr -d '\t' | tr '\n' ' ')"
if dpkg -L dtrace >/dev/null 2>&1; then echo "FAIL: dpkg -L dtrace after removal"; fail=1; fi
left=$(while read -r f; do if [ -e "$f" ] || [ -L "$f" ]; then echo "$f"; fi; done <"$tmp/files")
check "no file left" "" "$left"
check "no /usr/lib/dtrace left" "" "$(ls -d /usr/lib/dtrace 2>/dev/null)"
[ ! -d "$tmp/saved" ] || (cd "$tmp/saved" && cp -a . /)
[ "$fail" = 0 ] && echo "deb-smoke: passed"
exit "$fail"
