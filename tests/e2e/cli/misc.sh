# -e, -Z, -S, -V, -w and the usage message.
$DTRACE -e -n 'BEGIN { printf("not run\n"); }'
echo "-e rc=$?"
# -Z: descriptions that match nothing are allowed
$DTRACE -Z -qn 'nosuch:::' -n 'BEGIN { printf("-Z ran\n"); exit(0); }' 2>&1
$DTRACE -Z -n 'nosuch:::probe { trace(1); }' -n 'BEGIN { exit(0); }' 2>&1 | head -2
# -S prints each probe's BPF program on stderr, then runs
$DTRACE -S -qn 'BEGIN { printf("-S ran\n"); exit(0); }' 2>s.txt
grep -c '^BPF program for probe 1 dtrace:::BEGIN' s.txt
grep -c 'exit' s.txt | sed 's/^[1-9][0-9]*$/has exit/'
# -V
$DTRACE -V
echo "-V rc=$?"
# -w permits destructive actions (actions/destructive); as in DTrace,
# without -w they compile and enabling refuses them
$DTRACE -n 'BEGIN { raise(9); }'
$DTRACE -qn 'BEGIN { system("true"); exit(0); }'
echo "system rc=$?"
$DTRACE -qn 'BEGIN { chill(1); stop(); panic(); }'
$DTRACE -qn 'BEGIN { copyout(0, 0, 0); copyoutstr("a", 0, 1); }'
$DTRACE -wqn 'BEGIN { copyout(0, 0, 0); }'
$DTRACE -e -qn 'BEGIN { system("true"); }'
echo "-e rc=$?"
$DTRACE -w -qn 'BEGIN { raise(0); exit(0); }'
echo "raise(0) rc=$?"
# usage
$DTRACE
echo "rc=$?"
$DTRACE -y 2>&1 | head -2
$DTRACE -n 2>&1 | head -2
