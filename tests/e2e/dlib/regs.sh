# regs.d's indices name uregs[] (struct pt_regs) registers: at a system
# call's entry orig_ax (R_TRAPNO) is its number (getpid: 39 on x86-64),
# rax (R_RAX) holds -ENOSYS, and the user PC (R_PC) and stack pointer
# (R_SP) are user addresses.
$DTRACE -qn 'syscall::getpid:entry /pid == $target/ {
	printf("R_TRAPNO %d, R_RAX == -ENOSYS %d, R_PC user %d, R_SP user %d\n", uregs[R_TRAPNO],
	    (int64_t)uregs[R_RAX] == -ENOSYS, uregs[R_PC] != 0 && uregs[R_PC] < 0x800000000000,
	    uregs[R_SP] != 0 && uregs[R_SP] < 0x800000000000);
	exit(0); }' -c "$T/getpid-n 1"
