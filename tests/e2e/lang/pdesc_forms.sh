# Probe descriptions: provider:module:function:name with fields omitted from
# the left; an empty field matches anything.  -e compiles and reports the
# match count without enabling anything.
for d in BEGIN :::BEGIN ::BEGIN dtrace:::BEGIN 'dtrace:::' END 'read:entry' \
    'syscall::read:entry' 'syscall::read:' '::read:entry' 'profile:::tick-1sec'; do
	$DTRACE -e -n "$d"
done
# syscall::: matches an entry and a return probe per system call of this kernel
tfs=/sys/kernel/tracing
[ -d $tfs/events ] || tfs=/sys/kernel/debug/tracing
n=$(ls $tfs/events/syscalls | grep -c '^sys_enter_')
$DTRACE -e -n 'syscall:::' 2>&1 | sed "s/matched $((2 * n)) probes/matched 2*NSYSCALLS probes/"
$DTRACE -e -n 'syscall:::entry' 2>&1 | sed "s/matched $n probes/matched NSYSCALLS probes/"
# the fields a description names, as -l shows them
$DTRACE -l -n 'dtrace:::' -n '::END' -n 'syscall::getppid:' | sed -E 's/^ *[0-9]+ /    N /'
