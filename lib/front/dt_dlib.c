/*
 * dt_dlib.c -- the D library: the .d files shipped with dtrace (NULL, errno
 * and signal names, fault codes, uregs[] indices, psinfo_t and the other
 * stable types with their translators, curpsinfo, curlwpsinfo, curcpu),
 * loaded before the first program is compiled.
 *
 * The directories searched, in order: those given by -L (-x libdir), then
 * the dlib directory of the source tree when dtrace runs from it (a dlib
 * beside the directory of the executable's), else DT_LIBDIR
 * (/usr/lib/dtrace, where `make install` puts them), or -x syslibdir's
 * directory instead of those.  Every *.d file of
 * every directory is loaded, but a file whose name an earlier directory
 * had.  `#pragma D depends_on library x.d` loads x.d first; a library
 * file that depends on a provider or module this system lacks is left
 * out.  -x nolibs loads none.
 *
 * Library files are parsed, not cooked: inlines and translators are cooked
 * where programs use them, and translators are kept as text until then
 * (front/dt_xlate.c), so that loading the library opens no BTF.
 */
#include "dt_front.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef DT_LIBDIR
#define DT_LIBDIR "/usr/lib/dtrace"
#endif

typedef struct dt_libfile {
	char *lf_name;	/* base name: x.d */
	char *lf_path;
	char *lf_src;
	int lf_state;	/* 0: not yet, 1: loading, 2: done */
} dt_libfile_t;

/* The tree's dlib when the executable is build/dtrace of a source tree. */
static char *tree_libdir(void)
{
	char exe[4096], *slash;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 16);
	struct stat st;

	if (n <= 0)
		return NULL;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		return NULL;
	strcpy(slash, "/../dlib");
	if (stat(exe, &st) != 0 || !S_ISDIR(st.st_mode))
		return NULL;
	return dt_strdup(exe);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const dt_libfile_t *)a)->lf_name, ((const dt_libfile_t *)b)->lf_name);
}

/*
 * A file's text, the handle's (translators and inlines point into it): its
 * size read first, so that nothing is open while allocating.
 */
static char *slurp(dtrace_hdl_t *dtp, const char *path)
{
	struct stat st;
	FILE *fp;
	char *buf;
	size_t len;

	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return NULL;
	buf = dt_arena_zalloc(&dtp->dt_arena, (size_t)st.st_size + 1);
	if ((fp = fopen(path, "r")) == NULL)
		return NULL;
	len = fread(buf, 1, (size_t)st.st_size, fp);
	buf[len] = '\0';
	fclose(fp);
	return buf;
}

typedef struct dt_dlib_files {
	dt_libfile_t *df_files;
	int df_n;
	DIR *df_dir; /* being read: closed by out of memory's handler */
} dt_dlib_files_t;

/* Add the *.d files of a directory not already there; their names are the handle's. */
static void scan_dir(dtrace_hdl_t *dtp, const char *dir, dt_dlib_files_t *df)
{
	struct dirent *de;
	int first = df->df_n;

	if ((df->df_dir = opendir(dir)) == NULL)
		return;
	while ((de = readdir(df->df_dir)) != NULL) {
		size_t len = strlen(de->d_name);
		char path[4096];
		bool dup = false;

		if (len < 3 || strcmp(de->d_name + len - 2, ".d") != 0 || de->d_name[0] == '.')
			continue;
		for (int i = 0; i < df->df_n; i++)
			dup |= !strcmp(df->df_files[i].lf_name, de->d_name);
		if (dup)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		df->df_files = dt_realloc(df->df_files, sizeof(dt_libfile_t) * (df->df_n + 1));
		memset(&df->df_files[df->df_n], 0, sizeof(dt_libfile_t));
		df->df_files[df->df_n].lf_name = dt_arena_strdup(&dtp->dt_arena, de->d_name);
		df->df_files[df->df_n].lf_path = dt_arena_strdup(&dtp->dt_arena, path);
		df->df_n++;
	}
	closedir(df->df_dir);
	df->df_dir = NULL;
	if (df->df_n > first) /* none: df_files may be NULL, and NULL + 0 is undefined */
		qsort(df->df_files + first, (size_t)(df->df_n - first), sizeof(dt_libfile_t), by_name);
}

