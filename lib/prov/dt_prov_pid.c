/*
 * dt_prov_pid.c -- the pid provider: pid<N>:<module>:<function>:entry,
 * :return and :<offset> (hex, "1c" or "0x1c": an instruction inside the
 * function), created when a description names them, for the executable
 * ("a.out", or its file's name) and every library process N has mapped at
 * that moment (a module is named by its SONAME or base name: "libc.so.6").
 * Module, function and name may be globs; a glob name gives entry and
 * return only (offset probes are made only for a literal offset, which
 * must be inside the function and on an instruction boundary:
 * prov/dt_insnlen.c decodes the function from its start, and anything
 * else is refused, as in DTrace).  Functions are the ELF function symbols
 * (.symtab, or .dynsym where stripped): a literal function name may be any
 * of a function's names (calloc, __libc_calloc), a glob gives each
 * function once under its best matching name; an IFUNC is probed at the
 * implementation its resolver chose (read from the process).
 *
 * Arguments: at entry (and at an offset) arg0..arg5 are the argument
 * registers of the C ABI (layout/dt_arch.h).  At return, arg1 is the return
 * value; arg0 would be the offset of the returning instruction in DTrace,
 * which a uretprobe cannot know (it fires at the return address, after the
 * return): it is 0 here (docs/linux-differences.md).  ustack() at an entry
 * probe has the caller (pr_uentry_ra, docs/stacks.md).
 *
 * The function "-" names no function: the probe name is an absolute
 * address in the executable (pid123:a.out:-:401136, or pid123::-:401136),
 * as in illumos' dt_pid.c, with its checks and messages: another module is
 * "only the a.out module is valid with the '-' function" (D_PROC_LIB), a
 * pattern or no name "only individual addresses may be specified with the
 * '-' function" (D_PROC_NAME).  A provider name ending in digits names a
 * process, read as illumos' dt_pid_get_pid() reads it: digits only are
 * "'123' is not a valid provider" (D_PROC_BADPROV), a pid of 0 or too big
 * "'pid0' does not contain a valid pid" (D_PROC_BADPID).
 */
#include "dt_uprobe.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

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

/*
 * The kernel (6.11 on) itself adds the return address at [sp] to a user
 * stack taken at a uprobe on push %rbp or endbr64; for other first
 * instructions ustack() adds it (pr_uentry_ra).
 */
static bool kernel_adds_ra(void)
{
	static int known = -1;
	struct utsname u;
	int maj = 0, min = 0;

	if (known < 0)
		known = uname(&u) == 0 && sscanf(u.release, "%d.%d", &maj, &min) == 2 &&
			(maj > 6 || (maj == 6 && min >= 11));
	return known;
}

/*
 * Where the function of symbol s starts (ELF virtual address), 0 if it
 * cannot be known: an IFUNC's is the implementation its resolver chose,
 * which the dynamic linker stored in the slot of an IRELATIVE relocation
 * of the object (read from the process).
 */
/*
 * A module description names an object by its name, or by that name without its
 * version ("libc.so" for "libc.so.6"), or without ".so" too ("libc"), as
 * illumos' pid provider matches (dt_pid.c): scripts name libc so.
 */
static bool mod_matches(const char *name, const char *pat)
{
	char base[256];
	char *so;

	snprintf(base, sizeof(base), "%s", name);
	if ((so = strstr(base, ".so.")) == NULL)
		so = strstr(base, ".so");
	if (so == NULL || (so[3] != '\0' && so[3] != '.'))
		return false;
	so[3] = '\0';
	if (strcmp(base, name) != 0 && strcmp(base, pat) == 0)
		return true;
	so[0] = '\0';
	return strcmp(base, pat) == 0;
}

/* A literal description's module naming library name otherwise: the clauses match it too. */
static bool mod_alias(const char *name, const char *pat)
{
	return pat != NULL && *pat != '\0' && strpbrk(pat, "*?[\\") == NULL && mod_matches(name, pat);
}

