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
 * A clause that reads args[] is cooked once per distinct argument signature
 * of the probes it matches (split_variants).  Enabling is driver/dt_work.c.
 */
#include "dt_driver.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * What -C defines, as DTrace does for its platform: the system, the
 * architecture and the data model (so that <stdint.h> and other system
 * headers find their word size).
 */
static const char *const dt_cpp_defines[] = {
	"-D__linux__", "-D__linux", "-D__unix__", "-D__unix", "-D__ELF__",
#if defined(__x86_64__)
	"-D__x86_64__", "-D__x86_64", "-D__amd64__", "-D__amd64",
#elif defined(__aarch64__)
	"-D__aarch64__",
#endif
#if defined(__LP64__)
	"-D_LP64", "-D__LP64__", "-D__SIZEOF_LONG__=8", "-D__SIZEOF_POINTER__=8",
#else
	"-D_ILP32", "-D__ILP32__", "-D__SIZEOF_LONG__=4", "-D__SIZEOF_POINTER__=4",
#endif
	"-D__SIZEOF_INT__=4", "-D__SIZEOF_LONG_LONG__=8", "-D__SIZEOF_SHORT__=2",
	"-D__CHAR_BIT__=8", "-D__SUNW_D=1", "-D__SUNW_D_VERSION=0x01010000",
	NULL
};

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
		/* the child: out of memory must not unwind into a second compiler */
		char **argv = calloc(dtp->dt_cppargc + 32, sizeof(char *));
		int argc = 0;

		if (argv == NULL)
			_exit(127);

		dup2(in[0], 0);
		dup2(out[1], 1);
		close(in[1]);
		close(out[0]);
		argv[argc++] = "cpp";
		argv[argc++] = "-undef";
		for (const char *const *d = dt_cpp_defines; *d != NULL; d++)
			argv[argc++] = (char *)*d;
		/* -x stdc: __STDC__ as illumos' cpp modes give it (a, t: 0; c: 1; s: none) */
		if (dtp->dt_optstr[DTOPT_STDC] != NULL) {
			argv[argc++] = "-w"; /* GNU cpp warns of any change to __STDC__ */
			switch (dtp->dt_optstr[DTOPT_STDC][0]) {
			case 'c': argv[argc++] = "-D__STDC__=1"; break;
			case 's': argv[argc++] = "-U__STDC__"; break;
			default: argv[argc++] = "-D__STDC__=0"; break;
			}
		}
		for (int i = 0; i < dtp->dt_cppargc; i++)
			argv[argc++] = dtp->dt_cppargv[i];
		argv[0] = dtp->dt_optstr[DTOPT_CPPPATH] ? dtp->dt_optstr[DTOPT_CPPPATH] : "cpp";
		execvp(argv[0], argv);
		_exit(127);
	}
	close(in[0]);
	close(out[1]);
	/*
	 * The source is small: write it all, then read the result.  A "#!"
	 * first line (an interpreter file's) is not cpp's: it goes as an empty
	 * line, so that line numbers hold.
	 */
	if (src[0] == '#' && src[1] == '!') {
		src += strcspn(src, "\n");
		if (*src == '\0')
			src = "\n";
	}
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

/*
 * Match a clause's descriptions; the probes are kept on the clause.  As in
 * DTrace, "matched N probes" counts enablings: the matches of every
 * description of every clause, summed (*nmatch).
 */
static void match_clause(dt_pcb_t *pcb, dt_clause_t *clp, int *nmatch)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;

	for (dt_pdesc_t *pd = clp->dc_descs; pd; pd = pd->pd_next) {
		dt_nomem_undo_t vundo, dupundo;
		dt_probe_t **v = NULL;
		int n = dt_probe_match(dtp, pd, &v);
		char buf[512];
		bool *dup = NULL;

		if (n < 0)
			dt_cc_error(pcb, dt_errtag_of(dtp->dt_errmsg), pd->pd_line, "%s", dtp->dt_errmsg);
		if (n == 0 && !(pcb->pcb_cflags & DTRACE_C_ZDEFS) && !dtp->dt_options[DTOPT_ZDEFS])
			dt_cc_error(pcb, D_PDESC_ZERO, pcb->pcb_filename ? pd->pd_line : 0,
				    "probe description %s does not match any probes",
				    pdesc_str(pd, buf, sizeof(buf)));
		/* by probe ID: fbt:::entry is tens of thousands (v has no duplicates) */
		dt_nomem_hold(&vundo, dt_nomem_free_ptr, &v);
		dt_nomem_hold(&dupundo, dt_nomem_free_ptr, &dup);
		if (clp->dc_nprobes > 0 && n > 0)
			dup = dt_zalloc((size_t)dtp->dt_nprobes);

		for (int j = 0; dup != NULL && j < clp->dc_nprobes; j++)
			dup[clp->dc_probes[j]->pr_desc.dtpd_id] = true;
		if (n > 0)
			clp->dc_probes = dt_realloc(clp->dc_probes,
						    sizeof(dt_probe_t *) * (clp->dc_nprobes + n));
		for (int i = 0; i < n; i++)
			if (dup == NULL || !dup[v[i]->pr_desc.dtpd_id])
				clp->dc_probes[clp->dc_nprobes++] = v[i];
		*nmatch += n;
		dt_nomem_release(&dupundo);
		dt_nomem_release(&vundo);
		free(dup);
		free(v);
	}
}

