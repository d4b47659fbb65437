# Destructive actions are never speculative (checked before -w matters).
$DTRACE -w -n 'BEGIN { speculate(1); raise(9); }'
echo "rc=$?"
$DTRACE -n 'BEGIN { speculate(1); raise(9); }'
echo "rc=$?"
