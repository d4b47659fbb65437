/*
 * signal-n [N]
 *
 * Sends itself SIGUSR1 exactly N times (default 1) with kill(2), each
 * delivered to a handler before kill returns, then exits 0.  Prints
 * nothing.
 */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

static volatile sig_atomic_t got;

static void handler(int sig)
{
	(void)sig;
	got++;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1;

	signal(SIGUSR1, handler);
	for (unsigned long i = 0; i < n; i++)
		kill(getpid(), SIGUSR1);
	return got == (sig_atomic_t)n ? 0 : 1;
}
