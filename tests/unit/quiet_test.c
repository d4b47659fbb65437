/*
 * quiet_test.c -- unit test of the library's silence: with no handler
 * registered, nothing it does writes to the process's stdout or stderr.
 *
 * One program that makes the library want to say something of each kind:
 * a run-time error (a load from address 0), a setopt() the consumer
 * refuses (an error too), a freopen() that cannot open its file (a
 * notice), and -x verbose (the programs' listing).  Run once with fds 1
 * and 2 pointed at a file and no handlers: the file stays empty.  Run again
 * with the handlers and a listing FILE *: each kind arrives where it was
 * sent, which shows the first run had something to say.  The records go
 * to a FILE * the test gives dtrace_work().
 *
 * dtrace_go() needs root: as another user, the cases are skipped.
 * Links with build/libdtrace.a; reads the D library from the source tree.
 */
#include "unit.h"

#include <dtrace.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char g_src[] =
	"BEGIN { trace(*(int *)0); }\n"
	"BEGIN { setopt(\"nosuchoption\"); }\n"
	"BEGIN { freopen(\"/nonexistent/quiet_test/file\"); }\n"
	"BEGIN { trace(1); exit(0); }\n";

typedef struct heard {
	int errors, notices;
} heard_t;

static int on_err(const dtrace_errdata_t *ed, void *arg)
{
	(void)ed;
	((heard_t *)arg)->errors++;
	return 0;
}

static int on_drop(const char *msg, void *arg)
{
	(void)msg;
	((heard_t *)arg)->notices++;
	return 0;
}

/* Run g_src to its exit(); the records to out.  0, or the error's message. */
static const char *run(dtrace_hdl_t *dtp, const char *dlib, FILE *out)
{
	dtrace_workstatus_t ws;
	dtrace_proginfo_t info;
	dtrace_prog_t *pgp;

	if (dtrace_setopt(dtp, "syslibdir", dlib) != 0 ||
	    dtrace_setopt(dtp, "destructive", NULL) != 0 ||
	    dtrace_setopt(dtp, "verbose", NULL) != 0 ||
	    (pgp = dtrace_program_strcompile(dtp, g_src, DTRACE_PROBESPEC_NAME, 0, NULL)) == NULL ||
	    dtrace_program_exec(dtp, pgp, &info) != 0 || dtrace_go(dtp) != 0)
		return dtrace_errmsg(dtp, dtrace_errno(dtp));
	do {
		dtrace_sleep(dtp);
		ws = dtrace_work(dtp, out, NULL, NULL, NULL);
	} while (ws == DTRACE_WORKSTATUS_OKAY);
	dtrace_stop(dtp);
	return NULL;
}

static long fsize(FILE *fp)
{
	fflush(fp);
	return fseek(fp, 0, SEEK_END) == 0 ? ftell(fp) : -1;
}

int main(int argc, char **argv)
{
	char dlib[4096], path[] = "/tmp/quiet_test.XXXXXX";
	int saved1, saved2, fd, err;
	FILE *out, *listing;
	const char *msg;
	dtrace_hdl_t *dtp;
	struct stat st;
	heard_t heard = { 0, 0 };
	char exe[4096];

	(void)argc;
	snprintf(dlib, sizeof(dlib), "%s/../../dlib",
		 dirname(realpath(argv[0], exe) != NULL ? exe : argv[0]));
	if (geteuid() != 0) {
		printf("ok - skipped: not root\nquiet: 0 passed, 0 failed\n");
		return 0;
	}
	/* an open flag the library does not know is refused, nothing changed */
	err = 0;
	check("unknown dtrace_open() flag refused", dtrace_open(DTRACE_VERSION, 0x100, &err) == NULL &&
	      err == EINVAL, "err %d", err);
	out = tmpfile();
	listing = tmpfile();

	/* no handlers: fds 1 and 2 to a file, which must stay empty */
	fflush(stdout);
	fflush(stderr);
	fd = mkstemp(path);
	saved1 = dup(1);
	saved2 = dup(2);
	dup2(fd, 1);
	dup2(fd, 2);
	if ((dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL)
		msg = dtrace_errmsg(NULL, err);
	else
		msg = run(dtp, dlib, out);
	dtrace_close(dtp);
	fflush(stdout);
	fflush(stderr);
	dup2(saved1, 1);
	dup2(saved2, 2);
	close(saved1);
	close(saved2);
	fstat(fd, &st);
	close(fd);
	check("ran without handlers", msg == NULL, "%s", msg);
	check("records to the caller's FILE *", fsize(out) > 0, "nothing written");
	if (st.st_size > 0) {
		char cmd[64];

		snprintf(cmd, sizeof(cmd), "cat %s", path);
		if (system(cmd) != 0)
			printf("(cat failed)\n");
	}
	check("nothing on stdout or stderr", st.st_size == 0, "%lld bytes (above)",
	      (long long)st.st_size);
	unlink(path);

	/* the same with handlers: each kind where it was sent */
	if ((dtp = dtrace_open(DTRACE_VERSION, 0, &err)) == NULL) {
		check("open", false, "%s", dtrace_errmsg(NULL, err));
		fclose(out);
		fclose(listing);
		return unit_done("quiet");
	}
	dtrace_handle_err(dtp, on_err, &heard);
	dtrace_handle_drop(dtp, on_drop, &heard);
	dtrace_set_listing(dtp, listing);
	msg = run(dtp, dlib, out);
	dtrace_close(dtp);
	check("ran with handlers", msg == NULL, "%s", msg);
	check("run-time errors to the error handler", heard.errors == 2, "%d errors", heard.errors);
	check("the freopen() notice to the drop handler", heard.notices == 1, "%d notices",
	      heard.notices);
	check("-x verbose's listing to the listing FILE *", fsize(listing) > 0, "empty");
	fclose(out);
	fclose(listing);
	return unit_done("quiet");
}
