# A pid description names a library as illumos' pid provider matches it:
# its object name, or that without the version ("libc.so" for libc.so.6)
# or without ".so" ("libc", "libulib" for libulib.so); the probe's module
# is the object's name.  $$1 (the string form of a macro argument) is, in
# a description, the same text as $1.
$DTRACE -qn 'pid$target:libc:atoi:entry, pid$target:libc.so:atoi:return,
    pid$target:libulib:lib_mul:entry { printf("%s:%s:%s\n", probemod, probefunc, probename); }' \
    -c "$T/ufunc 1" | sort
$DTRACE -qn 'pid$target:$$1:atoi:entry { @[probemod] = count(); }' -c "$T/ufunc 3" libc
$DTRACE -qn 'syscall::$$1:entry /pid == $target/ { @[probefunc] = count(); }' -c "$T/getppid-loop 2" getppid
$DTRACE -n 'pid$target:libc.so.7:atoi:entry' -c "$T/ufunc 1" 2>&1 | sed 's/pid[0-9][0-9]*:/pidN:/'
