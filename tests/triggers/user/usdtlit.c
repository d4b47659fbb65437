/*
 * usdt-lit
 *
 * Fires MYAPP_QUERY_START("select", 7) once, its string a constant in the
 * program's read-only data (a page the process has not read: the probe's
 * program cannot read it), then waits (pause) until SIGUSR1, on which it
 * exits 0: a test lets it go once the consumer has read its memory.
 */
#include <signal.h>
#include <unistd.h>

#include "uprov.h"

static void done(int sig)
{
	(void)sig;
	_exit(0);
}

int main(void)
{
	signal(SIGUSR1, done);
	MYAPP_QUERY_START("select", 7);
	for (;;)
		pause();
}