/* Parse one library file: declarations only. */
static int load_one(dtrace_hdl_t *dtp, dt_libfile_t *lf)
{
	dt_pcb_t pcbuf = { 0 }, *pcb = &pcbuf; /* out of memory jumps over this frame */
	struct dtrace_prog *pgp;

	pcb->pcb_hdl = dtp;
	pcb->pcb_arena = &dtp->dt_arena; /* the library is the handle's */
	pcb->pcb_src = pcb->pcb_cur = lf->lf_src;
	pcb->pcb_line = 1;
	pcb->pcb_filename = lf->lf_path;
	pcb->pcb_cflags = DTRACE_C_EMPTY;
	pcb->pcb_lib = true;
	if (setjmp(pcb->pcb_jmp) != 0) {
		char msg[sizeof(dtp->dt_errmsg)];

		if (dtp->dt_errtag == D_PRAGMA_DEPEND) { /* a provider or module this system lacks */
			dtp->dt_errmsg[0] = '\0';
			return 0;
		}
		snprintf(msg, sizeof(msg), "%s", dtp->dt_errmsg);
		dt_set_errmsg(dtp, EDT_COMPILER, "\"%s\", %s", lf->lf_path, msg);
		return -1;
	}
	pgp = dt_parse_program(pcb);
	if (pgp->dp_nclauses != 0)
		dt_cc_error(pcb, D_SYNTAX, pgp->dp_clauses->dc_line, "a D library may not contain probe clauses");
	dtp->dt_libnames = dt_realloc(dtp->dt_libnames, sizeof(char *) * (dtp->dt_nlibnames + 1));
	dtp->dt_libnames[dtp->dt_nlibnames++] = lf->lf_name;
	return 0;
}

/* Load a file after the libraries it depends on (#pragma D depends_on library). */
static int load_sorted(dtrace_hdl_t *dtp, dt_libfile_t *files, int n, dt_libfile_t *lf)
{
	const char *p;

	if (lf->lf_state == 2)
		return 0;
	if (lf->lf_state == 1)
		return dt_set_errmsg(dtp, EDT_COMPILER, "\"%s\": circular library dependency", lf->lf_path);
	lf->lf_state = 1;
	for (p = strstr(lf->lf_src, "depends_on"); p != NULL; p = strstr(p + 1, "depends_on")) {
		char kind[32], name[256];
		const char *bol = p;
		int i;

		while (bol > lf->lf_src && bol[-1] != '\n')
			bol--;
		if (sscanf(bol, " # pragma D depends_on %31s %255s", kind, name) != 2 ||
		    strcmp(kind, "library") != 0)
			continue;
		for (i = 0; i < n && strcmp(files[i].lf_name, name) != 0; i++)
			;
		if (i == n)
			return dt_set_errmsg(dtp, EDT_COMPILER, "\"%s\": program requires library %s",
					     lf->lf_path, name);
		if (load_sorted(dtp, files, n, &files[i]) != 0)
			return -1;
	}
	lf->lf_state = 2;
	return load_one(dtp, lf);
}

