# -q and -x quiet: no header, no notices, no default-action lines; only
# what the program prints.  The quiet pragma is the same.
$DTRACE -q -n 'BEGIN { trace("q"); }' -n BEGIN -n 'BEGIN { exit(0); }'
echo
$DTRACE -x quiet -n 'BEGIN { trace("xq"); exit(0); }'
echo
printf '#pragma D option quiet\nBEGIN { trace("pragma"); exit(0); }\n' > q.d
$DTRACE -s q.d
echo
# and without: the notice, the header and the record
taskset -c 0 $DTRACE -n 'BEGIN { trace("loud"); exit(0); }'
# quiet also suppresses "pid N has exited"
$DTRACE -q -n 'syscall::getppid:entry /pid == $target/ { printf("%d\n", 1); }' -c "$T/getppid-loop 1"
