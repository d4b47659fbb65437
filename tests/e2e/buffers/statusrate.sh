# statusrate governs how often the drop counts are checked (the first
# check is at the start): the target waits a little, makes 30 calls,
# sleeps a second, makes 30 more, into a space of 10 dynamic variables.
# Checked every 100ms, the drops of each burst are reported apart;
# checked every 10s, once, at the end.
printf '#!/bin/sh\nsleep 0.3\n%s/getpid-n 30\nsleep 1\n%s/getpid-n 30\n' "$T" "$T" >trig
chmod +x trig
for rate in 100ms 10s; do
	echo "statusrate=$rate"
	$DTRACE -x statusrate=$rate -x dynvarsize=640 -qn '
	    syscall::getpid:entry /ppid == $target/ { a[n++] = 1; }' -c ./trig
	echo "rc=$?"
done 2>&1
