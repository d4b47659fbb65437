/*
 * dt_umap.h -- a process's mapped ELF objects (proc/dt_umap.c) and what
 * user-level providers and symbol lookup read from them (proc/dt_uelf.c):
 * function symbols, virtual address to file offset, SystemTap SDT notes.
 *
 * Part of the proc service (included by dt_proc.h).
 */
#ifndef DT_UMAP_H
#define DT_UMAP_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

/* A function symbol of an ELF object: ELF virtual address and size. */
typedef struct dt_usym {
	char *us_name;
	uint64_t us_addr;
	uint64_t us_size;
	bool us_ifunc;	/* STT_GNU_IFUNC: us_addr is the resolver */
} dt_usym_t;

/* A name of a function (ue_syms[ua_sym]); a function may have several. */
typedef struct dt_ualias {
	char *ua_name;
	int ua_sym;
} dt_ualias_t;

/* A SystemTap SDT probe site (.note.stapsdt), addresses already adjusted. */
typedef struct dt_usdt {
	char *ud_prov;	  /* provider as in the note */
	char *ud_name;	  /* name as in the note ("query__start") */
	char *ud_args;	  /* operand descriptions ("-4@%eax 8@-16(%rbp)") */
	uint64_t ud_pc;	  /* ELF virtual address of the site */
	uint64_t ud_sema; /* ELF virtual address of the semaphore, or 0 */
} dt_usdt_t;

/* One SystemTap SDT note as written: addresses unrelocated, strings in the note. */
typedef struct dt_sdtnote {
	uint64_t sn_pc, sn_base, sn_sema;
	const char *sn_prov, *sn_name, *sn_args;
} dt_sdtnote_t;

/* The ELF facts of one file. */
typedef struct dt_uelf {
	char *ue_path;
	char *ue_soname;       /* DT_SONAME, or NULL */
	dt_usym_t *ue_syms;    /* functions by address, one name per address */
	int ue_nsyms;
	dt_ualias_t *ue_aliases; /* every name (default versions), by address, best first */
	int ue_naliases;
	struct { uint64_t slot, resolver; } *ue_irel; /* IRELATIVE relocations */
	int ue_nirel;
	dt_usdt_t *ue_usdt;
	int ue_nusdt;
	struct { uint64_t vaddr, memsz, off, filesz; } *ue_loads; /* PT_LOAD segments */
	int ue_nloads;
	uint64_t ue_minvaddr;  /* lowest PT_LOAD address, page aligned */
	int ue_type;	       /* ET_EXEC or ET_DYN */
} dt_uelf_t;

/* An ELF object mapped into a process. */
typedef struct dt_pmod {
	char *pm_path;	       /* as mapped (/proc/PID/maps) */
	char *pm_name;	       /* module name: "a.out" for the executable, else the
				  SONAME or the file's base name */
	char *pm_base;	       /* the file's base name */
	uint64_t pm_start, pm_end; /* lowest and highest mapped addresses */
	uint64_t pm_bias;      /* run-time address - ELF virtual address */
	int pm_exec;	       /* the executable */
	dt_uelf_t *pm_elf;     /* read when first asked for (dt_pmod_elf) */
} dt_pmod_t;

typedef struct dt_umap {
	pid_t pmp_pid;
	dt_pmod_t *pmp_mods;   /* in address order */
	int pmp_nmods;
} dt_umap_t;

/* proc/dt_umap.c */
DT_INTERNAL dt_umap_t *dt_umap_read(pid_t pid); /* NULL with errno */
DT_INTERNAL void dt_umap_free(dt_umap_t *);
DT_INTERNAL dt_uelf_t *dt_pmod_elf(dt_pmod_t *); /* NULL if not readable ELF */

/* proc/dt_uelf.c */
DT_INTERNAL dt_uelf_t *dt_uelf_open(const char *path);
DT_INTERNAL void dt_uelf_free(dt_uelf_t *);
DT_INTERNAL size_t dt_uelf_read(const dt_uelf_t *, uint64_t vaddr, void *, size_t);
DT_INTERNAL int64_t dt_uelf_off(const dt_uelf_t *, uint64_t vaddr); /* file offset, or -1 */
DT_INTERNAL const dt_usym_t *dt_uelf_lookup(const dt_uelf_t *, uint64_t vaddr);
DT_INTERNAL bool dt_sdtnote_next(const char *buf, size_t size, size_t *off, int addrsz,
				 dt_sdtnote_t *);

#endif /* DT_UMAP_H */
