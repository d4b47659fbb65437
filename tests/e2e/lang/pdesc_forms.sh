# Probe descriptions: provider:module:function:name with fields omitted from
# the left; an empty field matches anything.  -l counts the probes each
# matches without enabling anything (-e, which only compiles, prints no
# "matched" notice, as illumos).
for d in BEGIN :::BEGIN ::BEGIN dtrace:::BEGIN 'dtrace:::' END 'read:entry' \
    'syscall::read:entry' 'syscall::read:' '::read:entry' 'profile:::tick-1sec'; do
	echo "$d: $($DTRACE -l -n "$d" | awk 'NR > 1' | wc -l)"
done
# syscall::: matches an entry and a return probe per system call of this kernel
tfs=/sys/kernel/tracing
[ -d $tfs/events ] || tfs=/sys/kernel/debug/tracing
n=$(ls $tfs/events/syscalls | grep -c '^sys_enter_')
echo "syscall:::: $($DTRACE -l -n 'syscall:::' | awk 'NR > 1' | wc -l)" | sed "s/: $((2 * n))\$/: 2*NSYSCALLS/"
echo "syscall:::entry: $($DTRACE -l -n 'syscall:::entry' | awk 'NR > 1' | wc -l)" | sed "s/: $n\$/: NSYSCALLS/"
# the fields a description names, as -l shows them
$DTRACE -l -n 'dtrace:::' -n '::END' -n 'syscall::getppid:' | sed -E 's/^ *[0-9]+ /    N /'
