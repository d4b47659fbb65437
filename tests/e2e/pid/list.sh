# -l lists the pid probes a description names for the -c/-p process:
# modules by name (a.out, the trigger's libulib.so, libc.so.6), functions
# and names by glob, offsets only when named; IDs follow every other
# provider's probes, in creation order.
l() { $DTRACE -l "$@" | sed 's/pid[0-9][0-9]*/pidN/; s/^ *[0-9][0-9]*/ID/' | tr -s ' '; }
l -n 'pid$target:a.out:f_*:' -c "$T/ufunc"
l -n 'pid$target:a.out:f_push:4' -c "$T/ufunc"
l -n 'pid$target:lib*:lib_mul:return' -c "$T/ufunc"
l -n 'pid$target:libc.so.6:atoi:' -c "$T/ufunc"
# -p: a running process
$T/ufunc 1 10000 &
p=$!
for i in $(seq 100); do grep -q libulib /proc/$p/maps && break; sleep 0.1; done
l -n "pid$p:a.out:f_st*:entry" -p $p
# the same IDs in -l and at run time, after the other providers' probes
id=$($DTRACE -l -n 'pid$target:a.out:f_step:entry' -p $p | awk 'NR == 2 { print $1 }')
last=$($DTRACE -l -P syscall | tail -1 | awk '{ print $1 }')
[ "$id" -gt "$last" ] && echo "after the kernel's probes"
kill $p
# thousands of functions in libc.so.6
n=$($DTRACE -l -n 'pid$target:libc.so.6::entry' -c "$T/ufunc" | wc -l)
[ "$n" -gt 1000 ] && echo "libc.so.6 has over 1000 entry probes"
