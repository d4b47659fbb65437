# Aggregations keyed by func(), sym(), mod(), ufunc(), usym(), umod(): an
# address is filed under its function's (module's) first address, as
# DTrace does, so that each function or module is one row whatever the
# offsets.  Kernel addresses from /proc/kallsyms; arg1 of the trigger's
# write is the address of its function c.
a=$(awk '$3 == "vfs_read" { print $1; exit }' /proc/kallsyms)
$DTRACE -qn "BEGIN { @f[func(0x$a)] = count(); @f[func(0x$a + 4)] = count();
	@f[func(0x$a + 9)] = count(); @s[sym(0x$a + 1)] = count(); @s[sym(0x$a + 2)] = count();
	@m[mod(0x$a)] = count(); @m[mod(0x$a + 100)] = count(); exit(0); }"
$DTRACE -qn 'syscall::write:entry /pid == $target/ { @f[ufunc(arg1)] = count();
	@f[ufunc(arg1 + 1)] = count(); @f[ufunc(arg1 + 5)] = count(); @s[usym(arg1 + 2)] = count();
	@m[umod(arg1)] = count(); @m[umod(arg1 + 3)] = count(); }' -c "$T/ustack-fp 2"
# uaddr() keeps each address
$DTRACE -qn 'syscall::write:entry /pid == $target/ { @[uaddr(arg1)] = count();
	@[uaddr(arg1 + 1)] = count(); }' -c "$T/ustack-fp 1"