/* Once, before the first program: 0, or -1 with the handle's message set. */
/* The library's files, then each parsed in order of dependence. */
static int load_all(dtrace_hdl_t *dtp, dt_dlib_files_t *df)
{
	int rc = 0;
	char *tree;

	for (int i = 0; i < dtp->dt_nlibdirs; i++)
		scan_dir(dtp, dtp->dt_libdirs[i], df);
	if (dtp->dt_optstr[DTOPT_SYSLIBDIR] != NULL) /* -x syslibdir: instead of the default */
		scan_dir(dtp, dtp->dt_optstr[DTOPT_SYSLIBDIR], df);
	else if ((tree = tree_libdir()) != NULL) {
		dt_arena_own(&dtp->dt_arena, tree); /* the handle's: freed even if out of memory */
		scan_dir(dtp, tree, df);
	} else
		scan_dir(dtp, DT_LIBDIR, df);
	for (int i = 0; i < df->df_n; i++)
		if ((df->df_files[i].lf_src = slurp(dtp, df->df_files[i].lf_path)) == NULL)
			df->df_files[i].lf_src = "";
	for (int i = 0; i < df->df_n && rc == 0; i++)
		rc = load_sorted(dtp, df->df_files, df->df_n, &df->df_files[i]);
	return rc;
}

/*
 * Load the D library once per handle.  Out of memory comes back here: the
 * list of files is freed (their names and text are the handle's already),
 * and the library stays unloaded for good (what it declared before is in
 * the handle's arena, half a library).
 */
int dt_dlib_load(dtrace_hdl_t *dtp)
{
	dt_dlib_files_t df = { NULL, 0, NULL };
	dt_nomem_trap_t trap;
	jmp_buf nomem;
	int rc;

	if (dtp->dt_libstate != 0)
		return dtp->dt_libstate > 0 ? 0 : -1;
	dtp->dt_libstate = 1;
	if (dtp->dt_options[DTOPT_NOLIBS])
		return 0;
	dt_nomem_push(&trap, &nomem);
	if (setjmp(nomem) != 0) {
		dt_nomem_pop(&trap);
		if (df.df_dir != NULL)
			closedir(df.df_dir);
		free(df.df_files);
		dtp->dt_libstate = -1;
		dtp->dt_errmsg[0] = '\0';
		return dt_set_errno(dtp, EDT_NOMEM);
	}
	rc = load_all(dtp, &df);
	dt_nomem_pop(&trap);
	free(df.df_files); /* the names and sources in it are the handle's */
	if (rc != 0)
		dtp->dt_libstate = -1;
	return rc;
}

/* dtrace_close(): the table of names (they and the rest are in the handle's arena). */
void dt_dlib_fini(dtrace_hdl_t *dtp)
{
	free(dtp->dt_libnames);
}

/*
 * #pragma D depends_on <class> <name>: the program (or library file) needs
 * a provider, a kernel module or a library file.
 */
void dt_dlib_depends(dt_pcb_t *pcb, const char *kind, const char *name)
{
	dtrace_hdl_t *dtp = pcb->pcb_hdl;
	bool found = false;

	if (kind == NULL || name == NULL)
		dt_cc_error(pcb, D_PRAGMA_MALFORM, pcb->pcb_line, "malformed #pragma depends_on <class> <name>");
	if (!strcmp(kind, "provider")) {
		found = dtp->dt_hooks.dh_provider_exists(dtp, name);
	} else if (!strcmp(kind, "module")) {
		char path[512];
		struct stat st;

		snprintf(path, sizeof(path), "/sys/module/%s", name);
		found = !strcmp(name, "vmlinux") || stat(path, &st) == 0;
	} else if (!strcmp(kind, "library")) {
		if (!pcb->pcb_lib) /* DTrace's rule: libraries only order each other */
			dt_cc_error(pcb, D_PRAGMA_DEPEND, pcb->pcb_line,
				    "main program may not explicitly depend on a library");
		found = true; /* libraries: ordered by dt_dlib_load */
		for (int i = 0; i < dtp->dt_nlibnames && !found; i++)
			found = !strcmp(dtp->dt_libnames[i], name);
	} else {
		dt_cc_error(pcb, D_PRAGMA_INVAL, pcb->pcb_line, "invalid class %s specified by #pragma "
			    "depends_on", kind);
	}
	if (!found)
		dt_cc_error(pcb, D_PRAGMA_DEPEND, pcb->pcb_line, "program requires %s %s", kind, name);
}
