/*
 * dt_unwind.c -- the unwind tables: what a BPF program needs to walk a user
 * stack without frame pointers, built from the call frame information of
 * the objects a process maps (docs/stacks.md, layout/dt_layout.h).
 *
 * Objects.  Every ELF file a traced process maps executable is read once
 * (keyed by path and inode), with elfutils' libdw: its .eh_frame_hdr
 * lists where each FDE of .eh_frame starts (without it, as in static
 * executables, .eh_frame is read through with dwarf_next_cfi(); without
 * .eh_frame, .debug_frame is); from each start, the CFI is evaluated at
 * one address after the other (dwarf_cfi_addrframe(), whose frame says up
 * to where its rules hold) and each range becomes a row: the CFA as %rsp
 * or %rbp plus an offset, where the caller's %rbp was saved, the PLT's
 * rule, the signal frame of __restore_rt, the outermost frame (return
 * address undefined), or no information (an address between FDEs, a rule
 * we do not walk).  Consecutive equal rows are one.  The first byte of a
 * function the symbol tables name but no FDE covers (hand-written
 * assembly) gets the rule every function entry has: the return address
 * at %rsp.  An object's rows are appended to the handle's table
 * (DT_UROWS_MAX rows at most: objects that do not fit get none, and their
 * frames end stacks with the marker).
 *
 * Processes.  A process's executable mappings each point at their
 * object's rows with the load bias (the mapped address less the object's
 * own).  They come from /proc/PID/maps when a process is first seen
 * (dt_unwind_addpid: the -c and -p processes when tracing starts, any
 * other when its first record arrives: the stacks of a process are walked
 * by frame pointers until then), and, for those processes, from the
 * mappings perf reports as they are made (dt_usym_addmap: dlopen, exec);
 * an exec forgets a process's mappings.
 *
 * DTRACE_DEBUG_UNWIND in the environment prints each object's table and
 * the total at the end on standard error (bench/ustack.sh measures them).
 *
 * What is new waits until dt_unwind_sync() hands it to the kernel's maps
 * (the driver calls it when tracing starts and at every dtrace_work()),
 * through the caller's functions (bpf/dt_bpf.c): this folder does not call
 * the BPF wall.
 */
#include "dt_proc.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DT_UNWIND_MAXLOADS 8

typedef struct dt_uobj {
	char *uo_key;		/* "ino:path" */
	uint32_t uo_first, uo_count;
	int uo_nloads;
	struct {
		uint64_t ul_off, ul_vaddr, ul_filesz;
	} uo_loads[DT_UNWIND_MAXLOADS]; /* its PT_LOAD segments */
} dt_uobj_t;

typedef struct dt_upend {	/* a change of dt_umaps to make */
	pid_t up_pid;
	bool up_del;
	uint64_t up_start, up_end; /* equal: the pid's own entry */
	dt_umapval_t up_val;
} dt_upend_t;

typedef struct dt_upid {	/* a process with tables */
	pid_t ud_pid;
	uint64_t ud_snap;	/* when its /proc/PID/maps was read (dt_now()), or 0 */
} dt_upid_t;

typedef struct dt_umapping {	/* a mapping entered, to forget on exec */
	pid_t um_pid;
	uint64_t um_start, um_end;
} dt_umapping_t;

struct dt_unwind {
	dt_urow_t *uw_rows;
	uint32_t uw_nrows, uw_cap, uw_synced; /* rows; given to the kernel */
	dt_hash_t uw_objs;	/* dt_uobj_t by uo_key */
	dt_hash_t uw_pids;	/* dt_upid_t by ud_pid */
	dt_upend_t *uw_pend;
	size_t uw_npend, uw_pendcap;
	dt_umapping_t *uw_maps;
	size_t uw_nmaps, uw_mapscap;
	size_t uw_bytes;	/* of every object's rows (the benchmark) */
	size_t uw_nobjs;
};

