/*
 * dt_umap.c -- the ELF objects a process has mapped, from /proc/PID/maps:
 * each file with an executable mapping once, with its module name ("a.out"
 * for the executable, as DTrace names it; otherwise the DT_SONAME, which is
 * what the dynamic linker and users call a library, "libc.so.6", or the
 * file's base name), its address range and its load bias (run-time address
 * minus ELF virtual address: 0 for a fixed-address executable).  Files are
 * named as the process maps them (in dtrace's own mount namespace).
 *
 * The pid and USDT providers create probes from these at attach time;
 * symbol lookup for stacks can reuse them.
 */
#include "dt_proc.h"

#include <elf.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static dt_pmod_t *pmap_find(dt_umap_t *pm, const char *path)
{
	for (int i = 0; i < pm->pmp_nmods; i++)
		if (!strcmp(pm->pmp_mods[i].pm_path, path))
			return &pm->pmp_mods[i];
	return NULL;
}

dt_umap_t *dt_umap_read(pid_t pid)
{
	char file[64], exe[PATH_MAX], line[PATH_MAX + 256];
	ssize_t n;
	dt_umap_t *pm;
	FILE *fp;

	snprintf(file, sizeof(file), "/proc/%d/maps", (int)pid);
	if ((fp = fopen(file, "re")) == NULL)
		return NULL;
	snprintf(file, sizeof(file), "/proc/%d/exe", (int)pid);
	if ((n = readlink(file, exe, sizeof(exe) - 1)) < 0)
		n = 0;
	exe[n] = '\0';
	pm = dt_zalloc(sizeof(*pm));
	pm->pmp_pid = pid;
	while (fgets(line, sizeof(line), fp) != NULL) {
		unsigned long long start, end, off;
		char perms[8], *path, *nl;
		int pos = 0;
		dt_pmod_t *mod;

		if (sscanf(line, "%llx-%llx %7s %llx %*s %*s%n", &start, &end, perms, &off, &pos) < 4 ||
		    pos == 0)
			continue;
		path = line + pos;
		while (*path == ' ')
			path++;
		if ((nl = strchr(path, '\n')) != NULL)
			*nl = '\0';
		if (*path != '/' || strstr(path, " (deleted)") != NULL)
			continue;
		if ((mod = pmap_find(pm, path)) == NULL) {
			pm->pmp_mods = dt_realloc(pm->pmp_mods, sizeof(dt_pmod_t) * (pm->pmp_nmods + 1));
			mod = &pm->pmp_mods[pm->pmp_nmods++];
			memset(mod, 0, sizeof(*mod));
			mod->pm_path = dt_strdup(path);
			mod->pm_start = start;
			mod->pm_bias = UINT64_MAX; /* from the mapping at offset 0 */
			mod->pm_exec = -1;	   /* no executable mapping yet */
		}
		if (start < mod->pm_start)
			mod->pm_start = start;
		if (end > mod->pm_end)
			mod->pm_end = end;
		if (off == 0 && mod->pm_bias == UINT64_MAX)
			mod->pm_bias = start; /* minus the lowest vaddr, once the ELF is read */
		if (perms[2] == 'x')
			mod->pm_exec = 0;
	}
	fclose(fp);
	/* keep the files with code; name them */
	int j = 0;

	for (int i = 0; i < pm->pmp_nmods; i++) {
		dt_pmod_t *mod = &pm->pmp_mods[i];
		const char *slash = strrchr(mod->pm_path, '/');
		dt_uelf_t *ue;

		if (mod->pm_exec < 0 || (ue = dt_pmod_elf(mod)) == NULL) {
			free(mod->pm_path);
			dt_uelf_free(mod->pm_elf);
			continue;
		}
		mod->pm_exec = !strcmp(mod->pm_path, exe);
		mod->pm_base = dt_strdup(slash + 1);
		mod->pm_name = dt_strdup(mod->pm_exec ? "a.out"
					 : ue->ue_soname != NULL ? ue->ue_soname : slash + 1);
		if (mod->pm_bias == UINT64_MAX)
			mod->pm_bias = mod->pm_start;
		mod->pm_bias = ue->ue_type == ET_EXEC ? 0 : mod->pm_bias - ue->ue_minvaddr;
		pm->pmp_mods[j++] = *mod;
	}
	pm->pmp_nmods = j;
	return pm;
}

/* The module's ELF facts, read once. */
dt_uelf_t *dt_pmod_elf(dt_pmod_t *mod)
{
	if (mod->pm_elf == NULL)
		mod->pm_elf = dt_uelf_open(mod->pm_path);
	return mod->pm_elf;
}

void dt_umap_free(dt_umap_t *pm)
{
	if (pm == NULL)
		return;
	for (int i = 0; i < pm->pmp_nmods; i++) {
		free(pm->pmp_mods[i].pm_path);
		free(pm->pmp_mods[i].pm_name);
		free(pm->pmp_mods[i].pm_base);
		dt_uelf_free(pm->pmp_mods[i].pm_elf);
	}
	free(pm->pmp_mods);
	free(pm);
}
