/*
 * dt_sym.c -- symbol tables: the kernel's from /proc/kallsyms, a process's
 * from the ELF files it maps, through elfutils' libdwfl (symbol tables,
 * .gnu_debugdata, separate debug files, PIE and shared-library load
 * biases).
 *
 * Both are loaded only when a record that needs them is printed.  A
 * process's mappings are a snapshot of its /proc/PID/maps taken the first
 * time its pid is seen (dt_usym_capture(), called as records arrive, for
 * the -c and -p processes, and by the consumer's pid watch): a process
 * that has exited by the time its stacks are printed still resolves, its
 * files being read from disk by path.  A pid whose maps could never be
 * read prints raw addresses, as DTrace does for a process it cannot grab.
 */
#include "dt_proc.h"

#include <elfutils/libdwfl.h>
#include <dwarf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct dt_ksym {
	uint64_t ks_addr;
	const char *ks_name;
	const char *ks_mod;
} dt_ksym_t;

/* One address's answers: printing 10,000 stacks looks the same PCs up again and again. */
typedef struct dt_symcache {
	uint64_t sc_addr;	/* 0: a free slot */
	int sc_rc;		/* dt_usym_lookup()'s */
	int sc_nofp[2];		/* dt_usym_nofp()'s, not top / top; -1: not asked yet */
	char *sc_mod, *sc_name;
	uint64_t sc_symaddr;
} dt_symcache_t;

typedef struct dt_uproc {
	pid_t up_pid;
	char *up_maps;		/* /proc/PID/maps as captured, or NULL: never readable */
	size_t up_mapslen;
	char *up_pmaps;		/* mappings made while traced (dt_pmap.c), same format */
	size_t up_pmapslen;
	bool up_exec;		/* up_pmaps has every mapping since an exec */
	uint64_t up_captime;	/* when up_maps was read (dt_now()) */
	Dwfl *up_dwfl;		/* made from up_maps at the first lookup */
	bool up_dwflfailed;
	dt_hash_t up_cache;	/* dt_symcache_t by sc_addr, while up_dwfl stands */
} dt_uproc_t;

struct dt_symtab {
	dt_ksym_t *st_ksyms;	/* sorted by address */
	size_t st_nksyms;
	char *st_kstrings;	/* the names, one allocation */
	dt_ksym_t *st_kmods;	/* each module's lowest symbol (dt_ksym_modbase) */
	size_t st_nkmods;
	bool st_kloaded;
	dt_hash_t st_procs;	/* dt_uproc_t by up_pid */
};

static struct dt_symtab *symtab(dtrace_hdl_t *dtp)
{
	if (dtp->dt_symtab == NULL)
		dtp->dt_symtab = dt_zalloc(sizeof(struct dt_symtab));
	return dtp->dt_symtab;
}

/* ---------------------------------------------------------------- kernel */

static int ksym_cmp(const void *a, const void *b)
{
	const dt_ksym_t *x = a, *y = b;

	return x->ks_addr < y->ks_addr ? -1 : x->ks_addr > y->ks_addr;
}

