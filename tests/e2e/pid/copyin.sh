# copyinstr()/copyin() of a page the process has never touched (a file
# mapping it never reads): the probe's clauses read it at the first call,
# a sleepable program at the same site having faulted it in first.
$DTRACE -qn 'pid$target:a.out:u_str:entry { printf("%s|%s|", copyinstr(arg0), copyinstr(arg0 + 2, 4));
	printf("%s\n", stringof(copyin(arg0 + 7, 5))); }' -c "$T/ucopy 2"
# from a library function's argument (a string of the trigger's .rodata)
$DTRACE -qn 'pid$target:libc.so.6:atoi:entry { printf("%s\n", copyinstr(arg0)); }' -c "$T/ufunc 2"
# a bad address still faults the clause
$DTRACE -qn 'pid$target:a.out:u_str:entry { printf("%s\n", copyinstr(arg0 - 0x100000000)); }' -c "$T/ucopy 1" 2>&1 |
	sed -E 's/pid[0-9]+/pidN/; s/\(0x[0-9a-f]+\)/(ADDR)/; s/offset [0-9]+/offset N/; s/\(ID [0-9]+: /(ID N: /'
