/*
 * udwarf: built with DWARF (-g), so that pid probes have typed args[].
 * Calls work(&p, 42, "hello", 7, M_B, 2.0) once, which returns 58 (1 + 42 +
 * 5 + 7 + 1 + 2), then nothing(), and exits 0.  work()'s sixth parameter
 * is a double (in an SSE register, so it is not one of args[]).
 */
#include <string.h>

struct pt {
	int x, y;
};
typedef unsigned long ulong_t;
enum mode { M_A, M_B };

__attribute__((noinline)) long work(struct pt *p, int n, const char *name, ulong_t u, enum mode m,
				    double d)
{
	return p->x + n + (long)strlen(name) + (long)u + m + (long)d;
}

__attribute__((noinline)) void nothing(void)
{
	__asm__ volatile("");
}

int main(void)
{
	struct pt p = { 1, 2 };
	long r = work(&p, 42, "hello", 7, M_B, 2.0);

	nothing();
	return r != 58;
}
