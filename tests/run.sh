#!/bin/sh
# Run every test: unit test programs (build/unit/*) and end-to-end tests
# (tests/e2e/<area>/<name>.sh, whose combined stdout+stderr must equal
# <name>.out exactly).  Ends with the line "N passed, N failed".
#
# End-to-end tests run the real build/dtrace as root.  Each runs with:
#   DTRACE  the dtrace binary      T  the trigger programs directory
#   D       the test's directory
# and a timeout (E2E_TIMEOUT, default 60 s).  A test whose output starts
# with "SKIP: " (a tool it needs could not be installed) is skipped: the
# line is printed, the test counted neither passed nor failed.  Run a subset with
#   sh tests/run.sh tests/e2e/basic
top=$(cd "$(dirname "$0")/.." && pwd)
export DTRACE="$top/build/dtrace" T="$top/build/triggers"
pass=0
fail=0
failed=""
timeout=${E2E_TIMEOUT:-60}

if [ $# -eq 0 ]; then
	for u in "$top"/build/unit/*; do
		[ -x "$u" ] || continue
		out=$("$u" 2>&1)
		rc=$?
		line=$(printf '%s\n' "$out" | grep -E '[0-9]+ passed, [0-9]+ failed' | tail -1)
		p=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) passed.*/\1/')
		f=$(printf '%s' "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
		[ -n "$p" ] || p=0
		[ -n "$f" ] || f=1
		[ $rc -eq 0 ] || [ "$f" -gt 0 ] || f=1
		pass=$((pass + p))
		fail=$((fail + f))
		if [ "$f" -gt 0 ]; then
			failed="$failed $(basename "$u")"
			printf '%s\n' "$out" | grep -v '^ok' | head -20
		fi
		echo "unit $(basename "$u"): $p passed, $f failed"
	done
	set -- "$top/tests/e2e" "$top/tests/cg" "$top/tests/kernel"
fi

# tests/kernel/...: run inside qemu guests (tests/kernel/run-guests.sh)
abs="" kernel=""
for a in "$@"; do
	a="$(cd "$(dirname "$a")" && pwd)/$(basename "$a")"
	case $a in
	"$top"/tests/kernel | "$top"/tests/kernel/) kernel=" " ;;
	"$top"/tests/kernel/*) kernel="$kernel $a" ;;
	*) abs="$abs $a" ;;
	esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Code generation: tests/cg/<name>.d compiled with -S -e (generated, not
# loaded) must list exactly <name>.dis, with the CPU count written NCPUS.
# CG_UPDATE=1 rewrites the .dis files (review the diff).
ncpus=$(getconf _NPROCESSORS_CONF)
for d in $([ -z "$abs" ] || find $abs -name '*.d' -path "$top/tests/cg/*" | sort); do
	exp=${d%.d}.dis
	"$DTRACE" -S -e -q -s "$d" 2>&1 |
		sed -e "s/ >= $ncpus goto/ >= NCPUS goto/" -e "s/ += $ncpus\$/ += NCPUS/" \
		    -e 's/for [0-9][0-9]* probes, first [0-9][0-9]* /for N probes, first N /' \
		    -e 's/for probe [0-9][0-9]* /for probe N /' >"$tmp/out"
	[ -n "$CG_UPDATE" ] && cp "$tmp/out" "$exp"
	if [ -f "$exp" ] && cmp -s "$tmp/out" "$exp"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed="$failed cg/$(basename "$d" .d)"
		echo "FAIL: cg/$(basename "$d" .d)"
		[ -f "$exp" ] && diff -u "$exp" "$tmp/out" | head -30
	fi
done
for t in $([ -z "$abs" ] || find $abs -name '*.sh' | sort); do
	name=${t#"$top"/tests/e2e/}
	name=${name%.sh}
	exp=${t%.sh}.out
	export D=$(dirname "$t")
	(cd "$tmp" && timeout -k 5 "$timeout" sh "$t") >"$tmp/out" 2>&1
	if head -1 "$tmp/out" | grep -q '^SKIP: '; then
		echo "$name: $(head -1 "$tmp/out")"
	elif [ -f "$exp" ] && cmp -s "$tmp/out" "$exp"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		failed="$failed $name"
		echo "FAIL: $name"
		if [ -f "$exp" ]; then
			diff -u "$exp" "$tmp/out" | head -30
		else
			echo "  (no $exp)"; head -20 "$tmp/out"
		fi
	fi
done
if [ -n "$kernel" ]; then
	out=$(sh "$top/tests/kernel/run-guests.sh" $kernel 2>&1)
	printf '%s\n' "$out" | grep -v -E '^[0-9]+ passed, [0-9]+ failed'
	line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -1)
	p=${line%% passed*} f=${line#*passed, } f=${f%% failed*}
	[ -n "$line" ] || p=0 f=1
	pass=$((pass + p)) fail=$((fail + f))
	[ "$f" -eq 0 ] || failed="$failed kernel"
fi
[ -z "$failed" ] || echo "failed:$failed"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