/* Does this (uncooked) tree name args[] (argn: or arg0..arg9)? */
static bool names_args(const dt_node_t *dnp, bool argn)
{
	for (; dnp != NULL; dnp = dnp->dn_next) {
		if (dnp->dn_kind == N_VAR && dnp->dn_op == 0 && dnp->dn_name != NULL &&
		    (!strcmp(dnp->dn_name, "args") ||
		     (argn && !strncmp(dnp->dn_name, "arg", 3) && dnp->dn_name[3] >= '0' &&
		      dnp->dn_name[3] <= '9' && dnp->dn_name[4] == '\0')))
			return true;
		if (names_args(dnp->dn_left, argn) || names_args(dnp->dn_right, argn) ||
		    names_args(dnp->dn_cond, argn) || names_args(dnp->dn_args, argn) ||
		    names_args(dnp->dn_body, argn) || names_args(dnp->dn_else, argn))
			return true;
	}
	return false;
}

/*
 * Does a clause read argN of probes that compute it differently (a
 * provider's computed argument, lockstat's arg1: dt_cook.c)?  Asked only
 * of clauses whose probes have conditions (pr_pred), as lockstat's do.
 */
static bool computed_argn(dt_pcb_t *pcb, dt_clause_t *clp)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;

	if (clp->dc_probes[0]->pr_pred == NULL ||
	    !(names_args(clp->dc_pred, true) || names_args(clp->dc_body, true)))
		return false;
	for (int i = 0; i < clp->dc_nprobes; i++)
		if (dt_probe_args(dtp, clp->dc_probes[i]) == 0 && clp->dc_probes[i]->pr_xargexprs != NULL)
			return true;
	return false;
}

/* Do two probes give args[] the same types? */
static bool same_argtypes(const dt_probe_t *a, const dt_probe_t *b)
{
	char n1[128], n2[128];

	if (a->pr_pred != b->pr_pred)
		return false; /* the provider's conditions differ (dt_cook_clause ands them) */
	if (a->pr_nargs != b->pr_nargs)
		return false;
	for (int i = 0; i < a->pr_nargs; i++)
		if ((a->pr_xargtypes ? a->pr_xargtypes[i] : NULL) !=
		    (b->pr_xargtypes ? b->pr_xargtypes[i] : NULL))
			return false; /* translated to different stable types */
	for (int i = 0; i < a->pr_nargs; i++)
		if ((a->pr_xargexprs ? a->pr_xargexprs[i] : NULL) !=
		    (b->pr_xargexprs ? b->pr_xargexprs[i] : NULL))
			return false;
	for (int i = 0; i < a->pr_nargs; i++)
		if (a->pr_argtypes[i] != b->pr_argtypes[i] &&
		    strcmp(dt_type_name(a->pr_argtypes[i], n1, sizeof(n1)),
			   dt_type_name(b->pr_argtypes[i], n2, sizeof(n2))) != 0)
			return false;
	return true;
}

/*
 * A clause that reads args[] is cooked once per distinct argument
 * signature of its probes: the first signature keeps the clause, each other
 * one gets a copy of the uncooked clause (dc_variant chain) with the probes
 * of that signature.  Code is then generated once per variant.
 */
