/*
 * dt_cg_impl.h -- the code generator's internals, shared by the files of
 * cg/, from the bottom: the emission layer (dt_cg_emit.c) and the shared
 * subprograms (dt_cg_subr.c); the expression compiler, statements and
 * clauses (dt_cg.c); the generators of the language's functions
 * (dt_cg_agg.c, dt_cg_spec.c, dt_cg_str.c, ...).  See dt_cg.c's essay for
 * the program shape, the value stack and the scratch layout.
 */
#ifndef DT_CG_IMPL_H
#define DT_CG_IMPL_H

#include "dt_cg.h"
#include "dt_insn.h"

#define DT_SCR_ERR 128
#define DT_SCR_THIS 192
#define DT_STACK_CTX (-8)
#define DT_STACK_TMP (-16)
#define DT_STACK_SPILL (-24)
#define DT_NREGSLOTS 3
#define DT_MAXDEPTH 48
#define DT_STACK_COOKIE (DT_STACK_SPILL - 8 * (DT_MAXDEPTH - DT_NREGSLOTS)) /* shared programs */
#define DT_STACK_NEST (DT_STACK_COOKIE - 8) /* gen_nest: the CPU's class-0 scratch area */
#define DT_STACK_TS (DT_STACK_NEST - 8) /* timestamp of this firing, 0 until read */
#define DT_STACK_VTS (DT_STACK_TS - 8) /* vtimestamp of this firing, 0 until read */
#define DT_STACK_CPU (DT_STACK_VTS - 8) /* this CPU, from the prologue (main program only) */


typedef struct dt_cgfix {
	int f_insn;
	int f_label;
} dt_cgfix_t;

struct dt_cg;

/* A shared subprogram (dt_cg_subr.c): its name and the generator of its body. */
typedef struct dt_cgsubr {
	const char *sb_name;
	void (*sb_gen)(struct dt_cg *);
} dt_cgsubr_t;

typedef struct dt_cg {
	dtrace_hdl_t *cg_dtp;
	struct bpf_insn *cg_insns;
	int cg_ninsns, cg_cap;
	int *cg_lines;		  /* per instruction: cg_line when emitted */
	dt_clause_t **cg_insclauses; /* per instruction: cg_clause (NULL: none) */
	int cg_line;		  /* D line of the code being generated, or 0 */
	int *cg_labels;
	int cg_nlabels;
	dt_cgfix_t *cg_fixes;
	int cg_nfixes;
	int *cg_tmpfix; /* insns whose imm/off is relative to the temp base */
	int cg_ntmpfix;
	int cg_depth;
	dt_probe_t *cg_probe;	  /* the signature: arguments, program type, activity */
	dt_bpfprog_t *cg_prog;
	bool cg_shared;	  /* probe identity at run time (cookie on the stack) */
	int cg_activity;  /* the program's tracing state: WARMUP (BEGIN), COOLDOWN (END), ACTIVE */
	uint32_t cg_epidbase; /* not shared: EPID of the first clause */
	int cg_stmt;	  /* index of the current clause in the program */
	int cg_cookie0, cg_cookie1; /* the prologue's cookie load, dropped if unused */
	dt_clause_t *cg_clause;
	dt_epid_t *cg_epid;
	int cg_recbase;	  /* scratch offset of the record buffer */
	int cg_recoff;	  /* next free byte in the record */
	int cg_recmax;	  /* largest record of the program */
	int cg_tmpoff;	  /* next free temp byte (relative) */
	int cg_allocahi;  /* end of the clause's alloca()'d bytes (relative temp offset) */
	bool cg_copyinstr; /* the copyin() being generated is read as a string (its first strsize bytes) */
	int cg_tmpmax;
	int cg_actjmp;	  /* the prologue's activity check (see drop_scratch) */
	int cg_scrend;	  /* the first instruction after the prologue */
	int cg_cpust;	  /* the prologue's store of the CPU (see drop_scratch) */
	bool cg_insubr;	  /* generating a shared subprogram (dt_cg_subr.c) */
	int cg_end;	  /* label: end of the current clause */
	int cg_fault;	  /* label: fault path of the current clause */
	int cg_clausestart;
	int cg_actidx;
	bool cg_hasfault;
	bool cg_nest;	  /* counts its nesting depth (gen_nest) */
	int cg_epilogue;  /* ... and returns through this label */
	bool cg_mayexit;  /* an earlier clause of the program calls exit() */
	bool cg_inerror;	  /* generating the ERROR subprogram */
	const dt_node_t *cg_nullstr; /* an operand of ==/!=/<...: an unset string is "" there */
	const dt_node_t *cg_nullptr; /* compared with 0 (self->s == 0): an unset string is NULL */
	int *cg_calls;	  /* call sites of the ERROR subprogram */
	int cg_ncalls;
	int cg_strsize;
	const dt_cgsubr_t **cg_subrs; /* shared subprograms used (dt_cg_subr.c) */
	int cg_nsubrs;
	int *cg_subrstart;	  /* ... their first instructions */
	dt_cgfix_t *cg_subrfix;	  /* ... the instructions that name them */
	int cg_nsubrfix;
	char cg_err[512];
	jmp_buf cg_jmp;
} dt_cg_t;

