# dtrace -l -v shows the stable argument types the translators give
# (psinfo_t *, lwpsinfo_t *, bufinfo_t *, ...); with -x nolibs, the
# tracepoints' native ones.
for p in proc:::create proc:::exec proc:::exit proc:::signal-send sched:::wakeup io:::start; do
	echo "$p:"
	$DTRACE -l -v -n $p | sed -n '/Argument Types/,$p' | grep 'args\['
done
echo "sched:::wakeup, -x nolibs:"
$DTRACE -x nolibs -l -v -n sched:::wakeup | grep 'args\['