static struct dt_unwind *unwind(dtrace_hdl_t *dtp)
{
	if (dtp->dt_unwind == NULL)
		dtp->dt_unwind = dt_zalloc(sizeof(struct dt_unwind));
	return dtp->dt_unwind;
}

/* ------------------------------------------------------------ rows */

static void emit(struct dt_unwind *uw, dt_uobj_t *uo, uint64_t pc, const dt_urow_t *r)
{
	dt_urow_t *last = uo->uo_count > 0 ? &uw->uw_rows[uw->uw_nrows - 1] : NULL;

	if (last != NULL && last->ur_cfareg == r->ur_cfareg && last->ur_cfaoff == r->ur_cfaoff &&
	    last->ur_bprule == r->ur_bprule && last->ur_bpoff == r->ur_bpoff &&
	    last->ur_plt == r->ur_plt)
		return;
	if (last != NULL && last->ur_pc > (uint32_t)pc) /* overlapping FDEs: the first one's */
		return;
	if (last != NULL && last->ur_pc == (uint32_t)pc) { /* an empty range: replaced */
		*last = *r;
		last->ur_pc = (uint32_t)pc;
		return;
	}
	if (uw->uw_nrows == uw->uw_cap) {
		uw->uw_cap = uw->uw_cap ? uw->uw_cap * 2 : 65536;
		uw->uw_rows = dt_realloc(uw->uw_rows, sizeof(dt_urow_t) * uw->uw_cap);
	}
	uw->uw_rows[uw->uw_nrows] = *r;
	uw->uw_rows[uw->uw_nrows++].ur_pc = (uint32_t)pc;
	uo->uo_count++;
}

/* a CFA rule: register + offset */
static bool cfa_regoff(const Dwarf_Op *ops, size_t n, int *reg, int64_t *off)
{
	if (n != 1)
		return false;
	if (ops[0].atom == DW_OP_bregx) {
		*reg = (int)ops[0].number;
		*off = (int64_t)ops[0].number2;
		return true;
	}
	if (ops[0].atom >= DW_OP_breg0 && ops[0].atom <= DW_OP_breg31) {
		*reg = ops[0].atom - DW_OP_breg0;
		*off = (int64_t)ops[0].number;
		return true;
	}
	return false;
}

/* the PLT's CFA: %rsp + 8 + ((%rip & 15) >= K) << 3; K, or -1 */
static int cfa_plt(const Dwarf_Op *ops, size_t n)
{
	static const uint8_t want[] = { DW_OP_breg7, DW_OP_breg16, DW_OP_lit15, DW_OP_and, 0,
					 DW_OP_ge, DW_OP_lit3, DW_OP_shl, DW_OP_plus };

	if (n != sizeof(want) || ops[0].number != 8 || ops[1].number != 0 ||
	    ops[4].atom < DW_OP_lit0 || ops[4].atom > DW_OP_lit15)
		return -1;
	for (size_t i = 0; i < n; i++)
		if (want[i] != 0 && ops[i].atom != want[i])
			return -1;
	return ops[4].atom - DW_OP_lit0;
}

/* register regno saved at CFA + off: true and off */
static bool saved_at(Dwarf_Frame *fr, int regno, int64_t *off)
{
	Dwarf_Op mem[3], *ops;
	size_t n;

	if (dwarf_frame_register(fr, regno, mem, &ops, &n) != 0 || n == 0)
		return false;
	if (n == 1 && ops[0].atom == DW_OP_call_frame_cfa) {
		*off = 0;
		return true;
	}
	if (n == 2 && ops[0].atom == DW_OP_call_frame_cfa && ops[1].atom == DW_OP_plus_uconst) {
		*off = (int64_t)ops[1].number;
		return true;
	}
	return false;
}

static bool undefined(Dwarf_Frame *fr, int regno)
{
	Dwarf_Op mem[3], *ops;
	size_t n;

	return dwarf_frame_register(fr, regno, mem, &ops, &n) == 0 && n == 0 && ops == mem;
}

