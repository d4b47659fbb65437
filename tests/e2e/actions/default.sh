# The default action: a clause with no body (or an empty one) records the
# probe, printing its CPU, ID and FUNCTION:NAME; a clause that only sets
# variables records nothing.
taskset -c 0 $DTRACE -n BEGIN -n 'BEGIN {}' -n 'BEGIN { x = 1; }' -n 'BEGIN { exit(0); }'
taskset -c 0 $DTRACE -n 'syscall::getppid:entry,syscall::getppid:return /pid == $target/' -c "$T/getppid-loop 2" 2>err | sed -E -e 's/^ +0 +[0-9]+ /  0 ID /'
sed -E -e 's/pid [0-9]+ has/pid PID has/' err # after: the two streams are not ordered
# -q suppresses the default action's output entirely
$DTRACE -q -n BEGIN -n 'BEGIN { exit(0); }'
echo "quiet: nothing above"
