# A dynvarsize smaller than one dynamic variable is rounded up to one, as
# illumos' dtrace_dstate_init() rounds the space up to one chunk (the
# largest variable) and its hash bucket: the program starts, silently,
# and one variable is stored.
$DTRACE -x dynvarsize=16 -qn 'BEGIN { x[1] = 42; printf("%d\n", x[1]); exit(0); }'
echo "rc=$?"
$DTRACE -x dynvarsize=1 -qn 'BEGIN { self->s = "str"; printf("%s\n", self->s); exit(0); }'
echo "rc=$?"
