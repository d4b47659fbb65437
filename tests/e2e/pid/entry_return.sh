# pid provider: entry, return and offset probes in the executable (a
# function whose first instruction the kernel emulates, push %rbp, and one
# it single-steps, lea), a shared library of the trigger's own and libc.so.6;
# arguments at entry, the return value in arg1 at return (arg0 is 0: a
# uretprobe does not know the returning instruction).
$DTRACE -qn 'pid$target:a.out:f_*:entry { printf("%s %s %d %d\n", probefunc, probename, arg0, arg1); }
	pid$target:a.out:f_*:return { printf("%s %s %d %d\n", probefunc, probename, arg0, arg1); }
	pid$target:a.out:f_push:4 { printf("%s:%s %d %d\n", probefunc, probename, arg0, arg1); }
	pid$target::lib_mul:entry { printf("%s:%s:%s %d %d\n", probemod, probefunc, probename, arg0, arg1); }
	pid$target::lib_mul:return,pid$target:libc.so.6:atoi:return {
		printf("%s:%s:%s %d\n", probemod, probefunc, probename, arg1); }' -c "$T/ufunc 3"
echo "rc=$?"
# probeprov is pid<N>; the default action names function and probe
$DTRACE -n 'pid$target:a.out:f_step:return { trace(probeprov); }' -c "$T/ufunc 1" 2>&1 | tr -s ' ' |
	sed 's/^ *\([0-9]*\) *[0-9]* /CPU ID /; s/pid[0-9][0-9]*/pidN/g; s/pid [0-9]*/pid N/'
# a bad offset, a function or module that does not exist
$DTRACE -n 'pid$target:a.out:f_step:ff { }' -c "$T/ufunc 1" 2>&1 | sed 's/pid[0-9][0-9]*/pidN/g'
$DTRACE -n 'pid$target:nosuch.so::entry { }' -c "$T/ufunc 1" 2>&1 | sed 's/pid[0-9][0-9]*/pidN/g'
# a process that does not exist
$DTRACE -n 'pid999999999:a.out::entry { }' 2>&1
