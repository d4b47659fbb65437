# aggsize is per CPU; all aggregation buffers together may take a quarter
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
