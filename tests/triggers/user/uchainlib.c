/*
 * libuchain-*.so: the shared library part of the uchain triggers' call
 * chain, l1 -> l2 -> l3 -> l4, which calls back into the executable.
 */
#define NOINLINE __attribute__((noipa))

/* a frame of its own: a buffer on the stack, a call that is not a tail call */
#define BODY(next)                                           \
	volatile char buf[24];                               \
	buf[0] = (char)n;                                    \
	next;                                                \
	__asm__ volatile("" ::: "memory");                   \
	return buf[0] + 1

NOINLINE static int l4(int n, int (*cb)(int)) { BODY(buf[1] = (char)cb(n)); }
NOINLINE static int l3(int n, int (*cb)(int)) { BODY(l4(n, cb)); }
NOINLINE static int l2(int n, int (*cb)(int)) { BODY(l3(n, cb)); }
NOINLINE int l1(int n, int (*cb)(int)) { BODY(l2(n, cb)); }
