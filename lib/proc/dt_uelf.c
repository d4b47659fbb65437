/*
 * dt_uelf.c -- what user-level tracing needs from an ELF file, read with
 * libelf: its function symbols (.symtab if present, else .dynsym; one name
 * per address: the fewest leading underscores, then global before weak,
 * then the shortest, then alphabetical; and every name of each, for probe
 * descriptions that name an alias: calloc and __libc_calloc), its IFUNC
 * symbols and IRELATIVE relocations, its PT_LOAD segments (virtual
 * address to file offset, for uprobes, which name a file offset), its
 * SONAME, and its SystemTap SDT notes (.note.stapsdt: provider, name,
 * argument descriptions, site and semaphore, adjusted by the difference
 * between the .stapsdt.base section's address and the note's base, as the
 * format specifies for prelinked objects).
 */
#include "dt_proc.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DT_STAPSDT_TYPE 3

/*
 * The name an address is shown by: the fewest leading underscores
 * ("calloc" rather than "__libc_calloc"), then global before weak, then
 * the shortest, then alphabetical.
 */
static int sym_rank(const char *name, int bind)
{
	int u = 0;

	while (name[u] == '_')
		u++;
	return u * 2 + (bind == STB_GLOBAL ? 0 : 1);
}

static bool sym_better(const dt_usym_t *a, int abind, const dt_usym_t *b, int bbind)
{
	int ra = sym_rank(a->us_name, abind), rb = sym_rank(b->us_name, bbind);
	size_t la = strlen(a->us_name), lb = strlen(b->us_name);

	if (ra != rb)
		return ra < rb;
	if (la != lb)
		return la < lb;
	return strcmp(a->us_name, b->us_name) < 0;
}

typedef struct rawsym {
	dt_usym_t rs_sym;
	int rs_bind;
	bool rs_hidden; /* a non-default version (memcpy@GLIBC_2.2.5): no probe name */
} rawsym_t;

static int cmp_raw(const void *x, const void *y)
{
	const rawsym_t *a = x, *b = y;

	if (a->rs_sym.us_addr != b->rs_sym.us_addr)
		return a->rs_sym.us_addr < b->rs_sym.us_addr ? -1 : 1;
	if (a->rs_hidden != b->rs_hidden)
		return a->rs_hidden - b->rs_hidden;
	return sym_better(&a->rs_sym, a->rs_bind, &b->rs_sym, b->rs_bind) ? -1 : 1;
}

/*
 * Function symbols of one symbol table section: one per address (the
 * best name, the largest size), and every name of each (ue_aliases, best
 * first), but for non-default symbol versions.  versym: the dynamic
 * symbols' versions (.gnu.version), or NULL.
 */
