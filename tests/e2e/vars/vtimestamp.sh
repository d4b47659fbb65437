# vtimestamp: the thread's time on CPU (the scheduler's sum_exec_runtime),
# read once per firing as timestamp is: the same in every clause of a
# firing; it grows with the time a thread spends on CPU.
$DTRACE -qn 'BEGIN { a = vtimestamp; b = vtimestamp; }
    BEGIN { printf("positive %d, same firing %d\n", a > 0, vtimestamp - a); exit(0); }'
printf 'i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done\n' >spin.sh
# about 1 ms of CPU per profile-997 sample of a spinning shell: the
# spread of vtimestamp over the samples is within a factor 2 of that
$DTRACE -qn 'profile-997 /pid == $target/ { @mn = min(vtimestamp); @mx = max(vtimestamp); @n = count(); }
    END { printa("%@d ", @mn); printa("%@d ", @mx); printa("%@d\n", @n); }' -c "sh spin.sh" >v.txt
read mn mx n <v.txt
spread=$(( (mx - mn) / 1000 )) # us
exp=$(( n * 1003 ))
[ "$n" -gt 20 ] && [ $spread -gt $((exp / 2)) ] && [ $spread -lt $((exp * 2)) ] && echo "spin: on-CPU time consistent" || echo "spin: $mn $mx $n"
