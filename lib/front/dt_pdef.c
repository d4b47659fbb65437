/*
 * dt_pdef.c -- provider definitions and the C header dtrace -h makes of
 * them.
 *
 * A D program may define providers for USDT:
 *
 *	provider myapp {
 *		probe query__start(char *, int);
 *		probe query__done(int);
 *	};
 *
 * dt_pdef_parse() reads one definition (the parser calls it when a program
 * item starts with "provider") and keeps it in the handle;
 * dtrace_program_header() writes a header with, for each probe,
 *
 *	MYAPP_QUERY_START(arg0, arg1)	the probe site
 *	MYAPP_QUERY_START_ENABLED()	is the probe enabled?
 *
 * The site is a nop with a SystemTap SDT note (.note.stapsdt: site,
 * .stapsdt.base, semaphore, provider, name, operands "8@%rdi" ...), the
 * format <sys/sdt.h> writes, so that this dtrace, gdb, bpftrace, perf and
 * SystemTap all see the probes.  Each probe has a semaphore in section
 * .probes (weak and hidden: one per executable or library however many
 * files include the header); dtrace has the kernel count it up while the
 * probe is enabled, so a disabled _ENABLED() check is one load and a
 * branch.  Arguments are cast to the declared type, then to long, and
 * passed in registers or as constants (constraint "nr"), so their operand
 * descriptions are ones dtrace decodes.  No object file is needed at link
 * time: -G is for build systems that expect one (front/dt_link.c).
 */
#include "dt_front.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dt_pdprobe {
	char *pp_name;		   /* as written: query__start */
	int pp_nargs;
	char *pp_types[DT_NARGS];
} dt_pdprobe_t;

struct dt_pdef {
	char *pd_name;
	dt_pdprobe_t *pd_probes;
	int pd_nprobes;
	struct dt_pdef *pd_next;
};

