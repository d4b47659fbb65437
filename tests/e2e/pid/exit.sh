# A traced process that exits ends tracing, as in DTrace: "pid N has
# exited", then the aggregations.  With -c, and with a process that a
# pid<N> description grabbed by itself (no -p).
$DTRACE -n 'pid$target:a.out:f_push:entry { @[probefunc] = count(); }' -c "$T/ufunc 5" 2>&1 |
	sed 's/pid [0-9]*/pid N/'
$T/ufunc 7 0 stop &
p=$!
for i in $(seq 300); do grep -q libulib /proc/$p/maps && break; sleep 0.1; done
$DTRACE -n "pid$p::lib_mul:return { @[probemod, probefunc] = sum(arg1); }" > dtrace.txt 2>&1 &
d=$!
for i in $(seq 600); do
	grep -q 'link_type:' /proc/$d/fdinfo/* 2>/dev/null && break
	sleep 0.1
done
kill -CONT $p
wait $d
echo "rc=$?"
sed "s/pid$p/pidN/; s/pid $p /pid N /" dtrace.txt
