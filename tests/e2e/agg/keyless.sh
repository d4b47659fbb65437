# Key-less aggregations alone in a program: it looks up no scratch area in
# its prologue, only when a key is new, and reads the CPU the prologue
# saved (cg/dt_cg.c dt_cg_scratch_begin, dt_cg_cpu).  Every update counts:
# 10 calls.  Then the same with -x cpu (the prologue is kept whole), and an
# aggregation in the ERROR clause (a subprogram on its own stack frame,
# which asks the kernel for the CPU).
taskset -c 0 $DTRACE -qn 'syscall::getppid:entry /pid == $target/ { @c = count(); @s = sum(3); @m = max(cpu); @l = lquantize(1, 0, 3, 1); }' -c "$T/getppid-loop 10"
echo "rc=$?"
taskset -c 0 $DTRACE -x cpu=0 -qn 'syscall::getppid:entry /pid == $target/ { @c = count(); @m = min(cpu + 5); }' -c "$T/getppid-loop 10"
echo "rc=$?"
taskset -c 0 $DTRACE -qn 'syscall::getppid:entry /pid == $target/ { @c = count(); trace(*(int *)0); } dtrace:::ERROR { @e = count(); @ec = max(cpu); }' -c "$T/getppid-loop 10" 2>/dev/null
echo "rc=$?"
