# dtrace -c starts the command out of sight: the child execs and is held at
# its exec event before the probes are enabled (proc/dt_pstart.c), so no
# system call of dtrace's own making (the read of the go pipe, the exec's
# entry) is seen, only the command's.  DTrace's Pcreate() holds it on exit
# from exec; here the hold is inside exec, so execve's return is seen
# (docs/linux-differences.md).
#
# read-n 1 reads once: one entry, one return (not the go pipe's read).
$DTRACE -qn 'syscall::read:entry /pid == $target/ { @e = count(); }
	syscall::read:return /pid == $target/ { @r = count(); }
	END { printa("read entries %@d\n", @e); printa("read returns %@d\n", @r); }' -c "$T/read-n 1"
# read-raw has no C library: every system call it makes is its own.  Until
# its first one (openat's entry), only execve's return fires ...
$DTRACE -qs "$D/ctarget_first.d" -c "$T/read-raw 2"
# ... and over the whole run, execve's return, then the command's own five
# system calls, exit_group's entry without a return.
$DTRACE -qn 'syscall:::entry,syscall:::return /pid == $target/ { @[probefunc, probename] = count(); }
	END { printa("%s:%s %@d\n", @); }' -c "$T/read-raw 2"
# with a pid probe the command is run on through ld.so to its entry point
# at compile time (to map its libraries), so execve's return is not seen,
# as in DTrace
$DTRACE -qn 'syscall:::return /pid == $target/ { @[probefunc] = count(); }
	pid$target::start:entry { @["start"] = count(); }
	END { printa("%s %@d\n", @); }' -c "$T/read-raw 1"
