# syscall return probes: the return value in arg0 and arg1; a failed call
# returns -1 with the error in errno; errno is 0 after a successful call.
$DTRACE -qn '
syscall::openat:return /pid == $target/ { printf("openat returned %d %d errno %d\n", arg0 >= 3, arg1 == arg0, errno); }
syscall::close:return /pid == $target/ { printf("close returned %d errno %d\n", arg0, errno); }
' -c "$T/open-two /etc/hostname /nonexistent/file"
$DTRACE -qn 'syscall::write:return /pid == $target/ { printf("%d %d\n", arg0, errno); }' -c "$T/write-n 2"
$DTRACE -qn 'syscall::getppid:return /pid == $target/ { printf("%d\n", arg0 == ppid); }' -c "$T/getppid-loop 1"
# entry and return pair up with a thread-local
$DTRACE -qn '
syscall::nanosleep:entry /pid == $target/ { self->ts = timestamp; }
syscall::nanosleep:return /self->ts/ { printf("slept >= 20ms: %d\n", timestamp - self->ts >= 20000000); self->ts = 0; }
' -c "$T/sleep-ms 20"
# errno outside a syscall return probe is 0
$DTRACE -qn 'syscall::openat:entry /pid == $target/ { printf("entry errno %d\n", errno); }' -c "$T/open-two"
