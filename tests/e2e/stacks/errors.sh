# Stacks and symbols as values: where they may appear, their arguments;
# copyin()'s faults.
$DTRACE -qn 'BEGIN { x = stack(); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { stack(0); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { ustack(1, 2, 3); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { stack(arg0); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { @[stack()] = count(); @[1] = count(); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { @[stack()] = count(); @[ustack()] = count(); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { sym("a"); }'
echo "rc=$?"
# bad user addresses fault the clause, not dtrace
$DTRACE -qn 'BEGIN { trace(*(int *)copyin(0, 4)); } BEGIN { trace(copyinstr(8)); }
	BEGIN { trace(copyin(0, 4 + arg0 + 100000)); } BEGIN { exit(0); }' 2>&1 |
	sed 's/offset [0-9]*/offset N/'
echo "rc=$?"
