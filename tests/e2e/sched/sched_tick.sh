# sched:::tick fires on every CPU at the clock rate (a cpu-clock perf
# event at CONFIG_HZ, else 100 Hz), in the context of the thread running
# there: a spinning child pinned to each CPU gets ticks on its CPU.  (An
# idle CPU ticks less, as Linux's own tick stops there.)
$DTRACE -qn 'sched:::tick /progenyof($target) && execname == "spin-cpus"/ { @[cpu] = count(); }
END { printa("%d %@d\n", @); }' -c "$T/spin-cpus 2000000" |
	awk -v n=$(nproc) 'NF == 2 && $2 > 0 { cpus++ } END { print (cpus == n ? "every CPU ticks in its spinner" : "CPUs ticking: " cpus) }'
$DTRACE -lv -n sched:::tick | sed -E 's/^ *[0-9]+ /    N /' | sed -n '1,2p;/Argument Types/,$p'
