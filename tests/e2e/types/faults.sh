# Every load through a pointer is checked: a bad kernel address aborts the
# clause with DTrace's message (members, array elements, strings and
# bitfields alike) and the next clause runs.
$DTRACE -qn '
BEGIN { trace(((struct task_struct *)16)->pid); }
BEGIN { trace(((struct task_struct *)0)->comm[3]); }
BEGIN { trace(stringof(((struct task_struct *)0)->comm)); }
BEGIN { trace(((struct bits { int a:3; } *)8)->a); }
BEGIN { trace(((struct task_struct *)0)->real_parent->pid); }
BEGIN { printf("still running\n"); exit(0); }' 2>&1
echo "rc=$?"
