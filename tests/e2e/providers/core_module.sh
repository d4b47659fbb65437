# illumos' core kernel is two modules, genunix (generic code) and unix
# (the platform's), and published scripts name them in probe descriptions
# (the toolkit's iosnoop: io:genunix::start, io:genunix::done).  On Linux
# both are the module vmlinux: a description naming either matches
# vmlinux's probes (as `genunix`struct ...` names vmlinux's types).
# Expected: the getppid probe fires once under each name, reporting its
# module as vmlinux; the io and sched descriptions compile (-e).
$DTRACE -qn '
syscall:genunix:getppid:entry, syscall:unix:getppid:return
/pid == $target/
{
	printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
}' -c "$T/getppid-loop 1"
$DTRACE -e -n 'io:genunix::start, io:genunix::done, sched:unix::on-cpu { trace(cpu); }'
echo "rc=$?"
# another module name still matches nothing
$DTRACE -e -n 'syscall:solaris:getppid:entry'
echo "rc=$?"