/* The row of a frame's rules (x86-64: %rbp 6, %rsp 7, return address 16). */
static void classify(Dwarf_Frame *fr, bool signal, dt_urow_t *r)
{
	Dwarf_Op *ops;
	size_t n;
	int reg, plt;
	int64_t off, raoff;

	memset(r, 0, sizeof(*r));
	if (undefined(fr, 16)) {
		r->ur_cfareg = DT_UCFA_END;
		return;
	}
	if (dwarf_frame_cfa(fr, &ops, &n) != 0 || n == 0)
		return;
	if (signal) {
		if (n == 2 && ops[0].atom == DW_OP_breg7 && ops[0].number == DT_USIG_SP &&
		    ops[1].atom == DW_OP_deref)
			r->ur_cfareg = DT_UCFA_SIGNAL;
		return;
	}
	if (!saved_at(fr, 16, &raoff) || raoff != -8)
		return;
	if (cfa_regoff(ops, n, &reg, &off)) {
		if ((reg != 6 && reg != 7) || off < INT32_MIN || off > INT32_MAX)
			return;
		r->ur_cfareg = reg == 7 ? DT_UCFA_SP : DT_UCFA_BP;
		r->ur_cfaoff = (int32_t)off;
	} else if ((plt = cfa_plt(ops, n)) >= 0) {
		r->ur_cfareg = DT_UCFA_PLT;
		r->ur_plt = (uint8_t)plt;
	} else {
		return;
	}
	if (saved_at(fr, 6, &off) && off >= INT32_MIN && off <= INT32_MAX) {
		r->ur_bprule = DT_UBP_SAVED;
		r->ur_bpoff = (int32_t)off;
	}
}

static Elf_Scn *section(Elf *elf, const char *want, GElf_Shdr *sh)
{
	size_t shstrndx;
	Elf_Scn *scn = NULL;

	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return NULL;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		const char *name;

		if (gelf_getshdr(scn, sh) != NULL && sh->sh_type != SHT_NOBITS &&
		    (name = elf_strptr(elf, shstrndx, sh->sh_name)) != NULL && !strcmp(name, want))
			return scn;
	}
	return NULL;
}

static int addr_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* .eh_frame_hdr's table: the FDEs' first addresses, sorted; their number, or -1 */
static long hdr_starts(Elf *elf, uint64_t **startsp)
{
	GElf_Shdr sh;
	Elf_Scn *scn = section(elf, ".eh_frame_hdr", &sh);
	Elf_Data *d;
	const uint8_t *p;
	uint32_t count;
	uint64_t *starts;

	if (scn == NULL || (d = elf_getdata(scn, NULL)) == NULL || d->d_size < 12)
		return -1;
	p = d->d_buf;
	/* version 1; eh_frame_ptr pcrel|sdata4; count udata4; table datarel|sdata4 */
	if (p[0] != 1 || p[1] != 0x1b || p[2] != 0x03 || p[3] != 0x3b)
		return -1;
	memcpy(&count, p + 8, 4);
	if (12 + (size_t)count * 8 > d->d_size)
		return -1;
	starts = dt_zalloc(sizeof(uint64_t) * (count + 1));
	for (uint32_t i = 0; i < count; i++) {
		int32_t rel;

		memcpy(&rel, p + 12 + (size_t)i * 8, 4);
		starts[i] = sh.sh_addr + (int64_t)rel;
	}
	*startsp = starts;
	return count;
}

