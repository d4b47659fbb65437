/*
 * ubench MODE N -- user-level tracing benchmark loops (bench/user.sh).
 * Runs N iterations of MODE and prints "ns <per iteration>" (CPU time):
 *   empty  an empty loop body (a compiler barrier)
 *   push   a call to f_push, whose first instruction is push %rbp
 *          (emulated by the kernel's uprobes)
 *   step   a call to f_step, whose first instruction is lea (single-stepped)
 *   usdt   a USDT site, MYAPP_TICK(), with no is-enabled check
 *   usdten a USDT site behind MYAPP_QUERY_DONE_ENABLED()
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "uprov.h"

long f_push(long a, long b);
long f_step(long a, long b);

__asm__(".text\n"
	".globl f_push\n.type f_push,@function\nf_push:\n"
	"\tpush %rbp\n\tmov %rsp,%rbp\n\tlea (%rdi,%rsi),%rax\n\tpop %rbp\n\tret\n"
	".size f_push,.-f_push\n"
	".globl f_step\n.type f_step,@function\nf_step:\n"
	"\tlea (%rdi,%rsi),%rax\n\tret\n"
	".size f_step,.-f_step\n");

long (*volatile p_push)(long, long) = f_push;
long (*volatile p_step)(long, long) = f_step;
volatile long sink;

static double cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "empty";
	long n = argc > 2 ? strtol(argv[2], NULL, 0) : 1000000;
	double t0 = cpu_ns();

	if (!strcmp(mode, "push")) {
		for (long i = 0; i < n; i++)
			sink = p_push(i, 1);
	} else if (!strcmp(mode, "step")) {
		for (long i = 0; i < n; i++)
			sink = p_step(i, 1);
	} else if (!strcmp(mode, "usdt")) {
		for (long i = 0; i < n; i++) {
			MYAPP_TICK();
			__asm__ __volatile__("" ::: "memory");
		}
	} else if (!strcmp(mode, "usdten")) {
		for (long i = 0; i < n; i++) {
			if (MYAPP_QUERY_DONE_ENABLED())
				MYAPP_QUERY_DONE(i);
			__asm__ __volatile__("" ::: "memory");
		}
	} else {
		for (long i = 0; i < n; i++)
			__asm__ __volatile__("" ::: "memory");
	}
	printf("ns %.2f\n", (cpu_ns() - t0) / (double)n);
	return 0;
}
