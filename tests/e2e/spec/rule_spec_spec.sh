# Only one speculate() per clause.
$DTRACE -n 'BEGIN { speculate(1); speculate(1); }'
echo "rc=$?"