static void split_variants(dt_pcb_t *pcb, dt_clause_t *clp)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	dt_probe_t **rest;
	int nrest = 0, nkeep = 0;
	dt_clause_t *last = clp;

	bool preds = false;

	for (int i = 1; i < clp->dc_nprobes; i++)
		preds |= clp->dc_probes[i]->pr_pred != clp->dc_probes[0]->pr_pred;
	if (clp->dc_nprobes < 2 || !(preds || names_args(clp->dc_pred, false) ||
				     names_args(clp->dc_body, false) || computed_argn(pcb, clp)))
		return;
	for (int i = 0; i < clp->dc_nprobes; i++)
		if (dt_probe_args(dtp, clp->dc_probes[i]) != 0)
			dt_cc_error(pcb, dt_errtag_of(dtp->dt_errmsg), clp->dc_line, "%s", dtp->dt_errmsg);
	rest = dt_zalloc(sizeof(dt_probe_t *) * clp->dc_nprobes);
	for (int i = 0; i < clp->dc_nprobes; i++) {
		if (same_argtypes(clp->dc_probes[i], clp->dc_probes[0]))
			clp->dc_probes[nkeep++] = clp->dc_probes[i];
		else
			rest[nrest++] = clp->dc_probes[i];
	}
	clp->dc_nprobes = nkeep;
	while (nrest > 0) {
		dt_clause_t *v = dt_arena_zalloc(pcb->pcb_arena, sizeof(*v));
		int n = 0, left = 0;

		*v = *clp;
		v->dc_pred = dt_node_clone(pcb, clp->dc_pred);
		v->dc_body = dt_node_clone(pcb, clp->dc_body);
		v->dc_isvariant = true;
		v->dc_variant = NULL;
		v->dc_probes = dt_zalloc(sizeof(dt_probe_t *) * nrest);
		for (int i = 0; i < nrest; i++) {
			if (same_argtypes(rest[i], rest[0]))
				v->dc_probes[n++] = rest[i];
			else
				rest[left++] = rest[i];
		}
		v->dc_nprobes = n;
		nrest = left;
		last->dc_variant = v;
		last = v;
	}
	free(rest);
}

/* Every macro argument must be referenced by the program (unless ARGREF). */
static void dt_check_argref(dt_pcb_t *pcb)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;

	if ((pcb->pcb_cflags & DTRACE_C_ARGREF) || dtp->dt_options[DTOPT_ARGREF])
		return;
	for (int i = 1; i < dtp->dt_argc; i++)
		if (!dtp->dt_argused[i])
			dt_cc_error(pcb, D_MACRO_UNUSED, pcb->pcb_line, "extraneous argument '%s' ($%d is not "
				    "referenced)", dtp->dt_argv[i], i);
}

/* The memory a program's clauses keep outside its arena. */
static void prog_free(dtrace_prog_t *pgp)
{
	for (dt_clause_t *clp = pgp->dp_clauses; clp != NULL; clp = clp->dc_next)
		for (dt_clause_t *v = clp; v != NULL; v = v->dc_variant)
			free(v->dc_probes);
	dt_arena_free(&pgp->dp_arena);
	free(pgp);
}

/*
 * A program goes: freed, unless the handle still needs its memory (its
 * declarations, or its clauses enabled), which then becomes the handle's.
 */
static void prog_release(dtrace_hdl_t *dtp, dtrace_prog_t *pgp)
{
	if (!pgp->dp_declares) {
		prog_free(pgp);
		return;
	}
	for (dt_clause_t *clp = pgp->dp_clauses; clp != NULL; clp = clp->dc_next)
		for (dt_clause_t *v = clp; v != NULL; v = v->dc_variant)
			free(v->dc_probes);
	dt_arena_adopt(&dtp->dt_arena, &pgp->dp_arena);
	free(pgp);
}

/*
 * Companion clauses.  A provider whose probes need state kept between
 * two kernel events (lockstat: the time from lock:contention_begin to
 * contention_end, per thread) names D clauses (dt_probe_t's
 * pr_companion) that every program enabling one of those probes gets,
 * ahead of its own clauses: parsed here, then matched and cooked as the
 * user's, but hidden (dc_hidden): not counted in "matched N probes" nor
 * in the descriptions, not listed by -v or -l.  A text is compiled once
 * per handle, into the first program that needs it (kept in the handle's
 * dt_companions once that program compiles): its clauses then run ahead
 * of every program's on the same probe, once per firing.
 */
typedef struct dt_companions {
	const char *cs_texts[8]; /* added to a program already */
	int cs_n;
} dt_companions_t;

