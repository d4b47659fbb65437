# A full aggregation: the updates that find no room are counted and
# reported as DTrace does; the keys that fit are exact.
taskset -c 0 $DTRACE -x aggsize=300 -qn 'syscall::getppid:entry /pid == $target/ { @[arg0 + self->i++] = count(); }' -c "$T/getppid-loop 10" 2>err
echo "rc=$?"
cat err
