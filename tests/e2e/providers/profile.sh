# profile-N fires on every CPU, tick-N on one CPU only.
n=$(nproc)
sum="seen[0]"
i=1
while [ $i -lt $n ]; do sum="$sum + seen[$i]"; i=$((i + 1)); done
# (cpu-clock perf events do not fire on an idle CPU on this kernel: keep
# every CPU busy with a child per CPU)
$DTRACE -qn "profile-200hz { seen[cpu] = 1; } tick-600ms { printf(\"profile: all CPUs %d\\n\", $sum == $n); exit(0); }" -c "$T/spin-cpus 10000000"
$DTRACE -qn "tick-200hz { seen[cpu] = 1; } tick-600ms { printf(\"tick: %d CPU\\n\", $sum); exit(0); }"
# profile probes: arg0 is the kernel PC, arg1 the user PC; one is 0
$DTRACE -qn 'BEGIN { bad = fired = 0; } profile-97 { fired = 1; }
profile-97 /(arg0 == 0) == (arg1 == 0)/ { bad = 1; }
tick-500ms { printf("fired %d, bad %d\n", fired, bad); exit(0); }'
# the probes exist before they are named, or are made on demand
$DTRACE -l -P profile | sed -E 's/^ *[0-9]+ /    N /'
$DTRACE -l -n tick-7ms -n profile-3s | sed -E 's/^ *[0-9]+ /    N /'
# a name that is not a rate
$DTRACE -n 'profile:::tick-abc'
echo "rc=$?"
$DTRACE -n 'tick-'
echo "rc=$?"
$DTRACE -n 'tick-0'
echo "rc=$?"
