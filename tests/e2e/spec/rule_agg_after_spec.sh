# Aggregating actions are never speculative.
$DTRACE -n 'BEGIN { speculate(1); @a = count(); }'
echo "rc=$?"