/* Text symbols of /proc/kallsyms, core kernel as "vmlinux", modules by name. */
static void kload(struct dt_symtab *st)
{
	FILE *fp = fopen("/proc/kallsyms", "r");
	char line[512], *pool = NULL;
	size_t cap = 0, n = 0, plen = 0, pcap = 0;
	dt_ksym_t *syms = NULL;

	st->st_kloaded = true;
	if (fp == NULL)
		return;
	/* names are kept as offsets into the pool while it grows */
	while (fgets(line, sizeof(line), fp) != NULL) {
		unsigned long long addr;
		char type, name[256], mod[128] = "vmlinux";
		size_t ln, lm;

		if (sscanf(line, "%llx %c %255s [%127[^]]]", &addr, &type, name, mod) < 3)
			continue;
		if (addr == 0 || (type != 't' && type != 'T' && type != 'w' && type != 'W'))
			continue;
		if (strncmp(name, "__pfx_", 6) == 0) /* the padding before a function */
			continue;
		ln = strlen(name) + 1;
		lm = strlen(mod) + 1;
		if (plen + ln + lm > pcap) {
			pcap = (plen + ln + lm) * 2 + 4096;
			pool = dt_realloc(pool, pcap);
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 65536;
			syms = dt_realloc(syms, cap * sizeof(*syms));
		}
		syms[n].ks_addr = addr;
		syms[n].ks_name = (const char *)(uintptr_t)plen;
		memcpy(pool + plen, name, ln);
		plen += ln;
		syms[n].ks_mod = (const char *)(uintptr_t)plen;
		memcpy(pool + plen, mod, lm);
		plen += lm;
		n++;
	}
	fclose(fp);
	for (size_t i = 0; i < n; i++) {
		syms[i].ks_name = pool + (uintptr_t)syms[i].ks_name;
		syms[i].ks_mod = pool + (uintptr_t)syms[i].ks_mod;
	}
	qsort(syms, n, sizeof(*syms), ksym_cmp);
	st->st_ksyms = syms;
	st->st_nksyms = n;
	st->st_kstrings = pool;
}

/*
 * The kernel symbol at or below addr: 0 and its module, name and address;
 * -1 if addr is below every symbol or past the last one's module.
 */
