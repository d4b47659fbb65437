/*
 * usdt N [M [stop]]
 *
 * USDT sites from the header dtrace -h makes of uprov.d (provider myapp).
 * N times (default 1), with i = 0 .. N-1:
 *   MYAPP_QUERY_START("select i", i)        always (no is-enabled check)
 *   MYAPP_QUERY_DONE(2 * i)                 only if MYAPP_QUERY_DONE_ENABLED()
 *   MYAPP_TICK()                            always
 *   MYAPP_QUERY_DONE(42)                    if enabled: a constant operand
 * then sleeps M ms (default 0) and exits 0, printing the number of times
 * it saw QUERY_DONE enabled ("enabled K").  With "stop" it first stops
 * itself (SIGSTOP) so that a test can attach and then SIGCONT it.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "uprov.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 0) : 1;
	long ms = argc > 2 ? strtol(argv[2], NULL, 0) : 0;
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000 };
	long enabled = 0;

	if (argc > 3 && !strcmp(argv[3], "stop"))
		raise(SIGSTOP);
	for (long i = 0; i < n; i++) {
		char q[32];

		snprintf(q, sizeof(q), "select %ld", i);
		MYAPP_QUERY_START(q, (int)i);
		if (MYAPP_QUERY_DONE_ENABLED()) {
			MYAPP_QUERY_DONE(2 * i);
			enabled++;
		}
		MYAPP_TICK();
		if (MYAPP_QUERY_DONE_ENABLED())
			MYAPP_QUERY_DONE(42);
	}
	if (ms > 0)
		nanosleep(&ts, NULL);
	printf("enabled %ld\n", enabled);
	return 0;
}
