# Issue 18 item 13: copyin() recorded whole of an address the process can
# read but whose page it has not touched (open-cold opens a file by a name
# in a fresh mapping of the file: "cold.path", its NUL, then the zeroes
# that fill the page) prints the bytes, not an invalid-address error:
# tracemem(copyin(a, n), n), a string cast of copyin() and stringof() are
# left to the consumer as copyinstr() is, which reads exactly n bytes from
# the process while it lives (the trigger waits for the SIGUSR1 system()
# sends).  Hand-worked: 24 bytes are the 9 of the name and 15 zeroes; a
# string cast stops at the NUL or after n bytes ("cold" for 4).  An
# address the process cannot read (0x1000, at BEGIN in dtrace itself)
# still faults, in the consumer, as DTrace reports it.
cat > cold.d <<'D'
syscall::openat:entry /pid == $target && arg2 == 0x80000/
{
	tracemem(copyin(arg1, 24), 24);
	printf("%s|%s|%s|\n", (string)copyin(arg1, 9), stringof(copyin(arg1, 4)),
	    (string)copyin(arg1, 30));
	system("kill -USR1 %d", pid);
}
D
$DTRACE -wqs cold.d -c "$T/open-cold cold.path"
$DTRACE -qn 'BEGIN { tracemem(copyin(0x1000, 32), 32); }
BEGIN { printf("%s\n", (string)copyin(0x1000, 8)); } BEGIN { exit(0); }' 2>&1 |
	sed -E 's/DIF offset [0-9]+/DIF offset N/'
