# END fires however tracing stops: exit(), SIGINT, SIGTERM, the end of the
# -c command.  Its output comes last, after everything traced before.
$DTRACE -qn 'BEGIN { printf("begin\n"); exit(0); } END { printf("END after exit()\n"); }'
echo "rc=$?"
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { n++; } END { printf("END after -c: %d\n", n); }' -c "$T/getppid-loop 3"
echo "rc=$?"
# SIGTERM
$DTRACE -qn 'BEGIN { printf("running\n"); } END { printf("END after SIGTERM\n"); }' > term.out 2>&1 &
p=$!
sleep 1
kill -TERM $p
wait $p
echo "rc=$?"
cat term.out
# SIGINT (a background job has SIGINT ignored: give it back its default)
env --default-signal=INT $DTRACE -qn 'BEGIN { printf("running\n"); } END { printf("END after SIGINT\n"); }' > int.out 2>&1 &
p=$!
sleep 1
kill -INT $p
wait $p
echo "rc=$?"
cat int.out
# a background dtrace whose SIGINT is ignored keeps it ignored, as DTrace does
$DTRACE -qn 'BEGIN { printf("ignoring SIGINT\n"); } END { printf("END after SIGTERM\n"); }' > ign.out 2>&1 &
p=$!
sleep 1
kill -INT $p
sleep 0.5
kill -0 $p && echo "still running after SIGINT"
kill -TERM $p
wait $p
cat ign.out
# END's output follows the output of every CPU
# (a global n++ would race between CPUs, as in DTrace: count per CPU)
sum="c[0]"
i=1
while [ $i -lt $(nproc) ]; do sum="$sum + c[$i]"; i=$((i + 1)); done
$DTRACE -qn "syscall::getppid:entry /ppid == \$target/ { c[cpu]++; } END { printf(\"END: %d\\n\", $sum); }" -c "$T/spin-cpus 100" | sed "s/END: $(( $(nproc) * 100 ))/END: all/"