static void read_syms(dt_uelf_t *ue, Elf *elf, Elf_Scn *scn, GElf_Shdr *sh, Elf_Data *versym)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0, m = 0;
	rawsym_t *raw;

	if (data == NULL || n == 0)
		return;
	raw = dt_zalloc(sizeof(*raw) * n);
	for (size_t i = 0; i < n; i++) {
		GElf_Sym s;
		GElf_Versym vs;
		const char *name;
		int type;

		if (gelf_getsym(data, (int)i, &s) == NULL)
			continue;
		type = GELF_ST_TYPE(s.st_info);
		if ((type != STT_FUNC && type != STT_GNU_IFUNC) || s.st_shndx == SHN_UNDEF ||
		    s.st_value == 0)
			continue;
		name = elf_strptr(elf, sh->sh_link, s.st_name);
		if (name == NULL || *name == '\0')
			continue;
		raw[m].rs_sym.us_name = (char *)name;
		raw[m].rs_sym.us_addr = s.st_value;
		raw[m].rs_sym.us_size = s.st_size;
		raw[m].rs_sym.us_ifunc = type == STT_GNU_IFUNC;
		raw[m].rs_bind = GELF_ST_BIND(s.st_info);
		raw[m].rs_hidden = versym != NULL && gelf_getversym(versym, (int)i, &vs) != NULL &&
				   (vs & 0x8000) != 0;
		m++;
	}
	qsort(raw, m, sizeof(*raw), cmp_raw);
	ue->ue_syms = dt_zalloc(sizeof(dt_usym_t) * (m + 1));
	ue->ue_aliases = dt_zalloc(sizeof(dt_ualias_t) * (m + 1));
	for (size_t i = 0; i < m; i++) {
		dt_usym_t *u;

		if (ue->ue_nsyms > 0 && ue->ue_syms[ue->ue_nsyms - 1].us_addr == raw[i].rs_sym.us_addr) {
			u = &ue->ue_syms[ue->ue_nsyms - 1];
			if (u->us_size < raw[i].rs_sym.us_size)
				u->us_size = raw[i].rs_sym.us_size;
		} else {
			u = &ue->ue_syms[ue->ue_nsyms++];
			*u = raw[i].rs_sym;
			u->us_name = dt_strdup(u->us_name);
		}
		if (raw[i].rs_hidden)
			continue;
		/* a name once per address (.symtab repeats local names) */
		for (int a = ue->ue_naliases - 1;
		     a >= 0 && ue->ue_aliases[a].ua_sym == ue->ue_nsyms - 1; a--)
			if (!strcmp(ue->ue_aliases[a].ua_name, raw[i].rs_sym.us_name))
				goto dup;
		ue->ue_aliases[ue->ue_naliases].ua_name = dt_strdup(raw[i].rs_sym.us_name);
		ue->ue_aliases[ue->ue_naliases].ua_sym = ue->ue_nsyms - 1;
		ue->ue_naliases++;
dup:;
	}
	free(raw);
}

/* R_X86_64_IRELATIVE relocations (where an IFUNC's choice is stored). */
static void read_irel(dt_uelf_t *ue, Elf_Scn *scn, GElf_Shdr *sh)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t n = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;

	for (size_t i = 0; data != NULL && i < n; i++) {
		GElf_Rela r;

		if (gelf_getrela(data, (int)i, &r) == NULL || GELF_R_TYPE(r.r_info) != R_X86_64_IRELATIVE)
			continue;
		ue->ue_irel = dt_realloc(ue->ue_irel, sizeof(*ue->ue_irel) * (ue->ue_nirel + 1));
		ue->ue_irel[ue->ue_nirel].slot = r.r_offset;
		ue->ue_irel[ue->ue_nirel].resolver = (uint64_t)r.r_addend;
		ue->ue_nirel++;
	}
}

static uint64_t rdaddr(const char *p, int addrsz)
{
	uint64_t v = 0;

	memcpy(&v, p, (size_t)addrsz); /* little-endian: a 4-byte address is the low half */
	return v;
}

/* NUL-terminated before e: the string at p, and *pp moved past it; else NULL */
static const char *note_str(const char **pp, const char *e)
{
	const char *p = *pp, *nul = p < e ? memchr(p, '\0', (size_t)(e - p)) : NULL;

	if (nul == NULL)
		return NULL;
	*pp = nul + 1;
	return p;
}

/*
 * The next SystemTap SDT note of a .note.stapsdt section's bytes, from
 * *off: its three addresses (addrsz bytes each: 8, or 4 in an ELF32 file)
 * as written, and its provider, name and operand strings, pointing into
 * buf.  Other notes are skipped.  False at the end (or a torn note).
 * Used for the USDT probes of a process's objects (read_usdt) and by
 * dtrace -G for those of the object files it is given (front/dt_link.c).
 */
