/*
 * dt_cc.c -- the compiler driver and the enabling of programs.
 *
 * Compilation passes, each in its own file:
 *   1. (optional) the C preprocessor, for -C;
 *   2. parse (dt_parse.c, with dt_lex.c) into clauses of AST;
 *   3. match each clause's probe descriptions against the probe table
 *      (dt_provider.c): a description that matches nothing is an error
 *      unless -Z;
 *   4. cook (dt_cook.c): identifiers, types, semantic checks.
 * Errors in any pass longjmp back here and become the handle's error
 * message; nothing is left half-compiled.
 *
 * Enabling (dtrace_go) then lays out variables, generates one BPF program
 * per probe holding, in program order, every clause of every compiled
 * program that matches the probe (dt_cg.c), creates the maps and per-CPU
 * buffers, loads and attaches the programs, and fires BEGIN.
 */
#include "../dt_impl.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int dtrace_cpp_arg(dtrace_hdl_t *dtp, const char *arg)
{
	dtp->dt_cppargv = dt_realloc(dtp->dt_cppargv, sizeof(char *) * (dtp->dt_cppargc + 1));
	dtp->dt_cppargv[dtp->dt_cppargc++] = dt_strdup(arg);
	return 0;
}

/* Run the source through cpp(1); returns the output or NULL. */
static char *dt_cpp(dtrace_hdl_t *dtp, const char *src)
{
	int in[2], out[2];
	pid_t pid;
	size_t len = 0, cap = 4096;
	char *buf;
	ssize_t n;
	int status;

	if (pipe(in) != 0 || pipe(out) != 0)
		return NULL;
	if ((pid = fork()) == 0) {
		char **argv = dt_zalloc(sizeof(char *) * (dtp->dt_cppargc + 6));
		int argc = 0;

		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		argv[argc++] = "cpp";
		argv[argc++] = "-undef";
		argv[argc++] = "-D__linux__";
		for (int i = 0; i < dtp->dt_cppargc; i++)
			argv[argc++] = dtp->dt_cppargv[i];
		execvp("cpp", argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	/* the source is small: write it all, then read the result */
	(void)!write(in[1], src, strlen(src));
	close(in[1]);
	buf = dt_zalloc(cap);
	while ((n = read(out[0], buf + len, cap - len - 1)) > 0) {
		len += (size_t)n;
		if (len + 1 == cap)
			buf = dt_realloc(buf, cap *= 2);
	}
	buf[len] = '\0';
	close(out[0]);
	waitpid(pid, &status, 0);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		free(buf);
		dt_set_errmsg(dtp, EDT_COMPILER, "Preprocessor failed to process input program");
		return NULL;
	}
	return buf;
}

static const char *pdesc_str(const dt_pdesc_t *pd, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%s:%s:%s", pd->pd_prov, pd->pd_mod, pd->pd_func, pd->pd_name);
	return buf;
}

/* Match a clause's descriptions; the probes are kept on the clause. */
static void match_clause(dt_pcb_t *pcb, dt_clause_t *clp, dt_probe_t ***seen, int *nseen)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;

	for (dt_pdesc_t *pd = clp->dc_descs; pd; pd = pd->pd_next) {
		dt_probe_t **v;
		int n = dt_probe_match(dtp, pd, &v);
		char buf[512];

		if (n < 0)
			dt_cc_error(pcb, pd->pd_line, "%s", dtp->dt_errmsg);
		if (n == 0 && !(pcb->pcb_cflags & DTRACE_C_ZDEFS) && !dtp->dt_options[DTOPT_ZDEFS])
			dt_cc_error(pcb, pcb->pcb_filename ? pd->pd_line : 0,
				    "probe description %s does not match any probes",
				    pdesc_str(pd, buf, sizeof(buf)));
		for (int i = 0; i < n; i++) {
			bool dup = false;

			for (int j = 0; j < clp->dc_nprobes; j++)
				dup |= clp->dc_probes[j] == v[i];
			if (dup)
				continue;
			clp->dc_probes = dt_realloc(clp->dc_probes,
						    sizeof(dt_probe_t *) * (clp->dc_nprobes + 1));
			clp->dc_probes[clp->dc_nprobes++] = v[i];
			dup = false;
			for (int j = 0; j < *nseen; j++)
				dup |= (*seen)[j] == v[i];
			if (!dup) {
				*seen = dt_realloc(*seen, sizeof(dt_probe_t *) * (*nseen + 1));
				(*seen)[(*nseen)++] = v[i];
			}
		}
		free(v);
	}
}

