# sdt lists every tracepoint with a tracefs event: the system is the
# module, "__" in the event shows as "-"; not the syscalls system's events
# (the syscall provider's), not dynamic events.
ev=/sys/kernel/tracing/available_events
[ -r $ev ] || ev=/sys/kernel/debug/tracing/available_events
grep -v '^syscalls:' $ev | sed 's/__/-/g' | sort -t: -k1,1 -k2,2 > /tmp/sdt_list.$$.exp
dyn=$(dirname $ev)/dynamic_events
if [ -s "$dyn" ]; then
	sed -E 's/^[^:]*:([^ ]*).*/\1/; s|/|:|' "$dyn" | sed 's/__/-/g' > /tmp/sdt_list.$$.dyn
	grep -vxF -f /tmp/sdt_list.$$.dyn /tmp/sdt_list.$$.exp > /tmp/sdt_list.$$.x
	mv /tmp/sdt_list.$$.x /tmp/sdt_list.$$.exp
fi
$DTRACE -l -P sdt | awk 'NR > 1 { print $3 ":" $4 }' > /tmp/sdt_list.$$.got
# (other tools add and remove kprobe and uprobe events at any time: not compared)
grep -vE '^[ku]probes:' /tmp/sdt_list.$$.exp > /tmp/sdt_list.$$.x
mv /tmp/sdt_list.$$.x /tmp/sdt_list.$$.exp
if cmp -s /tmp/sdt_list.$$.exp /tmp/sdt_list.$$.got; then
	echo "every tracepoint listed"
else
	diff /tmp/sdt_list.$$.exp /tmp/sdt_list.$$.got | head
fi
# every column: ID, provider, module, an empty function, name
$DTRACE -l -n 'sdt:sched::sched_switch' | sed -E 's/^ *[0-9]+ /    N /'
$DTRACE -l -n 'sdt:signal::' | sed -E 's/^ *[0-9]+ /    N /'
# IDs follow the syscall provider's, in order
$DTRACE -l | awk '$2 == "sdt" { n++; if ($1 != prev + 1 && n > 1) bad++; prev = $1 } END { print ((n > 0 && !bad) ? "consecutive IDs" : "bad IDs") }'
rm -f /tmp/sdt_list.$$.*
