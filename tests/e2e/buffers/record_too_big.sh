# A record bigger than the whole buffer (a 2056-byte record, strsize
# 2048, into -b 1k) refuses to start, whatever the policy, as DTrace's
# "Enabling exceeds size of buffer"; as does bufsize=0, and aggsize
# without room for one entry (a small dynvarsize is rounded up:
# buffers/dynvarsize_small).
printf '#!/bin/sh\nsleep 0.3\nexec %s/getpid-n 10\n' "$T" >trig
chmod +x trig
for policy in switch fill ring; do
	echo "bufpolicy=$policy"
	taskset -c 0 $DTRACE -b 1k -x bufpolicy=$policy -x strsize=2048 -qn '
	    syscall::getpid:entry /pid == $target && execname == "getpid-n"/ { trace(execname); }' \
	    -c ./trig
	echo "rc=$?"
done 2>&1
$DTRACE -b 16 -qn 'BEGIN { printf("%d %d %d\n", 1, 2, 3); exit(0); }'
echo "rc=$?"
$DTRACE -x bufsize=0 -qn 'BEGIN { exit(0); }'
echo "rc=$?"
$DTRACE -x aggsize=16 -qn 'BEGIN { @a["a"] = count(); exit(0); }'
echo "rc=$?"