/* Every macro argument must be referenced by the program (unless ARGREF). */
static void dt_check_argref(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;

	if (pcb->pcb_cflags & DTRACE_C_ARGREF)
		return;
	for (int i = 1; i < dtp->dt_argc; i++)
		if (!dtp->dt_argused[i])
			dt_cc_error(pcb, pcb->pcb_line, "extraneous argument '%s' ($%d is not "
				    "referenced)", dtp->dt_argv[i], i);
}

static dtrace_prog_t *dt_compile(dtrace_hdl_t *dtp, const char *src, dtrace_probespec_t spec,
				 unsigned cflags, const char *name)
{
	dt_pcb_t *pcb = dt_zalloc(sizeof(*pcb));
	dtrace_prog_t *pgp;
	char *cppout = NULL;
	dt_probe_t **seen = NULL;
	int nseen = 0, nvars;

	dtp->dt_errmsg[0] = '\0';
	dtp->dt_cflags |= cflags;
	if (cflags & DTRACE_C_CPP) {
		if ((cppout = dt_cpp(dtp, src)) == NULL) {
			free(pcb);
			return NULL;
		}
		src = cppout;
	}
	pcb->pcb_hdl = dtp;
	pcb->pcb_src = pcb->pcb_cur = src;
	pcb->pcb_line = 1;
	pcb->pcb_pspec = spec;
	pcb->pcb_cflags = cflags;
	pcb->pcb_filename = name;
	if (setjmp(pcb->pcb_jmp) != 0) {
		free(pcb);
		free(seen);
		return NULL;
	}
	if (dtp->dt_argused != NULL)
		memset(dtp->dt_argused, 0, sizeof(bool) * (dtp->dt_argc + 1));
	nvars = dtp->dt_nvars;
	pgp = dt_parse_program(pcb);
	/* nothing but white space, comments and pragmas */
	if (pgp->dp_nclauses == 0 && dtp->dt_nvars == nvars && !(cflags & DTRACE_C_EMPTY))
		dt_cc_error(pcb, pcb->pcb_line, "empty D program translation unit");
	for (dt_clause_t *clp = pgp->dp_clauses; clp; clp = clp->dc_next) {
		match_clause(pcb, clp, &seen, &nseen);
		dt_cook_clause(pcb, clp, clp->dc_nprobes > 0 ? clp->dc_probes[0] : NULL);
		pgp->dp_info.dpi_descs++;
	}
	pcb->pcb_region = NULL;
	dt_check_argref(pcb);
	pgp->dp_info.dpi_matches = (uint32_t)nseen;
	free(seen);
	free(pcb);
	return pgp;
}

dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *dtp, const char *s,
					 dtrace_probespec_t spec, unsigned int cflags,
					 const char *name)
{
	return dt_compile(dtp, s, spec, cflags, name);
}

dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *dtp, FILE *fp, unsigned int cflags,
				       const char *name)
{
	size_t len = 0, cap = 8192, n;
	char *buf = dt_zalloc(cap);
	dtrace_prog_t *pgp;

	while ((n = fread(buf + len, 1, cap - len - 1, fp)) > 0) {
		len += n;
		if (len + 1 == cap)
			buf = dt_realloc(buf, cap *= 2);
	}
	buf[len] = '\0';
	if (strlen(buf) != len) { /* a NUL byte would silently end the program there */
		int line = 1;

		for (const char *p = buf; *p; p++)
			line += *p == '\n';
		free(buf);
		dt_set_errmsg(dtp, EDT_COMPILER, "line %d: invalid character '\\000'", line);
		return NULL;
	}
	pgp = dt_compile(dtp, buf, DTRACE_PROBESPEC_NONE, cflags, name ? name : "<stdin>");
	return pgp;
}

