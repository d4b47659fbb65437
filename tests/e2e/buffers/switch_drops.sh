# switch: "dtrace: N drops on CPU n".  bufsize counts what DTrace counts: a
# record's own bytes (8-byte EPID header + data), not the perf framing the
# ring adds, so a 16k buffer holds 16384 / 8 = 2048 records of the default
# action (the header alone), 16384 / 16 = 1024 of printf("%d\n", n++) and
# 16384 / 24 = 682 of printf("%d %d\n", n++, arg0).  The target makes its
# 3000 calls between two reads (switchrate 10s, the target starts after
# the first read), so the first records that fit are printed and the rest
# are dropped.  (The shell's own getpid is not counted.)
printf '#!/bin/sh\nsleep 0.3\nexec %s/getpid-n 3000\n' "$T" >trig
chmod +x trig
pred='/pid == $target && execname == "getpid-n"/'
taskset -c 0 $DTRACE -b 16k -x switchrate=10s -n "syscall::getpid:entry $pred { }" \
    -c ./trig >rec.txt 2>msg.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
echo "rc=$?"
grep drops msg.txt
echo "8-byte records: $(grep -c 'getpid:entry *$' rec.txt) printed"
for act in 'printf("%d\n", n++)' 'printf("%d %d\n", n++, arg0)'; do
	taskset -c 0 $DTRACE -b 16k -x switchrate=10s -qn "syscall::getpid:entry $pred { $act; }" \
	    -c ./trig >rec.txt 2>msg.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
	echo "rc=$?"
	cat msg.txt
	echo "$(wc -l <rec.txt) records, first $(head -1 rec.txt | cut -d' ' -f1), last $(tail -1 rec.txt | cut -d' ' -f1)"
done
