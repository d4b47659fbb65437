# exit(n): the rest of the clause still runs (as in DTrace, exit() is an
# action like the others), later clauses of that probe firing do not; END
# fires and dtrace exits with status n.
$DTRACE -qn 'BEGIN { printf("before\n"); exit(3); printf("after exit in the same clause\n"); }
BEGIN { printf("later clause of the same probe\n"); }
END { printf("END\n"); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { exit(0); }'; echo "rc=$?"
$DTRACE -qn 'BEGIN { exit(255); }'; echo "rc=$?"
$DTRACE -qn 'BEGIN { exit(256 + 7); }'; echo "rc=$?"
$DTRACE -qn 'BEGIN { x = 2; exit(x * 21); }'; echo "rc=$?"
# END can call exit() too: as in dtrace(1) (illumos chewrec()), every exit
# record processed sets the status, and END's comes last
$DTRACE -qn 'tick-1ms { exit(4); } END { exit(9); }'; echo "rc=$?"
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { exit(6); }' -c "$T/getppid-loop 5"; echo "rc=$?"
# exit() from a probe stops every other probe: only one record
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { printf("%d\n", ++n); exit(0); }' -c "$T/getppid-loop 1000"; echo "rc=$?"
