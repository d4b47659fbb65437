/*
 * usignal N: a signal handler's stack, N times (default 1): main -> s1 ->
 * s2 -> raise(SIGUSR1); the handler -> h1 -> h2 fires the USDT probe
 * uchain:::leaf(i).  Built -O2 without frame pointers: the stack at the
 * probe crosses the signal frame (libc's __restore_rt) back into raise's
 * system call, then s2, s1, main.
 */
#include <signal.h>
#include <stdlib.h>

#include "uchain.h"

#define NOINLINE __attribute__((noipa))

static volatile int sink;

NOINLINE static void h2(int n)
{
	UCHAIN_LEAF(n);
	__asm__ volatile("" ::: "memory");
}

NOINLINE static void h1(int n)
{
	volatile char buf[24];

	buf[0] = (char)n;
	h2(n);
	sink += buf[0];
}

static void handler(int sig)
{
	h1(sig);
	__asm__ volatile("" ::: "memory");
}

NOINLINE static void s2(void)
{
	raise(SIGUSR1);
	__asm__ volatile("" ::: "memory");
}

NOINLINE static void s1(void)
{
	volatile char buf[24];

	buf[0] = 1;
	s2();
	sink += buf[0];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	signal(SIGUSR1, handler);
	for (int i = 0; i < n; i++)
		s1();
	return 0;
}
