# uregs[]: the user thread's registers (struct pt_regs, in the order of the
# D library's R_* indices: 15 is orig_ax, the system call number, 19 rsp).
# A constant index out of range is refused at compile time (D_REGS_IDX); a
# variable one faults at run time (21..24 are R_DS..R_GS, read as 0) with DTrace's "illegal operation".
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { printf("%d %d\n", uregs[15], uregs[19] != 0); }' -c "$T/getppid-loop 1"
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { i = 25; trace(uregs[i]); }' -c "$T/getppid-loop 1" 2>&1 |
	sed 's/DIF offset [0-9]*/DIF offset N/; s/probe ID [0-9]* (ID [0-9]*/probe ID N (ID N/'
for i in 25 1000 -1; do
	$DTRACE -e -x errtags -n "BEGIN { trace(uregs[$i]); }"
done
$DTRACE -e -n 'BEGIN { trace(uregs); }'
$DTRACE -e -n 'BEGIN { trace(uregs["a"]); }'
$DTRACE -e -n 'BEGIN { trace(uregs[0]); trace(uregs[20]); }'
echo "rc=$?"