/* Skip blanks and comments, counting lines. */
static const char *skip(const char *p, int *linep)
{
	for (;;) {
		if (*p == '\n')
			(*linep)++;
		if (isspace((unsigned char)*p)) {
			p++;
		} else if (p[0] == '/' && p[1] == '*') {
			for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
				if (*p == '\n')
					(*linep)++;
			p += *p ? 2 : 0;
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else {
			return p;
		}
	}
}

static char *word(const char **pp)
{
	const char *s = *pp, *p = s;

	if (!isalpha((unsigned char)*p) && *p != '_')
		return NULL;
	while (isalnum((unsigned char)*p) || *p == '_')
		p++;
	*pp = p;
	return dt_strndup(s, (size_t)(p - s));
}

static char *trim(const char *s, const char *e)
{
	while (s < e && isspace((unsigned char)*s))
		s++;
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	return dt_strndup(s, (size_t)(e - s));
}

static int pdef_error(dtrace_hdl_t *dtp, int line, const char *what)
{
	(void)line;
	return dt_set_errmsg(dtp, EDT_COMPILER, "provider definition: %s", what);
}

/* "probe name(type, ...);" at p */
static int pdef_probe(dtrace_hdl_t *dtp, struct dt_pdef *pd, const char **pp, int *linep)
{
	const char *p = *pp, *start;
	dt_pdprobe_t *pr;
	int depth = 0;
	char *kw = word(&p);

	if (kw == NULL || strcmp(kw, "probe") != 0) {
		free(kw);
		return pdef_error(dtp, *linep, "probe declaration expected");
	}
	free(kw);
	p = skip(p, linep);
	pd->pd_probes = dt_realloc(pd->pd_probes, sizeof(dt_pdprobe_t) * (pd->pd_nprobes + 1));
	pr = &pd->pd_probes[pd->pd_nprobes];
	memset(pr, 0, sizeof(*pr));
	if ((pr->pp_name = word(&p)) == NULL)
		return pdef_error(dtp, *linep, "probe name expected");
	pd->pd_nprobes++;
	p = skip(p, linep);
	if (*p++ != '(')
		return pdef_error(dtp, *linep, "'(' expected after the probe name");
	for (start = p;; p++) {
		if (*p == '\0')
			return pdef_error(dtp, *linep, "')' expected");
		if (*p == '\n')
			(*linep)++;
		if (*p == '(')
			depth++;
		if ((*p == ',' || *p == ')') && depth == 0) {
			char *t = trim(start, p);

			if (*t == '\0' || (!strcmp(t, "void") && *p == ')' && pr->pp_nargs == 0)) {
				free(t); /* () and (void) */
			} else if (pr->pp_nargs == DT_NARGS) {
				free(t);
				return pdef_error(dtp, *linep, "more than 10 probe arguments");
			} else {
				pr->pp_types[pr->pp_nargs++] = t;
			}
			start = p + 1;
			if (*p == ')')
				break;
		}
		if (*p == ')')
			depth--;
	}
	p = skip(p + 1, linep);
	if (*p++ != ';')
		return pdef_error(dtp, *linep, "';' expected after the probe declaration");
	*pp = p;
	return 0;
}

int dt_pdef_parse(dtrace_hdl_t *dtp, const char **pp, int *linep)
{
	const char *p = *pp;
	struct dt_pdef *pd, **tail;
	char *kw = word(&p);

	if (kw == NULL || strcmp(kw, "provider") != 0) {
		free(kw);
		return pdef_error(dtp, *linep, "'provider' expected");
	}
	free(kw);
	pd = dt_zalloc(sizeof(*pd));
	for (tail = &dtp->dt_pdefs; *tail; tail = &(*tail)->pd_next)
		;
	*tail = pd;
	p = skip(p, linep);
	if ((pd->pd_name = word(&p)) == NULL)
		return pdef_error(dtp, *linep, "provider name expected");
	p = skip(p, linep);
	if (*p++ != '{')
		return pdef_error(dtp, *linep, "'{' expected after the provider name");
	for (;;) {
		p = skip(p, linep);
		if (*p == '}')
			break;
		if (pdef_probe(dtp, pd, &p, linep) != 0)
			return -1;
	}
	p = skip(p + 1, linep);
	if (*p++ != ';')
		return pdef_error(dtp, *linep, "';' expected after the provider definition");
	*pp = p;
	return 0;
}

/*
 * The argument count of probe `probe` (as written: query__start) of
 * provider `prov`: -1 if no definition has that provider, -2 if it has no
 * such probe.
 */
int dt_pdef_nargs(dtrace_hdl_t *dtp, const char *prov, const char *probe)
{
	for (struct dt_pdef *pd = dtp->dt_pdefs; pd; pd = pd->pd_next) {
		if (strcmp(pd->pd_name, prov) != 0)
			continue;
		for (int i = 0; i < pd->pd_nprobes; i++)
			if (!strcmp(pd->pd_probes[i].pp_name, probe))
				return pd->pd_probes[i].pp_nargs;
		return -2;
	}
	return -1;
}

int dt_pdef_count(dtrace_hdl_t *dtp)
{
	int n = 0;

	for (struct dt_pdef *pd = dtp->dt_pdefs; pd; pd = pd->pd_next)
		n++;
	return n;
}

void dt_pdef_free(dtrace_hdl_t *dtp)
{
	struct dt_pdef *pd, *next;

	for (pd = dtp->dt_pdefs; pd; pd = next) {
		next = pd->pd_next;
		for (int i = 0; i < pd->pd_nprobes; i++) {
			free(pd->pd_probes[i].pp_name);
			for (int a = 0; a < pd->pd_probes[i].pp_nargs; a++)
				free(pd->pd_probes[i].pp_types[a]);
		}
		free(pd->pd_probes);
		free(pd->pd_name);
		free(pd);
	}
	dtp->dt_pdefs = NULL;
}

/* NAME in upper case, "__" as "_": MYAPP_QUERY_START */
static void upper(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (s[0] == '_' && s[1] == '_')
			s++;
		fputc(toupper((unsigned char)*s), out);
	}
}

