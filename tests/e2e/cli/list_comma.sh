# A -l description may be a comma-separated list, as in DTrace: each
# description's probes in turn, and the usual message for one that matches
# nothing (-l implies -Z).
p=$($DTRACE -lP sdt,io,sched,proc | tail -n +2 | wc -l)
q=$($DTRACE -l -P sdt -P io -P sched -P proc | tail -n +2 | wc -l)
[ "$p" -eq "$q" ] && [ "$p" -gt 100 ] && echo "-P sdt,io,sched,proc: the four providers' probes"
$DTRACE -lP sdt,io,sched,proc | awk 'NR > 1 { print $2 }' | uniq
$DTRACE -l -n 'io:::start,io:::done' | awk '{ print $2, $NF }'
$DTRACE -l -n 'dtrace:::END, nosuch:::, dtrace:::BEGIN { trace(1); }' 2>err
cat err # after the output: the two streams are not ordered
$DTRACE -l -f getppid,getpid | sed -E 's/^ *[0-9]+ /    N /'
