# Exact counts: every call of the target is seen, entry and return.
$DTRACE -qn '
syscall::getppid:entry /pid == $target/ { e++; }
syscall::getppid:return /pid == $target/ { r++; }
END { printf("%d entries, %d returns\n", e, r); }' -c "$T/getppid-loop 1000"
$DTRACE -qn '
syscall::getpid:entry /pid == $target/ { n++; }
END { printf("%d\n", n); }' -c "$T/getpid-n 77"
# every CPU: one child per CPU, 500 calls each
# (a global t++ would race between CPUs, as in DTrace: count per CPU)
n=$(nproc)
sum="c[0]"
i=1
while [ $i -lt $n ]; do sum="$sum + c[$i]"; i=$((i + 1)); done
$DTRACE -qn "
syscall::getppid:entry /ppid == \$target/ { c[cpu] = c[cpu] + 1; }
END { printf(\"%d\\n\", $sum); }" -c "$T/spin-cpus 500" | sed "s/^$((n * 500))\$/500 per CPU/"
# syscall::: with a predicate on the target traces all its system calls
$DTRACE -qn 'syscall:::entry /pid == $target && probefunc == "getpid"/ { n++; } END { printf("%d\n", n); }' -c "$T/getpid-n 3"
