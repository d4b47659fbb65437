# args[] at pid probes, typed from the file's DWARF: the parameters in
# integer registers at entry (the list ends at a double, passed in an SSE
# register), the return type as args[1] at return; a pointer is a user
# pointer (copyin() to read through it); without DWARF, no args[].
$DTRACE -l -v -n 'pid$target:a.out:work:,pid$target:a.out:nothing:entry' -c "$T/udwarf" |
	sed -E 's/^ *[0-9]+ +pid[0-9]+ +/    N pidPID /' | grep -v '^$'
$DTRACE -qn 'pid$target:a.out:work:entry {
	printf("n %d name %s u %d m %d p %s\n", args[1], copyinstr((uintptr_t)args[2]), args[3],
	    args[4], args[0] != NULL ? "set" : "NULL");
	printf("x %d\n", *(int *)copyin((uintptr_t)args[0], 4));
}
pid$target:a.out:work:return { printf("returned %d\n", args[1]); }' -c "$T/udwarf"
$DTRACE -qn 'pid$target:a.out:work:entry { trace(args[5]); }' -c "$T/udwarf" 2>&1 | sed -E 's/pid[0-9]+/pidPID/'
$DTRACE -qn 'pid$target:a.out:work:entry { trace(*args[2]); }' -c "$T/udwarf" 2>&1 | sed -E 's/pid[0-9]+/pidPID/'
# ufunc has no DWARF
$DTRACE -qn 'pid$target:a.out:f_push:entry { trace(args[0]); }' -c "$T/ufunc 1" 2>&1 | sed -E 's/pid[0-9]+/pidPID/'
