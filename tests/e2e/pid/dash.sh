# The pid provider's "-" function (illumos' dt_pid.c): the probe name is an
# absolute address in the executable, in hexadecimal; the module is a.out
# (or empty, or the executable's file name).  f_step's address in a ufunc
# that stops itself: its load address (a PIE) plus the symbol's value.
# f_step(i, 20) runs 3 times; at its first instruction arg0 and arg1 are
# its arguments (sorted: three probes at one address fire in the order the
# kernel keeps them).  Then illumos' checks, with their tags: another module
# (D_PROC_LIB), no address or a pattern (D_PROC_NAME), a name that is no
# number, an address outside the executable; a provider name of digits
# only (D_PROC_BADPROV), a pid of 0 (D_PROC_BADPID).
$T/ufunc 3 0 stop &
p=$!
for i in $(seq 300); do grep -q libulib /proc/$p/maps && break; sleep 0.1; done
sym=$(nm "$T/ufunc" | awk '$3 == "f_step" { print $1 }')
base=0
if readelf -h "$T/ufunc" | grep -q 'Type:.*DYN'; then
	base=$(awk '$3 == "00000000" && $6 ~ /ufunc$/ { split($1, a, "-"); print a[1]; exit }' /proc/$p/maps)
fi
addr=$(printf '%x' $((0x$base + 0x$sym)))
$DTRACE -qn "pid$p:a.out:-:$addr,pid$p::-:0x$addr,pid$p:ufunc:-:$addr {
	printf(\"%s %s %s %d %d\n\", probemod, probefunc, probename == \"$addr\" ? \"ADDR\" :
	    probename == \"0x$addr\" ? \"0xADDR\" : probename, arg0, arg1); }" > dtrace.txt 2>&1 &
d=$!
for i in $(seq 600); do
	grep -q 'link_type:' /proc/$d/fdinfo/* 2>/dev/null && break
	sleep 0.1
done
kill -CONT $p
wait $d
echo "rc=$?"
LC_ALL=C sort dtrace.txt
e() { $DTRACE -x errtags -n "$1 { }" -c "$T/ufunc 1"; echo "rc=$?"; }
e 'pid$target:libc.so.6:-:1000'
e 'pid$target:*:-:1000'
e 'pid$target:a.out:-:'
e 'pid$target:a.out:-:4*'
e 'pid$target::-:zz'
e 'pid$target::-:10'
$DTRACE -x errtags -n '123:::entry { }'; echo "rc=$?"
$DTRACE -x errtags -n 'pid0:::entry { }'; echo "rc=$?"