/*
 * The emission layer (dt_cg_emit.c): instructions, labels, temporaries,
 * the value stack, faults, memory reads, records.  It calls nothing above.
 */
DT_INTERNAL _Noreturn void dt_cg_error(dt_cg_t *, const dt_node_t *, const char *, ...)
	__attribute__((format(printf, 3, 4)));
DT_INTERNAL int dt_cg_insn(dt_cg_t *cg, struct bpf_insn insn);
DT_INTERNAL int dt_cg_label(dt_cg_t *cg);
DT_INTERNAL void dt_cg_place(dt_cg_t *cg, int label);
DT_INTERNAL void dt_cg_jump(dt_cg_t *cg, struct bpf_insn insn, int label);
DT_INTERNAL void dt_cg_ld64(dt_cg_t *cg, int reg, uint64_t v);
/* cg/dt_cg_unwind.c: a user stack walked with the unwind tables; r0 < 0: not covered */
DT_INTERNAL void dt_cg_uwalk(dt_cg_t *cg, bool istmp, int off, int n);
DT_INTERNAL void dt_cg_ldmap(dt_cg_t *cg, int reg, int map);
DT_INTERNAL void dt_cg_ldmapval(dt_cg_t *cg, int reg, int map, int off);
DT_INTERNAL void dt_cg_call(dt_cg_t *cg, int helper);
DT_INTERNAL void dt_cg_lookup32(dt_cg_t *cg, int map, int reg);
DT_INTERNAL void dt_cg_mapupdate(dt_cg_t *cg, int val, int flags);
DT_INTERNAL void dt_cg_countdrop(dt_cg_t *cg, int off);
DT_INTERNAL void dt_cg_tmpaddr(dt_cg_t *cg, int reg, int tmpoff);
DT_INTERNAL void dt_cg_tmpoff(dt_cg_t *cg, int reg, int tmpoff);
DT_INTERNAL int dt_cg_r9base(dt_cg_t *cg, int *off, int tmp);
DT_INTERNAL int dt_cg_tmpalloc(dt_cg_t *cg, int size);
DT_INTERNAL int dt_cg_push(dt_cg_t *cg, const dt_node_t *dnp);
DT_INTERNAL void dt_cg_pop(dt_cg_t *cg);
DT_INTERNAL int dt_cg_get(dt_cg_t *cg, int slot, int tmp);
DT_INTERNAL void dt_cg_set(dt_cg_t *cg, int slot, int reg);
DT_INTERNAL void dt_cg_ldslot(dt_cg_t *cg, int reg, int slot);
DT_INTERNAL void dt_cg_badaddr_unless(dt_cg_t *cg, int slot);
DT_INTERNAL int dt_cg_bpfsize(int size);
DT_INTERNAL void dt_cg_normalize(dt_cg_t *cg, int reg, const dt_type_t *t);
DT_INTERNAL void dt_cg_load(dt_cg_t *cg, int reg, int base, int off, const dt_type_t *t);
DT_INTERNAL void dt_cg_fault(dt_cg_t *cg, int fault, int addr_reg);
DT_INTERNAL void dt_cg_divzero(dt_cg_t *cg, int reg);
DT_INTERNAL int dt_cg_readmem(dt_cg_t *cg, int addrslot, int size, bool user);
DT_INTERNAL int dt_cg_readstr(dt_cg_t *cg, int addrslot, bool user);
DT_INTERNAL void dt_cg_copystr(dt_cg_t *cg, int dstreg, int srcreg);
DT_INTERNAL void dt_cg_zerotmp(dt_cg_t *cg, int tmpoff, int len);
DT_INTERNAL bool dt_cg_isstr(const dt_node_t *dnp);
DT_INTERNAL int dt_cg_aggmap(const dt_ident_t *);
DT_INTERNAL dt_recdesc_t *dt_cg_recadd(dt_cg_t *cg, dt_actkind_t kind, int size, int align);
DT_INTERNAL void dt_cg_epid(dt_cg_t *, int reg);
DT_INTERNAL void dt_cg_cpu(dt_cg_t *);
DT_INTERNAL void dt_cg_ldctx(dt_cg_t *, int reg);

/* dt_cg_subr.c: shared subprograms */
DT_INTERNAL void dt_cg_subr_call(dt_cg_t *, const dt_cgsubr_t *);
DT_INTERNAL void dt_cg_subr_func(dt_cg_t *, int reg, const dt_cgsubr_t *);
DT_INTERNAL void dt_cg_subr_loop(dt_cg_t *, int nreg, int n, const dt_cgsubr_t *cb, int ctxoff);
DT_INTERNAL void dt_cg_subr_emit(dt_cg_t *);
DT_INTERNAL void dt_cg_subr_free(dt_cg_t *);

