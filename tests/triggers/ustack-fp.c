/*
 * ustack-fp: main -> a -> b -> c, and c makes the system call
 * write(-1, c, 0) itself (no libc frame on top: it fails with EBADF, and
 * its arg1 is the address of c), argv[1] times (default 3); then sleeps
 * argv[2] milliseconds (default 0).  Built dynamically linked and as a
 * PIE, with frame pointers (ustack-fp) and without (ustack-nofp): see
 * Makefile.frag.  Its stacks are known: c, b, a, main.
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>

#define NOINLINE __attribute__((noinline))

static volatile int sink;

NOINLINE void c(int n)
{
	for (int i = 0; i < n; i++) {
		long r;

		register long fd __asm__("rdi") = -1;
		register long buf __asm__("rsi") = (long)c;
		register long len __asm__("rdx") = 0;

		__asm__ volatile("syscall"
				 : "=a"(r)
				 : "0"((long)SYS_write), "r"(fd), "r"(buf), "r"(len)
				 : "rcx", "r11", "memory");
		sink += (int)r;
	}
	__asm__ volatile("" ::: "memory");
}

NOINLINE void b(int n)
{
	c(n);
	__asm__ volatile("" ::: "memory");
}

NOINLINE void a(int n)
{
	b(n);
	__asm__ volatile("" ::: "memory");
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3, ms = argc > 2 ? atoi(argv[2]) : 0;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	a(n);
	if (ms > 0)
		nanosleep(&ts, NULL);
	return sink == 12345;
}
