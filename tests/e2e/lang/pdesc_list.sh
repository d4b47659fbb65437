# Comma-separated description lists share one clause; a probe named twice
# is enabled once.  Each enabled probe runs the clause.
$DTRACE -qn 'BEGIN, END { printf("%s\n", probename); } BEGIN { exit(0); }'
$DTRACE -e -n 'dtrace:::BEGIN,dtrace:::END,BEGIN'
$DTRACE -e -n 'syscall::getppid:entry, syscall::getppid:return ,dtrace:::BEGIN'
$DTRACE -qn 'syscall::getppid:entry,syscall::getppid:return /pid == $target/ { printf("%s:%s\n", probefunc, probename); }' -c "$T/getppid-loop 2"
