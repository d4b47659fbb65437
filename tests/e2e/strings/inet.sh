# inet_ntoa(), inet_ntoa6(), inet_ntop() on addresses the trigger writes
# (copyin() puts them in kernel memory, where the three read): IPv4 dotted,
# IPv6 as illumos writes it (groups without leading zeros, one run of zero
# groups as "::", IPv4-mapped and -compatible addresses ending dotted).
# The two runs of two zero groups in 2001:db8:0:0:1:0:0:1 show illumos'
# byte scan: the later run wins because the group after it, 0x0001, has a
# zero high byte.
$DTRACE -C -D AF=10 -qn 'syscall::write:entry /pid == $target/ {
	this->a = copyin(arg1, 16);
	printf("%-16s %-40s %s\n", inet_ntoa(this->a), inet_ntoa6(this->a), inet_ntop(AF, this->a));
}' -c "$T/inet-addrs"
# inet_ntop(AF_INET, ...) is inet_ntoa(); results are strings like any other
$DTRACE -qn 'syscall::write:entry /pid == $target/ { @[strjoin("v4 ", inet_ntop(2, copyin(arg1, 4)))] = count(); }' -c "$T/inet-addrs"
# a string of strsize characters holds a prefix
$DTRACE -x strsize=8 -qn 'syscall::write:entry /pid == $target && ++n == 11/ { trace(inet_ntoa6(copyin(arg1, 16))); }' -c "$T/inet-addrs"
# another family is an illegal operation; a bad address faults
$DTRACE -qn 'BEGIN { trace(inet_ntop(99, (void *)curthread)); } BEGIN { exit(0); }'
$DTRACE -qn 'BEGIN { trace(inet_ntoa((void *)8)); } BEGIN { trace(inet_ntoa6((void *)16)); } BEGIN { exit(0); }'
