# sched:::tick fires on every CPU at the clock rate (a cpu-clock perf
# event at CONFIG_HZ, else 100 Hz), in the context of the thread running
# there: spinning children get ticks.
$DTRACE -qn 'sched:::tick { @[cpu] = count(); } tick-1sec { exit(0); }
END { printa("%d %@d\n", @); }' | awk -v n=$(nproc) 'NF == 2 { cpus++; if ($2 < 10 || $2 > 2000) bad++ }
END { print (cpus == n ? "every CPU ticks" : "CPUs ticking: " cpus) (bad ? ", bad rate" : "") }'
$DTRACE -qn 'sched:::tick /progenyof($target) && execname == "spin-cpus"/ { seen = 1; }
END { printf("spinners ticked: %d\n", seen); }' -c "$T/spin-cpus 300000"
$DTRACE -lv -n sched:::tick | sed -E 's/^ *[0-9]+ /    N /' | sed -n '1,2p;/Argument Types/,$p'