/* A companion's clauses, parsed (errors and out of memory: to outer's handler). */
static dt_clause_t *parse_companion(dt_pcb_t *outer, const char *text)
{
	dt_pcb_t pcbuf = { 0 }, *pcb = &pcbuf; /* out of memory jumps over this frame */
	dtrace_prog_t *tmp = dt_arena_zalloc(outer->pcb_arena, sizeof(*tmp));

	pcb->pcb_hdl = outer->pcb_hdl;
	pcb->pcb_arena = outer->pcb_arena;
	pcb->pcb_prog = tmp;
	pcb->pcb_src = pcb->pcb_cur = text;
	pcb->pcb_line = 1;
	pcb->pcb_pspec = DTRACE_PROBESPEC_NAME;
	if (setjmp(pcb->pcb_jmp) != 0)
		longjmp(outer->pcb_jmp, 1);
	dt_parse_program(pcb);
	return tmp->dp_clauses;
}

/* Insert at *pp the companions clp's probes need; true if any. */
static bool add_companions(dt_pcb_t *pcb, dt_companions_t *cs, dt_clause_t *clp, dt_clause_t **pp)
{
	dt_clause_t *head = NULL, **tail = &head;

	for (int i = 0; i < clp->dc_nprobes; i++) {
		const char *c = clp->dc_probes[i]->pr_companion;
		int j = 0;

		while (c != NULL && j < cs->cs_n && cs->cs_texts[j] != c)
			j++;
		if (c == NULL || j < cs->cs_n || cs->cs_n == 8)
			continue;
		cs->cs_texts[cs->cs_n++] = c;
		for (dt_clause_t *h = parse_companion(pcb, c); h != NULL; h = h->dc_next) {
			int nmatch = 0;

			h->dc_hidden = true;
			h->dc_index = clp->dc_index;
			match_clause(pcb, h, &nmatch);
			*tail = h;
			tail = &h->dc_next;
		}
	}
	if (head == NULL)
		return false;
	*tail = clp;
	*pp = head;
	return true;
}

/* Parse, match, cook: errors and out of memory longjmp to compile(). */
static void compile_clauses(dt_pcb_t *pcb, dtrace_prog_t *pgp, unsigned cflags)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	int nmatch = 0, nvars, npdefs = 0;
	dt_ident_t **gtail;
	dt_companions_t cs = { .cs_n = dtp->dt_ncompanions };
	dt_clause_t *done = NULL;

	memcpy(cs.cs_texts, dtp->dt_companions, sizeof(cs.cs_texts));

	if (dtp->dt_argused != NULL)
		memset(dtp->dt_argused, 0, sizeof(bool) * (dtp->dt_argc + 1));
	nvars = dtp->dt_nvars;
	npdefs = dt_pdef_count(dtp);
	gtail = dtp->dt_globtail;
	dt_parse_program(pcb);
	npdefs -= dt_pdef_count(dtp);
	/* nothing but white space, comments and pragmas (a provider definition counts) */
	if (pgp->dp_nclauses == 0 && dtp->dt_nvars == nvars && gtail == dtp->dt_globtail && npdefs == 0 &&
	    !(cflags & DTRACE_C_EMPTY) && !dtp->dt_options[DTOPT_EMPTY])
		dt_cc_error(pcb, D_EMPTY, pcb->pcb_line, "empty D program translation unit");
	dt_stab_init(dtp, pgp);
	for (dt_clause_t **pp = &pgp->dp_clauses, *clp; (clp = *pp) != NULL; pp = &clp->dc_next) {
		if (!clp->dc_hidden && clp != done) {
			match_clause(pcb, clp, &nmatch);
			if (add_companions(pcb, &cs, clp, pp)) {
				done = clp; /* matched: its companions go first */
				clp = *pp;
			}
		}
		split_variants(pcb, clp);
		if (!clp->dc_hidden)
			dt_stab_clause(pcb, pgp, clp); /* -v, -x amin (driver/dt_stab.c) */
		for (dt_clause_t *v = clp; v != NULL; v = v->dc_variant)
			dt_cook_clause(pcb, v, v->dc_nprobes > 0 ? v->dc_probes[0] : NULL);
		if (!clp->dc_hidden)
			pgp->dp_info.dpi_descs++;
	}
	pcb->pcb_region = NULL;
	dt_check_argref(pcb);
	pgp->dp_info.dpi_matches = (uint32_t)nmatch;
	memcpy(dtp->dt_companions, cs.cs_texts, sizeof(cs.cs_texts));
	dtp->dt_ncompanions = cs.cs_n;
}

