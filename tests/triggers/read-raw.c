/*
 * read-raw [N]
 *
 * read-n without a C library (x86-64, static, -nostdlib): every system
 * call it makes is its own, none of a dynamic linker's or libc's start-up.
 * Its first system call is openat of /dev/zero; then it reads 1 byte from
 * it exactly N times (default 1) with read(2), closes it and calls
 * exit_group(0).  Five system calls for N = 1, no others.  Prints nothing.
 */
#include <fcntl.h>
#include <sys/syscall.h>

static long sys3(long nr, long a, long b, long c)
{
	long r;

	__asm__ volatile("syscall" : "=a"(r) : "a"(nr), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return r;
}

/* The kernel's initial stack: argc, then argv[]. */
__attribute__((used)) static void start(long *sp)
{
	unsigned long n = 0;
	const char *s = sp[0] > 1 ? (const char *)sp[2] : "1";
	char c;
	long fd;

	while (*s >= '0' && *s <= '9')
		n = n * 10 + (unsigned long)(*s++ - '0');
	fd = sys3(SYS_openat, AT_FDCWD, (long)"/dev/zero", O_RDONLY);
	for (unsigned long i = 0; fd >= 0 && i < n; i++)
		sys3(SYS_read, fd, (long)&c, 1);
	sys3(SYS_close, fd, 0, 0);
	for (;;)
		sys3(SYS_exit_group, fd >= 0 ? 0 : 1, 0, 0);
}

__asm__(".globl _start\n"
	"_start:\n"
	"	xor %ebp, %ebp\n"
	"	mov %rsp, %rdi\n"
	"	and $-16, %rsp\n"
	"	call start\n"
	"	hlt\n");
