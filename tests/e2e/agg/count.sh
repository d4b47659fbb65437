# count() of a trigger's calls, keyed and not, and the layout at exit:
# a blank line before each aggregation, keys as DTrace aligns them.
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { @ = count(); @c[execname] = count(); @p[probefunc, 7] = count(); }' -c "$T/getppid-loop 1000"
echo "rc=$?"
# the default output: the probe's line, then the aggregations at exit
taskset -c 0 $DTRACE -n 'BEGIN { @["a"] = count(); @["b"] = count(); @["b"] = count(); @n = count(); exit(0); }'
echo "rc=$?"
