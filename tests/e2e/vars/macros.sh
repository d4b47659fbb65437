# Macro variables: $pid, $ppid, $uid, $gid of dtrace itself; $target is
# the -c/-p process (0 without one); $0..$9 are the arguments.
out=$($DTRACE -qn 'BEGIN { printf("%d %d %d %d\n", $pid, $ppid, $uid, $gid); exit(0); }')
set -- $out
[ "$2" = "$$" ] && echo "ppid is the shell" || echo "ppid $2 is not $$"
[ "$3" = "$(id -u)" ] && [ "$4" = "$(id -g)" ] && echo "uid and gid match" || echo "uid/gid $3 $4 mismatch"
[ "$1" -gt 0 ] && [ "$1" != "$$" ] && echo "pid is dtrace's"
$DTRACE -qn 'BEGIN { printf("target %d\n", $target); exit(0); }'
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { printf("%d\n", pid == $target); }' -c "$T/getppid-loop 1"
$DTRACE -qn 'BEGIN { printf("[%s] [%s] [%d] [%s]\n", $$0, $$1, $2, $$3); exit(0); }' a 2 c | sed "s|$DTRACE|DTRACE|"
$DTRACE -qn 'BEGIN { printf("%d\n", $nosuch); }'
echo "rc=$?"
