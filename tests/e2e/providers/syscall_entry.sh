# syscall entry probes: arguments in arg0..argN, args[] typed from the
# kernel's declarations (copyinstr() reads user strings).
$DTRACE -qn '
syscall::openat:entry /pid == $target/
{
	printf("openat(%d, \"%s\", %d)\n", (int)arg0, copyinstr(arg1), arg2);
	printf("args: %d \"%s\"\n", args[0], copyinstr((uintptr_t)args[1]));
}' -c "$T/open-two /etc/hostname /nonexistent/x"
$DTRACE -qn 'syscall::write:entry /pid == $target/ { printf("write(%d, \"%s\", %d)\n", arg0, copyinstr(arg1, arg2), args[2]); }' -c "$T/write-n 2"
$DTRACE -qn 'syscall::read:entry /pid == $target/ { printf("read(%d, ptr, %d) %d\n", arg0, arg2, arg1 != 0); }' -c "$T/read-n 3"
$DTRACE -qn 'syscall::nanosleep:entry /pid == $target/ { printf("nanosleep %d\n", arg0 != 0); }' -c "$T/sleep-ms 1"
# the types of args[] for a few system calls
$DTRACE -qn 'syscall::write:entry /pid == $target/ { printf("%d %d %d\n", sizeof (args[0]), sizeof (args[1]), sizeof (args[2])); }' -c "$T/write-n 1"
# arguments past the last one are 0
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { printf("%d %d %d\n", arg0, arg5, arg9); }' -c "$T/getppid-loop 1"
# args[] out of range is a compile error
$DTRACE -qn 'syscall::getppid:entry { trace(args[0]); }'
echo "rc=$?"
$DTRACE -qn 'syscall::write:entry { trace(args[3]); }'
echo "rc=$?"