int dtrace_program_exec(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_proginfo_t *pip)
{
	dtrace_prog_t **tail = &dtp->dt_progs;

	while (*tail)
		tail = &(*tail)->dp_next;
	*tail = pgp;
	for (dt_clause_t *clp = pgp->dp_clauses; clp; clp = clp->dc_next) {
		dtp->dt_clauses = dt_realloc(dtp->dt_clauses,
					     sizeof(dt_clause_t *) * (dtp->dt_nclauses + 1));
		dtp->dt_clauses[dtp->dt_nclauses++] = clp;
	}
	if (pip != NULL)
		*pip = pgp->dp_info;
	return 0;
}

void dtrace_program_info(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_proginfo_t *pip)
{
	(void)dtp;
	*pip = pgp->dp_info;
}

/* ------------------------------------------------------------ layout */

static int var_size(dtrace_hdl_t *dtp, const dt_type_t *t)
{
	if (t->dt_kind == DT_TK_STRING)
		return (int)dtp->dt_options[DTOPT_STRSIZE];
	return 8;
}

/* Offsets of globals and this-> variables; sizes of dynamic variables. */
static void dt_layout(dtrace_hdl_t *dtp)
{
	int strsize = (int)dtp->dt_options[DTOPT_STRSIZE];

	for (dt_ident_t *idp = dtp->dt_globals; idp; idp = idp->di_next) {
		int ksz = 16, vsz;

		if (idp->di_type == NULL || idp->di_kind == DT_ID_AGG)
			continue;
		vsz = (var_size(dtp, idp->di_type) + 7) & ~7;
		switch (idp->di_kind) {
		case DT_ID_GLOBAL:
			idp->di_off = dtp->dt_globsize;
			dtp->dt_globsize += vsz;
			break;
		case DT_ID_LOCAL:
			idp->di_off = dtp->dt_thissize;
			dtp->dt_thissize += vsz;
			break;
		default:
			for (int i = 0; i < idp->di_nkeys; i++)
				ksz += idp->di_keys[i]->dt_kind == DT_TK_STRING ? strsize : 8;
			ksz = (ksz + 7) & ~7;
			idp->di_keysize = ksz;
			if (ksz > dtp->dt_dvkeysize)
				dtp->dt_dvkeysize = ksz;
			if (vsz > dtp->dt_dvvalsize)
				dtp->dt_dvvalsize = vsz;
		}
	}
}

static bool is_dtrace_probe(const dt_probe_t *pr, const char *name)
{
	return !strcmp(pr->pr_desc.dtpd_provider, "dtrace") && !strcmp(pr->pr_desc.dtpd_name, name);
}

