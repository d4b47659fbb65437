# Assigning 0 (to a string too) frees a dynamic variable: with room for
# only a few, 200 assign-and-free cycles never run out, while 200 live
# elements do (and DTrace's "dynamic variable drops" notice says so).
$DTRACE -x dynvarsize=512 -qn 'BEGIN { n = 0; }
syscall::getppid:entry /pid == $target/ { a[n] = 1; a[n++] = 0; }
END { printf("array: %d cycles\n", n); }' -c "$T/getppid-loop 200"
$DTRACE -x dynvarsize=512 -qn 'BEGIN { n = 0; }
syscall::getppid:entry /pid == $target/ { s[n] = "str"; s[n++] = 0; }
END { printf("string array: %d cycles\n", n); }' -c "$T/getppid-loop 200"
$DTRACE -x dynvarsize=512 -qn '
syscall::getppid:entry /pid == $target/ { self->x = ++n; }
syscall::getppid:return /pid == $target/ { self->x = 0; }
END { printf("thread-local: %d cycles\n", n); }' -c "$T/getppid-loop 200"
# without freeing: drops
$DTRACE -x dynvarsize=512 -qn 'BEGIN { n = 0; }
syscall::getppid:entry /pid == $target/ { a[n++] = 1; }
END { printf("kept: %d\n", n); }' -c "$T/getppid-loop 200" 2>&1 | sed -E 's/^dtrace: [0-9]+ dynamic variable drops$/dtrace: N dynamic variable drops/' | uniq
