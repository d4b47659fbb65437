# An aggregation is data-recording: speculate() may not follow it.
$DTRACE -n 'BEGIN { @a = count(); speculate(1); }'
echo "rc=$?"
