# ERROR's clauses run inside the program that faulted, in that program's
# tracing state: a fault in BEGIN fires ERROR even when a later BEGIN
# clause calls exit(), and exit() inside ERROR during BEGIN ends tracing.
$DTRACE -qn 'BEGIN { z = 0; x = 1/z; } ERROR { printf("ERROR fired: fault %d\n", arg4); } BEGIN { exit(0); }' 2>/dev/null
$DTRACE -qn 'BEGIN { z = 0; x = 1/z; } ERROR { printf("exit from ERROR\n"); exit(3); }' 2>/dev/null
echo "rc=$?"
