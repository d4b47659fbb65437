# copyout() and copyoutstr() (-w) write into the traced process's memory
# (bpf_probe_write_user(), which the host kernel refuses and Debian's
# allow): the buffer echo passes to write(2) is changed before the kernel
# reads it.  A bad destination faults.
$DTRACE -wqn 'syscall::write:entry /pid == $target/ { copyoutstr("bye", arg1, 3); }' -c '/bin/echo hello'
$DTRACE -wqn 'syscall::write:entry /pid == $target/ { this->p = alloca(2); bcopy(curthread->comm, this->p, 2); copyout(this->p, arg1 + 3, 2); }' -c '/bin/echo hello'
$DTRACE -wqn 'syscall::write:entry /pid == $target/ { copyoutstr("x", 8, 2); }' -c '/bin/echo hello' 2>&1 >/dev/null |
	sed -E 's/probe ID [0-9]+ \(ID [0-9]+:/probe ID N (ID N:/; s/DIF offset [0-9]+/DIF offset N/'
