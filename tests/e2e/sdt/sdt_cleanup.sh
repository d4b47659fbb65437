# sdt::: leaves nothing behind: none of the ~1,600 raw tracepoint links
# (nor programs, maps) of a dtrace that has exited is still in the kernel.
command -v bpftool >/dev/null || { echo "bpftool is missing"; exit 1; }
n=$(($($DTRACE -l -P sdt | wc -l) - 1))
# traces until the file done exists
printf 'while [ ! -f done ]; do sleep 0.1; done\n' > waitdone.sh
$DTRACE -qn 'sdt::: { @[probename] = count(); }' -c "sh waitdone.sh" > /dev/null 2>&1 &
pid=$!
i=0
# until it holds as many fds as there are tracepoints (or 120 s)
while [ $i -lt 600 ] && kill -0 $pid 2>/dev/null &&
    [ "$(ls /proc/$pid/fd 2>/dev/null | wc -l)" -lt $n ]; do
	sleep 0.2
	i=$((i + 1))
done
# ... and has stopped adding any
c=0
while kill -0 $pid 2>/dev/null && [ "$c" != "$(ls /proc/$pid/fd 2>/dev/null | wc -l)" ]; do
	c=$(ls /proc/$pid/fd 2>/dev/null | wc -l)
	sleep 0.5
done
awk '$1 == "prog_id:" { print "prog", $2 } $1 == "map_id:" { print "map", $2 }
     $1 == "link_id:" { print "link", $2 }' /proc/$pid/fdinfo/* 2>/dev/null | sort -u > ids
touch done
wait $pid
echo "links while tracing: $(grep -c '^link ' ids | awk -v n=$n '{ print ($1 == n) ? "one per tracepoint" : $1 " of " n }')"
# the kernel frees closed links, programs and maps after an RCU grace
# period (a workqueue): wait until they are gone, up to 20 s
tries=0
while :; do
	left=0
	for kind in link prog map; do
		bpftool $kind list 2>/dev/null | sed -n -E 's/^([0-9]+): .*/\1/p' | sort -u > live
		k=$(awk -v k=$kind '$1 == k { print $2 }' ids | sort -u | comm -12 - live | wc -l)
		left=$((left + k))
	done
	if [ $left -eq 0 ] || [ $tries -ge 100 ]; then break; fi
	tries=$((tries + 1))
	sleep 0.2
done
echo "left behind: $left"
