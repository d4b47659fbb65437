# bufresize=manual: a buffer that cannot be allocated fails the start.
$DTRACE -b 1t -x bufresize=manual -n 'BEGIN { exit(0); }'
echo "rc=$?"
$DTRACE -x bufsize=4t -x bufresize=manual -qn 'BEGIN { exit(0); }'
echo "rc=$?"
