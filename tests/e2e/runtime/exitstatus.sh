# dtrace's exit status is the value given to exit(); 0 when tracing ends
# otherwise; 1 on errors.
for v in 0 1 7 42 255; do
	$DTRACE -qn "BEGIN { exit($v); }"
	echo "exit($v): rc=$?"
done
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { exit(9); }' -c "$T/getppid-loop 1"
echo "exit(9) in a syscall probe: rc=$?"
$DTRACE -qn 'END { exit(3); }' -c "$T/fault-none"
echo "exit(3) in END: rc=$?"
$DTRACE -qn 'BEGIN { }' -c "$T/fault-none"
echo "-c, no exit(): rc=$?"
$DTRACE -qn 'BEGIN { }' -c "$T/open-two /etc/hostname /etc/hostname" 2>/dev/null
echo "-c command failing: rc=$?"
$DTRACE -qn 'BEGIN { nosuch(); }'
echo "compile error: rc=$?"
