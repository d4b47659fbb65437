# nspec=2 gives two speculations; specsize=2k holds 64 records of 32 bytes
# (6 of 70 are dropped); cleanrate is held to DTrace's bounds (at most
# 5000 hz), with DTrace's notice.  END commits speculation 2, whose data is
# all on END's CPU, so it is free at once: speculation() returns 2 again.
# A specsize too big for memory is an error under bufresize=manual.
taskset -c 0 $DTRACE -qs $D/options.d -c "$T/getpid-n 70" | awk 'NR <= 2 || NR == 65; END { print NR " lines" }'
$DTRACE -x specsize=1t -x bufresize=manual -n 'BEGIN { s = speculation(); }'
echo "rc=$?"
$DTRACE -x cleanrate=200hz -x nspec=1 -qn 'BEGIN { printf("%d\n", speculation()); exit(0); }'
echo "rc=$?"
