# One speculation collects data on both CPUs; it is committed while
# tracing, by spin-cpus once both children have exited (its last wait4()
# fails with ECHILD).  The committing CPU copies its part at once, the
# consumer the other CPU's within cleanrate; 100 ms later the speculation
# is free again (speculation() returns 1, no failure is reported).
$DTRACE -qn 'BEGIN { s = speculation(); } syscall::getppid:entry /curthread->real_parent->real_parent->tgid == $target/ { speculate(s); printf("getppid on CPU %d\n", cpu); } syscall::wait4:return /curthread->real_parent->tgid == $target && errno != 0/ { commit(s); } syscall::getpid:entry /ppid == $target/ { printf("speculation() = %d\n", speculation()); }' -c "sh $D/cpus_commit.run" | sort