/* An FDE's initial_location, encoded as enc (DW_EH_PE_*) at p, section address base. */
static bool fde_pc(uint8_t enc, const uint8_t *p, uint64_t at, uint64_t *pc)
{
	int64_t v;

	switch (enc & 0x0f) {
	case 0x00: /* absptr */
	case 0x04: /* udata8 */
	case 0x0c: /* sdata8 */
		memcpy(&v, p, 8);
		break;
	case 0x03: { /* udata4 */
		uint32_t u;

		memcpy(&u, p, 4);
		v = u;
		break;
	}
	case 0x0b: { /* sdata4 */
		int32_t i;

		memcpy(&i, p, 4);
		v = i;
		break;
	}
	default:
		return false;
	}
	if ((enc & 0x70) == 0x10) /* pcrel */
		v += (int64_t)at;
	else if ((enc & 0x70) != 0)
		return false;
	*pc = (uint64_t)v;
	return true;
}

/* The pointer encoding of a CIE's FDEs ('R' of its augmentation), absptr if none. */
static uint8_t cie_enc(const Dwarf_CIE *cie)
{
	const char *a = cie->augmentation;
	const uint8_t *d = cie->augmentation_data;
	size_t i = 0, n = cie->augmentation_data_size;

	if (a == NULL || a[0] != 'z' || d == NULL)
		return 0;
	for (a++; *a != '\0' && i < n; a++) {
		switch (*a) {
		case 'R':
			return d[i];
		case 'L':
			i++;
			break;
		case 'P': {
			uint8_t penc = d[i++];

			i += (penc & 0x07) == 2 ? 2 : (penc & 0x07) == 3 ? 4 : 8;
			break;
		}
		default:
			break;
		}
	}
	return 0;
}

/*
 * The FDEs' first addresses read from the frame section itself (name:
 * .eh_frame, or .debug_frame), sorted: for files without .eh_frame_hdr
 * (static executables).  Their number, or -1.
 */
static long scan_starts(Elf *elf, const char *name, uint64_t **startsp)
{
	GElf_Shdr sh;
	Elf_Scn *scn = section(elf, name, &sh);
	bool eh = !strcmp(name, ".eh_frame");
	const unsigned char *ident = (const unsigned char *)elf_getident(elf, NULL);
	Elf_Data *d;
	Dwarf_Off off = 0, next;
	Dwarf_CFI_Entry e;
	uint64_t *starts = NULL;
	long n = 0, cap = 0;
	struct {
		Dwarf_Off ce_off;
		uint8_t ce_enc;
	} cies[64];
	int ncies = 0;

	if (scn == NULL || ident == NULL || (d = elf_getdata(scn, NULL)) == NULL)
		return -1;
	while (dwarf_next_cfi(ident, d, eh, off, &next, &e) == 0) {
		if (dwarf_cfi_cie_p(&e)) {
			if (ncies < 64) {
				cies[ncies].ce_off = off;
				cies[ncies++].ce_enc = eh ? cie_enc(&e.cie) : 0;
			}
		} else {
			uint8_t enc = 0;
			uint64_t pc;

			for (int c = 0; c < ncies; c++)
				if (cies[c].ce_off == e.fde.CIE_pointer)
					enc = cies[c].ce_enc;
			if (fde_pc(enc, e.fde.start,
				   sh.sh_addr + (uint64_t)(e.fde.start - (const uint8_t *)d->d_buf), &pc)) {
				if (n == cap) {
					cap = cap ? cap * 2 : 256;
					starts = dt_realloc(starts, sizeof(uint64_t) * (size_t)cap);
				}
				starts[n++] = pc;
			}
		}
		off = next;
	}
	if (n == 0) {
		free(starts);
		return -1;
	}
	qsort(starts, (size_t)n, sizeof(uint64_t), addr_cmp);
	*startsp = starts;
	return n;
}

