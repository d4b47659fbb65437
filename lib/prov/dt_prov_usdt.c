/*
 * dt_prov_usdt.c -- user-level statically defined tracing: the probes of
 * the SystemTap SDT notes (.note.stapsdt) in a process's executable and
 * shared libraries, as binaries built with <sys/sdt.h> (or with the header
 * dtrace -h writes) carry them.
 *
 * A note (provider P, name N, site, semaphore, operands) of process PID is
 * probe P<PID>:<module>:<function>:<N with "__" shown as "-">, the module
 * being the executable's base name or the library's SONAME, the function
 * the one containing the site.  Sites of one probe in one function with
 * the same operands are one probe with several sites.  Probes are made for
 * a description that names P<PID> (any P); a description with an empty or
 * glob provider sees those of the processes already grabbed (-p) or
 * started, and listing everything (dtrace -l -c cmd) those of the -c
 * command too.
 *
 * Arguments arg0..argN come from the note's operand descriptions,
 * "[-]size@operand" in the assembler's syntax: a register ("8@%rdi",
 * "-4@%eax": the u64 in pt_regs cut to the size, sign-extended if the size
 * is negative), memory at a register plus a displacement ("8@-16(%rbp)",
 * read from the process; unreadable memory reads 0) or a constant
 * ("4@$5").  Operands the decoder does not know (symbols, %rip-relative,
 * indexed addressing) read 0.  Semaphores are counted by the kernel while
 * the probe is attached (prov/dt_uprobe.c).
 */
#include "dt_uprobe.h"
#include "dt_prov.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The assembler's register names: pt_regs offset and width in bytes. */
static const struct {
	const char *name;
	int16_t off;
	uint8_t width;
} dt_usdt_regs[] = {
	{ "rax", DT_REGS_AX, 8 }, { "eax", DT_REGS_AX, 4 }, { "ax", DT_REGS_AX, 2 }, { "al", DT_REGS_AX, 1 },
	{ "rbx", DT_REGS_BX, 8 }, { "ebx", DT_REGS_BX, 4 }, { "bx", DT_REGS_BX, 2 }, { "bl", DT_REGS_BX, 1 },
	{ "rcx", DT_REGS_CX, 8 }, { "ecx", DT_REGS_CX, 4 }, { "cx", DT_REGS_CX, 2 }, { "cl", DT_REGS_CX, 1 },
	{ "rdx", DT_REGS_DX, 8 }, { "edx", DT_REGS_DX, 4 }, { "dx", DT_REGS_DX, 2 }, { "dl", DT_REGS_DX, 1 },
	{ "rsi", DT_REGS_SI, 8 }, { "esi", DT_REGS_SI, 4 }, { "si", DT_REGS_SI, 2 }, { "sil", DT_REGS_SI, 1 },
	{ "rdi", DT_REGS_DI, 8 }, { "edi", DT_REGS_DI, 4 }, { "di", DT_REGS_DI, 2 }, { "dil", DT_REGS_DI, 1 },
	{ "rbp", DT_REGS_BP, 8 }, { "ebp", DT_REGS_BP, 4 }, { "bp", DT_REGS_BP, 2 }, { "bpl", DT_REGS_BP, 1 },
	{ "rsp", DT_REGS_SP, 8 }, { "esp", DT_REGS_SP, 4 }, { "sp", DT_REGS_SP, 2 }, { "spl", DT_REGS_SP, 1 },
	{ "r8", DT_REGS_R8, 8 }, { "r8d", DT_REGS_R8, 4 }, { "r8w", DT_REGS_R8, 2 }, { "r8b", DT_REGS_R8, 1 },
	{ "r9", DT_REGS_R9, 8 }, { "r9d", DT_REGS_R9, 4 }, { "r9w", DT_REGS_R9, 2 }, { "r9b", DT_REGS_R9, 1 },
	{ "r10", DT_REGS_R10, 8 }, { "r10d", DT_REGS_R10, 4 }, { "r10w", DT_REGS_R10, 2 }, { "r10b", DT_REGS_R10, 1 },
	{ "r11", DT_REGS_R11, 8 }, { "r11d", DT_REGS_R11, 4 }, { "r11w", DT_REGS_R11, 2 }, { "r11b", DT_REGS_R11, 1 },
	{ "r12", DT_REGS_R12, 8 }, { "r12d", DT_REGS_R12, 4 }, { "r12w", DT_REGS_R12, 2 }, { "r12b", DT_REGS_R12, 1 },
	{ "r13", DT_REGS_R13, 8 }, { "r13d", DT_REGS_R13, 4 }, { "r13w", DT_REGS_R13, 2 }, { "r13b", DT_REGS_R13, 1 },
	{ "r14", DT_REGS_R14, 8 }, { "r14d", DT_REGS_R14, 4 }, { "r14w", DT_REGS_R14, 2 }, { "r14b", DT_REGS_R14, 1 },
	{ "r15", DT_REGS_R15, 8 }, { "r15d", DT_REGS_R15, 4 }, { "r15w", DT_REGS_R15, 2 }, { "r15b", DT_REGS_R15, 1 },
};