static uint64_t func_addr(dt_pmod_t *mod, const dt_usym_t *s, int pid, uint64_t *sizep)
{
	dt_uelf_t *ue = mod->pm_elf;
	const dt_usym_t *impl;
	char path[64];
	uint64_t rt = 0;
	int fd;

	*sizep = s->us_size;
	if (!s->us_ifunc)
		return s->us_addr;
	for (int i = 0; i < ue->ue_nirel; i++) {
		if (ue->ue_irel[i].resolver != s->us_addr)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/mem", pid);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			return 0;
		if (pread(fd, &rt, 8, (off_t)(mod->pm_bias + ue->ue_irel[i].slot)) != 8)
			rt = 0;
		close(fd);
		break;
	}
	if (rt < mod->pm_start || rt >= mod->pm_end)
		return 0; /* not resolved (yet), or elsewhere */
	rt -= mod->pm_bias;
	impl = dt_uelf_lookup(ue, rt);
	*sizep = impl != NULL && impl->us_addr == rt ? impl->us_size : 0;
	return rt;
}

/*
 * An offset probe's offset: refused (as in DTrace) past the function's end
 * and off an instruction boundary (decoded from the function's start).
 */
static int check_offset(dtrace_hdl_t *dtp, dt_pmod_t *mod, const char *func, uint64_t addr,
			uint64_t size, uint64_t off)
{
	uint8_t buf[4096 + 16];
	size_t n, at = 0;

	if (size != 0 && off >= size)
		return dt_set_errmsg(dtp, EDT_NOPROBE, "offset 0x%llx outside of function '%s'",
				     (unsigned long long)off, func);
	if (off + 16 > sizeof(buf))
		return dt_set_errmsg(dtp, EDT_NOPROBE, "offset 0x%llx outside of function '%s'",
				     (unsigned long long)off, func);
	n = dt_uelf_read(mod->pm_elf, addr, buf, size != 0 && size < off + 16 ? size : off + 16);
	while (at < off) {
		int len = dt_insn_len(buf + at, n - at);

		if (len <= 0)
			break;
		at += (size_t)len;
	}
	if (at != off)
		return dt_set_errmsg(dtp, EDT_NOPROBE, "offset 0x%llx is not aligned on an instruction",
				     (unsigned long long)off);
	return 0;
}

/* The probes of function s (named name in module modname) that pd names. */
static int pid_func(dtrace_hdl_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd,
		    dt_pmod_t *mod, const char *modname, const dt_usym_t *s, const char *func,
		    int pid)
{
	static const char *const names[] = { "entry", "return" };
	const char *name = pd->pd_name;
	dt_uprobe_t up = { .up_path = mod->pm_path, .up_pid = pid };
	uint64_t size, addr = func_addr(mod, s, pid, &size);
	int64_t foff = addr != 0 ? dt_uelf_off(mod->pm_elf, addr) : -1;
	dt_probe_t *pr;

	if (foff < 0)
		return 0;
	for (int r = 0; r < 2; r++) {
		uint8_t first[4] = { 0 };
		uint32_t w;

		if (!dt_uprobe_field(names[r], name))
			continue;
		up.up_ret = r;
		pr = dt_uprobe_create(dtp, pv, pd->pd_prov, modname, func, names[r], "", &up,
				      (dt_usite_t){ (uint64_t)foff, 0 });
		if (r == 1)
			continue;
		dt_uelf_read(mod->pm_elf, addr, first, sizeof(first));
		memcpy(&w, first, 4);
		pr->pr_uentry_ra = !kernel_adds_ra() ||
				   !(first[0] == DT_INSN_PUSH_RBP || w == DT_INSN_ENDBR64);
	}
	/* an offset: hexadecimal, "1c" or "0x1c" (DTrace reads it with strtoull) */
	if (name != NULL && *name != '\0' && strpbrk(name, "*?[\\") == NULL && strcmp(name, "entry") != 0 &&
	    strcmp(name, "return") != 0) {
		char *end;
		unsigned long long off = strtoull(name, &end, 16);

		if (*end != '\0')
			return dt_set_errmsg(dtp, EDT_NOPROBE, "'%s' is an invalid probe name", name);
		if (check_offset(dtp, mod, func, addr, size, off) != 0)
			return -1;
		up.up_ret = false;
		dt_uprobe_create(dtp, pv, pd->pd_prov, modname, func, name, "", &up,
				 (dt_usite_t){ (uint64_t)foff + off, 0 });
	}
	return 0;
}

