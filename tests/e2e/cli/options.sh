# -x opt[=val], -b, and their errors.
$DTRACE -x strsize=4 -qn 'BEGIN { printf("%s\n", "abcdef"); exit(0); }'
$DTRACE -x switchrate=10hz -x bufsize=1m -b 2m -qn 'BEGIN { printf("ok\n"); exit(0); }'
$DTRACE -x defaultargs -qn 'BEGIN { printf("[%d] [%s]\n", $1, $$2); exit(0); }'
$DTRACE -b 64k -qn 'BEGIN { printf("-b ok\n"); exit(0); }'
$DTRACE -x nosuchoption -n BEGIN
echo "rc=$?"
$DTRACE -x strsize=abc -n BEGIN
echo "rc=$?"
$DTRACE -b abc -n BEGIN
echo "rc=$?"
$DTRACE -x switchrate=fast -n BEGIN
echo "rc=$?"