/* dt_cg_buf.c: a record's write to the principal buffer */
DT_INTERNAL void dt_cg_output(dt_cg_t *cg, int recbase, int size, uint64_t dropoff);

/*
 * The expression compiler (dt_cg.c): a value on the value stack, a
 * record of one, a truth value.
 */
DT_INTERNAL void dt_cg_expr(dt_cg_t *cg, dt_node_t *dnp);
DT_INTERNAL void dt_cg_strexpr(dt_cg_t *cg, dt_node_t *dnp);
DT_INTERNAL void dt_cg_strexpr_mode(dt_cg_t *cg, dt_node_t *dnp, int mode);
DT_INTERNAL void dt_cg_truth(dt_cg_t *cg, dt_node_t *dnp);
DT_INTERNAL dt_recdesc_t *dt_cg_recvalue(dt_cg_t *cg, dt_actkind_t kind, dt_node_t *dnp, bool widen);
DT_INTERNAL void dt_cg_bitfield(dt_cg_t *, int slot, const dt_member_t *);
DT_INTERNAL void dt_cg_addr(dt_cg_t *, dt_node_t *);
DT_INTERNAL int dt_cg_dvkey(dt_cg_t *, dt_ident_t *, dt_node_t *keys);
DT_INTERNAL void dt_cg_dvlookup(dt_cg_t *, int keytmp);

/* dt_cg_store.c: stores into D memory (members of variables, *p, p[i], p->m) */
DT_INTERNAL void dt_cg_memstore(dt_cg_t *, dt_node_t *lhs);
DT_INTERNAL void dt_cg_dmemptr(dt_cg_t *, int slot, int size);

/*
 * The language's hooks: the cg column of layout/dt_lang.h, one generator
 * per built-in variable (r0 = its value) and per function (an action
 * records or acts; a subroutine pushes its value), defined by the files
 * below and dispatched by dt_cg.c.
 */
#define X(id, name, type, attr, vers, cook, cg) DT_INTERNAL void dt_cg_var_##cg(dt_cg_t *, dt_node_t *);
DT_LANG_VARS(X)
#undef X
#define X(id, name, kind, min, max, ret, params, attr, vers, cook, cg) \
	DT_INTERNAL void dt_cg_fn_##cg(dt_cg_t *, dt_node_t *);
DT_LANG_FUNCS(X)
#undef X

/* dt_cg_arr.c: scalar array elements, characters of strings */
DT_INTERNAL void dt_cg_elemload(dt_cg_t *, dt_node_t *);
DT_INTERNAL void dt_cg_elemstore(dt_cg_t *, dt_node_t *);
DT_INTERNAL void dt_cg_elemaddr(dt_cg_t *, dt_node_t *);
DT_INTERNAL void dt_cg_strindex(dt_cg_t *, dt_node_t *);

/* dt_cg_spec.c: speculations (and the hooks of speculation() .. discard()) */
DT_INTERNAL void dt_cg_spec_clause(dt_cg_t *);
DT_INTERNAL void dt_cg_spec_output(dt_cg_t *, int size);

/* dt_cg_agg.c: @a[keys] = f(args) (and the hooks of printa() .. setopt()) */
DT_INTERNAL void dt_cg_aggstmt(dt_cg_t *, dt_node_t *);

/* dt_cg_defer.c: a recorded copyinstr() the consumer reads if the program cannot */
DT_INTERNAL int dt_cg_defers(const dt_cg_t *, const dt_node_t *);
DT_INTERNAL void dt_cg_recdefer(dt_cg_t *, dt_recdesc_t *, dt_node_t *);
DT_INTERNAL bool dt_cg_memdefers(const dt_cg_t *, const dt_node_t *, int);
DT_INTERNAL void dt_cg_tracemem_defer(dt_cg_t *, dt_recdesc_t *, dt_node_t *);

/* dt_cg_stack.c: stack(), ustack(), sym() and kin as records and keys */
DT_INTERNAL void dt_cg_stackval(dt_cg_t *, dt_node_t *call, bool istmp, int off);
DT_INTERNAL dt_recdesc_t *dt_cg_recuaddr(dt_cg_t *, dt_node_t *);

/* dt_cg_str.c: strings that may be NULL; the strtok() state */
DT_INTERNAL bool dt_cg_str_maybenull(const dt_node_t *);
DT_INTERNAL void dt_cg_strnull(dt_cg_t *, const dt_node_t *, int mode);
DT_INTERNAL void dt_cg_str_prologue(dt_cg_t *);
enum { DT_STRNULL_KEEP, DT_STRNULL_FAULT, DT_STRNULL_EMPTY };

#endif /* DT_CG_IMPL_H */
