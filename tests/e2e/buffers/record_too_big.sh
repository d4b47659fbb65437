# A record bigger than the whole buffer is always dropped and counted,
# whatever the policy: a 2056-byte record (strsize 2048) into -b 1k.
# (The target starts after dtrace's first read, so that its 10 drops are
# reported at once.)
printf '#!/bin/sh\nsleep 0.3\nexec %s/getpid-n 10\n' "$T" >trig
chmod +x trig
for policy in switch fill ring; do
	echo "bufpolicy=$policy"
	taskset -c 0 $DTRACE -b 1k -x bufpolicy=$policy -x strsize=2048 -qn '
	    syscall::getpid:entry /pid == $target && execname == "getpid-n"/ { trace(execname); }' \
	    -c ./trig
	echo "rc=$?"
done 2>&1
