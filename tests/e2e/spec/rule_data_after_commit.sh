# A clause with commit() may not record data: data after commit(), exit()
# included; an expression statement is not data.
$DTRACE -n 'BEGIN { commit(1); trace(1); }'
echo "rc=$?"
$DTRACE -n 'BEGIN { commit(1); exit(0); }'
echo "rc=$?"
$DTRACE -n 'BEGIN { commit(1); @a = count(); }'
echo "rc=$?"
$DTRACE -n 'BEGIN { commit(1); speculate(1); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { commit(0); x = 1; discard(0); } BEGIN { exit(x - 1); }'
echo "rc=$?"
