# Issue 18 item 13: copyinstr() of an address the process can read but
# whose page it has not touched (open-cold opens a file by a name in a
# fresh mapping of the file) prints the string, not an invalid-address
# error: a tracepoint program cannot fault the page in and this kernel
# lets no syscall program sleep, so the recorded copyinstr() is left to
# the consumer, which reads it from the process while it lives (the
# trigger waits for the SIGUSR1 system() sends, after the string was
# read).  The same at a USDT probe whose string is a constant in the
# program's read-only data (usdt-lit: "select").  The same copyinstr() used
# as a value in the program (here compared) still faults, as its value is
# needed there.
cat > cold.d <<'D'
syscall::openat:entry /pid == $target/ { printf("%s\n", copyinstr(arg1)); }
syscall::openat:entry /pid == $target && arg2 == 0x80000/ { system("kill -USR1 %d", pid); }
D
$DTRACE -wqs cold.d -c "$T/open-cold cold.path"
$DTRACE -wqn 'myapp$target:::query-start { printf("%s %d\n", copyinstr(arg0), arg1); system("kill -USR1 %d", pid); }' \
	-c "$T/usdt-lit"
cat > cmp.d <<'D'
syscall::openat:entry /pid == $target && arg2 == 0x80000/
{
	printf("%d\n", copyinstr(arg1) == "cold.path");
}
syscall::openat:entry /pid == $target && arg2 == 0x80000/ { system("kill -USR1 %d", pid); }
D
$DTRACE -wqs cmp.d -c "$T/open-cold cold.path" 2>&1 |
	sed -E -e 's/ID [0-9]+: syscall/ID N: syscall/' -e 's/\(0x[0-9a-f]+\)/(ADDR)/' -e 's/DIF offset [0-9]+/DIF offset N/'