/* "%reg" at *pp: its entry, *pp past it; -1 if unknown. */
static int usdt_reg(const char **pp)
{
	const char *p = *pp + 1;
	size_t n = 0;

	if (**pp != '%')
		return -1;
	while (isalnum((unsigned char)p[n]))
		n++;
	for (size_t i = 0; i < sizeof(dt_usdt_regs) / sizeof(dt_usdt_regs[0]); i++) {
		if (strlen(dt_usdt_regs[i].name) == n && !strncmp(dt_usdt_regs[i].name, p, n)) {
			*pp = p + n;
			return (int)i;
		}
	}
	return -1;
}

/*
 * One operand description ("-4@%eax", "8@-16(%rbp)", "4@$5", "%rdi"): its
 * source.  Unknown forms read 0.
 */
void dt_usdt_operand(const char *s, dt_argsrc_t *as, int64_t *val)
{
	const char *at = strchr(s, '@'), *p;
	long size = 8;
	char *end;
	int r;

	*as = (dt_argsrc_t){ DT_ARG_ZERO, 0, 0 };
	*val = 0;
	if (at != NULL) {
		size = strtol(s, &end, 10);
		if (end != at || size == 0 || labs(size) > 8)
			return;
		p = at + 1;
	} else {
		p = s;
	}
	uint8_t sz = (uint8_t)(labs(size) | (size < 0 ? DT_ARG_SIGNED : 0));

	if (*p == '%') {
		if ((r = usdt_reg(&p)) < 0 || *p != '\0')
			return;
		if (dt_usdt_regs[r].width < labs(size))
			sz = dt_usdt_regs[r].width; /* the register's bits, zero-extended */
		*as = (dt_argsrc_t){ DT_ARG_CTXN, sz, dt_usdt_regs[r].off };
		return;
	}
	if (*p == '$') {
		long long v = strtoll(p + 1, &end, 0);

		if (*end != '\0' || end == p + 1)
			return;
		*as = (dt_argsrc_t){ DT_ARG_CONST, sz, 0 };
		*val = v;
		return;
	}
	if (*p == '-' || *p == '(' || isdigit((unsigned char)*p)) {
		long long disp = *p == '(' ? 0 : strtoll(p, &end, 0);

		if (*p != '(')
			p = end;
		if (*p++ != '(' || (r = usdt_reg(&p)) < 0 || strcmp(p, ")") != 0 ||
		    dt_usdt_regs[r].width != 8)
			return;
		*as = (dt_argsrc_t){ DT_ARG_UMEM, sz, dt_usdt_regs[r].off };
		*val = disp;
	}
}

/* The operands of a note: up->up_args and the values. */
static int usdt_operands(const char *args, dt_argsrc_t *as, int64_t *vals)
{
	char *copy = dt_strdup(args), *save = NULL;
	int n = 0;

	for (char *w = strtok_r(copy, " \t", &save); w && n < DT_NARGS; w = strtok_r(NULL, " \t", &save)) {
		dt_usdt_operand(w, &as[n], &vals[n]);
		n++;
	}
	free(copy);
	return n;
}

