# count() of a trigger's calls, keyed and not, and the layout at exit:
# a blank line before each aggregation, keys as DTrace aligns them.
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { @ = count(); @c[execname] = count(); @p[probefunc, 7] = count(); }' -c "$T/getppid-loop 1000"
echo "rc=$?"