/* The rows of the FDEs that start at starts[0 .. nfde - 1], in cfi, appended. */
static void cfi_rows(struct dt_unwind *uw, dt_uobj_t *uo, Dwarf_CFI *cfi, const uint64_t *starts,
		     long nfde)
{
	dt_urow_t none;

	memset(&none, 0, sizeof(none));
	for (long i = 0; i < nfde; i++) {
		uint64_t pc = starts[i], next = i + 1 < nfde ? starts[i + 1] : UINT64_MAX;

		if (pc >= UINT32_MAX)
			break;
		while (pc < next) {
			Dwarf_Frame *fr;
			Dwarf_Addr s, e;
			bool sig = false;
			dt_urow_t r;

			if (dwarf_cfi_addrframe(cfi, pc, &fr) != 0)
				break;
			dwarf_frame_info(fr, &s, &e, &sig);
			classify(fr, sig, &r);
			free(fr);
			emit(uw, uo, pc, &r);
			if (e <= pc)
				break;
			pc = e;
		}
		if (pc < next && pc < UINT32_MAX) /* a gap: no information */
			emit(uw, uo, pc, &none);
	}
}

static int row_cmp(const void *a, const void *b)
{
	const dt_urow_t *x = a, *y = b;

	return x->ur_pc < y->ur_pc ? -1 : x->ur_pc > y->ur_pc;
}

/* The row of the object covering pc, or NULL. */
static const dt_urow_t *row_of(const dt_urow_t *rows, uint32_t n, uint64_t pc)
{
	uint32_t lo = 0, hi = n;

	if (n == 0 || pc < rows[0].ur_pc)
		return NULL;
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (rows[mid].ur_pc <= pc)
			lo = mid;
		else
			hi = mid;
	}
	return &rows[lo];
}

/*
 * The first byte of each function its symbol tables name that no FDE
 * covers (hand-written assembly): there, as at any function's entry, the
 * return address is at %rsp (CFA = %rsp + 8), so that a probe at its entry
 * still finds its caller.  Past that byte nothing is known.
 */
static void entry_rows(struct dt_unwind *uw, dt_uobj_t *uo, Elf *elf)
{
	static const char *const tabs[] = { ".symtab", ".dynsym" };
	dt_urow_t entry, none;
	uint32_t n0 = uo->uo_count, added = 0;

	memset(&none, 0, sizeof(none));
	memset(&entry, 0, sizeof(entry));
	entry.ur_cfareg = DT_UCFA_SP;
	entry.ur_cfaoff = 8;
	for (size_t t = 0; t < 2; t++) {
		GElf_Shdr sh;
		Elf_Scn *scn = section(elf, tabs[t], &sh);
		Elf_Data *d;

		if (scn == NULL || (d = elf_getdata(scn, NULL)) == NULL || sh.sh_entsize == 0)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const dt_urow_t *r;

			if (gelf_getsym(d, (int)i, &sym) == NULL ||
			    GELF_ST_TYPE(sym.st_info) != STT_FUNC || sym.st_value == 0 ||
			    sym.st_shndx == SHN_UNDEF || sym.st_value >= UINT32_MAX - 1)
				continue;
			r = row_of(uw->uw_rows + uo->uo_first, n0, sym.st_value);
			if (r != NULL && (r->ur_cfareg != DT_UCFA_NONE || r->ur_pc == sym.st_value))
				continue;
			if (uw->uw_nrows + 2 > uw->uw_cap) {
				uw->uw_cap = uw->uw_cap ? uw->uw_cap * 2 : 65536;
				uw->uw_rows = dt_realloc(uw->uw_rows, sizeof(dt_urow_t) * uw->uw_cap);
			}
			uw->uw_rows[uw->uw_nrows] = entry;
			uw->uw_rows[uw->uw_nrows++].ur_pc = (uint32_t)sym.st_value;
			uw->uw_rows[uw->uw_nrows] = none;
			uw->uw_rows[uw->uw_nrows++].ur_pc = (uint32_t)sym.st_value + 1;
			added += 2;
		}
	}
	if (added == 0)
		return;
	/* sorted again; of rows at one address, the entry's (the FDE-less gap's is older) */
	uo->uo_count += added;
	qsort(uw->uw_rows + uo->uo_first, uo->uo_count, sizeof(dt_urow_t), row_cmp);
	{
		dt_urow_t *rows = uw->uw_rows + uo->uo_first;
		uint32_t k = 0;

		for (uint32_t i = 0; i < uo->uo_count; i++) {
			if (k > 0 && rows[k - 1].ur_pc == rows[i].ur_pc) {
				if (rows[i].ur_cfareg != DT_UCFA_NONE)
					rows[k - 1] = rows[i];
				continue;
			}
			rows[k++] = rows[i];
		}
		uw->uw_nrows -= uo->uo_count - k;
		uo->uo_count = k;
	}
}

