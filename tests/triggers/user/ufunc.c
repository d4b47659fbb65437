/*
 * ufunc N [M [stop]]
 *
 * A dynamically linked trigger for the pid provider.  Calls, N times
 * (default 1), with i = 0 .. N-1:
 *   f_push(i, 10)  first instruction push %rbp (the kernel emulates it)
 *   f_step(i, 20)  first instruction lea (the kernel single-steps it)
 *   lib_mul(i, 3)  in the shared library libulib.so
 *   atoi("42")     in libc.so.6
 * f_push and f_step return a + b, lib_mul a * b.  Then sleeps M ms
 * (default 0) and exits 0.  Prints nothing.  With "stop", it first stops
 * itself (SIGSTOP), so that a test can attach to it and then SIGCONT it.
 *
 * f_push (10 bytes): 0 push %rbp, 1 mov %rsp,%rbp, 4 lea (%rdi,%rsi),%rax,
 * 8 pop %rbp, 9 ret.  f_step (5 bytes): 0 lea, 4 ret.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

long f_push(long a, long b);
long f_step(long a, long b);
long lib_mul(long a, long b);

__asm__(".text\n"
	".globl f_push\n.type f_push,@function\nf_push:\n"
	"\tpush %rbp\n\tmov %rsp,%rbp\n\tlea (%rdi,%rsi),%rax\n\tpop %rbp\n\tret\n"
	".size f_push,.-f_push\n"
	".globl f_step\n.type f_step,@function\nf_step:\n"
	"\tlea (%rdi,%rsi),%rax\n\tret\n"
	".size f_step,.-f_step\n");

long (*volatile p_push)(long, long) = f_push;
long (*volatile p_step)(long, long) = f_step;
long (*volatile p_mul)(long, long) = lib_mul;
int (*volatile p_atoi)(const char *) = atoi;
volatile long sink;

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 0) : 1;
	long ms = argc > 2 ? strtol(argv[2], NULL, 0) : 0;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };

	if (argc > 3 && !strcmp(argv[3], "stop"))
		raise(SIGSTOP);
	for (long i = 0; i < n; i++) {
		sink = p_push(i, 10);
		sink = p_step(i, 20);
		sink = p_mul(i, 3);
		sink = p_atoi("42");
	}
	if (ms > 0)
		nanosleep(&ts, NULL);
	return 0;
}
