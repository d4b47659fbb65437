# Nothing stays behind when dtrace ends, by SIGTERM (a background job ignores
# SIGINT, as DTrace does) or by kill -9, even with
# pid$target:libc.so.6::entry (thousands of uprobes on uprobe_multi links):
# no link, no breakpoint in the process, nothing in uprobe_events; the
# process runs on.
$T/ufunc 1 120000 &
p=$!
# until the dynamic linker has mapped its libraries
for i in $(seq 300); do grep -q libulib /proc/$p/maps && break; sleep 0.1; done
exe=$(readlink /proc/$p/exe)
base=$(awk -v f="$exe" '$6 == f { split($1, a, "-"); print a[1]; exit }' /proc/$p/maps)
off=$(nm "$exe" | awk '$3 == "f_push" { print $1 }')
byte() { dd if=/proc/$p/mem bs=1 count=1 skip=$((0x$base + 0x$off)) 2>/dev/null | od -An -tx1 | tr -d ' '; }
echo "f_push starts with $(byte)"
events=$(grep -c . /sys/kernel/tracing/uprobe_events)
for sig in TERM KILL; do
	$DTRACE -qn "pid$p:a.out:f_push:entry,pid$p:libc.so.6::entry { }" &
	d=$!
	# until its links are made (libc.so.6's come before the executable's)
	for i in $(seq 600); do
		[ "$(byte)" = cc ] && break
		sleep 0.1
	done
	# until enabling is done (the consumer sleeps between looks at its
	# buffers): a signal while enabling goes on ends dtrace without output
	for i in $(seq 300); do
		[ "$(cat /proc/$d/wchan 2>/dev/null)" = hrtimer_nanosleep ] && break
		sleep 0.1
	done
	progs=$(grep -h prog_id /proc/$d/fdinfo/* 2>/dev/null | awk '{ print $2 }' | sort -u)
	echo "SIG$sig: traced, f_push starts with $(byte)"
	kill -$sig $d
	wait $d 2>/dev/null
	left=0
	for id in $progs; do
		bpftool link show 2>/dev/null | grep -q "prog $id\$\|prog $id " && left=$((left + 1))
	done
	echo "after SIG$sig: $left links left, f_push starts with $(byte)"
done
[ "$(grep -c . /sys/kernel/tracing/uprobe_events)" = "$events" ] && echo "uprobe_events as before"
kill $p && echo "the process ran on"
