/*
 * dt_ksym.c -- kernel symbols for backquoted names (`jiffies,
 * `vmlinux`init_task): the address from /proc/kallsyms, read only when a
 * script names one, and the type from BTF.
 */
#include "dt_types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The address of a kernel data symbol (module NULL: any; "vmlinux": the
 * kernel's own).  Returns 0, -1 if kallsyms has no such symbol, -2 if its
 * addresses are hidden (kptr_restrict).
 */
int dt_ksym_addr(dtrace_hdl_t *dtp, const char *module, const char *name, uint64_t *addrp)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512];
	size_t len = strlen(name);
	int rc = -1;

	(void)dtp;
	if (fp == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp) != NULL) {
		char *sp1 = strchr(line, ' '), *sym, *end, *mod;

		if (sp1 == NULL || sp1[1] == '\0' || sp1[2] != ' ')
			continue;
		sym = sp1 + 3;
		if (strncmp(sym, name, len) != 0 || (sym[len] != '\n' && sym[len] != '\t' &&
						     sym[len] != '\0'))
			continue;
		mod = strchr(sym, '[');
		if (module != NULL && strcmp(module, "vmlinux") != 0) {
			if (mod == NULL || strncmp(mod + 1, module, strlen(module)) != 0 ||
			    mod[1 + strlen(module)] != ']')
				continue;
		} else if (module != NULL && mod != NULL) {
			continue;
		}
		*addrp = strtoull(line, &end, 16);
		rc = *addrp != 0 ? 0 : -2;
		break;
	}
	fclose(fp);
	return rc;
}
