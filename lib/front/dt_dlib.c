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

static char *slurp(const char *path)
{
	FILE *fp = fopen(path, "r");
	size_t len = 0, cap = 8192, n;
	char *buf;

	if (fp == NULL)
		return NULL;
	buf = dt_zalloc(cap);
	while ((n = fread(buf + len, 1, cap - len - 1, fp)) > 0) {
		len += n;
		if (len + 1 == cap)
			buf = dt_realloc(buf, cap *= 2);
	}
	buf[len] = '\0';
	fclose(fp);
	return buf;
}

/* Add the *.d files of a directory not already there. */
static void scan_dir(const char *dir, dt_libfile_t **files, int *nfiles)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	int first = *nfiles;

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		char path[4096];
		bool dup = false;

		if (len < 3 || strcmp(de->d_name + len - 2, ".d") != 0 || de->d_name[0] == '.')
			continue;
		for (int i = 0; i < *nfiles; i++)
			dup |= !strcmp((*files)[i].lf_name, de->d_name);
		if (dup)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		*files = dt_realloc(*files, sizeof(dt_libfile_t) * (*nfiles + 1));
		memset(&(*files)[*nfiles], 0, sizeof(dt_libfile_t));
		(*files)[*nfiles].lf_name = dt_strdup(de->d_name);
		(*files)[*nfiles].lf_path = dt_strdup(path);
		(*nfiles)++;
	}
	closedir(d);
	qsort(*files + first, (size_t)(*nfiles - first), sizeof(dt_libfile_t), by_name);
}

/* Parse one library file: declarations only. */
static int load_one(dtrace_hdl_t *dtp, dt_libfile_t *lf)
{
	dt_pcb_t *pcb = dt_zalloc(sizeof(*pcb));
	struct dtrace_prog *pgp;

	pcb->pcb_hdl = dtp;
	pcb->pcb_src = pcb->pcb_cur = lf->lf_src;
	pcb->pcb_line = 1;
	pcb->pcb_filename = lf->lf_path;
	pcb->pcb_cflags = DTRACE_C_EMPTY;
	pcb->pcb_lib = true;
	if (setjmp(pcb->pcb_jmp) != 0) {
		char msg[sizeof(dtp->dt_errmsg)];

		free(pcb);
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
	free(pcb);
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
int dt_dlib_load(dtrace_hdl_t *dtp)
{
	dt_libfile_t *files = NULL;
	int nfiles = 0, rc = 0;
	char *tree = NULL;

	if (dtp->dt_libstate != 0)
		return dtp->dt_libstate > 0 ? 0 : -1;
	dtp->dt_libstate = 1;
	if (dtp->dt_options[DTOPT_NOLIBS])
		return 0;
	for (int i = 0; i < dtp->dt_nlibdirs; i++)
		scan_dir(dtp->dt_libdirs[i], &files, &nfiles);
	if (dtp->dt_optstr[DTOPT_SYSLIBDIR] != NULL) /* -x syslibdir: instead of the default */
		scan_dir(dtp->dt_optstr[DTOPT_SYSLIBDIR], &files, &nfiles);
	else if ((tree = tree_libdir()) != NULL)
		scan_dir(tree, &files, &nfiles);
	else
		scan_dir(DT_LIBDIR, &files, &nfiles);
	free(tree);
	for (int i = 0; i < nfiles; i++)
		if ((files[i].lf_src = slurp(files[i].lf_path)) == NULL)
			files[i].lf_src = dt_strdup("");
	for (int i = 0; i < nfiles && rc == 0; i++)
		rc = load_sorted(dtp, files, nfiles, &files[i]);
	/* sources stay: translators and inlines point into them */
	free(files);
	if (rc != 0)
		dtp->dt_libstate = -1;
	return rc;
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