static const char dt_header_macros[] =
	"#ifndef _DTRACE_SDT_NOTE\n"
	"/*\n"
	" * A probe site: a nop and a SystemTap SDT note naming it (.note.stapsdt),\n"
	" * with the semaphore's address and the arguments' operand descriptions.\n"
	" */\n"
	"#define _DTRACE_SDT_NOTE(prov, name, sema, ops, ...) \\\n"
	"\t__asm__ __volatile__(\"990:\\tnop\\n\" \\\n"
	"\t\t\".pushsection .note.stapsdt,\\\"?\\\",\\\"note\\\"\\n\" \\\n"
	"\t\t\".balign 4\\n\" \\\n"
	"\t\t\".4byte 992f-991f, 994f-993f, 3\\n\" \\\n"
	"\t\t\"991:\\t.asciz \\\"stapsdt\\\"\\n\" \\\n"
	"\t\t\"992:\\t.balign 4\\n\" \\\n"
	"\t\t\"993:\\t.8byte 990b\\n\" \\\n"
	"\t\t\".8byte _.stapsdt.base\\n\" \\\n"
	"\t\t\".8byte \" sema \"\\n\" \\\n"
	"\t\t\".asciz \\\"\" prov \"\\\"\\n\" \\\n"
	"\t\t\".asciz \\\"\" name \"\\\"\\n\" \\\n"
	"\t\t\".asciz \\\"\" ops \"\\\"\\n\" \\\n"
	"\t\t\"994:\\t.balign 4\\n\" \\\n"
	"\t\t\".popsection\\n\" \\\n"
	"\t\t\".ifndef _.stapsdt.base\\n\" \\\n"
	"\t\t\".pushsection .stapsdt.base,\\\"aG\\\",\\\"progbits\\\",.stapsdt.base,comdat\\n\" \\\n"
	"\t\t\".weak _.stapsdt.base\\n\" \\\n"
	"\t\t\".hidden _.stapsdt.base\\n\" \\\n"
	"\t\t\"_.stapsdt.base:\\t.space 1\\n\" \\\n"
	"\t\t\".size _.stapsdt.base, 1\\n\" \\\n"
	"\t\t\".popsection\\n\" \\\n"
	"\t\t\".endif\\n\" \\\n"
	"\t\t:: __VA_ARGS__)\n"
	"#define _DTRACE_SDT_SEMA(sema) \\\n"
	"\t__attribute__((__weak__, __visibility__(\"hidden\"), __section__(\".probes\"))) \\\n"
	"\tvolatile unsigned short sema\n"
	"#endif\n\n";

int dtrace_program_header(dtrace_hdl_t *dtp, FILE *out, const char *fname)
{
	char guard[256];
	size_t g = 0;

	if (fname != NULL) {
		const char *base = strrchr(fname, '/') ? strrchr(fname, '/') + 1 : fname;

		guard[g++] = '_';
		for (; *base && g < sizeof(guard) - 3; base++)
			guard[g++] = isalnum((unsigned char)*base) ? (char)toupper((unsigned char)*base)
								   : '_';
	}
	guard[g] = '\0';
	if (g == 0)
		snprintf(guard, sizeof(guard), "_DTRACE_PROBES_H");
	fprintf(out, "/*\n * Generated by dtrace(1M).\n */\n\n");
	fprintf(out, "#ifndef\t%s\n#define\t%s\n\n", guard, guard);
	fprintf(out, "#ifdef\t__cplusplus\nextern \"C\" {\n#endif\n\n");
	fputs(dt_header_macros, out);
	for (struct dt_pdef *pd = dtp->dt_pdefs; pd; pd = pd->pd_next) {
		fprintf(out, "/* provider %s */\n\n", pd->pd_name);
		for (int i = 0; i < pd->pd_nprobes; i++) {
			const dt_pdprobe_t *pr = &pd->pd_probes[i];

			fprintf(out, "_DTRACE_SDT_SEMA(%s_%s_semaphore);\n", pd->pd_name, pr->pp_name);
			fprintf(out, "#define\t");
			upper(out, pd->pd_name);
			fputc('_', out);
			upper(out, pr->pp_name);
			fputc('(', out);
			for (int a = 0; a < pr->pp_nargs; a++)
				fprintf(out, "%sarg%d", a ? ", " : "", a);
			fprintf(out, ") \\\n\t_DTRACE_SDT_NOTE(\"%s\", \"%s\", \"%s_%s_semaphore\", \"",
				pd->pd_name, pr->pp_name, pd->pd_name, pr->pp_name);
			for (int a = 0; a < pr->pp_nargs; a++)
				fprintf(out, "%s8@%%[a%d]", a ? " " : "", a);
			fprintf(out, "\"");
			for (int a = 0; a < pr->pp_nargs; a++)
				fprintf(out, "%s[a%d] \"nr\" ((long)(%s)(arg%d))", a ? ", " : ", ", a,
					pr->pp_types[a], a);
			fprintf(out, ")\n#define\t");
			upper(out, pd->pd_name);
			fputc('_', out);
			upper(out, pr->pp_name);
			fprintf(out, "_ENABLED() \\\n\t__builtin_expect(%s_%s_semaphore != 0, 0)\n\n",
				pd->pd_name, pr->pp_name);
		}
	}
	fprintf(out, "#ifdef\t__cplusplus\n}\n#endif\n\n#endif\t/* %s */\n", guard);
	return ferror(out) ? dt_set_errno(dtp, EDT_IO) : 0;
}
