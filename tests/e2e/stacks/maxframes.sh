# The maxframes option (DTrace for Linux's; illumos has none, its kernel
# bounds stacks itself): it bounds the frames of stack(), ustack() and the
# stackdepth variables, whatever stackframes, ustackframes or the argument
# ask for.  ustack-fp's write() is reached by main -> a -> b -> c: seven
# frames down to _start (stacks/ustack).  The option's default (the
# kernel's perf_event_max_stack, 127) bounds nothing here: 7 frames.
norm() { sed -E 's/\+0x[0-9a-f]+/+0xN/; s/pid [0-9]+/pid N/'; }

$DTRACE -qx maxframes=3 -n 'syscall::write:entry /pid == $target/ { ustack(); ustack(5);
	printf("depth %d\n", ustackdepth); }' -c "$T/ustack-fp 1" | norm
$DTRACE -qx maxframes=5 -x ustackframes=2 -n 'syscall::write:entry /pid == $target/ { ustack(); }' \
	-c "$T/ustack-fp 1" | norm
$DTRACE -qn 'syscall::write:entry /pid == $target/ { printf("depth %d\n", ustackdepth); }' \
	-c "$T/ustack-fp 1"
# the kernel's stack: a write() has at least two frames under the syscall
# layer on any kernel (names vary: counted)
$DTRACE -qx maxframes=1 -n 'syscall::write:entry /pid == $target/ { stack(20);
	printf("depth %d\n", stackdepth); }' -c "$T/ustack-fp 1" | sed -E 's/^ +[^ ]+`.*/frame/'