/* The probes of every note in the process. */
static int usdt_scan(dtrace_hdl_t *dtp, dt_provider_t *pv, int pid)
{
	dt_umap_t *pm;

	if (dt_uprobe_seen(pv, pid))
		return 0;
	if ((pm = dt_uprobe_pmap(dtp, pv, pid)) == NULL)
		return -1;
	for (int m = 0; m < pm->pmp_nmods; m++) {
		dt_pmod_t *mod = &pm->pmp_mods[m];
		dt_uelf_t *ue = dt_pmod_elf(mod);

		for (int i = 0; ue != NULL && i < ue->ue_nusdt; i++) {
			const dt_usdt_t *ud = &ue->ue_usdt[i];
			const dt_usym_t *fn = dt_uelf_lookup(ue, ud->ud_pc);
			int64_t off = dt_uelf_off(ue, ud->ud_pc);
			int64_t sema = ud->ud_sema ? dt_uelf_off(ue, ud->ud_sema) : 0;
			char prov[DTRACE_PROVNAMELEN], name[DTRACE_NAMELEN], *q = name;
			dt_uprobe_t up = { .up_path = mod->pm_path, .up_pid = pid };
			int64_t vals[DT_NARGS] = { 0 };
			dt_probe_t *pr;

			if (off < 0 || sema < 0)
				continue;
			snprintf(prov, sizeof(prov), "%s%d", ud->ud_prov, pid);
			for (const char *p = ud->ud_name; *p && q < name + sizeof(name) - 1; p++) {
				*q++ = p[0] == '_' && p[1] == '_' ? '-' : *p;
				p += p[0] == '_' && p[1] == '_';
			}
			*q = '\0';
			up.up_nargs = usdt_operands(ud->ud_args, up.up_args, vals);
			pr = dt_uprobe_create(dtp, pv, prov, mod->pm_exec ? mod->pm_base : mod->pm_name,
					      fn != NULL ? fn->us_name : "", name, ud->ud_args, &up,
					      (dt_usite_t){ (uint64_t)off, (uint64_t)sema });
			memcpy(pr->pr_argval, vals, sizeof(vals));
		}
	}
	return 0;
}

/* "python123" (not "pid123"): 123; else 0 */
static int usdt_pid(const char *prov)
{
	size_t n = strlen(prov), d = n;

	while (d > 0 && isdigit((unsigned char)prov[d - 1]))
		d--;
	if (d == n || d == 0 || prov[d] == '0' || (d == 3 && !strncmp(prov, "pid", 3)))
		return 0;
	return atoi(prov + d);
}

static int usdt_provide(dtrace_hdl_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	const char *prov = pd->pd_prov;

	if (prov != NULL && *prov != '\0' && strpbrk(prov, "*?[\\") == NULL) {
		int pid = usdt_pid(prov);

		return pid > 0 ? usdt_scan(dtp, pv, pid) : 0;
	}
	if (dtp->dt_procs == NULL)
		return 0;
	for (dt_proc_t *dpr = dtp->dt_procs->dpl_head; dpr; dpr = dpr->dpr_next) {
		/* a -c command not yet started is started only to list everything */
		if (dpr->dpr_gone || (dpr->dpr_created && !dpr->dpr_atentry && prov != NULL))
			continue;
		if (usdt_scan(dtp, pv, dpr->dpr_pid) != 0)
			return -1;
	}
	return 0;
}

static int usdt_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	dt_uprobe_t *up = pr->pr_data;

	(void)dtp;
	memcpy(pr->pr_argsrc, up->up_args, sizeof(up->up_args));
	return 0;
}

dt_provider_t dt_prov_usdt = {
	.pv_name = "usdt",
	.pv_anyname = true,
	.pv_provide = usdt_provide,
	.pv_probe_info = dt_uprobe_info,
	.pv_probe_args = usdt_probe_args,
	.pv_prepare = dt_uprobe_prepare,
	.pv_attach = dt_uprobe_attach,
	.pv_fini = dt_uprobe_fini,
};
