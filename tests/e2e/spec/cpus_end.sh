# One speculation collects data on both CPUs (one spin-cpus child pinned to
# each); END, on the consumer's CPU 0, commits it: CPU 0's part is copied
# at once, CPU 1's by the consumer, and all 6 records are printed with the
# CPU they were traced on (the CPU column; the probe ID column is cut).
{ taskset -c 0 $DTRACE -n 'BEGIN { s = speculation(); } syscall::getppid:entry /ppid == $target/ { speculate(s); printf("on %d", cpu); } END { commit(s); }' -c "taskset -c 0,1 $T/spin-cpus 3" | awk '{ $2 = ""; print }' | sort; } 2>&1 | grep -v "has exited$"
