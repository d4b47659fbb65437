/*
 * usdt-lit
 *
 * Fires MYAPP_QUERY_START("select", 7) once, its string a constant in the
 * program's read-only data (a page the process has not read: the probe's
 * program cannot read it), then waits (pause) until SIGUSR1, on which it
 * exits 0: a test lets it go once the consumer has read its memory.
 *
 * Built with -DUSDT_LIT_MEM (usdt-lit-mem), the string's address is a
 * memory operand of the note (8@disp(%reg): a pointer on the stack, as
 * SystemTap's <sys/sdt.h> may pass an argument, e.g. at -O0), with no
 * semaphore.
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
#ifdef USDT_LIT_MEM
	const char *volatile q = "select";

	_DTRACE_SDT_NOTE("myapp", "query__start", "0", "8@%[a0] 8@%[a1]", [a0] "o"(q), [a1] "n"(7));
#else
	MYAPP_QUERY_START("select", 7);
#endif
	for (;;)
		pause();
}
