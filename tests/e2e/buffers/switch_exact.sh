# switch: a trigger fires N events as fast as it can into a small buffer
# read at several switch rates; every event is either printed or reported
# as a drop (records printed + drops reported == N), and what is printed is
# in order, without duplicates.
N=100000
for rate in 1ms 10ms 100hz 1s; do
	taskset -c 0 $DTRACE -b 16k -x switchrate=$rate -qn '
	    syscall::getpid:entry /pid == $target/ { printf("%d\n", n++); }' \
	    -c "$T/getpid-n $N" >rec.txt 2>msg.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
	rc=$?
	printed=$(wc -l <rec.txt)
	dropped=$(awk '/^dtrace: [0-9]+ drops? on CPU 0$/ { s += $2 } END { print s + 0 }' msg.txt)
	order=$(awk 'NR > 1 && $1 <= last { bad = 1 } { last = $1 } END { print bad ? "out of order" : "in order" }' rec.txt)
	others=$(grep -vc 'drops\{0,1\} on CPU 0$' msg.txt)
	echo "switchrate=$rate: rc=$rc printed+dropped=$((printed + dropped)) $order, other messages: $others"
done