/* Generate one program per enabled probe. */
static int dt_gen_all(dtrace_hdl_t *dtp)
{
	dt_clause_t **cv = dt_zalloc(sizeof(dt_clause_t *) * (dtp->dt_nclauses + 1));
	dt_bpfprog_t **tail = &dtp->dt_bprogs;

	/* ERROR's clauses become a subprogram of every program that can fault */
	dtp->dt_errclauses = dt_zalloc(sizeof(dt_clause_t *) * (dtp->dt_nclauses + 1));
	for (int c = 0; c < dtp->dt_nclauses; c++)
		for (int i = 0; i < dtp->dt_clauses[c]->dc_nprobes; i++)
			if (is_dtrace_probe(dtp->dt_clauses[c]->dc_probes[i], "ERROR")) {
				dtp->dt_errprobe = dtp->dt_clauses[c]->dc_probes[i];
				dtp->dt_errclauses[dtp->dt_nerrclauses++] = dtp->dt_clauses[c];
				break;
			}

	for (int id = 1; id < dtp->dt_nprobes; id++) {
		dt_probe_t *pr = dtp->dt_probes[id];
		dt_bpfprog_t *bp;
		int n = 0;

		for (int c = 0; c < dtp->dt_nclauses; c++)
			for (int i = 0; i < dtp->dt_clauses[c]->dc_nprobes; i++)
				if (dtp->dt_clauses[c]->dc_probes[i] == pr) {
					cv[n++] = dtp->dt_clauses[c];
					break;
				}
		if (n == 0 || is_dtrace_probe(pr, "ERROR"))
			continue;
		if (dt_probe_args(dtp, pr) != 0 || dt_cg_program(dtp, pr, cv, n, &bp) != 0) {
			free(cv);
			return -1;
		}
		*tail = bp;
		tail = &bp->bp_next;
		if (is_dtrace_probe(pr, "BEGIN"))
			dtp->dt_beginprog = bp;
		else if (is_dtrace_probe(pr, "END"))
			dtp->dt_endprog = bp;
	}
	free(cv);
	return 0;
}

/*
 * Lay out and generate every program, creating no map and loading nothing:
 * dtrace_go()'s first half, alone, for tests (the fuzzer) that must reach
 * the code generator without touching the kernel.  The speculation buffer
 * size is what dt_bpf_spec_create() would give the programs.
 */
int dt_cc_gen_only(dtrace_hdl_t *dtp)
{
	if (dtp->dt_gone)
		return dt_set_errno(dtp, EDT_BADSTATE);
	dtp->dt_gone = true;
	dtp->dt_scratchsize = 256;
	dt_layout(dtp);
	if (dt_spec_sizes(dtp) != 0)
		return -1;
	if (dtp->dt_speculates && dtp->dt_options[DTOPT_NSPEC] > 0)
		dtp->dt_specent = (int)sizeof(dt_specchunk_t) +
				  (int)(dtp->dt_options[DTOPT_SPECSIZE] & ~7LL);
	return dt_gen_all(dtp);
}

static volatile int64_t *dt_activity(dtrace_hdl_t *dtp)
{
	return (volatile int64_t *)((char *)dtp->dt_globmap + DT_G_ACTIVITY);
}

int dtrace_go(dtrace_hdl_t *dtp)
{
	struct timespec rt, mono;

	if (dtp->dt_gone)
		return dt_set_errno(dtp, EDT_BADSTATE);
	dtp->dt_gone = true;
	dtp->dt_scratchsize = 256;
	dt_layout(dtp);
	/* speculations: sizes and maps first, the programs' bounds use them */
	if (dt_spec_sizes(dtp) != 0 || (dtp->dt_speculates && dt_bpf_spec_create(dtp) != 0))
		return -1;
	if (dt_gen_all(dtp) != 0)
		return -1;
	if (dtp->dt_cflags & DTRACE_C_DIFV) {
		for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp; bp = bp->bp_next) {
			fprintf(stderr, "\nBPF program for probe %u %s:%s:%s:%s (%d instructions):\n",
				bp->bp_probe->pr_desc.dtpd_id, bp->bp_probe->pr_desc.dtpd_provider,
				bp->bp_probe->pr_desc.dtpd_mod, bp->bp_probe->pr_desc.dtpd_func,
				bp->bp_probe->pr_desc.dtpd_name, bp->bp_ninsns);
			dt_dis(bp->bp_insns, bp->bp_ninsns, stderr);
		}
	}
	if (dt_buffer_sizes(dtp) != 0 || dt_bpf_maps_create(dtp) != 0 ||
	    dt_consume_init(dtp) != 0 || dt_spec_init(dtp) != 0)
		return -1;
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp; bp = bp->bp_next)
		if (dt_bpf_prog_load(dtp, bp) != 0)
			return -1;
	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	*(int64_t *)((char *)dtp->dt_globmap + DT_G_WALLOFF) =
		((int64_t)rt.tv_sec - mono.tv_sec) * 1000000000LL + (rt.tv_nsec - mono.tv_nsec);
	*dt_activity(dtp) = DT_ACTIVITY_INACTIVE;
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp; bp = bp->bp_next)
		if (bp->bp_probe->pr_prov->pv_attach(dtp, bp->bp_probe, bp->bp_fd) != 0)
			return -1;
	*dt_activity(dtp) = DT_ACTIVITY_WARMUP;
	if (dtp->dt_beginprog != NULL && dt_bpf_test_run(dtp, dtp->dt_beginprog) != 0)
		return -1;
	__sync_bool_compare_and_swap(dt_activity(dtp), DT_ACTIVITY_WARMUP, DT_ACTIVITY_ACTIVE);
	dtp->dt_status = DTRACE_STATUS_OKAY;
	return 0;
}

