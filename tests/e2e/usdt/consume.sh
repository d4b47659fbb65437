# USDT probes from SystemTap SDT notes: those of the trigger's header
# (made by dtrace -h from tests/triggers/user/uprov.d), listed with -l -c
# and traced: probe names with "__" shown as "-", arguments from the notes'
# operands (registers, a constant), is-enabled checks that see the probe
# enabled only while it is (the semaphores).
l() { $DTRACE -l "$@" | sed 's/myapp[0-9][0-9]*/myappN/; s/^ *[0-9][0-9]*/ID/' | tr -s ' '; }
l -n 'myapp$target:::' -c "$T/usdt"
l -n 'myapp$target:usdt:main:query-start' -c "$T/usdt"
# everything the process has: with no description
$DTRACE -l -c "$T/usdt" | grep -c 'myapp[0-9]'
$DTRACE -qn 'myapp$target:::query-start { printf("%s %s %d\n", probename, copyinstr(arg0), arg1); }
	myapp$target:::query-done { printf("%s %d\n", probename, arg0); }
	myapp$target:::tick { printf("%s:%s:%s\n", probemod, probefunc, probename); }' -c "$T/usdt 3"
# not enabled: the is-enabled check says so
$DTRACE -qn 'myapp$target:::tick { @ = count(); }' -c "$T/usdt 4"
# a -p process, and a glob provider that sees it
$T/usdt 5 0 stop > usdt.txt &
p=$!
for i in $(seq 300); do grep -q T /proc/$p/stat 2>/dev/null && break; sleep 0.1; done
$DTRACE -n 'myapp*:::query-done /pid == $target/ { @[probename, arg0] = count(); }' -p $p > dtrace.txt 2>&1 &
d=$!
for i in $(seq 600); do
	grep -q 'link_type:' /proc/$d/fdinfo/* 2>/dev/null && break
	sleep 0.1
done
kill -CONT $p
wait $d
cat usdt.txt
sed "s/pid $p /pid N /" dtrace.txt
