# While attaching takes more than a second, a progress line on stderr
# ("dtrace: attaching probes: N of M", rewritten in place and erased when
# done), also while one kprobe_multi link attaches every function (6.12);
# not with -q, nor when stderr is not a terminal.  script(1) gives dtrace a
# terminal.  (6.1 attaches one kprobe per function: the vfs_* set takes
# seconds there.)
spec='fbt:::entry'
case $KVER in 6.1.*) spec='fbt::vfs_*:entry' ;; esac
prog="$spec { @[probefunc] = count(); } BEGIN { exit(0); }"
script -qec "$DTRACE -o trace.txt -n '$prog'" /dev/null >tty 2>&1
grep -q 'dtrace: attaching probes: [0-9]* of [0-9]*' tty && echo "terminal: progress line"
script -qec "$DTRACE -q -o trace.txt -n '$prog'" /dev/null >tty 2>&1
grep -q 'attaching' tty || echo "terminal, -q: none"
$DTRACE -o trace.txt -n "$prog" >/dev/null 2>err
grep -q 'attaching' err || echo "not a terminal: none"
