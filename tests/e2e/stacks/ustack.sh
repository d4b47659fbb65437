# User stacks: @[ustack()] keyed aggregations of a dynamically linked PIE
# (main -> a -> b -> c -> write) printed with symbols after the process has
# exited, with and without frame pointers (unwound with the call frame
# information down to _start, docs/stacks.md); ustack(n); the symbol
# functions and %A.  Offsets are normalised (they depend on the compiler).
norm() { sed -E 's/\+0x[0-9a-f]+/+0xN/; s/pid [0-9]+/pid N/'; }

# -c: the process exits before dtrace prints the aggregation
$DTRACE -qn 'syscall::write:entry /pid == $target/ { @[ustack()] = count(); }' \
	-c "$T/ustack-fp 3" | norm
# without frame pointers: the same frames, from the unwind tables
$DTRACE -qn 'syscall::write:entry /pid == $target/ { @[ustack()] = count(); }' \
	-c "$T/ustack-nofp 2" | norm
# a process that is not $target: a child of the -c shell
$DTRACE -qn 'syscall::write:entry /execname == "ustack-fp" && ppid == $target/ {
	@[ustack(3)] = count(); }' -c "sh $D/child.cmd" | norm
# the record, ustackframes
$DTRACE -qx ustackframes=2 -n 'syscall::write:entry /pid == $target/ { ustack(); }' \
	-c "$T/ustack-fp 1" | norm
# arg1 is the address of c
$DTRACE -qn 'syscall::write:entry /pid == $target/ { ufunc(arg1); usym(arg1 + 2); uaddr(arg1 + 2);
	umod(arg1); printf("\n[%A] [%A] [%a]\n", arg1 + 1, arg1, 0); }' -c "$T/ustack-fp 1"
$DTRACE -qn 'syscall::write:entry /pid == $target/ { @[ufunc(arg1), uaddr(arg1 + 1)] = count(); }
	END { printa("%k %k %@d\n", @); }' -c "$T/ustack-fp 2"
