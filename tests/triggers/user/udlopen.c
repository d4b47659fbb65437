/*
 * udlopen N MS: dlopen()s libuchain-nofp.so (next to it) after it starts,
 * then N times (default 1): main -> d1 -> l1 .. l4 (the library) -> cb,
 * which fires uchain:::leaf(i); then sleeps MS milliseconds (default 0).
 * The library is mapped while tracing runs: its unwind table arrives with
 * the mapping's perf record, at the tracer's next dtrace_work().
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "uchain.h"

#define NOINLINE __attribute__((noipa))

static volatile int sink;

NOINLINE static int cb(int n)
{
	UCHAIN_LEAF(n);
	__asm__ volatile("" ::: "memory");
	return n;
}

NOINLINE static void d1(int (*l1)(int, int (*)(int)), int n)
{
	volatile char buf[24];

	buf[0] = (char)n;
	sink += l1(n, cb);
	sink += buf[0];
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, ms = argc > 2 ? atoi(argv[2]) : 0;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	char path[PATH_MAX], *slash;
	ssize_t len = readlink("/proc/self/exe", path, sizeof(path) - 32);
	void *h;
	int (*l1)(int, int (*)(int));

	if (len <= 0)
		return 1;
	path[len] = '\0';
	slash = strrchr(path, '/');
	strcpy(slash + 1, "libuchain-nofp.so");
	if ((h = dlopen(path, RTLD_NOW)) == NULL || (l1 = (int (*)(int, int (*)(int)))dlsym(h, "l1")) == NULL) {
		fprintf(stderr, "udlopen: %s\n", dlerror());
		return 1;
	}
	for (int i = 0; i < n; i++) {
		d1(l1, i);
		nanosleep(&ts, NULL);
	}
	return 0;
}