bool dt_sdtnote_next(const char *buf, size_t size, size_t *off, int addrsz, dt_sdtnote_t *sn)
{
	while (*off + 12 <= size) {
		uint32_t nh[3]; /* namesz, descsz, type */
		size_t name, desc, end;
		const char *d, *e;

		memcpy(nh, buf + *off, sizeof(nh));
		name = *off + 12;
		desc = name + ((nh[0] + 3ull) & ~3ull);
		end = desc + ((nh[1] + 3ull) & ~3ull);
		if (desc + nh[1] > size)
			return false;
		*off = end < size ? end : size;
		if (nh[2] != DT_STAPSDT_TYPE || nh[0] != 8 || memcmp(buf + name, "stapsdt", 8) != 0 ||
		    nh[1] < (uint32_t)(3 * addrsz + 3))
			continue;
		d = buf + desc;
		e = d + nh[1];
		sn->sn_pc = rdaddr(d, addrsz);
		sn->sn_base = rdaddr(d + addrsz, addrsz);
		sn->sn_sema = rdaddr(d + 2 * addrsz, addrsz);
		d += 3 * addrsz;
		if ((sn->sn_prov = note_str(&d, e)) == NULL || (sn->sn_name = note_str(&d, e)) == NULL)
			continue;
		if ((sn->sn_args = note_str(&d, e)) == NULL)
			sn->sn_args = "";
		return true;
	}
	return false;
}

/* The SDT notes of a .note.stapsdt section (64-bit objects only). */
static void read_usdt(dt_uelf_t *ue, Elf_Scn *scn, uint64_t base, bool havebase)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t off = 0;
	dt_sdtnote_t sn;

	if (data == NULL || data->d_buf == NULL)
		return;
	while (dt_sdtnote_next(data->d_buf, data->d_size, &off, 8, &sn)) {
		dt_usdt_t *u;

		ue->ue_usdt = dt_realloc(ue->ue_usdt, sizeof(dt_usdt_t) * (ue->ue_nusdt + 1));
		u = &ue->ue_usdt[ue->ue_nusdt];
		u->ud_pc = sn.sn_pc;
		u->ud_sema = sn.sn_sema;
		if (havebase) {
			u->ud_pc += base - sn.sn_base;
			if (u->ud_sema != 0)
				u->ud_sema += base - sn.sn_base;
		}
		u->ud_prov = dt_strdup(sn.sn_prov);
		u->ud_name = dt_strdup(sn.sn_name);
		u->ud_args = dt_strdup(sn.sn_args);
		ue->ue_nusdt++;
	}
}

dt_uelf_t *dt_uelf_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL, *notes = NULL, *versym = NULL;
	GElf_Shdr symsh, dynsh, sh;
	uint64_t base = 0;
	bool havebase = false;
	size_t shstrndx, nph;
	GElf_Ehdr eh;
	dt_uelf_t *ue;
	Elf *elf;

	if (fd < 0)
		return NULL;
	elf_version(EV_CURRENT);
	if ((elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL || elf_kind(elf) != ELF_K_ELF ||
	    gelf_getehdr(elf, &eh) == NULL || gelf_getclass(elf) != ELFCLASS64 ||
	    elf_getshdrstrndx(elf, &shstrndx) != 0 || elf_getphdrnum(elf, &nph) != 0) {
		if (elf != NULL)
			elf_end(elf);
		close(fd);
		return NULL;
	}
	ue = dt_zalloc(sizeof(*ue));
	ue->ue_path = dt_strdup(path);
	ue->ue_type = eh.e_type;
	ue->ue_minvaddr = UINT64_MAX;
	ue->ue_loads = dt_zalloc(sizeof(*ue->ue_loads) * (nph + 1));
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) == NULL || ph.p_type != PT_LOAD)
			continue;
		ue->ue_loads[ue->ue_nloads].vaddr = ph.p_vaddr;
		ue->ue_loads[ue->ue_nloads].memsz = ph.p_memsz;
		ue->ue_loads[ue->ue_nloads].off = ph.p_offset;
		ue->ue_loads[ue->ue_nloads].filesz = ph.p_filesz;
		ue->ue_nloads++;
		if ((ph.p_vaddr & ~4095ull) < ue->ue_minvaddr)
			ue->ue_minvaddr = ph.p_vaddr & ~4095ull;
	}
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const char *name;

		if (gelf_getshdr(scn, &sh) == NULL)
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (sh.sh_type == SHT_SYMTAB) {
			symtab = scn;
			symsh = sh;
		} else if (sh.sh_type == SHT_DYNSYM) {
			dynsym = scn;
			dynsh = sh;
		} else if (sh.sh_type == SHT_GNU_versym) {
			versym = scn;
		} else if (sh.sh_type == SHT_RELA) {
			read_irel(ue, scn, &sh);
		} else if (sh.sh_type == SHT_NOTE && name != NULL && !strcmp(name, ".note.stapsdt")) {
			notes = scn;
		} else if (name != NULL && !strcmp(name, ".stapsdt.base")) {
			base = sh.sh_addr;
			havebase = true;
		} else if (sh.sh_type == SHT_DYNAMIC) {
			Elf_Data *data = elf_getdata(scn, NULL);
			size_t n = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;

			for (size_t i = 0; data != NULL && i < n; i++) {
				GElf_Dyn dyn;

				if (gelf_getdyn(data, (int)i, &dyn) != NULL && dyn.d_tag == DT_SONAME) {
					const char *so = elf_strptr(elf, sh.sh_link, dyn.d_un.d_val);

					if (so != NULL)
						ue->ue_soname = dt_strdup(so);
				}
			}
		}
	}
	if (symtab != NULL)
		read_syms(ue, elf, symtab, &symsh, NULL);
	if (ue->ue_nsyms == 0 && dynsym != NULL)
		read_syms(ue, elf, dynsym, &dynsh,
			  versym != NULL ? elf_getdata(versym, NULL) : NULL);
	if (notes != NULL)
		read_usdt(ue, notes, base, havebase);
	elf_end(elf);
	close(fd);
	return ue;
}

