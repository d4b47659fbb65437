# dynvarsize: the space of dynamic variables.  An entry here takes 64
# bytes (key 24, value 8, overhead 32), so 640 bytes hold 10: of 100 new
# array elements 90 are dropped, and so are 90 new thread-local ones.
# (The target starts after dtrace's first status check, so that the drops
# are reported at once.)
printf '#!/bin/sh\nsleep 0.3\nexec %s/getpid-n 100\n' "$T" >trig
chmod +x trig
taskset -c 0 $DTRACE -x dynvarsize=640 -qn '
    syscall::getpid:entry /pid == $target && execname == "getpid-n"/ { a[n++] = 1; }' -c ./trig
echo "rc=$?"
taskset -c 0 $DTRACE -x dynvarsize=640 -qn '
    syscall::getpid:entry /pid == $target && execname == "getpid-n"/ { self->x[n++] = 1; }' -c ./trig
echo "rc=$?"