/*
 * Fire END on one known CPU (the consumer stays there meanwhile), so that,
 * as in DTrace, the consumer can drain that CPU's buffer last and END's
 * output follows everything traced before it.
 */
static int dt_run_end(dtrace_hdl_t *dtp)
{
	cpu_set_t old, one;
	int cpu = dtp->dt_options[DTOPT_CPU] >= 0 ? (int)dtp->dt_options[DTOPT_CPU] : sched_getcpu();
	bool pinned = sched_getaffinity(0, sizeof(old), &old) == 0;
	int rv;

	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	pinned = pinned && sched_setaffinity(0, sizeof(one), &one) == 0;
	dtp->dt_endedon = cpu;
	rv = dt_bpf_test_run(dtp, dtp->dt_endprog);
	if (pinned)
		sched_setaffinity(0, sizeof(old), &old);
	return rv;
}

int dtrace_stop(dtrace_hdl_t *dtp)
{
	if (dtp->dt_stopped || !dtp->dt_gone)
		return 0;
	dtp->dt_stopped = true;
	if (dtp->dt_globmap == NULL)
		return 0;
	*dt_activity(dtp) = DT_ACTIVITY_COOLDOWN;
	if (dtp->dt_endprog != NULL && dt_run_end(dtp) != 0)
		return -1;
	*dt_activity(dtp) = DT_ACTIVITY_STOPPED;
	return 0;
}

dtrace_status_t dtrace_status(dtrace_hdl_t *dtp)
{
	if (dtp->dt_stopped)
		return DTRACE_STATUS_STOPPED;
	if (dtp->dt_globmap == NULL)
		return DTRACE_STATUS_NONE;
	if (*dt_activity(dtp) == DT_ACTIVITY_DRAINING) {
		/* exit(), or a fill buffer that filled up */
		bool filled = dt_buffer_filled(dtp);

		dtrace_stop(dtp);
		return filled ? DTRACE_STATUS_FILLED : DTRACE_STATUS_EXITED;
	}
	return DTRACE_STATUS_OKAY;
}

/* Sleep until the next switchrate/statusrate tick (or a signal). */
void dtrace_sleep(dtrace_hdl_t *dtp)
{
	uint64_t now = dt_now(), rate = (uint64_t)dtp->dt_options[DTOPT_SWITCHRATE];
	uint64_t srate = (uint64_t)dtp->dt_options[DTOPT_STATUSRATE];
	uint64_t next = dtp->dt_lastswitch + rate, snext = dtp->dt_laststatus + srate;
	struct timespec ts;

	if (snext < next)
		next = snext;
	if (dt_spec_next(dtp) < next) /* cleanrate, when the programs speculate */
		next = dt_spec_next(dtp);
	if (next <= now)
		return;
	ts.tv_sec = (time_t)((next - now) / 1000000000ull);
	ts.tv_nsec = (long)((next - now) % 1000000000ull);
	nanosleep(&ts, NULL);
}
