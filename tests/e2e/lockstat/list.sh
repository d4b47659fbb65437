# dtrace -l -P lockstat: the five contention probes (function "") where
# the kernel has lock:contention_begin/end, and the hold-event probes
# (adaptive-acquire..., one per lock function) exactly where the kernel
# runs fentry/fexit programs (listed in the qemu guests:
# tests/kernel/lockstat/list); never spin-acquire nor spin-release.  On
# a host that refuses fentry, only the five.
$DTRACE -l -n lockstat:::adaptive-block >/dev/null 2>&1 ||
	{ echo "SKIP: no lock:contention_begin/end tracepoints (kernel before 5.19)"; exit 0; }
o=$(mktemp)
trap 'rm -f $o' EXIT
$DTRACE -l -P lockstat >$o 2>&1
echo "rc=$?"
awk 'NR > 1 && NF == 4 { print $2, $3, $4 }' $o
hold=$(awk 'NR > 1 && NF == 5' $o | wc -l)
if $DTRACE -x fbtmode=fentry -qn 'fbt::mutex_unlock:return { exit(0); }' >/dev/null 2>&1; then
	fentry=1
else
	fentry=0
fi
[ $((hold > 0)) -eq $fentry ] && echo "hold-event probes listed if and only if fentry runs"
grep -c 'spin-acquire\|spin-release' $o
# illumos' lockstat_attr: the description's attributes are the least of
# provider (Evolving/Evolving/Common), module and function
# (Private/Private/Unknown) and name (Evolving/Evolving/Common); the
# arguments' are Evolving/Evolving/Common.
$DTRACE -lv -n lockstat:::adaptive-block | sed -n '/Probe Description Attributes/,/Argument Types/p'
