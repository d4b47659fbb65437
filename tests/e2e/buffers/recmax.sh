# A record larger than a perf buffer record can hold (65,512 bytes: the
# perf record's size is 16 bits) is refused before tracing starts, naming
# -x strsize, instead of being dropped at every firing; the largest
# strsize whose record fits still traces.
$DTRACE -qx strsize=65536 -n 'BEGIN { trace("a"); exit(0); }'
echo "rc=$?"
$DTRACE -qx strsize=40000 -n 'BEGIN { trace("a"); trace("b"); exit(0); }'
echo "rc=$?"
$DTRACE -qx strsize=65499 -n 'BEGIN { trace("a"); exit(0); }'
echo "rc=$?"
