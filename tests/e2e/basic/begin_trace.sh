# The default output: header, CPU/ID/FUNCTION:NAME columns, trace() widths.
taskset -c 0 $DTRACE -n 'BEGIN { trace(1); trace("hello"); exit(0); }'
echo "rc=$?"
