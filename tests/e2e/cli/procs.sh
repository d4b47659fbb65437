# Process control beyond target.sh: the notice when a -p process exits, a
# -p process that exits as a zombie nobody reaps, an -c command whose exec
# fails, the -c command killed when tracing ends first, bad -p arguments.
pids() { sed -E 's/pid [0-9]+/pid PID/'; }
# -p: the notice (stderr only: the probe lines name CPUs)
$T/sleep-ms 500 &
p=$!
{ $DTRACE -n 'syscall::nanosleep:return /pid == $target/ { }' -p $p 2>&1 >/dev/null
  echo "rc=$?"; } | pids
wait $p
# -p: a zombie has exited too (its parent sleeps on without waiting for it)
sh -c "$T/sleep-ms 300 & echo \$! > zpid; exec $T/sleep-ms 5000" &
parent=$!
while [ ! -s zpid ]; do sleep 0.05; done
$DTRACE -n BEGIN -p $(cat zpid) 2>&1 >/dev/null | pids
kill -0 $parent 2>/dev/null && echo "ended before the zombie's parent"
kill $parent
wait $parent 2>/dev/null
# -c: a command that cannot be executed fails before tracing is enabled,
# exit 1 (the message from the exec check, as DTrace's from Pcreate)
mkdir dir
{ $DTRACE -n BEGIN -c ./dir 2>&1 >/dev/null; echo "rc=$?"; } | pids
$DTRACE -qn BEGIN -c ./dir
echo "rc=$?"
# -c: exit() ends tracing before the command ends; the command is killed
pid=$($DTRACE -qn 'BEGIN { printf("%d\n", $target); exit(0); }' -c "$T/sleep-ms 5000")
echo "rc=$?"
kill -0 $pid 2>/dev/null && echo "pid $pid still runs" || echo "the command is gone"
# -p: arguments that are not process IDs, a pid that does not exist
$DTRACE -n BEGIN -p 0
$DTRACE -n BEGIN -p 12x
$DTRACE -n BEGIN -p 3000000000
$DTRACE -n BEGIN -p 4194305
echo "rc=$?"
