# A program on an interrupt's tracepoint (irq, timer, ...) can interrupt
# a system call's program on the same CPU; each works in its own scratch
# area, so the system call clause's keys are only system call names (they
# were the interrupt's probe names when both shared one area).
$DTRACE -l -P syscall | awk 'NR > 1 { print $4 }' | sort -u > nest.names
$DTRACE -qn 'syscall:::entry { @a[probefunc] = count(); }
sdt:irq_vectors::,sdt:timer::,sdt:irq::,sdt:sched::,sdt:workqueue:: { @b[probename] = count(); }
END { printa("A %s %@d\n", @a); printa("B %s %@d\n", @b); }' -c "$T/getppid-loop 1000000" > nest.txt
awk '$1 == "A" { print $2 }' nest.txt | sort -u > nest.keys
echo "foreign keys: $(comm -23 nest.keys nest.names | wc -l)"
echo "interrupt tracepoints seen: $(awk '$1 == "B"' nest.txt | wc -l | awk '{ print ($1 > 0) }')"
