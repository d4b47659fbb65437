# lockstat:::adaptive-block on lock:contention_begin/end: 4 threads of
# tests/triggers/lock-contend write to one pseudo-terminal whose reader
# starts 100 ms late, so that the first writer sleeps holding the
# terminal's write mutex and the others block on it: at least one
# adaptive-block (at least 3, whatever the scheduling), each for a lock
# the thread was seen to begin contending for as a mutex (contention_begin
# with LCB_F_MUTEX, 32), with a time blocked above 0 and below the
# trigger's run time; adaptive-spin/block's arg1 is args[1].  Then the
# Guide's one-liner: time blocked by kernel stack, one stack at least,
# whose sum is positive.
$DTRACE -l -n lockstat:::adaptive-block >/dev/null 2>&1 ||
	{ echo "SKIP: no lock:contention_begin/end tracepoints (kernel before 5.19)"; exit 0; }
out=$(mktemp)
trap 'rm -f $out' EXIT
$DTRACE -qn '
BEGIN { start = timestamp; }
sdt:lock::contention_begin /pid == $target && (arg1 & 32)/ { begun[tid, arg0] = 1; }
lockstat:::adaptive-block /pid == $target/ {
	@n = count();
	@unseen = sum(begun[tid, arg0] == 0);
	@bad = sum(arg1 == 0 || arg1 >= timestamp - start);
	@differ = sum(arg1 != args[1]);
}
END {
	printa("blocks at least 3: %@d\n", @n);
	printa("lock not seen at contention_begin: %@d\n", @unseen);
	printa("time not in (0, run time): %@d\n", @bad);
	printa("arg1 != args[1]: %@d\n", @differ);
}' -c "$T/lock-contend 4 64" > $out 2>&1
echo "rc=$?"
sed 's/^blocks at least 3: \([3-9]\|[1-9][0-9][0-9]*\)$/blocks at least 3: yes/' $out
$DTRACE -qn 'lockstat:::adaptive-block { @[stack()] = sum(arg1); @t = sum(arg1); }
END { printa("total %@d\n", @t); }' -c "$T/lock-contend 4 64" > $out 2>&1
echo "rc=$?"
grep -q '^total [1-9]' $out && echo "sum positive"
awk '/^total/ { next } NF == 1 && $1 ~ /^[1-9][0-9]*$/ { n++ } END { print (n > 0 ? "stacks: yes" : "stacks: none") }' $out
