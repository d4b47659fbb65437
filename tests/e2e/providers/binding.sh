# Clauses compiled once and bound to probes at run time: per-signature
# args[] types, probe identity in programs shared by several probes, and
# the syscall provider's two attachment modes (own tracepoints when few
# probes are enabled, raw tracepoints with a binding map when many).

# args[] is typed for each probe of a clause: nanosleep's args[0] is a
# 64-bit pointer, read's an unsigned int (the same clause for both)
# (a pointer compared with an integer other than 0 needs a cast, as in DTrace)
for t in "sleep-ms 1" "read-n 1"; do
	$DTRACE -qn 'syscall::read:entry,syscall::nanosleep:entry /pid == $target/ {
		printf("%s %d %d\n", probefunc, sizeof (args[0]), (uint64_t)args[0] > 0xffffffff); }' -c "$T/$t"
done
# args[5] where every probe has six arguments (of different types) ...
$DTRACE -qen 'syscall::mmap:entry,syscall::pselect6:entry { trace(args[5]); }'
echo "rc=$?"
# ... and refused, naming the probe, where one has fewer
$DTRACE -qen 'syscall::mmap:entry,syscall::brk:entry { trace(args[5]); }'
echo "rc=$?"

# one program for two probes: each record names its own probe
$DTRACE -qn 'syscall::getpid:entry,syscall::getppid:entry /pid == $target/ {
	printf("%s:%s:%s:%s %d\n", probeprov, probemod, probefunc, probename, id != 0); }' -c "$T/getpid-n 2"
$DTRACE -qn 'syscall::getpid:entry,syscall::getppid:entry /pid == $target/ {
	printf("%s:%s:%s:%s %d\n", probeprov, probemod, probefunc, probename, id != 0); }' -c "$T/getppid-loop 1"
# the default action and faults name the probe that fired
$DTRACE -n 'syscall::getpid:entry,syscall::getppid:entry /pid == $target/ { }' -c "$T/getppid-loop 1" 2>&1 |
	sed 's/^ *\([0-9]*\) *[0-9]* /CPU ID /; s/pid [0-9]*/pid N/'
$DTRACE -qn 'syscall::getpid:entry,syscall::getppid:entry /pid == $target/ { trace(copyinstr(0)); }' -c "$T/getppid-loop 1" 2>&1 |
	sed 's/ID [0-9]*/ID N/g; s/offset [0-9]*/offset N/'
$DTRACE -S -qn 'syscall::getpid:entry,syscall::getppid:entry /pid == $target/ { }' -c "$T/getppid-loop 1" 2>&1 |
	grep '^BPF program' | sed 's/first [0-9]*/first N/; s/([0-9]* instructions)/(N instructions)/'

# many probes: programs on the raw tracepoints, arguments from the registers
$DTRACE -qn 'syscall:::entry /pid == $target && probefunc == "write"/ { printf("%s %d %d\n", probefunc, arg0 > 2, arg2); }
	syscall:::return /pid == $target && probefunc == "write"/ { printf("%s %d %d %d\n", probefunc, arg0, arg1, errno); }' -c "$T/write-n 2"
$DTRACE -qn 'syscall:::entry /pid == $target/ { @[probefunc] = count(); } END { printa("%s %@d\n", @); }' -c "$T/getpid-n 5" | grep getpid
# errno and -1 from a failing call, in both modes
$DTRACE -qn 'syscall::openat:return /pid == $target && errno != 0/ { printf("%d %d %d\n", arg0, arg1, errno); }' -c "$T/open-two /etc/hostname /nonexistent/b"
$DTRACE -qn 'syscall:::return /pid == $target && probefunc == "openat" && errno != 0/ { printf("%d %d %d\n", arg0, arg1, errno); }' -c "$T/open-two /etc/hostname /nonexistent/b"

# the number of programs does not grow with the number of probes: two for
# all ~700 syscall probes (the -c command counts dtrace's program fds)
$DTRACE -qn 'syscall:::entry,syscall:::return /pid == 0/ { @[probefunc] = count(); }' \
	-c "sh $D/count-progs"

# probe IDs do not depend on which providers a script names: -l and id agree
l=$($DTRACE -l -n syscall::getpid:entry | awk 'NR == 2 { print $1 }')
r=$($DTRACE -qn 'syscall::getpid:entry /pid == $target/ { trace(id); }' -c "$T/getpid-n 1")
[ "$l" = "$r" ] && echo "same ID" || echo "-l says $l, id is $r"
