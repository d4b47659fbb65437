# While attaching takes more than a second, a progress line on stderr
# ("dtrace: attaching probes: N of M", rewritten in place and erased when
# done), also while one kprobe_multi link attaches every function (6.12:
# fbt:::entry); not with -q, nor when stderr is not a terminal.  script(1)
# gives dtrace a terminal.  6.1 attaches one kprobe (perf event) per
# function: there the vfs_* set, each perf_event_open made 30 ms slower by
# strace so that attaching takes seconds on any machine.
spec='fbt:::entry' slow=''
case $KVER in 6.1.*)
	spec='fbt::vfs_*:entry'
	slow='strace -f --seccomp-bpf -o /dev/null -e trace=perf_event_open -e inject=perf_event_open:delay_exit=30000'
	;;
esac
# A sanitizer build (make asan) is too slow for every function three times
# under emulation: on 6.12 there the vfs_ functions with a BTF prototype,
# with fentry (one link each), each bpf(2) call made 30 ms slower by strace.
mode=''
if ldd "$DTRACE" 2>/dev/null | grep -q libasan; then
	case $KVER in 6.1.*) ;; *)
		spec='fbt::vfs_[a-z]*[a-z]:entry' mode='-x fbtmode=fentry'
		slow='strace -f --seccomp-bpf -o /dev/null -e trace=bpf -e inject=bpf:delay_exit=30000'
	esac
fi
prog="$spec { @[probefunc] = count(); } BEGIN { exit(0); }"
script -qec "$slow $DTRACE $mode -o trace.txt -n '$prog'" /dev/null >tty 2>&1
grep -q 'dtrace: attaching probes: [0-9]* of [0-9]*' tty && echo "terminal: progress line"
script -qec "$slow $DTRACE $mode -q -o trace.txt -n '$prog'" /dev/null >tty 2>&1
grep -q 'attaching' tty || echo "terminal, -q: none"
$slow $DTRACE $mode -o trace.txt -n "$prog" >/dev/null 2>err
grep -q 'attaching' err || echo "not a terminal: none"