static bool is_glob(const char *s)
{
	return s == NULL || *s == '\0' || strpbrk(s, "*?[\\") != NULL;
}

/*
 * A provider name that ends in a digit and is no provider's names a process
 * (pid123, a USDT provider's prov123): its pid must be there and valid, as
 * illumos' dt_setcontext() and dt_pid_get_pid() check.
 */
static int pid_check_prov(dtrace_hdl_t *dtp, const char *prov)
{
	const char *last = NULL;
	size_t n = prov != NULL ? strlen(prov) : 0;
	char *end;
	long v;

	if (n == 0 || !isdigit((unsigned char)prov[n - 1]) || is_glob(prov) ||
	    dt_provider_lookup(dtp, prov) != NULL)
		return 0;
	for (const char *p = prov; *p != '\0'; p++)
		if (!isdigit((unsigned char)*p))
			last = p;
	if (last == NULL)
		return dt_set_errmsg(dtp, EDT_NOPROBE, "'%s' is not a valid provider", prov);
	errno = 0;
	v = strtol(last + 1, &end, 10);
	if (errno != 0 || *end != '\0' || v <= 0 || v > INT_MAX)
		return dt_set_errmsg(dtp, EDT_NOPROBE, "'%s' does not contain a valid pid", prov);
	return 0;
}

/*
 * pid<N>:a.out:-:<address>: a probe at an absolute address of the
 * executable (in hexadecimal, as an offset is), as illumos makes one.
 */
static int pid_dash(dtrace_hdl_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd, dt_umap_t *pm,
		    int pid)
{
	const char *name = pd->pd_name;
	dt_pmod_t *mod = NULL;
	const char *modname = NULL;
	unsigned long long addr;
	dt_uprobe_t up = { .up_pid = pid };
	int64_t foff = -1;
	char *end;

	for (int m = 0; m < pm->pmp_nmods && mod == NULL; m++)
		if (pm->pmp_mods[m].pm_exec)
			mod = &pm->pmp_mods[m];
	if (pd->pd_mod == NULL || *pd->pd_mod == '\0' || !strcmp(pd->pd_mod, "a.out"))
		modname = mod != NULL ? mod->pm_name : NULL;
	else if (!is_glob(pd->pd_mod) && mod != NULL && !strcmp(pd->pd_mod, mod->pm_base))
		modname = mod->pm_base;
	if (modname == NULL)
		return dt_set_errmsg(dtp, EDT_NOPROBE, "only the a.out module is valid with the '-' "
				     "function");
	if (is_glob(name))
		return dt_set_errmsg(dtp, EDT_NOPROBE, "only individual addresses may be specified "
				     "with the '-' function");
	addr = strtoull(name, &end, 16);
	if (*end != '\0')
		return dt_set_errmsg(dtp, EDT_NOPROBE, "'%s' is an invalid probe name", name);
	if (addr >= mod->pm_start && addr < mod->pm_end && dt_pmod_elf(mod) != NULL)
		foff = dt_uelf_off(mod->pm_elf, addr - mod->pm_bias);
	if (foff < 0) /* illumos' fasttrap would fail to write the tracepoint */
		return dt_set_errmsg(dtp, EDT_NOPROBE, "failed to create probe at '-+0x%llx': %s",
				     addr, strerror(EINVAL));
	up.up_path = mod->pm_path;
	dt_uprobe_create(dtp, pv, pd->pd_prov, modname, "-", name, "", &up,
			 (dt_usite_t){ (uint64_t)foff, 0 });
	return 0;
}

