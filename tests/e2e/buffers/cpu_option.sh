# -x cpu=N: only CPU N traces and has a buffer; BEGIN and END fire there.
# spin-cpus runs 100 getppid calls on each CPU: only CPU 1's are seen.
$DTRACE -x cpu=1 -qn '
    BEGIN { printf("BEGIN on CPU %d\n", cpu); }
    syscall::getppid:entry /ppid == $target/ { printf("getppid on CPU %d\n", cpu); }
    END { printf("END on CPU %d\n", cpu); }' -c "$T/spin-cpus 100" | sort | uniq -c
echo "rc=$?"
# a CPU that is not there
$DTRACE -x cpu=4096 -n 'BEGIN { exit(0); }'
echo "rc=$?"
