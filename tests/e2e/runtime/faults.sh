# A run-time fault (division or modulo by zero, a load from a bad address)
# aborts only its clause: that clause's record is discarded, DTrace's
# message names the enabling, the probe, the fault and the action, and the
# other clauses still run.  The DIF offset is implementation-specific.
off() { sed -E 's/DIF offset [0-9]+/DIF offset N/'; }
$DTRACE -qn '
BEGIN { x = 0; printf("discarded\n"); y = 1 / x; printf("not reached\n"); }
BEGIN { printf("next clause runs\n"); }
BEGIN { m = 5 % x; }
BEGIN { trace(*(int *)0); }
BEGIN { trace(*(char *)8); }
BEGIN { z = x ? 1 / x : -1; printf("guarded %d\n", z); }
BEGIN { exit(0); }' 2>&1 | off
echo "rc=$?"
# in a predicate
$DTRACE -qn 'BEGIN /1 / (x = 0)/ { printf("not run\n"); } BEGIN { printf("ran\n"); exit(0); }' 2>&1 | off
# in a probe that fires repeatedly: one message per firing
$DTRACE -qn '
syscall::getppid:entry /pid == $target/ { n = 0; trace(10 / n); }
syscall::getppid:entry /pid == $target/ { printf("later clause %d\n", ++k); }' -c "$T/getppid-loop 3" 2>&1 |
    off | sed -E 's/\(ID [0-9]+: syscall/(ID N: syscall/'
# a string from a bad user address
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { printf("%s\n", copyinstr(16)); }
syscall::getppid:return /pid == $target/ { printf("return\n"); }' -c "$T/getppid-loop 1" 2>&1 | off | sed -E 's/\(ID [0-9]+: syscall/(ID N: syscall/'
# in END
$DTRACE -qn 'END { x = 0; trace(1 / x); } END { printf("END goes on\n"); } BEGIN { exit(0); }' 2>&1 | off
