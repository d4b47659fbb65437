# timestamp and walltimestamp are sampled once per probe firing: every read
# in every clause of one firing sees the same value.
$DTRACE -qn 'BEGIN { a = timestamp; b = timestamp; w = walltimestamp; printf("%d %d\n", b - a, walltimestamp - w); }
BEGIN { printf("%d %d\n", timestamp - a, walltimestamp - w); }
BEGIN { exit(0); }'
# a firing of its own: later firings see later timestamps
$DTRACE -qn 'BEGIN { t = 0; } syscall::getppid:entry /pid == $target/ { d = timestamp - t; t = timestamp; n++; }
END { printf("%d %d\n", n, d > 0); }' -c "$T/getppid-loop 3"
