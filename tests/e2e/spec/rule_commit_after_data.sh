# A clause with commit() may not record data: commit() after data.
$DTRACE -n 'BEGIN { printf("x"); commit(1); }'
echo "rc=$?"
