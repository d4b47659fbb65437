# When dtrace is killed (SIGKILL: it cannot clean up), the command it ran
# with -c dies with it, as in DTrace.
$DTRACE -qn 'syscall::getppid:entry { }' -c "$T/ufunc 1 60000" &
d=$!
for i in $(seq 100); do
	c=$(pgrep -P $d)
	[ -n "$c" ] && grep -q libulib /proc/$c/maps 2>/dev/null && break
	sleep 0.1
done
[ -n "$c" ] && echo "the command runs"
kill -9 $d
wait $d 2>/dev/null
for i in $(seq 50); do
	kill -0 $c 2>/dev/null || break
	sleep 0.1
done
kill -0 $c 2>/dev/null && { echo "the command runs on"; kill $c; } || echo "the command died with dtrace"
