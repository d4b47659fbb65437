# switch: "dtrace: N drops on CPU n".  A 16k buffer (bufsize means exactly
# that: 16384 bytes, less the 8 a perf ring cannot fill) holds 511 records
# of 32 ring bytes (8-byte EPID header, 8-byte value, 16 bytes of perf
# framing); the target makes its 2000 calls between two reads (switchrate
# 10s, the target starts after the first read), so the first 511 are
# printed and 1489 are dropped.  (The shell's own getpid is not counted.)
printf '#!/bin/sh\nsleep 0.3\nexec %s/getpid-n 2000\n' "$T" >trig
chmod +x trig
taskset -c 0 $DTRACE -b 16k -x switchrate=10s -qn '
    syscall::getpid:entry /pid == $target && execname == "getpid-n"/ { printf("%d\n", n++); }' \
    -c ./trig >rec.txt 2>msg.txt
echo "rc=$?"
cat msg.txt
echo "$(wc -l <rec.txt) records, first $(head -1 rec.txt), last $(tail -1 rec.txt)"
