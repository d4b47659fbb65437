# self-> thread-local variables: per thread, unset reads as 0 (an unset
# string is NULL: "" when compared, a fault when used, as in DTrace),
# assigning 0 frees them, they keep their values across probe firings of the thread.
$DTRACE -qn '
BEGIN { self->x = 1; self->s = "dtrace only"; }
syscall::getppid:entry /pid == $target/ { self->n++; self->last = probefunc; }
syscall::getppid:return /pid == $target && self->n == 2/ { printf("second call, [%s]\n", self->last); }
syscall::getppid:return /pid == $target && self->n == 3/ { self->n = 0; }
syscall::exit_group:entry /pid == $target/ { printf("at exit: n=%d x=%d %d\n", self->n, self->x, self->s == ""); }
END { printf("dtrace thread: %d\n", self->x); }
' -c "$T/getppid-loop 3"
# declared thread-locals
$DTRACE -qn 'self int v; self string s; BEGIN { printf("%d %d\n", self->v, self->s == ""); self->v = 3; self->s = "t"; printf("%d [%s]\n", self->v, self->s); exit(0); }'
# an unset string used as a value faults (DTrace: invalid address (0x0))
$DTRACE -qn 'self string s; string a[int]; BEGIN { trace(self->s); } BEGIN { printf("%s", a[1]); } BEGIN { exit(0); }'