/* The rows of the object at path (its ELF file), appended; false if it has none. */
static bool build(struct dt_unwind *uw, dt_uobj_t *uo, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	Elf *elf;
	Dwarf *dw = NULL;
	Dwarf_CFI *cfi = NULL;
	uint64_t *starts = NULL;
	long nfde = -1;
	size_t nph = 0;

	if (fd < 0)
		return false;
	elf_version(EV_CURRENT);
	if ((elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL) {
		close(fd);
		return false;
	}
	if (elf_getphdrnum(elf, &nph) == 0) {
		for (size_t i = 0; i < nph && uo->uo_nloads < DT_UNWIND_MAXLOADS; i++) {
			GElf_Phdr ph;

			if (gelf_getphdr(elf, (int)i, &ph) == NULL || ph.p_type != PT_LOAD)
				continue;
			uo->uo_loads[uo->uo_nloads].ul_off = ph.p_offset;
			uo->uo_loads[uo->uo_nloads].ul_vaddr = ph.p_vaddr;
			uo->uo_loads[uo->uo_nloads++].ul_filesz = ph.p_filesz;
		}
	}
	uo->uo_first = uw->uw_nrows;
	/* .eh_frame (through .eh_frame_hdr, or read through), else .debug_frame */
	if ((cfi = dwarf_getcfi_elf(elf)) != NULL &&
	    ((nfde = hdr_starts(elf, &starts)) > 0 || (nfde = scan_starts(elf, ".eh_frame", &starts)) > 0))
		cfi_rows(uw, uo, cfi, starts, nfde);
	if (uo->uo_count == 0 && (dw = dwarf_begin_elf(elf, DWARF_C_READ, NULL)) != NULL) {
		Dwarf_CFI *dcfi = dwarf_getcfi(dw);

		free(starts);
		starts = NULL;
		if (dcfi != NULL && (nfde = scan_starts(elf, ".debug_frame", &starts)) > 0)
			cfi_rows(uw, uo, dcfi, starts, nfde);
	}
	entry_rows(uw, uo, elf);
	free(starts);
	if (dw != NULL)
		dwarf_end(dw);
	if (cfi != NULL)
		dwarf_cfi_end(cfi);
	elf_end(elf);
	close(fd);
	if (uw->uw_nrows > DT_UROWS_MAX) { /* no room left: none */
		uw->uw_nrows = uo->uo_first;
		uo->uo_count = 0;
	}
	uw->uw_bytes += sizeof(dt_urow_t) * uo->uo_count;
	uw->uw_nobjs++;
	if (getenv("DTRACE_DEBUG_UNWIND") != NULL)
		fprintf(stderr, "dtrace: unwind table: %s: %u rows, %zu bytes\n", path, uo->uo_count,
			sizeof(dt_urow_t) * uo->uo_count);
	return uo->uo_count > 0;
}

static dt_uobj_t *object(struct dt_unwind *uw, const char *path, uint64_t ino)
{
	char *key;
	dt_uobj_t *uo;
	void **slot;

	if (asprintf(&key, "%llu:%s", (unsigned long long)ino, path) < 0)
		return NULL;
	if ((uo = dt_hash_findstr(&uw->uw_objs, key)) != NULL) {
		free(key);
		return uo;
	}
	uo = dt_zalloc(sizeof(*uo));
	uo->uo_key = key;
	if ((slot = dt_hash_slotstr(&uw->uw_objs, key)) == NULL) {
		free(key);
		free(uo);
		return NULL;
	}
	*slot = uo;
	build(uw, uo, path);
	return uo;
}

/* ------------------------------------------------------------ processes */

static void pend(struct dt_unwind *uw, pid_t pid, bool del, uint64_t start, uint64_t end,
		 const dt_umapval_t *val)
{
	if (uw->uw_npend == uw->uw_pendcap) {
		uw->uw_pendcap = uw->uw_pendcap ? uw->uw_pendcap * 2 : 64;
		uw->uw_pend = dt_realloc(uw->uw_pend, sizeof(dt_upend_t) * uw->uw_pendcap);
	}
	uw->uw_pend[uw->uw_npend++] = (dt_upend_t){ pid, del, start, end, *val };
}

static dt_upid_t *known_pid(struct dt_unwind *uw, pid_t pid)
{
	dt_umapval_t none = { 0, 0, 0 };
	dt_upid_t *ud;
	void **slot;

	if ((ud = dt_hash_find(&uw->uw_pids, &pid, sizeof(pid))) != NULL)
		return ud;
	ud = dt_zalloc(sizeof(*ud)); /* the table's key: its own pid */
	ud->ud_pid = pid;
	if ((slot = dt_hash_slot(&uw->uw_pids, &ud->ud_pid, sizeof(ud->ud_pid))) == NULL) {
		free(ud);
		return NULL;
	}
	*slot = ud;
	pend(uw, pid, false, 0, 0, &none);
	return ud;
}

/* pid's executable mapping of path at [addr, addr + len), from file offset pgoff. */
static void addmap(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, uint64_t len, uint64_t pgoff,
		   uint64_t ino, const char *path)
{
	struct dt_unwind *uw;
	dt_uobj_t *uo;
	dt_umapval_t val = { 0, 0, 0 };

	if (!dtp->dt_uwalk || pid <= 0 || path[0] != '/')
		return;
	uw = unwind(dtp);
	known_pid(uw, pid);
	if ((uo = object(uw, path, ino)) == NULL || uo->uo_count == 0)
		return; /* the pid's own entry ends the stack here with the marker */
	for (int i = 0; i < uo->uo_nloads; i++) {
		if (pgoff < uo->uo_loads[i].ul_off ||
		    pgoff >= uo->uo_loads[i].ul_off + uo->uo_loads[i].ul_filesz)
			continue;
		val.um_first = uo->uo_first;
		val.um_count = uo->uo_count;
		val.um_bias = addr - (uo->uo_loads[i].ul_vaddr + (pgoff - uo->uo_loads[i].ul_off));
		pend(uw, pid, false, addr, addr + len, &val);
		if (uw->uw_nmaps == uw->uw_mapscap) {
			uw->uw_mapscap = uw->uw_mapscap ? uw->uw_mapscap * 2 : 64;
			uw->uw_maps = dt_realloc(uw->uw_maps, sizeof(dt_umapping_t) * uw->uw_mapscap);
		}
		uw->uw_maps[uw->uw_nmaps++] = (dt_umapping_t){ pid, addr, addr + len };
		return;
	}
}

/*
 * A mapping perf reported (dt_pmap.c): entered if its process has tables
 * already; the others get theirs when a record of theirs first arrives
 * (dt_unwind_addpid), not every process on the system.
 */
void dt_unwind_addmap(dtrace_hdl_t *dtp, pid_t pid, uint64_t addr, uint64_t len, uint64_t pgoff,
		      uint64_t ino, const char *path)
{
	if (dtp->dt_unwind != NULL && dt_hash_find(&dtp->dt_unwind->uw_pids, &pid, sizeof(pid)))
		addmap(dtp, pid, addr, len, pgoff, ino, path);
}

/* Every executable file mapping pid has now (/proc/PID/maps). */
void dt_unwind_addpid(dtrace_hdl_t *dtp, pid_t pid)
{
	char path[64], line[4096];
	uint64_t now = dt_now();
	dt_upid_t *ud;
	FILE *fp;

	if (!dtp->dt_uwalk || pid <= 0 || dt_hash_find(&unwind(dtp)->uw_pids, &pid, sizeof(pid)))
		return;
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	if ((fp = fopen(path, "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		unsigned long long start, end, off, ino;
		char perm[8], file[4096];

		file[0] = '\0';
		if (sscanf(line, "%llx-%llx %7s %llx %*s %llu %4095[^\n]", &start, &end, perm, &off,
			   &ino, file) < 5 || perm[2] != 'x')
			continue;
		addmap(dtp, pid, start, end - start, off, ino, file);
	}
	fclose(fp);
	if ((ud = known_pid(unwind(dtp), pid)) != NULL)
		ud->ud_snap = now; /* an exec older than this does not undo it */
}

/* pid exec'd at time: its mappings are gone (unless its snapshot is younger). */
void dt_unwind_exec(dtrace_hdl_t *dtp, pid_t pid, uint64_t time)
{
	struct dt_unwind *uw = dtp->dt_unwind;
	dt_umapval_t none = { 0, 0, 0 };
	dt_upid_t *ud;
	size_t n = 0;

	if (uw == NULL || (ud = dt_hash_find(&uw->uw_pids, &pid, sizeof(pid))) == NULL ||
	    time < ud->ud_snap)
		return;
	for (size_t i = 0; i < uw->uw_nmaps; i++) {
		if (uw->uw_maps[i].um_pid == pid)
			pend(uw, pid, true, uw->uw_maps[i].um_start, uw->uw_maps[i].um_end, &none);
		else
			uw->uw_maps[n++] = uw->uw_maps[i];
	}
	uw->uw_nmaps = n;
}

/*
 * Hand what is new to the kernel's tables: the rows not given yet to
 * rows(), then each change of the mappings to map().
 */
void dt_unwind_sync(dtrace_hdl_t *dtp, dt_unwind_rows_f *rows, dt_unwind_map_f *map)
{
	struct dt_unwind *uw = dtp->dt_unwind;

	if (uw == NULL)
		return;
	if (uw->uw_nrows > uw->uw_synced) {
		rows(dtp, uw->uw_synced, uw->uw_rows + uw->uw_synced, uw->uw_nrows - uw->uw_synced);
		uw->uw_synced = uw->uw_nrows;
	}
	for (size_t i = 0; i < uw->uw_npend; i++) {
		dt_upend_t *p = &uw->uw_pend[i];

		map(dtp, p->up_pid, p->up_start, p->up_end, p->up_del ? NULL : &p->up_val);
	}
	uw->uw_npend = 0;
}

void dt_unwind_fini(dtrace_hdl_t *dtp)
{
	struct dt_unwind *uw = dtp->dt_unwind;
	dt_uobj_t *uo;
	dt_upid_t *pp;

	if (uw == NULL)
		return;
	if (getenv("DTRACE_DEBUG_UNWIND") != NULL)
		fprintf(stderr, "dtrace: unwind tables: %zu objects, %u rows, %zu bytes\n",
			uw->uw_nobjs, uw->uw_nrows, uw->uw_bytes);
	for (size_t i = 0; (uo = dt_hash_next(&uw->uw_objs, &i)) != NULL;) {
		free(uo->uo_key);
		free(uo);
	}
	for (size_t i = 0; (pp = dt_hash_next(&uw->uw_pids, &i)) != NULL;)
		free(pp);
	dt_hash_fini(&uw->uw_objs);
	dt_hash_fini(&uw->uw_pids);
	free(uw->uw_rows);
	free(uw->uw_pend);
	free(uw->uw_maps);
	free(uw);
	dtp->dt_unwind = NULL;
}