void dt_uelf_free(dt_uelf_t *ue)
{
	if (ue == NULL)
		return;
	for (int i = 0; i < ue->ue_nsyms; i++)
		free(ue->ue_syms[i].us_name);
	for (int i = 0; i < ue->ue_naliases; i++)
		free(ue->ue_aliases[i].ua_name);
	free(ue->ue_aliases);
	free(ue->ue_irel);
	for (int i = 0; i < ue->ue_nusdt; i++) {
		free(ue->ue_usdt[i].ud_prov);
		free(ue->ue_usdt[i].ud_name);
		free(ue->ue_usdt[i].ud_args);
	}
	free(ue->ue_syms);
	free(ue->ue_usdt);
	free(ue->ue_loads);
	free(ue->ue_soname);
	free(ue->ue_path);
	free(ue);
}

/* len bytes of the file at ELF virtual address vaddr; the count read. */
size_t dt_uelf_read(const dt_uelf_t *ue, uint64_t vaddr, void *buf, size_t len)
{
	int64_t off = dt_uelf_off(ue, vaddr);
	ssize_t n;
	int fd;

	if (off < 0 || (fd = open(ue->ue_path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	n = pread(fd, buf, len, off);
	close(fd);
	return n < 0 ? 0 : (size_t)n;
}

int64_t dt_uelf_off(const dt_uelf_t *ue, uint64_t vaddr)
{
	for (int i = 0; i < ue->ue_nloads; i++)
		if (vaddr >= ue->ue_loads[i].vaddr &&
		    vaddr < ue->ue_loads[i].vaddr + ue->ue_loads[i].filesz)
			return (int64_t)(vaddr - ue->ue_loads[i].vaddr + ue->ue_loads[i].off);
	return -1;
}

/* The function containing vaddr (or, if sizes are missing, the one before it). */
const dt_usym_t *dt_uelf_lookup(const dt_uelf_t *ue, uint64_t vaddr)
{
	int lo = 0, hi = ue->ue_nsyms - 1, best = -1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (ue->ue_syms[mid].us_addr <= vaddr) {
			best = mid;
			lo = mid + 1;
		} else {
			hi = mid - 1;
		}
	}
	if (best < 0)
		return NULL;
	if (ue->ue_syms[best].us_size != 0 &&
	    vaddr >= ue->ue_syms[best].us_addr + ue->ue_syms[best].us_size)
		return NULL;
	return &ue->ue_syms[best];
}
