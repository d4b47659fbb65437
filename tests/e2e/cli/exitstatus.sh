# Exit statuses as DTrace's: a -c command that cannot be executed (a
# directory, a script whose interpreter is missing), a -p process that
# cannot be grabbed, a script that cannot be read: one message, exit 1,
# before anything is enabled (no "matched" line).  Input is bounded: a
# script larger than 16 MB (/dev/zero, an endless pipe) is refused, not
# read to exhaustion.
$DTRACE -c /tmp -n 'BEGIN { exit(0); }'
echo "rc=$?"
printf '#!/nonexistent/interpreter\necho hi\n' > noint.sh
chmod +x noint.sh
$DTRACE -c ./noint.sh -n 'BEGIN { exit(0); }'
echo "rc=$?"
$DTRACE -p 2147483647 -n 'BEGIN { exit(0); }'
echo "rc=$?"
$DTRACE -s /nonexistent/script.d
echo "rc=$?"
mkdir -p dir.d
$DTRACE -s dir.d
echo "rc=$?"
$DTRACE -s /dev/zero
echo "rc=$?"
yes 'BEGIN { }' | $DTRACE -s -
echo "rc=$?"