/*
 * -x ctypes=FILE, -x dtypes=FILE: after each compile, failed or not, the
 * files hold the types known so far (types/dt_btfout.c), as illumos
 * rewrites its CTF containers at the end of dt_compile().  A failure to
 * write is silent there too (its debug log only).
 */
static void write_types(dtrace_hdl_t *dtp)
{
	dt_type_cscope(dtp, false); /* an error inside an #include'd header */
	for (int i = 0; i < 2; i++)
		if (dtp->dt_typesfd[i] >= 0)
			(void)dt_btfout_write(dtp, dtp->dt_typesfd[i], i == 0);
}

static dtrace_prog_t *compile(dtrace_hdl_t *dtp, const char *src, dtrace_probespec_t spec,
			      unsigned cflags, const char *name)
{
	dt_nomem_trap_t trap;
	dt_pcb_t pcbuf = { 0 }, *pcb = &pcbuf;
	dtrace_prog_t *pgp, **tail;
	char *volatile cppout = NULL;

	dtp->dt_errmsg[0] = '\0';
	if (dt_dlib_load(dtp) != 0) /* the D library, before the first program */
		return NULL;
	dtp->dt_cflags |= cflags;
	pgp = dt_zalloc(sizeof(*pgp));
	pcb->pcb_hdl = dtp;
	pcb->pcb_prog = pgp;
	pcb->pcb_arena = &pgp->dp_arena;
	dt_nomem_push(&trap, &pcb->pcb_jmp); /* out of memory: as a compile error */
	if (setjmp(pcb->pcb_jmp) != 0) {
		if (dt_nomem_pop(&trap)) {
			dtp->dt_errmsg[0] = '\0';
			dt_set_errno(dtp, EDT_NOMEM);
		}
		prog_release(dtp, pcb->pcb_prog);
		free(cppout);
		write_types(dtp);
		return NULL;
	}
	if (((cflags & DTRACE_C_CPP) || dtp->dt_options[DTOPT_CPP]) && /* -x cpp is -C */
	    (cppout = dt_cpp(dtp, src)) == NULL) {
		dt_nomem_pop(&trap);
		prog_release(dtp, pgp);
		return NULL;
	}
	/* the program owns a copy of its source and name: tokens point into them */
	pcb->pcb_src = pcb->pcb_cur = dt_arena_strdup(&pgp->dp_arena, cppout != NULL ? cppout : src);
	pcb->pcb_line = 1;
	pcb->pcb_pspec = spec;
	pcb->pcb_cflags = cflags;
	pcb->pcb_filename = name != NULL ? dt_arena_strdup(&pgp->dp_arena, name) : NULL;
	compile_clauses(pcb, pgp, cflags);
	dt_nomem_pop(&trap);
	free(cppout);
	write_types(dtp);
	for (tail = &dtp->dt_progs; *tail != NULL; tail = &(*tail)->dp_next)
		;
	*tail = pgp;
	return pgp;
}

/*
 * The compile entry.  Out of memory before the program has its parse
 * state (the D library's load, -C's preprocessor, the program itself)
 * comes back here; after, to compile()'s handler, which releases the
 * program as on a compile error.
 */
typedef struct compile_call {
	const char *cc_src;
	dtrace_probespec_t cc_spec;
	unsigned cc_cflags;
	const char *cc_name;
	dtrace_prog_t *cc_prog;
} compile_call_t;

static int compile_call(dtrace_hdl_t *dtp, void *arg)
{
	compile_call_t *cc = arg;

	cc->cc_prog = compile(dtp, cc->cc_src, cc->cc_spec, cc->cc_cflags, cc->cc_name);
	return cc->cc_prog != NULL ? 0 : -1;
}

static dtrace_prog_t *dt_compile(dtrace_hdl_t *dtp, const char *src, dtrace_probespec_t spec,
				 unsigned cflags, const char *name)
{
	compile_call_t cc = { src, spec, cflags, name, NULL };

	return dt_nomem_call(dtp, compile_call, &cc) == 0 ? cc.cc_prog : NULL;
}

dtrace_prog_t *dtrace_program_strcompile(dtrace_hdl_t *dtp, const char *s,
					 dtrace_probespec_t spec, unsigned int cflags,
					 const char *name)
{
	return dt_compile(dtp, s, spec, cflags, name);
}

/*
 * A script is read whole before it is lexed, as DTrace does, but never more
 * than DT_SCRIPT_MAX bytes: /dev/zero or an endless pipe is refused after
 * 16 MB (a thousand times any real script) instead of filling memory.
 */