static int pid_provide(dtrace_hdl_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	int pid = pid_of(pd->pd_prov);
	dt_umap_t *pm;

	if (pid_check_prov(dtp, pd->pd_prov) != 0)
		return -1;
	if (pid == 0)
		return 0;
	if ((pm = dt_uprobe_pmap(dtp, pv, pid)) == NULL)
		return -1;
	if (pd->pd_func != NULL && !strcmp(pd->pd_func, "-"))
		return pid_dash(dtp, pv, pd, pm, pid);
	for (int m = 0; m < pm->pmp_nmods; m++) {
		dt_pmod_t *mod = &pm->pmp_mods[m];
		const char *modname = mod->pm_name;
		dt_uelf_t *ue;
		int last = -1;
		bool found = false;

		/*
		 * The executable is "a.out", and also its file's name; a library
		 * is also its name without version or ".so" (mod_alias): its
		 * probes are then under the library's name, as illumos'
		 * dt_pid_fix_mod() names them.
		 */
		if (!dt_uprobe_field(modname, pd->pd_mod)) {
			if (mod->pm_exec && dt_uprobe_field(mod->pm_base, pd->pd_mod))
				modname = mod->pm_base;
			else if (!mod_alias(modname, pd->pd_mod))
				continue;
		}
		if ((ue = dt_pmod_elf(mod)) == NULL)
			continue;
		/*
		 * Every name of a function is a probe of it when named literally
		 * (calloc, __libc_calloc); a pattern gives each function once,
		 * under its best name that matches.
		 */
		for (int i = 0; i < ue->ue_naliases; i++) {
			const dt_ualias_t *ua = &ue->ue_aliases[i];

			if (ua->ua_sym == last || !dt_uprobe_field(ua->ua_name, pd->pd_func))
				continue;
			found = true;
			if (is_glob(pd->pd_func))
				last = ua->ua_sym;
			if (pid_func(dtp, pv, pd, mod, modname, &ue->ue_syms[ua->ua_sym], ua->ua_name,
				     pid) != 0)
				return -1;
		}
		/*
		 * a function named literally in a module named literally:
		 * illumos' D_PROC_FUNC, naming the module by the object's name
		 */
		if (!found && !is_glob(pd->pd_func) && !is_glob(pd->pd_mod))
			return dt_set_errmsg(dtp, EDT_NOPROBE, "failed to lookup '%s' in module '%s'",
					     pd->pd_func, modname);
	}
	return 0;
}

/*
 * arg0.. are the argument registers at entry (at an offset too), arg1 the
 * return value at return.  args[] are typed where the file has DWARF for
 * the function (types/dt_dwarf.c): its parameters in registers at entry,
 * its return type as args[1] at return (args[0] the offset, as arg0).
 */
static int pid_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	static const int16_t regs[] = DT_FUNC_ARGREGS;
	dt_uprobe_t *up = pr->pr_data;
	dt_type_t *params[DT_FUNC_NARGREGS], *ret;
	int n;

	if (pr->pr_return)
		pr->pr_argsrc[1] = (dt_argsrc_t){ DT_ARG_CTX, 8, DT_REGS_RETVAL };
	else
		for (int i = 0; i < DT_FUNC_NARGREGS; i++)
			pr->pr_argsrc[i] = (dt_argsrc_t){ DT_ARG_CTX, 8, regs[i] };
	n = dt_dwarf_func_types(dtp, up->up_path, pr->pr_desc.dtpd_func, params, DT_FUNC_NARGREGS,
				&ret);
	if (n < 0 || (strcmp(pr->pr_desc.dtpd_name, "entry") != 0 && !pr->pr_return))
		return 0; /* no DWARF, or an offset (the registers hold what they hold) */
	pr->pr_argtypes = dt_arena_zalloc(&dtp->dt_arena, sizeof(dt_type_t *) * DT_NARGS);
	if (pr->pr_return) {
		if (ret == NULL || ret->dt_canon->dt_kind == DT_TK_VOID)
			return 0;
		pr->pr_argtypes[0] = dt_type_int(dtp, 8, false);
		pr->pr_argtypes[1] = ret;
		pr->pr_nargs = 2;
		return 0;
	}
	memcpy(pr->pr_argtypes, params, sizeof(dt_type_t *) * (size_t)n);
	pr->pr_nargs = n;
	return 0;
}

dt_provider_t dt_prov_pid = {
	.pv_name = "pid",
	.pv_anyname = true,
	.pv_modalias = mod_alias,
	.pv_provide = pid_provide,
	.pv_probe_info = dt_uprobe_info,
	.pv_probe_args = pid_probe_args,
	.pv_prepare = dt_uprobe_prepare,
	.pv_attach = dt_uprobe_attach,
	.pv_fini = dt_uprobe_fini,
};
