# Byte order, device numbers, rand(), progenyof().
$DTRACE -qn 'BEGIN {
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(0xabcd), ntohl(0xdeadbeef), ntohll(0x1122334455667788));
	printf("%d %d %d\n", htons(0x11234), ntohs(htons(80)), sizeof(htons(1)));
	/* the kernel dev_t: MKDEV(8, 3) and MKDEV(259, 65537) */
	printf("%d %d %d %d\n", getmajor(0x800003), getminor(0x800003),
	    getmajor((259 << 20) | 65537), getminor((259 << 20) | 65537));
	r = rand();
	printf("%d\n", r >= 0);
	exit(0); }'
# progenyof(): this process and its ancestors (init), not an unrelated pid
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ {
	printf("%d %d %d %d\n", progenyof($target), progenyof(1), progenyof(ppid),
	    progenyof(-1)); exit(0); }' -c $T/getppid-loop
