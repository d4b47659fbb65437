# Destructive actions (-w): system() runs its formatted command after the
# output so far; raise() signals the current process, stop() stops it;
# chill() spins; freopen() sends the output to a file and back ("");
# ftruncate() empties the output file.
$DTRACE -wqn 'BEGIN { printf("before\n"); system("echo %s %d", "system", 42); printf("after\n"); exit(0); }'
$DTRACE -wn 'syscall::getppid:entry /pid == $target/ { raise(10); }' -c "$T/getppid-loop 3" 2>&1 |
	sed -E 's/pid [0-9]+/pid PID/; s/matched [0-9]+ probe/matched N probe/'
"$T/getppid-loop" 1000000000 &
spin=$!
$DTRACE -wqn 'syscall::getppid:entry /pid == $1/ { stop(); exit(0); }' $spin
sleep 0.2
echo "state after stop(): $(awk '{ print $3 }' /proc/$spin/stat)"
kill -9 $spin
wait $spin 2>/dev/null
$DTRACE -wqn 'BEGIN { t = timestamp; chill(100000000); exit(0); }
END { printf("%s\n", timestamp - t >= 100000000 ? "chilled at least 100 ms" : "did not chill"); }'
$DTRACE -wqn 'BEGIN { chill(600000000); } BEGIN { exit(0); }'
$DTRACE -wqn 'BEGIN { freopen("freopen.txt"); printf("one\n"); ftruncate(); printf("two\n");
	freopen(""); printf("back\n"); exit(0); }'
echo "freopen.txt: $(cat freopen.txt)"
rm -f freopen.txt
# this host's kernel refuses bpf_probe_write_user (tests/kernel/destr: where it works)
$DTRACE -wqn 'syscall::write:entry /pid == $target/ { copyoutstr("bye", arg1, 3); }' -c '/bin/echo hello'
# refusals: without -w at enable, as DTrace; panic() and breakpoint() do not exist here
$DTRACE -qn 'BEGIN { raise(9); }'
$DTRACE -wqn 'BEGIN { panic(); }'
$DTRACE -wqn 'BEGIN { breakpoint(); }'
