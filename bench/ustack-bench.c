/*
 * ustack-bench N [spin_ms]: N getppid() system calls, each from a
 * distinct user stack: call i goes through 14 levels of the functions l0
 * and l1, chosen by the bits of i, so that N <= 16384 calls make N
 * distinct stacks of ~17 frames.  Then, if spin_ms > 0, a busy loop of
 * spin_ms milliseconds whose stack is 8 frames deep (profile samples).
 * Built dynamically linked, with frame pointers (bench/ustack.sh).
 */
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define NOINLINE __attribute__((noinline))

static volatile long sink;

NOINLINE static void leaf(void)
{
	sink += syscall(SYS_getppid);
}

NOINLINE static void l0(unsigned i, int d);
NOINLINE static void l1(unsigned i, int d);

NOINLINE static void l0(unsigned i, int d)
{
	if (d == 0)
		leaf();
	else if (i & 1)
		l1(i >> 1, d - 1);
	else
		l0(i >> 1, d - 1);
	__asm__ volatile("" ::: "memory");
}

NOINLINE static void l1(unsigned i, int d)
{
	if (d == 0)
		leaf();
	else if (i & 1)
		l1(i >> 1, d - 1);
	else
		l0(i >> 1, d - 1);
	__asm__ volatile("" ::: "memory");
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

NOINLINE static void spin3(double end)
{
	while (now_ms() < end)
		for (int k = 0; k < 1000; k++)
			sink += k;
}

NOINLINE static void spin2(double end) { spin3(end); __asm__ volatile("" ::: "memory"); }
NOINLINE static void spin1(double end) { spin2(end); __asm__ volatile("" ::: "memory"); }

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 10000, ms = argc > 2 ? atoi(argv[2]) : 0;

	for (int i = 0; i < n; i++)
		l0((unsigned)i, 14);
	if (ms > 0)
		spin1(now_ms() + ms);
	return 0;
}
