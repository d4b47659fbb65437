/*
 * dtrace.c -- the dtrace(1) command: options, listing, and the main loop.
 *
 * Includes nothing of the library but <dtrace.h>.  The shape follows
 * illumos' dtrace(1M): compile every -n/-P/-m/-f/-i/-s first, then enable
 * them all (printing "description ... matched N probes" for each), then
 * alternate dtrace_sleep() and dtrace_work() until exit(), the end of the
 * -c command, SIGINT or SIGTERM; END fires and aggregations are printed.
 */

#include <dtrace.h>

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define DMODE_EXEC 0 /* compile and run */
#define DMODE_LIST 1 /* -l */
#define DMODE_ANON 2 /* -e: compile only */
#define DMODE_HEADER 3 /* -h: C header of the provider definitions */
#define DMODE_LINK 4 /* -G: an object file (Linux needs none) */

typedef struct dtrace_cmd {
	void (*dc_func)(struct dtrace_cmd *);
	dtrace_probespec_t dc_spec;
	char *dc_arg;	      /* -n text, or script path */
	const char *dc_desc;  /* "description" or "script" */
	const char *dc_name;  /* name used in messages */
	dtrace_prog_t *dc_prog;
	dtrace_proginfo_t dc_info;
	char *dc_namecopy;    /* dc_name when it is a copy, freed at the end */
	char *dc_desccopy;    /* dc_arg when it is -i's description, freed at the end */
} dtrace_cmd_t;

typedef struct dtrace_state {
	dtrace_hdl_t *g_dtp;
	dtrace_cmd_t *g_cmdv;
	int g_cmdc;
	int g_mode;
	bool g_quiet, g_flowindent, g_exec_only;
	bool g_json;	     /* -x oformat other than text: the library prints it all */
	bool g_profile;	     /* -x oformat=folded, svg, pprof: the aggregations at the end */
	bool g_aggdump;	     /* -O: with oformat, the aggregations at the end too */
	unsigned g_cflags;
	FILE *g_ofp;
	const char *g_ofile;
	int g_status;
	bool g_execfail;     /* the -c command could not be executed: exit 1 */
	bool g_heading;
	char **g_argv;	     /* macro arguments */
	int g_argc;
} dtrace_state_t;

static volatile sig_atomic_t g_intr;
static volatile sig_atomic_t g_chld;

static const char *g_pname = "dtrace";

