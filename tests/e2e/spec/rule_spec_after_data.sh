# speculate() after a data-recording action is a compile-time error.
$DTRACE -n 'BEGIN { trace(1); speculate(1); }'
echo "rc=$?"
cd $D && $DTRACE -s spec_after_data.d
echo "rc=$?"
