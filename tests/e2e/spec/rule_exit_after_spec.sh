# exit() is never speculative.
$DTRACE -n 'BEGIN { speculate(1); exit(0); }'
echo "rc=$?"