static void warnx(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void warnx(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", g_pname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static _Noreturn void fatal(dtrace_state_t *st, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static _Noreturn void fatal(dtrace_state_t *st, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", g_pname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (st != NULL)
		dtrace_close(st->g_dtp); /* kills the -c command, as DTrace does */
	exit(1);
}

/*
 * Output could not be written: stop with DTrace's message and exit 1 (a
 * full file system, /dev/full, EIO), nothing lost silently.  A reader that
 * went away (EPIPE: `dtrace ... | head`) ends dtrace as it ends DTrace, by
 * SIGPIPE and without a message, once tracing is torn down.
 */
static _Noreturn void write_failed(dtrace_state_t *st)
{
	int e = errno ? errno : EIO;

	if (e == EPIPE) {
		dtrace_close(st->g_dtp);
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
		_exit(1);
	}
	fatal(st, "failed to write output: %s", strerror(e));
}

/* Notices are suppressed by -q, as in DTrace. */
static void notice(dtrace_state_t *st, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void notice(dtrace_state_t *st, const char *fmt, ...)
{
	va_list ap;

	if (st->g_quiet)
		return;
	fprintf(stderr, "%s: ", g_pname);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
}

static int usage(FILE *fp)
{
	fprintf(fp, "Usage: %s [-32|-64] [-CeFGhlOqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
		    "\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
		    "\t[-x opt[=val]]\n\n"
		    "\t[-P provider [[ predicate ] action ]]\n"
		    "\t[-m [ provider: ] module [[ predicate ] action ]]\n"
		    "\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
		    "\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
		    "\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n\n"
		    "\tpredicate -> '/' D-expression '/'\n"
		    "\t   action -> '{' D-statements '}'\n\n"
		    "\t-32 generate 32-bit D programs and ELF files\n"
		    "\t-64 generate 64-bit D programs and ELF files\n\n"
		    "\t-b  set trace buffer size\n"
		    "\t-c  run specified command and exit upon its completion\n"
		    "\t-C  run cpp(1) preprocessor on script files\n"
		    "\t-D  define symbol when invoking preprocessor\n"
		    "\t-e  exit after compiling request but prior to enabling probes\n"
		    "\t-f  enable or list probes matching the specified function name\n"
		    "\t-F  coalesce trace output by function\n"
		    "\t-G  generate an ELF file containing embedded dtrace program\n"
		    "\t-h  generate a header file with definitions for static probes\n"
		    "\t-i  enable or list probes matching the specified probe id\n"
		    "\t-I  add include directory to preprocessor search path\n"
		    "\t-l  list probes matching specified criteria\n"
		    "\t-L  add library directory to library search path\n"
		    "\t-m  enable or list probes matching the specified module name\n"
		    "\t-n  enable or list probes matching the specified probe name\n"
		    "\t-o  set output file\n"
		    "\t-O  print aggregations upon exiting (with -x oformat)\n"
		    "\t-p  grab specified process-ID and cache its symbol tables\n"
		    "\t-P  enable or list probes matching the specified provider name\n"
		    "\t-q  set quiet mode (only output explicitly traced data)\n"
		    "\t-s  enable or list probes according to the specified D script\n"
		    "\t-S  print D compiler intermediate code\n"
		    "\t-U  undefine symbol when invoking preprocessor\n"
		    "\t-v  set verbose mode (report stability attributes, arguments)\n"
		    "\t-V  report DTrace API version\n"
		    "\t-w  permit destructive actions\n"
		    "\t-x  enable or modify compiler and tracing options\n"
		    "\t-Z  permit probe descriptions that match zero probes\n",
		g_pname);
	return 2;
}

/* ------------------------------------------------------------ compiling */

static void compile_str(dtrace_state_t *st, dtrace_cmd_t *dcp)
{
	char *p;

	dcp->dc_prog = dtrace_program_strcompile(st->g_dtp, dcp->dc_arg, dcp->dc_spec,
						 st->g_cflags | DTRACE_C_PSPEC, NULL);
	if (dcp->dc_prog == NULL)
		fatal(st, "invalid probe specifier %s: %s", dcp->dc_name ? dcp->dc_name : dcp->dc_arg,
		      dtrace_errmsg(st->g_dtp, dtrace_errno(st->g_dtp)));
	if (dcp->dc_name == NULL)
		dcp->dc_name = dcp->dc_namecopy = strdup(dcp->dc_arg);
	if ((p = strpbrk((char *)dcp->dc_name, "{/;")) != NULL)
		*p = '\0'; /* crop the name for reporting, as DTrace does */
	dcp->dc_desc = "description";
}

static void compile_file(dtrace_state_t *st, dtrace_cmd_t *dcp)
{
	FILE *fp = strcmp(dcp->dc_arg, "-") ? fopen(dcp->dc_arg, "r") : stdin;

	if (fp == NULL)
		fatal(st, "failed to open %s: %s", dcp->dc_arg, strerror(errno));
	dcp->dc_prog = dtrace_program_fcompile(st->g_dtp, fp, st->g_cflags, dcp->dc_arg);
	if (fp != stdin)
		fclose(fp);
	if (dcp->dc_prog == NULL)
		fatal(st, "failed to compile script %s: %s", dcp->dc_arg,
		      dtrace_errmsg(st->g_dtp, dtrace_errno(st->g_dtp)));
	dcp->dc_desc = "script";
	dcp->dc_name = dcp->dc_arg;
}

static void compile_all(dtrace_state_t *st)
{
	for (int i = 0; i < st->g_cmdc; i++) {
		dtrace_cmd_t *dcp = &st->g_cmdv[i];

		if (dcp->dc_spec == DTRACE_PROBESPEC_NONE)
			compile_file(st, dcp);
		else
			compile_str(st, dcp);
	}
}

/* ------------------------------------------------------------ listing */

static bool g_verbose; /* -v */

/* -l -v, -v: DTrace's description of a probe's stability and arguments */
static void print_attr(FILE *fp, const char *what, dtrace_attribute_t a)
{
	fprintf(fp, "\n\t%s\n", what);
	fprintf(fp, "\t\tIdentifier Names: %s\n", dtrace_stability_name(a.dtat_name));
	fprintf(fp, "\t\tData Semantics:   %s\n", dtrace_stability_name(a.dtat_data));
	fprintf(fp, "\t\tDependency Class: %s\n", dtrace_class_name(a.dtat_class));
}

static void print_probe_info(FILE *fp, const dtrace_probeinfo_t *p)
{
	print_attr(fp, "Probe Description Attributes", p->dtp_attr);
	print_attr(fp, "Argument Attributes", p->dtp_arga);
	fprintf(fp, "\n\tArgument Types\n");
	for (int i = 0; i < p->dtp_argc; i++)
		fprintf(fp, "\t\targs[%d]: %s\n", i, p->dtp_argv[i]);
	if (p->dtp_argc == 0)
		fprintf(fp, "\t\tNone\n");
	fprintf(fp, "\n");
}

/*
 * -v: the program's stability report, after its "matched" line, as
 * illumos' dtrace(1M) prints it; with -e, each description's probe
 * attributes and argument types after it.
 */
static int info_desc(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	FILE *fp = arg;
	dtrace_probeinfo_t p;

	fprintf(fp, "\n%s:%s:%s:%s\n", pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func,
		pd->dtpd_name);
	if (dtrace_probe_info(dtp, pd, &p) == 0)
		print_probe_info(fp, &p);
	return 0;
}

static void print_report(dtrace_hdl_t *dtp, FILE *fp, const char *desc, const char *name,
			 dtrace_prog_t *pgp, const dtrace_proginfo_t *pi, bool exec_only)
{
	fprintf(fp, "\nStability attributes for %s %s:\n", desc, name);
	print_attr(fp, "Minimum Probe Description Attributes", pi->dpi_descattr);
	print_attr(fp, "Minimum Statement Attributes", pi->dpi_stmtattr);
	if (exec_only)
		dtrace_desc_iter(dtp, pgp, info_desc, fp);
	else
		fputc('\n', fp);
}

static int list_probe(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	FILE *fp = arg;
	dtrace_probeinfo_t p;

	fprintf(fp, "%5u %10s %17s %33s %s\n", pd->dtpd_id, pd->dtpd_provider, pd->dtpd_mod,
		pd->dtpd_func, pd->dtpd_name);
	if (g_verbose && dtrace_probe_info(dtp, pd, &p) == 0)
		print_probe_info(fp, &p);
	return g_intr != 0;
}

typedef struct listset {
	unsigned *ids;
	int n;
} listset_t;

static int collect_probe(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pd, void *arg)
{
	listset_t *ls = arg;

	(void)dtp;
	for (int i = 0; i < ls->n; i++)
		if (ls->ids[i] == pd->dtpd_id)
			return 0;
	ls->ids = realloc(ls->ids, sizeof(unsigned) * (ls->n + 1));
	ls->ids[ls->n++] = pd->dtpd_id;
	return 0;
}

static int cmpuint(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

/*
 * -l with a description: the probes of each of its comma-separated
 * descriptions in turn (-P sdt,io; -n 'io:::start,io:::done'), or DTrace's
 * message for one that matches none
 */
static void list_desc(dtrace_state_t *st, dtrace_cmd_t *dcp)
{
	char *copy = strdup(dcp->dc_arg), *one, *end;
	dtrace_probedesc_t pd;

	if ((end = strpbrk(copy, "{/;")) != NULL) /* clause text: not listed */
		*end = '\0';
	for (one = copy; one != NULL; one = end) {
		if ((end = strchr(one, ',')) != NULL)
			*end++ = '\0';
		while (*one == ' ' || *one == '\t' || *one == '\n')
			one++;
		if (*one == '\0' && (end != NULL || one != copy))
			continue; /* nothing between two commas, or after the last */
		if (dtrace_str2desc(st->g_dtp, dcp->dc_spec, one, &pd) != 0)
			fatal(st, "invalid probe specifier %s: %s", dcp->dc_arg,
			      dtrace_errmsg(st->g_dtp, dtrace_errno(st->g_dtp)));
		if (dtrace_probe_iter(st->g_dtp, &pd, list_probe, st->g_ofp) <= 0)
			warnx("failed to match %s:%s:%s:%s: No probe matches description",
			      pd.dtpd_provider, pd.dtpd_mod, pd.dtpd_func, pd.dtpd_name);
	}
	free(copy);
}

/* -l with a script: the probes its clauses match, in ID order */
static void list_script(dtrace_state_t *st, dtrace_cmd_t *dcp)
{
	listset_t ls = { NULL, 0 }, before = { NULL, 0 };

	dtrace_enabled_iter(st->g_dtp, collect_probe, &before);
	compile_file(st, dcp);
	dtrace_program_exec(st->g_dtp, dcp->dc_prog, NULL);
	ls = before;
	dtrace_enabled_iter(st->g_dtp, collect_probe, &ls);
	qsort(ls.ids + before.n, ls.n - before.n, sizeof(unsigned), cmpuint);
	for (int i = before.n; i < ls.n; i++)
		dtrace_probe_byid(st->g_dtp, ls.ids[i], list_probe, st->g_ofp);
	free(ls.ids);
}

/* -l implies -Z: descriptions matching nothing are reported, not fatal */
static int list_mode(dtrace_state_t *st)
{
	fprintf(st->g_ofp, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION",
		"NAME");
	st->g_cflags |= DTRACE_C_ZDEFS;
	if (st->g_cmdc == 0)
		dtrace_probe_iter(st->g_dtp, NULL, list_probe, st->g_ofp);
	for (int i = 0; i < st->g_cmdc; i++) {
		if (st->g_cmdv[i].dc_spec == DTRACE_PROBESPEC_NONE)
			list_script(st, &st->g_cmdv[i]);
		else
			list_desc(st, &st->g_cmdv[i]);
	}
	return 0;
}

/* ------------------------------------------------------------ -h, -G */

/*
 * -h: the C header of the providers the -s scripts define, in -o's file
 * or the first script's name with .h for .d.
 */
static const char *dmsg(dtrace_state_t *st);

static void scripts_only(dtrace_state_t *st)
{
	for (int i = 0; i < st->g_cmdc; i++) {
		if (st->g_cmdv[i].dc_spec != DTRACE_PROBESPEC_NONE)
			fatal(st, "-%c requires only -s scripts", st->g_mode == DMODE_HEADER ? 'h' : 'G');
		compile_file(st, &st->g_cmdv[i]);
	}
}

static int header_mode(dtrace_state_t *st)
{
	const char *script = st->g_cmdv[0].dc_arg;
	char *out;
	FILE *fp;

	scripts_only(st);
	if (st->g_ofile != NULL) {
		out = strdup(st->g_ofile);
	} else {
		const char *base = strrchr(script, '/') ? strrchr(script, '/') + 1 : script;
		size_t n = strlen(base);

		out = malloc(n + 3);
		if (n > 2 && !strcmp(base + n - 2, ".d"))
			n -= 2;
		sprintf(out, "%.*s.h", (int)n, base);
	}
	if ((fp = fopen(out, "w")) == NULL)
		fatal(st, "failed to open header file '%s': %s", out, strerror(errno));
	if (dtrace_program_header(st->g_dtp, fp, out) != 0 || fclose(fp) != 0)
		fatal(st, "failed to create header file %s: %s", out, dmsg(st));
	free(out);
	return 0;
}

/*
 * -G: the object file of each -s script, named as illumos' link_prog()
 * names it: -o's file (with several scripts, illumos links their objects
 * into it: here they are one and the same), else the script's base name
 * with .o for .d, d.out.N with several scripts, d.out.  The operands are
 * the object files, checked against the provider definitions
 * (front/dt_link.c: Linux needs nothing else from -G).
 */
static int link_mode(dtrace_state_t *st, int objc, char **objv)
{
	scripts_only(st);
	for (int i = 0; i < st->g_cmdc; i++) {
		dtrace_cmd_t *dcp = &st->g_cmdv[i];
		const char *base = strrchr(dcp->dc_arg, '/') ? strrchr(dcp->dc_arg, '/') + 1 : dcp->dc_arg;
		size_t n = strlen(base);
		char *out = malloc(n + 32);

		if (st->g_ofile != NULL)
			strcpy(out, st->g_ofile);
		else if (n > 2 && !strcmp(base + n - 2, ".d"))
			sprintf(out, "%.*s.o", (int)(n - 2), base);
		else if (st->g_cmdc > 1)
			sprintf(out, "d.out.%d", i);
		else
			strcpy(out, "d.out");
		if (dtrace_program_link(st->g_dtp, dcp->dc_prog, 0, out, objc, objv) != 0) {
			free(out);
			fatal(st, "failed to link %s %s: %s", dcp->dc_desc, dcp->dc_name, dmsg(st));
		}
		free(out);
	}
	return 0;
}

/* ------------------------------------------------------------ consuming */

static int chew(const dtrace_probedata_t *data, void *arg)
{
	dtrace_state_t *st = arg;
	const dtrace_probedesc_t *pd = data->dtpda_pdesc;
	char name[DTRACE_FUNCNAMELEN + DTRACE_NAMELEN + 2];

	if (st->g_json)
		return DTRACE_CONSUME_THIS; /* the probe's identity is in each object */
	if (!st->g_heading) {
		if (!st->g_quiet) {
			if (st->g_flowindent)
				fprintf(st->g_ofp, "%3s %-41s\n", "CPU", "FUNCTION");
			else
				fprintf(st->g_ofp, "%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME");
		}
		st->g_heading = true;
	}
	if (st->g_quiet)
		return DTRACE_CONSUME_THIS;
	if (st->g_flowindent) {
		int indent = data->dtpda_indent;
		char *p = name;

		snprintf(name, sizeof(name), "%*s%s%s", indent, "",
			 data->dtpda_prefix ? data->dtpda_prefix : "", pd->dtpd_func);
		if (data->dtpda_prefix == NULL || data->dtpda_prefix[0] == '|')
			snprintf(name, sizeof(name), "%*s%s%s:%s", indent, "",
				 data->dtpda_prefix ? data->dtpda_prefix : "", pd->dtpd_func,
				 pd->dtpd_name);
		(void)p;
		fprintf(st->g_ofp, "%3d %-41s ", data->dtpda_cpu, name);
	} else {
		snprintf(name, sizeof(name), "%s:%s", pd->dtpd_func, pd->dtpd_name);
		fprintf(st->g_ofp, "%3d %6u %32s ", data->dtpda_cpu, pd->dtpd_id, name);
	}
	return DTRACE_CONSUME_THIS;
}

/* Each record is printed by the library (DTRACE_CONSUME_THIS); a newline ends a firing. */
static int chewrec(const dtrace_probedata_t *data, const dtrace_recdesc_t *rec, void *arg)
{
	dtrace_state_t *st = arg;

	(void)data;
	if (rec != NULL)
		return DTRACE_CONSUME_THIS;
	if (!st->g_quiet && !st->g_json)
		fputc('\n', st->g_ofp);
	return DTRACE_CONSUME_NEXT;
}

/*
 * SIGINT, SIGTERM (and SIGHUP, SIGPIPE) end tracing: the loop below stops
 * and prints what was traced.  While tracing is still being enabled
 * (dtrace_go(): loading and attaching, which a big script or many probes
 * make long) the signal is noted the same way, and if enabling goes on
 * for another second, dtrace ends there (SIGALRM): there is nothing to
 * print yet, every program, map and link is a file descriptor the kernel
 * closes, and the -c command dies with dtrace (PR_SET_PDEATHSIG).
 */
static volatile sig_atomic_t g_going;

static void intr(int sig)
{
	(void)sig;
	g_intr = 1;
	if (g_going)
		alarm(1);
}

static void going_too_long(int sig)
{
	(void)sig;
	if (g_going)
		_exit(1);
}

static void chld(int sig)
{
	(void)sig;
	g_chld = 1;
}

/* ------------------------------------------------------------ processes */

static const char *dmsg(dtrace_state_t *st)
{
	return dtrace_errmsg(st->g_dtp, dtrace_errno(st->g_dtp));
}

/* -c: the command is created now, and runs once tracing is enabled */
static pid_t create_child(dtrace_state_t *st, const char *cmd)
{
	pid_t pid = dtrace_proc_create(st->g_dtp, cmd);

	if (pid < 0)
		fatal(st, "%s", dmsg(st));
	dtrace_set_target(st->g_dtp, pid);
	return pid;
}

/* -p: the process is grabbed now (before a -c command, which wins $target) */
static void grab_pid(dtrace_state_t *st, const char *arg)
{
	char *end;
	long pid = strtol(arg, &end, 10);

	if (*end != '\0' || pid <= 0 || pid > INT_MAX)
		fatal(st, "invalid pid: %s", arg); /* illumos' text */
	if (dtrace_proc_grab(st->g_dtp, (pid_t)pid) != 0)
		fatal(st, "%s", dmsg(st));
	dtrace_set_target(st->g_dtp, (int)pid);
}

/* Has the -c or -p process gone?  Say how (unless -q), and why it could not run. */
static bool target_gone(dtrace_state_t *st)
{
	dtrace_procstatus_t ps;
	const char *sig;

	if (dtrace_proc_poll(st->g_dtp, &ps) <= 0)
		return false;
	if (ps.dps_errmsg != NULL) {
		warnx("%s", ps.dps_errmsg);
		st->g_execfail = true;
	}
	switch (ps.dps_how) {
	case DTRACE_PROC_KILLED:
		sig = sigabbrev_np(ps.dps_code);
		notice(st, "pid %d terminated by SIG%s\n", (int)ps.dps_pid, sig ? sig : "?");
		break;
	case DTRACE_PROC_EXITED:
		if (ps.dps_code != 0) {
			notice(st, "pid %d exited with status %d\n", (int)ps.dps_pid, ps.dps_code);
			break;
		}
		/* fall through */
	default:
		notice(st, "pid %d has exited\n", (int)ps.dps_pid);
	}
	return true;
}

/*
 * -x kmem (Linux): once tracing is enabled, the kernel memory it takes, as
 * the kernel counts it (memlock in /proc/self/fdinfo of every BPF map and
 * program dtrace holds): the budget that aggsize, dynvarsize, bufsize and
 * specsize set, and what the programs add.
 */
static void report_kmem(void)
{
	char path[300], line[256];
	long long maps = 0, progs = 0, nmaps = 0, nprogs = 0;
	DIR *d = opendir("/proc/self/fdinfo");
	struct dirent *de;

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		long long mem = 0;
		int kind = 0; /* 1 map, 2 program */
		FILE *fp;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/fdinfo/%s", de->d_name);
		if ((fp = fopen(path, "r")) == NULL)
			continue;
		while (fgets(line, sizeof(line), fp) != NULL) {
			if (strncmp(line, "map_type:", 9) == 0)
				kind = 1;
			else if (strncmp(line, "prog_type:", 10) == 0)
				kind = 2;
			else if (strncmp(line, "memlock:", 8) == 0)
				mem = atoll(line + 8);
		}
		fclose(fp);
		if (kind == 1) {
			maps += mem;
			nmaps++;
		} else if (kind == 2) {
			progs += mem;
			nprogs++;
		}
	}
	closedir(d);
	fprintf(stderr, "%s: kernel memory: %lld bytes (BPF maps %lld in %lld, programs %lld in %lld)\n",
		g_pname, maps + progs, maps, nmaps, progs, nprogs);
}

/* ------------------------------------------------------------ main */

static int errhandler(const dtrace_errdata_t *ed, void *arg)
{
	(void)arg;
	fprintf(stderr, "%s: %s\n", g_pname, ed->dteda_msg);
	return 0;
}

static int drophandler(const char *msg, void *arg)
{
	(void)arg;
	fprintf(stderr, "%s: %s", g_pname, msg);
	return 0;
}

/*
 * Attaching that takes more than a second: a progress line on stderr (not
 * with -q, nor when stderr is not a terminal), erased when done, left
 * standing above the error when attaching failed.
 */
static void progresshandler(dtrace_progress_t what, int done, int total, void *arg)
{
	(void)arg;
	if (what == DTRACE_PROGRESS_ATTACHING)
		fprintf(stderr, "\r%s: attaching probes: %d of %d", g_pname, done, total);
	else if (what == DTRACE_PROGRESS_FAILED)
		fprintf(stderr, "\n");
	else
		fprintf(stderr, "\r%*s\r", 60, "");
	fflush(stderr);
}

/*
 * Every kprobe and every fentry link fbt attaches is a file descriptor:
 * before dtrace_go() (and after -c's command is created, which keeps the
 * limits it had), raise the soft limit, and as root the hard one, so that
 * the most fbt probes a kernel has (two per function) fit with room to
 * spare: 2^20, or the kernel's fs.nr_open if lower.
 */
static void raise_nofile(void)
{
	rlim_t want = 1 << 20;
	struct rlimit rl;
	FILE *fp;
	unsigned long nr;

	if ((fp = fopen("/proc/sys/fs/nr_open", "r")) != NULL) {
		if (fscanf(fp, "%lu", &nr) == 1 && nr < want)
			want = nr;
		fclose(fp);
	}
	if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur >= want)
		return;
	if (rl.rlim_max < want) {
		struct rlimit hard = { want, want };

		if (setrlimit(RLIMIT_NOFILE, &hard) == 0)
			return;
	}
	rl.rlim_cur = rl.rlim_max < want ? rl.rlim_max : want;
	setrlimit(RLIMIT_NOFILE, &rl);
}

static void add_cmd(dtrace_state_t *st, dtrace_probespec_t spec, char *arg)
{
	dtrace_cmd_t *dcp;

	st->g_cmdv = realloc(st->g_cmdv, sizeof(dtrace_cmd_t) * (st->g_cmdc + 1));
	dcp = &st->g_cmdv[st->g_cmdc++];
	memset(dcp, 0, sizeof(*dcp));
	dcp->dc_spec = spec;
	dcp->dc_arg = arg;
}

/* -i id: the probe's description; messages keep naming it by the id */
static void resolve_id(dtrace_state_t *st, dtrace_cmd_t *dcp)
{
	char *desc = dtrace_id2desc(st->g_dtp, dcp->dc_arg);
	size_t n = strspn(dcp->dc_arg, "0123456789");

	if (n > 0 && strcmp(desc, dcp->dc_arg) == 0) {
		free(desc);
		fatal(st, "invalid probe specifier %s: invalid probe identifier %.*s", dcp->dc_arg,
		      (int)n, dcp->dc_arg);
	}
	dcp->dc_name = dcp->dc_namecopy = strdup(dcp->dc_arg);
	dcp->dc_spec = DTRACE_PROBESPEC_NAME;
	dcp->dc_arg = dcp->dc_desccopy = desc;
}

static void setopt(dtrace_state_t *st, const char *arg)
{
	char *opt = strdup(arg), *val = strchr(opt, '=');
	int64_t v;

	if (val != NULL)
		*val++ = '\0';
	if (dtrace_setopt(st->g_dtp, opt, val) != 0)
		fatal(st, "failed to set -x %s: %s", opt,
		      dtrace_errmsg(st->g_dtp, dtrace_errno(st->g_dtp)));
	if (!strcmp(opt, "quiet") && dtrace_getopt(st->g_dtp, opt, &v) == 0)
		st->g_quiet = v != 0;
	if (!strcmp(opt, "flowindent") && dtrace_getopt(st->g_dtp, opt, &v) == 0)
		st->g_flowindent = v != 0;
	free(opt);
}

/* The end of a run: the handle closed (and the -c command killed), all freed. */
static int leave(dtrace_state_t *st, char **margv, int status)
{
	/* listings (-l, -V, -e -S) too: output that could not be written is an error */
	if (fflush(st->g_ofp) != 0 || ferror(st->g_ofp) || fflush(stdout) != 0 || ferror(stdout))
		write_failed(st);
	dtrace_close(st->g_dtp);
	for (int i = 0; i < st->g_cmdc; i++) {
		free(st->g_cmdv[i].dc_namecopy);
		free(st->g_cmdv[i].dc_desccopy);
	}
	free(st->g_cmdv);
	free(margv);
	return status;
}

int main(int argc, char **argv)
{
	static const char optstr[] = "+3:6:b:c:CD:ef:FGhHi:I:lL:m:n:Oo:p:P:qs:SU:vVwx:Z";
	dtrace_state_t st = { 0 };
	const char *cmd = NULL;
	pid_t child = 0;
	int err, c, done = 0;
	struct sigaction sa = { 0 };
	char **margv;
	int margc = 0, oflags = DTRACE_O_LIBBPF_PRINT;
	int64_t v;

	st.g_ofp = stdout;
	/* -32, -64 first: the handle is opened with its data model, as illumos does */
	opterr = 0;
	while (optind < argc) {
		if ((c = getopt(argc, argv, optstr)) == -1) {
			optind++;
			continue;
		}
		if ((c == '3' && strcmp(optarg, "2") != 0) || (c == '6' && strcmp(optarg, "4") != 0)) {
			warnx("illegal option -- %c%s", c, optarg);
			return usage(stderr);
		}
		if (c == '3' || c == '6')
			oflags = (oflags & ~(DTRACE_O_ILP32 | DTRACE_O_LP64)) |
				 (c == '3' ? DTRACE_O_ILP32 : DTRACE_O_LP64);
	}
	optind = 0; /* glibc: start again */
	if ((st.g_dtp = dtrace_open(DTRACE_VERSION, oflags, &err)) == NULL)
		fatal(NULL, "failed to initialize dtrace: %s", dtrace_errmsg(NULL, err));
	dtrace_set_listing(st.g_dtp, stderr); /* -S, -x verbose, -x verifylog */

	margv = calloc((size_t)argc + 1, sizeof(char *));
	margv[margc++] = argv[0];
	opterr = 0;
	while (optind < argc) {
		if ((c = getopt(argc, argv, optstr)) == -1) {
			margv[margc++] = argv[optind++]; /* macro argument */
			continue;
		}
		switch (c) {
		case '3': case '6': break; /* the data model, above */
		case 'b':
			if (dtrace_setopt(st.g_dtp, "bufsize", optarg) != 0)
				fatal(&st, "failed to set -b %s: %s", optarg,
				      dtrace_errmsg(st.g_dtp, dtrace_errno(st.g_dtp)));
			break;
		case 'c': cmd = optarg; break;
		case 'C': st.g_cflags |= DTRACE_C_CPP; break;
		case 'D': case 'U': case 'I': {
			char *a = malloc(strlen(optarg) + 3);

			sprintf(a, "-%c%s", c, optarg);
			dtrace_cpp_arg(st.g_dtp, a);
			free(a);
			break;
		}
		case 'e': st.g_exec_only = true; break;
		case 'F': st.g_flowindent = true; dtrace_setopt(st.g_dtp, "flowindent", NULL); break;
		case 'h': st.g_mode = DMODE_HEADER; break;
		case 'G': st.g_mode = DMODE_LINK; break;
		case 'H':
			fatal(&st, "option -%c is not supported on this platform", c);
		case 'i': add_cmd(&st, DTRACE_PROBESPEC_NAME, optarg); st.g_cmdv[st.g_cmdc - 1].dc_spec = (dtrace_probespec_t)-2; break;
		case 'l': st.g_mode = DMODE_LIST; break;
		case 'L':
			if (dtrace_setopt(st.g_dtp, "libdir", optarg) != 0)
				fatal(&st, "failed to set -L %s: %s", optarg,
				      dtrace_errmsg(st.g_dtp, dtrace_errno(st.g_dtp)));
			break;
		case 'm': add_cmd(&st, DTRACE_PROBESPEC_MOD, optarg); break;
		case 'n': add_cmd(&st, DTRACE_PROBESPEC_NAME, optarg); break;
		case 'f': add_cmd(&st, DTRACE_PROBESPEC_FUNC, optarg); break;
		case 'P': add_cmd(&st, DTRACE_PROBESPEC_PROVIDER, optarg); break;
		case 's': add_cmd(&st, DTRACE_PROBESPEC_NONE, optarg); break;
		case 'o': st.g_ofile = optarg; break;
		case 'O': st.g_aggdump = true; break; /* FreeBSD's: see docs/json.md */
		case 'p': grab_pid(&st, optarg); break;
		case 'q': st.g_quiet = true; dtrace_setopt(st.g_dtp, "quiet", NULL); break;
		case 'S': st.g_cflags |= DTRACE_C_DIFV; break;
		case 'v': g_verbose = true; break;
		case 'V':
			printf("%s: Sun D 1.13 (Linux eBPF)\n", g_pname);
			return leave(&st, margv, 0);
		case 'w': dtrace_setopt(st.g_dtp, "destructive", NULL); break;
		case 'x': setopt(&st, optarg); break;
		case 'Z': st.g_cflags |= DTRACE_C_ZDEFS; break;
		default:
			if (optopt != 0 && strchr(optstr, optopt) != NULL)
				warnx("option requires an argument -- %c", optopt);
			else
				warnx("illegal option -- %c", optopt);
			return leave(&st, margv, usage(stderr));
		}
	}
	/* -i ids are resolved into probe descriptions */
	for (int i = 0; i < st.g_cmdc; i++)
		if ((int)st.g_cmdv[i].dc_spec == -2)
			resolve_id(&st, &st.g_cmdv[i]);

	if (st.g_cmdc == 0 && st.g_mode != DMODE_LIST)
		return leave(&st, margv, usage(stderr));
	if ((oflags & DTRACE_O_ILP32) && st.g_mode != DMODE_HEADER && st.g_mode != DMODE_LINK)
		fatal(&st, "-32 is supported only with -G and -h on this platform: D programs are 64-bit");
	if (st.g_mode == DMODE_HEADER)
		return leave(&st, margv, header_mode(&st));
	if (st.g_mode == DMODE_LINK)
		return leave(&st, margv, link_mode(&st, margc - 1, margv + 1));
	if (st.g_ofile != NULL && (st.g_ofp = fopen(st.g_ofile, "a")) == NULL)
		fatal(&st, "failed to open output file '%s': %s", st.g_ofile, strerror(errno));
	if (geteuid() != 0)
		fatal(&st, "failed to initialize dtrace: DTrace requires additional privileges");

	/* $0 is the script name when the first program is a script */
	if (st.g_cmdc > 0 && st.g_cmdv[0].dc_spec == DTRACE_PROBESPEC_NONE)
		margv[0] = st.g_cmdv[0].dc_arg;
	dtrace_set_macroargs(st.g_dtp, margc, margv);
	if (cmd != NULL)
		child = create_child(&st, cmd);

	if (st.g_mode == DMODE_LIST)
		return leave(&st, margv, list_mode(&st));

	compile_all(&st);
	if (dtrace_getopt(st.g_dtp, "quiet", &v) == 0 && v)
		st.g_quiet = true;
	if (dtrace_getopt(st.g_dtp, "flowindent", &v) == 0 && v)
		st.g_flowindent = true;
	st.g_json = dtrace_oformat(st.g_dtp) != DTRACE_OFORMAT_TEXT;
	st.g_profile = dtrace_oformat(st.g_dtp) >= DTRACE_OFORMAT_FOLDED;
	/* -o appends, as DTrace's; a profile is a file of its own (docs/stacks.md) */
	if (st.g_profile && st.g_ofile != NULL && ftruncate(fileno(st.g_ofp), 0) != 0)
		fatal(&st, "failed to truncate output file '%s': %s", st.g_ofile, strerror(errno));
	for (int i = 0; i < st.g_cmdc; i++) {
		dtrace_cmd_t *dcp = &st.g_cmdv[i];

		if (dtrace_program_exec(st.g_dtp, dcp->dc_prog, &dcp->dc_info) != 0)
			fatal(&st, "failed to enable '%s': %s", dcp->dc_name,
			      dtrace_errmsg(st.g_dtp, dtrace_errno(st.g_dtp)));
		if (!st.g_exec_only) /* illumos' exec_prog(): -e only compiles, says nothing */
			notice(&st, "%s '%s' matched %u probe%s\n", dcp->dc_desc, dcp->dc_name,
			       dcp->dc_info.dpi_matches, dcp->dc_info.dpi_matches == 1 ? "" : "s");
		if (g_verbose)
			print_report(st.g_dtp, st.g_ofp, dcp->dc_desc, dcp->dc_name, dcp->dc_prog,
				     &dcp->dc_info, st.g_exec_only);
	}
	if (st.g_exec_only) {
		/* -S -e: the code that would be loaded, without loading it */
		if ((st.g_cflags & DTRACE_C_DIFV) && dtrace_program_dump(st.g_dtp, NULL, stderr) != 0)
			fatal(&st, "failed to generate code: %s",
			      dtrace_errmsg(st.g_dtp, dtrace_errno(st.g_dtp)));
		return leave(&st, margv, 0);
	}

	dtrace_handle_err(st.g_dtp, errhandler, &st);
	dtrace_handle_drop(st.g_dtp, drophandler, &st);
	if (!st.g_quiet && isatty(2))
		dtrace_handle_progress(st.g_dtp, progresshandler, &st);

	sa.sa_handler = intr;
	sigemptyset(&sa.sa_mask);
	{
		struct sigaction old;

		/* keep SIGINT ignored if it was (background jobs), as DTrace does */
		sigaction(SIGINT, NULL, &old);
		if (old.sa_handler != SIG_IGN)
			sigaction(SIGINT, &sa, NULL);
	}
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGPIPE, &sa, NULL);
	sa.sa_handler = chld;
	sigaction(SIGCHLD, &sa, NULL);

	raise_nofile();
	sa.sa_handler = going_too_long;
	sigaction(SIGALRM, &sa, NULL);
	g_going = 1;
	if (g_intr)
		alarm(1);
	err = dtrace_go(st.g_dtp);
	g_going = 0;
	alarm(0);
	if (err != 0) {
		const char *msg = dtrace_errmsg(st.g_dtp, dtrace_errno(st.g_dtp));

		/* the buffers chapter gives this refusal without the prefix */
		if (strncmp(msg, "END enablings", 13) == 0)
			fatal(&st, "%s", msg);
		fatal(&st, "could not enable tracing: %s", msg);
	}
	/* as illumos, once tracing is on and before the processes run */
	if (dtrace_getopt(st.g_dtp, "destructive", &v) == 0 && v)
		notice(&st, "allowing destructive actions\n");
	if (dtrace_getopt(st.g_dtp, "kmem", &v) == 0 && v)
		report_kmem();
	if (child > 0 && dtrace_proc_continue(st.g_dtp, child) != 0)
		fatal(&st, "%s", dmsg(&st));

	do {
		if (!g_intr && !done)
			dtrace_sleep(st.g_dtp);
		if (target_gone(&st))
			done = 1;
		if (g_intr || done) {
			done = 1;
			dtrace_stop(st.g_dtp);
		}
		switch (dtrace_work(st.g_dtp, st.g_ofp, chew, chewrec, &st)) {
		case DTRACE_WORKSTATUS_DONE:
			done = 1;
			break;
		case DTRACE_WORKSTATUS_OKAY:
			break;
		default:
			fatal(&st, "processing aborted: %s",
			      dtrace_errmsg(st.g_dtp, dtrace_errno(st.g_dtp)));
		}
		if (ferror(st.g_ofp))
			write_failed(&st);
	} while (!done);

	/*
	 * DTrace ends tracing with a newline, then the aggregations not
	 * printed; structured output has them only with -O, as FreeBSD's; a
	 * profile is the aggregations (docs/stacks.md)
	 */
	if (!st.g_json)
		fputc('\n', st.g_ofp);
	if (!st.g_json || st.g_aggdump || st.g_profile)
		dtrace_aggregate_print(st.g_dtp, st.g_ofp);
	if (fflush(st.g_ofp) != 0 || ferror(st.g_ofp)) /* nothing lost silently */
		write_failed(&st);
	st.g_status = st.g_execfail ? 1 : dtrace_exit_status(st.g_dtp);
	return leave(&st, margv, st.g_status); /* kills the -c command if it still runs */
}
