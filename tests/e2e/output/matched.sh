# "matched N probes" counts enablings: the matches of every probe
# description of every clause, summed.  (Printed when the programs are
# enabled: with -e, which only compiles, illumos prints none.)
$DTRACE -n 'BEGIN { } BEGIN { exit(0); }' >/dev/null
$DTRACE -n 'BEGIN, END, BEGIN { exit(0); }' >/dev/null
$DTRACE -n 'syscall::getpid:entry,syscall::getpid:return { } syscall::getpid:entry { }' \
	-n 'BEGIN { exit(0); }' >/dev/null
printf 'BEGIN { }\nBEGIN, END { }\n' > two.d
$DTRACE -s two.d -n 'BEGIN { exit(0); }' >/dev/null
$DTRACE -e -n 'BEGIN { exit(0); }'
