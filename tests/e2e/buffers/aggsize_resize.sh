# aggsize is per CPU; all buffers together may take a quarter
# of memory (here 2 CPUs, 24 GB): under bufresize=auto 1t is halved to 2g
# and dtrace says so; under bufresize=manual it cannot start.  Without
# aggregations, aggsize does not matter.
agg='syscall::getpid:entry /pid == $target/ { @a[probefunc] = count(); }'
$DTRACE -x aggsize=1t -qn "$agg" -c "$T/getpid-n 5"
echo "rc=$?"
$DTRACE -x aggsize=1t -x bufresize=manual -qn "$agg" -c "$T/getpid-n 5"
echo "rc=$?"
$DTRACE -x aggsize=1t -qn 'BEGIN { exit(0); }'
echo "rc=$?"
# All kinds together share the quarter of memory, fitted in DTrace's order:
# the aggregations take 2g x 2 CPUs = 4 GB of the ~6 GB, so dynvarsize=1t
# is halved until it fits in what is left: 1g (2g would not).
$DTRACE -x aggsize=1t -x dynvarsize=1t -qn 'BEGIN { self->x = 1; @a = count(); exit(0); }'
echo "rc=$?"
