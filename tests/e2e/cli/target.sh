# -c runs a command with $target set to its pid, and dtrace ends when it
# ends (END fires); -p attaches to a running process the same way.
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { n++; } END { printf("-c: %d calls\n", n); }' -c "$T/getppid-loop 12"
echo "rc=$?"
# the notice when the command ends, and its exit status
$DTRACE -n BEGIN -c "$T/fault-none" 2>&1 | grep 'pid' | sed -E 's/pid [0-9]+/pid PID/'
$DTRACE -n BEGIN -c "$T/open-two /etc/hostname /etc/hostname" 2>&1 | grep 'pid' | sed -E 's/pid [0-9]+/pid PID/'
printf '#!/bin/sh\nkill -9 $$\n' > killself
chmod +x killself
$DTRACE -qn BEGIN -c ./killself
$DTRACE -n BEGIN -c ./killself 2>&1 | grep pid | sed -E 's/pid [0-9]+/pid PID/'
# a command that cannot be run
$DTRACE -n BEGIN -c /nonexistent/command
echo "rc=$?"
# -p: a running process
$T/sleep-ms 700 &
p=$!
$DTRACE -qn 'syscall::nanosleep:return /pid == $target/ { printf("-p: nanosleep returned %d\n", arg0); } END { printf("-p: END\n"); }' -p $p
echo "rc=$?"
wait $p
$DTRACE -n BEGIN -p 999999999
echo "rc=$?"
$DTRACE -n BEGIN -p notapid
echo "rc=$?"