int dt_ksym_lookup(dtrace_hdl_t *dtp, uint64_t addr, const char **modp, const char **namep,
		   uint64_t *symaddrp)
{
	struct dt_symtab *st = symtab(dtp);
	size_t lo = 0, hi;

	if (!st->st_kloaded)
		kload(st);
	hi = st->st_nksyms;
	if (hi == 0 || addr < st->st_ksyms[0].ks_addr)
		return -1;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		if (st->st_ksyms[mid].ks_addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* past the last symbol: only if within a page of it (the end of text) */
	if (lo == st->st_nksyms - 1 && addr - st->st_ksyms[lo].ks_addr > 4096)
		return -1;
	*modp = st->st_ksyms[lo].ks_mod;
	*namep = st->st_ksyms[lo].ks_name;
	*symaddrp = st->st_ksyms[lo].ks_addr;
	return 0;
}

/*
 * The address an aggregation keyed by mod() files addr under: the lowest
 * symbol of addr's module (DTrace's dt_aggregate_mod); addr if unknown.
 */
uint64_t dt_ksym_modbase(dtrace_hdl_t *dtp, uint64_t addr)
{
	struct dt_symtab *st = symtab(dtp);
	const char *mod, *name;
	uint64_t sa;

	if (dt_ksym_lookup(dtp, addr, &mod, &name, &sa) != 0)
		return addr;
	if (st->st_kmods == NULL) { /* each module's lowest symbol, once */
		for (size_t i = 0; i < st->st_nksyms; i++) {
			size_t m;

			for (m = 0; m < st->st_nkmods; m++)
				if (!strcmp(st->st_kmods[m].ks_mod, st->st_ksyms[i].ks_mod))
					break;
			if (m < st->st_nkmods)
				continue;
			st->st_kmods = dt_realloc(st->st_kmods, sizeof(dt_ksym_t) * (m + 1));
			st->st_kmods[m] = st->st_ksyms[i]; /* sorted: the first is the lowest */
			st->st_nkmods++;
		}
	}
	for (size_t m = 0; m < st->st_nkmods; m++)
		if (!strcmp(st->st_kmods[m].ks_mod, mod))
			return st->st_kmods[m].ks_addr;
	return addr;
}

/* ---------------------------------------------------------------- processes */

static dt_uproc_t *uproc(struct dt_symtab *st, pid_t pid, bool create)
{
	dt_uproc_t *up;
	void **slot;

	if ((up = dt_hash_find(&st->st_procs, &pid, sizeof(pid))) != NULL || !create)
		return up;
	up = dt_zalloc(sizeof(*up)); /* the key is the entry's own pid */
	up->up_pid = pid;
	if ((slot = dt_hash_slot(&st->st_procs, &up->up_pid, sizeof(up->up_pid))) == NULL) {
		free(up);
		return NULL;
	}
	*slot = up;
	return up;
}

static void drop_cache(dt_uproc_t *up)
{
	dt_symcache_t *sc;

	for (size_t i = 0; (sc = dt_hash_next(&up->up_cache, &i)) != NULL;) {
		free(sc->sc_mod);
		free(sc->sc_name);
		free(sc);
	}
	dt_hash_fini(&up->up_cache);
}

/* The cache entry of addr in pid's table, made if new. */
static dt_symcache_t *cache_slot(dt_uproc_t *up, uint64_t addr)
{
	uint64_t h = dt_hash_word(addr);
	dt_symcache_t *sc;
	void **slot;

	if (addr == 0)
		return NULL;
	if ((sc = dt_hash_find_h(&up->up_cache, h, &addr, sizeof(addr))) != NULL)
		return sc;
	sc = dt_zalloc(sizeof(*sc)); /* the key is the entry's own address */
	sc->sc_addr = addr;
	sc->sc_rc = -2; /* not looked up yet */
	sc->sc_nofp[0] = sc->sc_nofp[1] = -1;
	if ((slot = dt_hash_slot_h(&up->up_cache, h, &sc->sc_addr, sizeof(sc->sc_addr))) == NULL) {
		free(sc);
		return NULL;
	}
	*slot = sc;
	return sc;
}

static void drop_dwfl(dt_uproc_t *up)
{
	drop_cache(up);
	if (up->up_dwfl != NULL)
		dwfl_end(up->up_dwfl);
	up->up_dwfl = NULL;
	up->up_dwflfailed = false;
}

static char *read_maps(pid_t pid, size_t *lenp)
{
	char path[64], *buf = NULL;
	size_t len = 0;
	FILE *fp, *out;
	char line[4096];

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	if ((fp = fopen(path, "r")) == NULL)
		return NULL;
	if ((out = open_memstream(&buf, &len)) == NULL) {
		fclose(fp);
		return NULL;
	}
	/* only what symbols can come from: files, and the vdso */
	while (fgets(line, sizeof(line), fp) != NULL)
		if (strchr(line, '/') != NULL || strstr(line, "[vdso]") != NULL)
			fputs(line, out);
	fclose(fp);
	fclose(out);
	if (len == 0) { /* a zombie, or a kernel thread: nothing mapped */
		free(buf);
		return NULL;
	}
	*lenp = len;
	return buf;
}

/*
 * Snapshot pid's mappings if it has none yet (or force: again, for a -c or
 * -p process that may have mapped more since).  Cheap when already known.
 */
void dt_usym_capture(dtrace_hdl_t *dtp, pid_t pid, bool force)
{
	dt_uproc_t *up;
	char *maps;
	size_t len = 0;
	uint64_t now;

	if (pid <= 0)
		return;
	up = uproc(symtab(dtp), pid, true);
	if (up == NULL || (up->up_maps != NULL && !force) || up->up_exec)
		return;
	dt_unwind_addpid(dtp, pid); /* its unwind tables, the first time (proc/dt_unwind.c) */
	now = dt_now();
	if ((maps = read_maps(pid, &len)) == NULL)
		return;
	up->up_captime = now;
	if (up->up_maps != NULL && len == up->up_mapslen && memcmp(maps, up->up_maps, len) == 0) {
		free(maps);
		return;
	}
	free(up->up_maps);
	up->up_maps = maps;
	up->up_mapslen = len;
	drop_dwfl(up);
}

/* An executable mapping made by pid (a PERF_RECORD_MMAP2), as a maps line. */
void dt_usym_addmap(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, uint64_t len, uint64_t pgoff,
		    uint64_t ino, const char *file, size_t max, uint64_t time)
{
	dt_uproc_t *up;
	char line[4200];
	int n;

	if (pid <= 0 || max == 0 || file[0] != '/' || pgoff > addr)
		return;
	if ((up = uproc(symtab(dtp), pid, true)) == NULL)
		return;
	/* from the file's start: libdwfl takes a module's first address as its base */
	/* libdwfl tells files apart by inode */
	n = snprintf(line, sizeof(line), "%llx-%llx r-xp 00000000 00:00 %llu %.*s\n",
		     (unsigned long long)(addr - pgoff), (unsigned long long)(addr + len),
		     (unsigned long long)(ino != 0 ? ino : addr),
		     (int)strnlen(file, max < 4096 ? max : 4096), file);
	if (n <= 0 || (size_t)n >= sizeof(line))
		return;
	if (dtp->dt_uwalk) { /* its unwind table (proc/dt_unwind.c) */
		char path[4097];

		snprintf(path, sizeof(path), "%.*s", (int)strnlen(file, max < 4096 ? max : 4096), file);
		dt_unwind_addmap(dtp, pid, addr, len, pgoff, ino, path);
		(void)time;
	}
	up->up_pmaps = dt_realloc(up->up_pmaps, up->up_pmapslen + (size_t)n + 1);
	memcpy(up->up_pmaps + up->up_pmapslen, line, (size_t)n + 1);
	up->up_pmapslen += (size_t)n;
	drop_dwfl(up);
}

/*
 * pid exec'd at time: what it mapped before is gone, and every mapping
 * will be seen; unless the snapshot of its mappings is younger (it has the
 * new program's).
 */
void dt_usym_exec(dtrace_hdl_t *dtp, pid_t pid, uint64_t time)
{
	dt_uproc_t *up = uproc(symtab(dtp), pid, true);

	dt_unwind_exec(dtp, pid, time);
	if (up == NULL || (up->up_maps != NULL && time < up->up_captime))
		return;
	free(up->up_maps);
	free(up->up_pmaps);
	up->up_maps = up->up_pmaps = NULL;
	up->up_mapslen = up->up_pmapslen = 0;
	up->up_exec = true;
	drop_dwfl(up);
}

/*
 * The snapshot, then the mappings recorded since (dlopen) of files the
 * snapshot does not have: a process that mapped more after it was seen
 * and then exited.
 */
static char *join_maps(dt_uproc_t *up, size_t *lenp)
{
	char *buf = NULL, *line, *save = NULL, *pm = dt_strndup(up->up_pmaps, up->up_pmapslen);
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	if (out == NULL) {
		free(pm);
		return NULL;
	}
	fwrite(up->up_maps, 1, up->up_mapslen, out);
	for (line = strtok_r(pm, "\n", &save); line != NULL; line = strtok_r(NULL, "\n", &save)) {
		const char *path = strchr(line, '/');
		char *known;

		if (path == NULL)
			continue;
		/* a path in the snapshot: " path\n" there */
		for (known = strstr(up->up_maps, path); known != NULL;
		     known = strstr(known + 1, path))
			if (known[-1] == ' ' && known[strlen(path)] == '\n')
				break;
		if (known == NULL)
			fprintf(out, "%s\n", line);
	}
	fclose(out);
	free(pm);
	*lenp = len;
	return buf;
}

static char *debuginfo_path = NULL;

static const Dwfl_Callbacks dt_dwfl_callbacks = {
	.find_elf = dwfl_linux_proc_find_elf,
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.debuginfo_path = &debuginfo_path,
};

static Dwfl *udwfl(dtrace_hdl_t *dtp, pid_t pid)
{
	dt_uproc_t *up;
	FILE *fp;
	Dwfl *dwfl;

	const char *maps;
	char *joined = NULL;
	size_t len;

	dt_pmap_drain(dtp);		  /* mappings made since the last look */
	dt_usym_capture(dtp, pid, false); /* alive and never seen: now */
	up = uproc(symtab(dtp), pid, false);
	if (up == NULL || up->up_dwflfailed)
		return NULL;
	if (up->up_dwfl != NULL)
		return up->up_dwfl;
	maps = up->up_exec || up->up_maps == NULL ? up->up_pmaps : up->up_maps;
	len = up->up_exec || up->up_maps == NULL ? up->up_pmapslen : up->up_mapslen;
	if (maps == NULL || len == 0)
		return NULL;
	if (maps == up->up_maps && up->up_pmaps != NULL) /* and what it mapped since */
		maps = joined = join_maps(up, &len);
	up->up_dwflfailed = true;
	if ((dwfl = dwfl_begin(&dt_dwfl_callbacks)) == NULL)
		return NULL;
	if ((fp = fmemopen((void *)maps, len, "r")) == NULL) {
		dwfl_end(dwfl);
		free(joined);
		return NULL;
	}
	dwfl_report_begin(dwfl);
	if (dwfl_linux_proc_maps_report(dwfl, fp) != 0) {
		fclose(fp);
		dwfl_end(dwfl);
		free(joined);
		return NULL;
	}
	fclose(fp);
	free(joined);
	dwfl_report_end(dwfl, NULL, NULL);
	up->up_dwfl = dwfl;
	up->up_dwflfailed = false;
	return dwfl;
}

static const char *basename_of(const char *path)
{
	const char *s = strrchr(path, '/');

	return s != NULL ? s + 1 : path;
}

/*
 * Of the names of the function at value, the one the pid provider names
 * its probes by (proc/dt_uelf.c): the fewest leading underscores, then
 * global, then the shortest ("malloc", not "__libc_malloc").
 */
static const char *best_alias(Dwfl_Module *mod, GElf_Addr value, const char *name)
{
	int n = dwfl_module_getsymtab(mod), brank = -1;
	size_t blen = 0;

	for (int i = 1; i < n; i++) {
		GElf_Sym s;
		GElf_Addr a;
		const char *nm = dwfl_module_getsym_info(mod, i, &s, &a, NULL, NULL, NULL);
		int u = 0, rank;

		if (nm == NULL || *nm == '\0' || a != value ||
		    (GELF_ST_TYPE(s.st_info) != STT_FUNC && GELF_ST_TYPE(s.st_info) != STT_GNU_IFUNC))
			continue;
		while (nm[u] == '_')
			u++;
		rank = u * 2 + (GELF_ST_BIND(s.st_info) == STB_GLOBAL ? 0 : 1);
		if (brank < 0 || rank < brank || (rank == brank && strlen(nm) < blen)) {
			brank = rank;
			blen = strlen(nm);
			name = nm;
		}
	}
	return name;
}

/*
 * The symbol of pid at addr: 0 with its object's basename, name and
 * address; 1 with the object only; -1 if addr is in no known object.
 */
static int usym_lookup(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, const char **modp,
		       const char **namep, uint64_t *symaddrp);

int dt_usym_lookup(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, const char **modp,
		   const char **namep, uint64_t *symaddrp)
{
	dt_uproc_t *up;
	dt_symcache_t *sc;
	const char *m = NULL, *n = NULL;

	if (udwfl(dtp, pid) == NULL || (up = uproc(symtab(dtp), pid, false)) == NULL ||
	    (sc = cache_slot(up, addr)) == NULL)
		return usym_lookup(dtp, pid, addr, modp, namep, symaddrp);
	if (sc->sc_rc == -2) {
		sc->sc_rc = usym_lookup(dtp, pid, addr, &m, &n, &sc->sc_symaddr);
		sc->sc_mod = m != NULL ? dt_strdup(m) : NULL;
		sc->sc_name = n != NULL ? dt_strdup(n) : NULL;
		if (sc->sc_name != NULL && strchr(sc->sc_name + 1, '@') != NULL)
			*strchr(sc->sc_name + 1, '@') = '\0'; /* f@@GLIBC_2.34: the function's name */
	}
	if (sc->sc_rc >= 0)
		*modp = sc->sc_mod;
	if (sc->sc_rc == 0) {
		*namep = sc->sc_name;
		*symaddrp = sc->sc_symaddr;
	}
	return sc->sc_rc;
}

static int usym_lookup(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, const char **modp,
		       const char **namep, uint64_t *symaddrp)
{
	Dwfl *dwfl = udwfl(dtp, pid);
	Dwfl_Module *mod;
	const char *mname, *name;
	GElf_Off off;
	GElf_Sym sym;

	if (dwfl == NULL || (mod = dwfl_addrmodule(dwfl, addr)) == NULL)
		return -1;
	mname = dwfl_module_info(mod, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
	*modp = basename_of(mname != NULL ? mname : "?");
	name = dwfl_module_addrinfo(mod, addr, &off, &sym, NULL, NULL, NULL);
	if (name == NULL || *name == '\0')
		return 1;
	if (*name == '_')
		name = best_alias(mod, addr - off, name);
	*namep = name;
	*symaddrp = addr - off;
	return 0;
}

/* The lowest address of the object pid has mapped at addr (umod() keys); addr if none. */
uint64_t dt_usym_modbase(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr)
{
	Dwfl *dwfl = udwfl(dtp, pid);
	Dwfl_Module *mod;
	Dwarf_Addr start;

	if (dwfl == NULL || (mod = dwfl_addrmodule(dwfl, addr)) == NULL ||
	    dwfl_module_info(mod, NULL, &start, NULL, NULL, NULL, NULL, NULL) == NULL)
		return addr;
	return start;
}

/*
 * Whether the stack walk above the frame at pc (a return address unless
 * top) can be trusted: the kernel follows the frame pointer chain, which
 * is right only if the function keeps its frame in %rbp at pc.  Answered
 * from the object's call frame information (.eh_frame or .debug_frame):
 * 1 if the CFA is not %rbp-based there (frames above may be missing), 0 if
 * it is, or if nothing is known.
 */
static int usym_nofp(dtrace_hdl_t *dtp, pid_t pid, uint64_t pc, bool top);

int dt_usym_nofp(dtrace_hdl_t *dtp, pid_t pid, uint64_t pc, bool top)
{
	dt_uproc_t *up;
	dt_symcache_t *sc;

	if (udwfl(dtp, pid) == NULL || (up = uproc(symtab(dtp), pid, false)) == NULL ||
	    (sc = cache_slot(up, pc)) == NULL)
		return usym_nofp(dtp, pid, pc, top);
	if (sc->sc_nofp[top] < 0)
		sc->sc_nofp[top] = usym_nofp(dtp, pid, pc, top);
	return sc->sc_nofp[top];
}

static int usym_nofp(dtrace_hdl_t *dtp, pid_t pid, uint64_t pc, bool top)
{
#if defined(__x86_64__)
	Dwfl *dwfl = udwfl(dtp, pid);
	Dwfl_Module *mod;
	Dwarf_CFI *cfi;
	Dwarf_Addr bias;
	Dwarf_Frame *fr = NULL;
	Dwarf_Op *ops;
	size_t nops;
	int r = 0;

	if (!top)
		pc--; /* inside the call instruction */
	if (dwfl == NULL || (mod = dwfl_addrmodule(dwfl, pc)) == NULL)
		return 0;
	if ((cfi = dwfl_module_eh_cfi(mod, &bias)) == NULL &&
	    (cfi = dwfl_module_dwarf_cfi(mod, &bias)) == NULL)
		return 0;
	if (dwarf_cfi_addrframe(cfi, pc - bias, &fr) != 0)
		return 0;
	if (dwarf_frame_cfa(fr, &ops, &nops) == 0 && nops >= 1 &&
	    !(ops[0].atom == DW_OP_bregx && ops[0].number == 6) &&
	    !(ops[0].atom == DW_OP_breg6))
		r = 1;
	free(fr);
	return r;
#else
	(void)dtp, (void)pid, (void)pc, (void)top;
	return 0;
#endif
}

void dt_sym_fini(dtrace_hdl_t *dtp)
{
	struct dt_symtab *st = dtp->dt_symtab;
	dt_uproc_t *up;

	dt_pmap_stop(dtp);
	dt_unwind_fini(dtp);
	if (st == NULL)
		return;
	free(st->st_ksyms);
	free(st->st_kmods);
	free(st->st_kstrings);
	for (size_t i = 0; (up = dt_hash_next(&st->st_procs, &i)) != NULL;) {
		if (up->up_dwfl != NULL)
			dwfl_end(up->up_dwfl);
		drop_cache(up);
		free(up->up_maps);
		free(up->up_pmaps);
		free(up);
	}
	dt_hash_fini(&st->st_procs);
	free(st);
	dtp->dt_symtab = NULL;
}
