# Errors in probe descriptions, for -n strings and in scripts.
$DTRACE -n 'nosuch:::'; echo "rc=$?"
$DTRACE -n 'syscall::nosuchcall:entry { trace(1); }'; echo "rc=$?"
$DTRACE -n 'BEGIN' -n 'ENDD'; echo "rc=$?"
$DTRACE -n 'a:b:c:d:e'; echo "rc=$?"
$DTRACE -P 'dtrace:BEGIN'; echo "rc=$?"
$DTRACE -n 'BEGIN, nosuch:::, END'; echo "rc=$?"
printf 'BEGIN\n{\n}\n\nsyscall::nosuch:entry\n{\n}\n' > p.d
$DTRACE -s p.d; echo "rc=$?"
printf 'BEGIN,\n\tnosuch:::probe\n{\n}\n' > q.d
$DTRACE -s q.d; echo "rc=$?"
# the script name is as given on the command line
mkdir -p sub
cp p.d sub/x.d
$DTRACE -s sub/x.d; echo "rc=$?"
