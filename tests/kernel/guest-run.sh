#!/bin/sh
# Inside a kernel-test guest (tests/kernel/run-guests.sh), as root: run each
# tests/kernel/<area>/<name>.sh (or those named) and compare its stdout and
# stderr with <name>.out, as tests/run.sh does for e2e tests, with DTRACE,
# T (triggers) and D (the test's directory) set, and KVER the kernel
# release.  Ends with "N passed, N failed".
res=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
export DTRACE="$top/build/dtrace" T="$top/build/triggers" KVER="$(uname -r)"
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C
# a test's bound: a sanitizer build (make asan) runs a few times slower
ttmo=120
ldd "$DTRACE" 2>/dev/null | grep -q libasan && ttmo=400
pass=0 fail=0
tmp=$(mktemp -d)
if [ $# -eq 0 ]; then
	set -- $(cd "$here" && ls */*.sh | sort)
else
	all=""
	for a in "$@"; do
		if [ -d "$here/$a" ]; then all="$all $(cd "$here" && ls "$a"/*.sh | sort)"; else all="$all $a"; fi
	done
	set -- $all
fi
for t in "$@"; do
	name=${t%.sh}
	export D="$here/$(dirname "$t")"
	start=$(cut -d' ' -f1 /proc/uptime)
	(cd "$tmp" && timeout -k 5 "$ttmo" sh "$here/$t") >"$tmp/out" 2>&1
	if cmp -s "$tmp/out" "$here/$name.out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: kernel $KVER: $name"
		cp "$tmp/out" "$res/$(echo "$name" | tr / _).out"
		if [ -f "$here/$name.out" ]; then
			diff -u "$here/$name.out" "$tmp/out" | head -30
		else
			echo "  (no $name.out)"
			head -20 "$tmp/out"
		fi
	fi
	echo "  $name: $(awk -v s="$start" '{ printf "%.1fs", $1 - s }' /proc/uptime)" >>"$res/times"
done
rm -rf "$tmp"
echo "$pass passed, $fail failed"
