# "matched N probes" counts enablings: the matches of every probe
# description of every clause, summed.
$DTRACE -en 'BEGIN { } BEGIN { exit(0); }'
$DTRACE -en 'BEGIN, END, BEGIN { }'
$DTRACE -en 'syscall::getpid:entry,syscall::getpid:return { } syscall::getpid:entry { }'
printf 'BEGIN { }\nBEGIN, END { }\n' > two.d
$DTRACE -es two.d