#define DT_SCRIPT_MAX (16 << 20)

dtrace_prog_t *dtrace_program_fcompile(dtrace_hdl_t *dtp, FILE *fp, unsigned int cflags,
				       const char *name)
{
	size_t len = 0, cap = 8192, n;
	char *buf = dt_zalloc(cap), *more;
	dtrace_prog_t *pgp;

	if (buf == NULL)
		goto nomem;
	while ((n = fread(buf + len, 1, cap - len - 1, fp)) > 0) {
		len += n;
		if (len > DT_SCRIPT_MAX) {
			free(buf);
			dt_set_errmsg(dtp, EFBIG, "script is larger than the limit of %d MB", DT_SCRIPT_MAX >> 20);
			return NULL;
		}
		if (len + 1 == cap) {
			if ((more = dt_realloc(buf, cap *= 2)) == NULL)
				goto nomem;
			buf = more;
		}
	}
	if (ferror(fp)) { /* a directory (EISDIR), an I/O error */
		int e = errno;

		free(buf);
		dt_set_errno(dtp, e);
		return NULL;
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
	free(buf);
	return pgp;
nomem:
	free(buf);
	dt_set_errno(dtp, EDT_NOMEM);
	return NULL;
}

/*
 * The caller is done with a program.  One not enabled is freed now; an
 * enabled one is the handle's (its clauses are what dtrace_go() runs), and
 * dtrace_close() frees it.
 */
void dtrace_program_destroy(dtrace_hdl_t *dtp, dtrace_prog_t *pgp)
{
	dtrace_prog_t **pp;

	if (dtp == NULL || pgp == NULL || pgp->dp_enabled)
		return;
	for (pp = &dtp->dt_progs; *pp != NULL && *pp != pgp; pp = &(*pp)->dp_next)
		;
	if (*pp == NULL)
		return; /* not this handle's */
	*pp = pgp->dp_next;
	prog_release(dtp, pgp);
}

/* dtrace_close(): every program left. */
void dt_program_fini(dtrace_hdl_t *dtp)
{
	for (dtrace_prog_t *pgp = dtp->dt_progs, *next; pgp != NULL; pgp = next) {
		next = pgp->dp_next;
		prog_free(pgp);
	}
	dtp->dt_progs = NULL;
	free(dtp->dt_clauses);
}

int dtrace_program_exec(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_proginfo_t *pip)
{
	int n = dtp->dt_nclauses;

	for (dt_clause_t *clp = pgp->dp_clauses; clp; clp = clp->dc_next) {
		for (dt_clause_t *v = clp; v != NULL; v = v->dc_variant) {
			dt_clause_t **cl = dt_realloc(dtp->dt_clauses, sizeof(dt_clause_t *) * (n + 1));

			if (cl == NULL)
				return dt_set_errno(dtp, EDT_NOMEM); /* none of them enabled */
			dtp->dt_clauses = cl;
			cl[n++] = v;
		}
	}
	dtp->dt_nclauses = n;
	pgp->dp_enabled = true;
	if (pip != NULL)
		*pip = pgp->dp_info;
	return 0;
}

void dtrace_program_info(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_proginfo_t *pip)
{
	(void)dtp;
	*pip = pgp->dp_info;
}

/* -v with -e: each clause's descriptions, as DTrace's statements have them */
int dtrace_desc_iter(dtrace_hdl_t *dtp, dtrace_prog_t *pgp, dtrace_probe_f *func, void *arg)
{
	dtrace_probedesc_t d;
	int rv = 0;

	for (dt_clause_t *clp = pgp->dp_clauses; clp != NULL && rv == 0; clp = clp->dc_next) {
		for (dt_pdesc_t *pd = clp->dc_hidden ? NULL : clp->dc_descs; pd != NULL && rv == 0; pd = pd->pd_next) {
			memset(&d, 0, sizeof(d));
			snprintf(d.dtpd_provider, sizeof(d.dtpd_provider), "%s", pd->pd_prov ? pd->pd_prov : "");
			snprintf(d.dtpd_mod, sizeof(d.dtpd_mod), "%s", pd->pd_mod ? pd->pd_mod : "");
			snprintf(d.dtpd_func, sizeof(d.dtpd_func), "%s", pd->pd_func ? pd->pd_func : "");
			snprintf(d.dtpd_name, sizeof(d.dtpd_name), "%s", pd->pd_name ? pd->pd_name : "");
			rv = func(dtp, &d, arg);
		}
	}
	return rv;
}
