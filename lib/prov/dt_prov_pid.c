/*
 * dt_prov_pid.c -- the pid provider: pid<N>:<module>:<function>:entry,
 * :return and :<offset> (hex, an instruction inside the function), created
 * when a description names them, for the executable ("a.out") and every
 * library process N has mapped at that moment (a module is named by its
 * SONAME or base name: "libc.so.6").  Module, function and name may be
 * globs; a glob name gives entry and return only (offset probes are made
 * only for a literal offset).  Functions are the ELF function symbols
 * (.symtab, or .dynsym where stripped), one name per address.
 *
 * Arguments: at entry (and at an offset) arg0..arg5 are the argument
 * registers of the C ABI (prov/dt_arch.h).  At return, arg1 is the return
 * value; arg0 would be the offset of the returning instruction in DTrace,
 * which a uretprobe cannot know (it fires at the return address, after the
 * return): it is 0 here (docs/linux-differences.md).
 */
#include "dt_uprobe.h"
#include "dt_arch.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "pid123": 123; else 0 */
static int pid_of(const char *prov)
{
	if (prov == NULL || strncmp(prov, "pid", 3) != 0 || prov[3] == '\0' || prov[3] == '0')
		return 0;
	for (const char *p = prov + 3; *p; p++)
		if (!isdigit((unsigned char)*p))
			return 0;
	return atoi(prov + 3);
}

/* A literal offset name ("1c"): its value, else -1. */
static int64_t offset_of(const char *name)
{
	char buf[32];
	unsigned long long v;

	if (name == NULL || *name == '\0' || strlen(name) > 16)
		return -1;
	for (const char *p = name; *p; p++)
		if (!isxdigit((unsigned char)*p) || isupper((unsigned char)*p))
			return -1;
	v = strtoull(name, NULL, 16);
	snprintf(buf, sizeof(buf), "%llx", v);
	return strcmp(buf, name) == 0 ? (int64_t)v : -1; /* the canonical spelling only */
}

static void pid_func(dtrace_hdl_t *dtp, dt_provider_t *pv, const char *prov, dt_pmod_t *mod,
		     const dt_usym_t *s, const char *name, int pid)
{
	static const char *const names[] = { "entry", "return" };
	int64_t off = offset_of(name), foff = dt_uelf_off(mod->pm_elf, s->us_addr);
	dt_uprobe_t up = { .up_path = mod->pm_path, .up_pid = pid };

	if (foff < 0)
		return;
	for (int r = 0; r < 2; r++) {
		if (!dt_uprobe_field(names[r], name))
			continue;
		up.up_ret = r;
		dt_uprobe_create(dtp, pv, prov, mod->pm_name, s->us_name, names[r], "", &up,
				 (dt_usite_t){ (uint64_t)foff, 0 });
	}
	if (off >= 0 && (s->us_size == 0 || (uint64_t)off < s->us_size)) {
		up.up_ret = false;
		dt_uprobe_create(dtp, pv, prov, mod->pm_name, s->us_name, name, "", &up,
				 (dt_usite_t){ (uint64_t)(foff + off), 0 });
	}
}

static int pid_provide(dtrace_hdl_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	int pid = pid_of(pd->pd_prov);
	dt_umap_t *pm;

	if (pid == 0)
		return 0;
	if ((pm = dt_uprobe_pmap(dtp, pv, pid)) == NULL)
		return -1;
	for (int m = 0; m < pm->pmp_nmods; m++) {
		dt_pmod_t *mod = &pm->pmp_mods[m];
		dt_uelf_t *ue;

		if (!dt_uprobe_field(mod->pm_name, pd->pd_mod) || (ue = dt_pmod_elf(mod)) == NULL)
			continue;
		for (int i = 0; i < ue->ue_nsyms; i++)
			if (dt_uprobe_field(ue->ue_syms[i].us_name, pd->pd_func))
				pid_func(dtp, pv, pd->pd_prov, mod, &ue->ue_syms[i], pd->pd_name, pid);
	}
	return 0;
}

static int pid_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	static const int16_t regs[] = DT_FUNC_ARGREGS;

	(void)dtp;
	if (pr->pr_return) {
		pr->pr_argsrc[1] = (dt_argsrc_t){ DT_ARG_CTX, 8, DT_REGS_RETVAL };
		return 0;
	}
	for (int i = 0; i < DT_FUNC_NARGREGS; i++)
		pr->pr_argsrc[i] = (dt_argsrc_t){ DT_ARG_CTX, 8, regs[i] };
	return 0;
}

dt_provider_t dt_prov_pid = {
	.pv_name = "pid",
	.pv_anyname = true,
	.pv_provide = pid_provide,
	.pv_probe_info = dt_uprobe_info,
	.pv_probe_args = pid_probe_args,
	.pv_prepare = dt_uprobe_prepare,
	.pv_attach = dt_uprobe_attach,
};
