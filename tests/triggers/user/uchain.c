/*
 * uchain N [SPIN]: a known call chain of 13 frames through the executable
 * and a shared library (libuchain-*.so, uchainlib.c), N times (default 1):
 *
 *   main -> c1 -> c2 -> c3 -> c4 -> c5 -> l1 -> l2 -> l3 -> l4 (library)
 *        -> c6 -> c7 -> leaf (executable, called back)
 *
 * leaf fires the USDT probe uchain:::leaf(i), then between
 * uchain:::spin-start and spin-done spins SPIN million iterations (default
 * 0) in leaf itself, for profile probes to sample.  Its user stack, from
 * leaf, is the 13 frames above, then libc's start-up.  Built (Makefile.frag)
 * with -O2 and frame pointers (uchain-fp), without them (uchain-nofp), and
 * without them and stripped, its symbols in a separate debug file found
 * by .gnu_debuglink (uchain-strip, uchain-strip.debug).
 */
#include <stdlib.h>

#include "uchain.h"

#define NOINLINE __attribute__((noipa))

int l1(int n, int (*cb)(int));

static long spin;
static volatile long sink;

#define BODY(next)                                           \
	volatile char buf[24];                               \
	buf[0] = (char)n;                                    \
	next;                                                \
	__asm__ volatile("" ::: "memory");                   \
	return buf[0] + 1

NOINLINE static void touch(void)
{
	__asm__ volatile("" ::: "memory");
}

/* not a leaf function (touch): with frame pointers it keeps one */
NOINLINE static int leaf(int n)
{
	UCHAIN_LEAF(n);
	UCHAIN_SPIN_START();
	for (long i = 0; i < spin; i++)
		sink += i;
	UCHAIN_SPIN_DONE();
	touch();
	return n + 1;
}

NOINLINE static int c7(int n) { BODY(leaf(n)); }
NOINLINE static int c6(int n) { BODY(c7(n)); }
NOINLINE static int c5(int n) { BODY(l1(n, c6)); }
NOINLINE static int c4(int n) { BODY(c5(n)); }
NOINLINE static int c3(int n) { BODY(c4(n)); }
NOINLINE static int c2(int n) { BODY(c3(n)); }
NOINLINE static int c1(int n) { BODY(c2(n)); }

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	spin = (argc > 2 ? atol(argv[2]) : 0) * 1000000;
	for (int i = 0; i < n; i++)
		c1(i);
	return 0;
}
