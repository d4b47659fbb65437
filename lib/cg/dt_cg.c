/*
 * dt_cg.c -- code generation: the cooked AST of the clauses that match one
 * probe becomes one eBPF program for that probe.
 *
 * Program shape.  The prologue saves the context, checks the consumer's
 * activity state (probes record nothing unless tracing is ACTIVE; BEGIN runs
 * in WARMUP and END in COOLDOWN), saves the CPU's number on the stack
 * (dt_cg_cpu) and finds this CPU's scratch area, kept in r9 for the whole
 * program (a program that never uses r9, say `n++` or `@ = count()`, skips
 * the lookup: drop_scratch()).  Then each clause runs in program order: its
 * predicate, its statements, and, if it recorded data, one
 * bpf_perf_event_output() of its record: an EPID header followed by data at
 * offsets fixed at compile time (the consumer decodes it by EPID, as in the
 * paper's ECB/EPID model).  A run-time fault (division by zero, a bad
 * address) jumps to the clause's fault path, which writes an error record,
 * and continues with the next clause: a fault aborts only its clause.
 *
 * Values.  Expressions are evaluated on a virtual stack whose first three
 * slots are the callee-saved registers r6-r8 and whose deeper slots are
 * spilled to the BPF stack, so helper calls (which clobber r0-r5) never
 * disturb pending values.  Integers are 64-bit values; as in D, the result
 * of an operator is not narrowed to its type ((1 << 40) >> 38 is 4 for an
 * int): values are normalised (sign- or zero-extended from their size) when
 * loaded, cast, stored into a variable or an aggregation key, or recorded.  A string value is a pointer to
 * strsize bytes of BPF-readable memory: a string constant in dt_strtab, a
 * variable in a map value, or a temporary in the scratch area.
 *
 * Files.  This file is the expression compiler, the statements, clauses
 * and program shape; it builds on the emission layer (dt_cg_emit.c:
 * instructions, labels, temporaries, the value stack, faults), which calls
 * nothing above it.  Built-in variables and functions are dispatched by
 * the language's table (layout/dt_lang.h): dt_cg_vartab and dt_cg_fntab
 * map each id to its row's hook, dt_cg_var_<cg> here or dt_cg_fn_<cg> in
 * the file of its kind (dt_cg_agg.c, dt_cg_str.c, dt_cg_mem.c, ...); the
 * hooks compile their arguments with dt_cg_expr().
 *
 * Scratch layout (per CPU, r9):
 *   [0, 128)         dt_cpustate_t counters, read by the consumer via mmap
 *   [128, 192)       the error record of the current fault
 *   [192, +T)        this-> variables (program-wide offsets)
 *   [192+T, +R)      the clause record being built
 *   [192+T+R, ...)   temporaries (strings, keys), offsets patched at the end
 */
#include "dt_insn.h"
#include "dt_cg_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ strings */

/* r = bswap64(r): string order is the numeric order of big-endian words */
static void bswap64(dt_cg_t *cg, int reg)
{
	dt_cg_insn(cg, DT_INSN(BPF_ALU | BPF_END | BPF_TO_BE, reg, 0, 0, 64));
}

/* reg |= reg >> 1, 2, ... 32: every bit below the highest set bit becomes 1 */
static void smear_right(dt_cg_t *cg, int reg, int tmp)
{
	for (int sh = 1; sh <= 32; sh *= 2) {
		dt_cg_insn(cg, MOV64_REG(tmp, reg));
		dt_cg_insn(cg, ALU64_IMM(BPF_RSH, tmp, sh));
		dt_cg_insn(cg, ALU64_REG(BPF_OR, reg, tmp));
	}
}

/*
 * Compare the strings in the two top slots; leaves strcmp()'s sign
 * (-1, 0, 1) in the lower slot.
 *
 * Eight bytes at a time, with one data-dependent branch per word: the
 * verifier walks every iteration and, at a branch it cannot decide, follows
 * one way and keeps the other for later (8192 kept at most), so a byte loop
 * (two branches per byte) would exhaust its limit after a few comparisons in
 * one program.  The way it keeps is the next word: it follows the decision
 * out of the loop first and keeps one state at a time.  (The other way
 * round it kept strsize / 8, and two comparisons with strsize=64k were
 * refused: "The sequence of 8193 jumps is too complex".)  The decision
 * reads no pointer or counter (w1 waits on the stack), so the verifier
 * walks it once, not once per word.  String buffers are padded to a
 * multiple of 8 bytes (strtab stride, temps, variables) and always hold a
 * NUL within strsize bytes; bytes after the NUL may be garbage.
 *
 * Per word: x = w1 ^ w2 (differences), z = NUL bytes of w1 (the classic
 * (w - 0x01..) & ~w & 0x80.. test, exact up to the first NUL).  Stop at the
 * first word with either.  There, in big-endian order, clear the bytes after
 * w1's first NUL and compare the words as unsigned numbers.
 */
static void str_compare(dt_cg_t *cg)
{
	int a = cg->cg_depth - 2, b = cg->cg_depth - 1;
	int loop = dt_cg_label(cg), next = dt_cg_label(cg), decide = dt_cg_label(cg),
	    equal = dt_cg_label(cg), done = dt_cg_label(cg);
	int ra = dt_cg_get(cg, a, R1), rb;

	if (ra != R1)
		dt_cg_insn(cg, MOV64_REG(R1, ra));
	rb = dt_cg_get(cg, b, R2);
	if (rb != R2)
		dt_cg_insn(cg, MOV64_REG(R2, rb));
	dt_cg_insn(cg, MOV64_IMM(R3, (cg->cg_strsize + 7) / 8));
	dt_cg_place(cg, loop);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), equal);
	dt_cg_insn(cg, LDX(BPF_DW, R4, R1, 0));
	dt_cg_insn(cg, STX(BPF_DW, FP, R4, DT_STACK_TMP));
	dt_cg_insn(cg, LDX(BPF_DW, R5, R2, 0));
	dt_cg_insn(cg, ALU64_REG(BPF_XOR, R5, R4));		/* x */
	dt_cg_ld64(cg, R0, (uint64_t)-0x0101010101010101LL);
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R0, R4));
	dt_cg_insn(cg, ALU64_IMM(BPF_XOR, R4, -1));
	dt_cg_insn(cg, ALU64_REG(BPF_AND, R0, R4));
	dt_cg_ld64(cg, R4, 0x8080808080808080ULL);
	dt_cg_insn(cg, ALU64_REG(BPF_AND, R0, R4));		/* z */
	dt_cg_insn(cg, MOV64_REG(R4, R5));
	dt_cg_insn(cg, ALU64_REG(BPF_OR, R4, R0));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R4, 0, 0), next);
	dt_cg_jump(cg, JA(0), decide); /* a jump target: where the verifier prunes */

	dt_cg_place(cg, decide);
	dt_cg_insn(cg, LDX(BPF_DW, R4, FP, DT_STACK_TMP));	/* w1 */
	dt_cg_insn(cg, ALU64_REG(BPF_XOR, R5, R4));		/* w2 */
	bswap64(cg, R0);
	smear_right(cg, R0, R1);
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R0, 8));
	dt_cg_insn(cg, ALU64_IMM(BPF_XOR, R0, -1));	/* keep up to the NUL */
	bswap64(cg, R4);
	bswap64(cg, R5);
	dt_cg_insn(cg, ALU64_REG(BPF_AND, R4, R0));
	dt_cg_insn(cg, ALU64_REG(BPF_AND, R5, R0));
	dt_cg_jump(cg, JMP_REG(BPF_JEQ, R4, R5, 0), equal);
	dt_cg_insn(cg, MOV64_IMM(R0, 1));
	dt_cg_jump(cg, JMP_REG(BPF_JGT, R4, R5, 0), done);
	dt_cg_insn(cg, MOV64_IMM(R0, -1));
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, next);
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, 8));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R2, 8));
	dt_cg_insn(cg, ALU64_IMM(BPF_SUB, R3, 1));
	dt_cg_jump(cg, JA(0), loop);
	dt_cg_place(cg, equal);
	dt_cg_insn(cg, MOV64_IMM(R0, 0));
	dt_cg_place(cg, done);
	dt_cg_pop(cg);
	dt_cg_set(cg, a, R0);
}

/* ------------------------------------------------------------ dynamic vars */

/*
 * Build the dynamic variable key for idp (and keys, for arrays) in a temp:
 * { u32 varid, u32 0, u64 tid or 0, key tuple... }, zero-padded to the
 * handle's dynamic key size.  Returns the temp offset.
 */
int dt_cg_dvkey(dt_cg_t *cg, dt_ident_t *idp, dt_node_t *keys)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	int tmp = dt_cg_tmpalloc(cg, dtp->dt_dvkeysize);
	int off = 16;
	bool tls = idp->di_kind == DT_ID_TLS || idp->di_kind == DT_ID_TARRAY;

	dt_cg_zerotmp(cg, tmp, dtp->dt_dvkeysize);
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_insn(cg, ST(BPF_W, R1, 0, idp->di_id));
	if (tls) {
		dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
		dt_cg_tmpaddr(cg, R1, tmp);
		dt_cg_insn(cg, STX(BPF_DW, R1, R0, 8));
	}
	for (dt_node_t *k = keys; k; k = k->dn_next) {
		if (dt_cg_isstr(k)) {
			int r;

			dt_cg_strexpr(cg, k);
			r = dt_cg_get(cg, cg->cg_depth - 1, R3);
			dt_cg_tmpaddr(cg, R1, tmp + off);
			dt_cg_copystr(cg, R1, r);
			off += cg->cg_strsize;
		} else {
			int r;

			dt_cg_expr(cg, k);
			r = dt_cg_get(cg, cg->cg_depth - 1, R2);
			dt_cg_tmpaddr(cg, R1, tmp + off); /* off may pass 32k */
			dt_cg_insn(cg, STX(BPF_DW, R1, r, 0));
			off += 8;
		}
		dt_cg_pop(cg);
	}
	return tmp;
}

/* r0 = lookup(dvars, key temp) */
void dt_cg_dvlookup(dt_cg_t *cg, int keytmp)
{
	dt_cg_ldmap(cg, R1, DT_MAP_DVARS);
	dt_cg_tmpaddr(cg, R2, keytmp);
	dt_cg_call(cg, BPF_FUNC_map_lookup_elem);
}

/* ------------------------------------------------------------ variables */

static bool is_dynamic(const dt_ident_t *idp)
{
	return idp->di_kind == DT_ID_TLS || idp->di_kind == DT_ID_TARRAY ||
	       idp->di_kind == DT_ID_GARRAY;
}

static bool is_sou(const dt_type_t *t)
{
	return t->dt_canon->dt_kind == DT_TK_STRUCT || t->dt_canon->dt_kind == DT_TK_UNION;
}

/*
 * r0 = the scalar value at r0.  A scalar variable holds the whole 64-bit
 * value it was assigned, whatever its type, and gives it back unchanged:
 * illumos' stv/ldv move DIF registers without converting, so after
 * `self->t = 0; ... self->t = timestamp;` (self->t typed int by the first)
 * `timestamp - self->t` is the time elapsed (procsystime's idiom).
 */
static void load_scalar(dt_cg_t *cg, const dt_type_t *t)
{
	if (t->dt_kind == DT_TK_INT)
		dt_cg_insn(cg, LDX(BPF_DW, R0, R0, 0));
	else
		dt_cg_load(cg, R0, R0, 0, t);
}

/*
 * Push a pointer to the storage of a variable (for strings) or its value.
 * keys are the array keys of an N_ARRAY reference.
 */
static void gen_varload(dt_cg_t *cg, const dt_node_t *dnp, dt_ident_t *idp, dt_node_t *keys)
{
	int slot, found, done;
	/* a string's value, and a struct's (as in C), is its storage's address */
	bool str = idp->di_type->dt_kind == DT_TK_STRING || is_sou(idp->di_type) ||
		   idp->di_type->dt_kind == DT_TK_ARRAY; /* an array: its address (p = a) */

	if (!is_dynamic(idp)) {
		slot = dt_cg_push(cg, dnp);
		if (idp->di_kind == DT_ID_LOCAL) {
			dt_cg_insn(cg, MOV64_REG(R0, R9));
			dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R0, DT_SCR_THIS + idp->di_off));
		} else {
			dt_cg_ldmapval(cg, R0, DT_MAP_GLOBAL, DT_G_VARS + idp->di_off);
		}
		if (!str)
			load_scalar(cg, idp->di_type);
		dt_cg_set(cg, slot, R0);
		return;
	}
	{
		int key = dt_cg_dvkey(cg, idp, keys);

		dt_cg_dvlookup(cg, key);
	}
	slot = dt_cg_push(cg, dnp);
	found = dt_cg_label(cg);
	done = dt_cg_label(cg);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), found);
	if (str && dnp != cg->cg_nullstr && dnp != cg->cg_nullptr) {
		dt_cg_fault(cg, DT_FAULT_BADADDR, R0); /* unset: NULL, as in DTrace */
	} else {
		if (str && dnp != cg->cg_nullptr)
			dt_cg_ldmapval(cg, R0, DT_MAP_STRTAB, 0); /* compared: NULL is "" */
		else
			dt_cg_insn(cg, MOV64_IMM(R0, 0));
		dt_cg_jump(cg, JA(0), done);
	}
	dt_cg_place(cg, found);
	if (!str)
		load_scalar(cg, idp->di_type);
	dt_cg_place(cg, done);
	dt_cg_set(cg, slot, R0);
}

/*
 * Store the value on top of the stack into a variable; the value stays on
 * the stack (an assignment is an expression).
 */
static void gen_varstore(dt_cg_t *cg, dt_ident_t *idp, dt_node_t *keys, bool nul)
{
	int vslot = cg->cg_depth - 1;
	bool str = idp->di_type->dt_kind == DT_TK_STRING;
	bool sou = is_sou(idp->di_type);
	int size = str ? cg->cg_strsize : sou ? (idp->di_type->dt_canon->dt_size + 7) & ~7 : 8;
	int r;

	if (!is_dynamic(idp)) {
		if (idp->di_kind == DT_ID_LOCAL) {
			dt_cg_insn(cg, MOV64_REG(R1, R9));
			dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, DT_SCR_THIS + idp->di_off));
		} else {
			dt_cg_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_VARS + idp->di_off);
		}
		r = dt_cg_get(cg, vslot, R3);
		if (is_sou(idp->di_type)) { /* a struct value: its bytes copied from its address */

			if (r != R3)
				dt_cg_insn(cg, MOV64_REG(R3, r));
			dt_cg_insn(cg, MOV64_IMM(R2, idp->di_type->dt_canon->dt_size));
			dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
			dt_cg_badaddr_unless(cg, vslot);
		} else if (str && nul) {
			dt_cg_insn(cg, ST(BPF_B, R1, 0, 0)); /* s = 0: an empty string */
		} else if (str) {
			dt_cg_copystr(cg, R1, r);
		} else {
			dt_cg_insn(cg, STX(BPF_DW, R1, r, 0)); /* the whole register (load_scalar) */
		}
		return;
	}
	{
		int key = dt_cg_dvkey(cg, idp, keys);
		int del = dt_cg_label(cg), done = dt_cg_label(cg), fail = dt_cg_label(cg);
		int val = dt_cg_tmpalloc(cg, size);

		/*
		 * Assigning zero deallocates the variable (a string too:
		 * self->name = 0); "" is a value, stored as any string.
		 */
		if (sou) { /* a struct value: its bytes, from its address */
			dt_cg_tmpaddr(cg, R1, val);
			dt_cg_ldslot(cg, R3, vslot);
			dt_cg_insn(cg, MOV64_IMM(R2, idp->di_type->dt_canon->dt_size));
			dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
			dt_cg_badaddr_unless(cg, vslot);
		} else if (str && !nul) {
			dt_cg_tmpaddr(cg, R1, val);
			r = dt_cg_get(cg, vslot, R3);
			dt_cg_copystr(cg, R1, r);
		} else if (!nul) {
			r = dt_cg_get(cg, vslot, R1);
			dt_cg_jump(cg, JMP_IMM(BPF_JEQ, r, 0, 0), del);
			dt_cg_tmpaddr(cg, R1, val);
			dt_cg_insn(cg, STX(BPF_DW, R1, r, 0));
		}
		if (!nul) {
			dt_cg_ldmap(cg, R1, DT_MAP_DVARS);
			dt_cg_tmpaddr(cg, R2, key);
			dt_cg_mapupdate(cg, val, BPF_ANY);
			dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), fail);
			dt_cg_jump(cg, JA(0), done);
			dt_cg_place(cg, fail);
			dt_cg_countdrop(cg, offsetof(dt_cpustate_t, cs_dyndrops));
			dt_cg_jump(cg, JA(0), done);
		}
		if (nul || (!str && !sou)) { /* the only way to del */
			dt_cg_place(cg, del);
			dt_cg_ldmap(cg, R1, DT_MAP_DVARS);
			dt_cg_tmpaddr(cg, R2, key);
			dt_cg_call(cg, BPF_FUNC_map_delete_elem);
		}
		dt_cg_place(cg, done);
	}
}

/* ------------------------------------------------------------ built-ins */

/* ------------------------------------------------------------ probe identity */

/*
 * r0 = &dt_probetab[cookie & 0xffffffff] of a shared program, or jump to
 * none (r0 = 0) if the entry is missing.
 */
static void gen_probetab(dt_cg_t *cg, int none)
{
	dt_cg_insn(cg, LDX(BPF_W, R0, FP, DT_STACK_COOKIE));
	dt_cg_lookup32(cg, DT_MAP_PROBETAB, R0);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), none);
}

/*
 * reg = probeprov, probemod, probefunc or probename (field 0..3): a string
 * in dt_strtab, at an offset known now or read from dt_probetab.
 */
static void gen_probestr(dt_cg_t *cg, int reg, int field)
{
	const dtrace_probedesc_t *pd = &cg->cg_probe->pr_desc;
	const char *const names[] = { pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func,
				      pd->dtpd_name };
	int none = dt_cg_label(cg), done = dt_cg_label(cg);

	if (!cg->cg_shared) {
		dt_cg_ldmapval(cg, reg, DT_MAP_STRTAB, dt_strtab_add(cg->cg_dtp, names[field]));
		return;
	}
	gen_probetab(cg, none);
	dt_cg_insn(cg, LDX(BPF_W, R1, R0, offsetof(dt_probetab_ent_t, pt_str) + 4 * field));
	/* the verifier wants the offset bounded within dt_strtab */
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R1, cg->cg_dtp->dt_probestrmax, 0), none);
	dt_cg_ldmapval(cg, reg, DT_MAP_STRTAB, 0);
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, reg, R1));
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, none);
	dt_cg_ldmapval(cg, reg, DT_MAP_STRTAB, 0); /* "" */
	dt_cg_place(cg, done);
}

/* *(u32 *)(base + off) = the current clause's EPID (r2 clobbered if shared) */
static void store_epid(dt_cg_t *cg, int base, int off)
{
	if (!cg->cg_shared) {
		dt_cg_insn(cg, ST(BPF_W, base, off, (int32_t)(cg->cg_epidbase + cg->cg_stmt)));
		return;
	}
	dt_cg_epid(cg, R2);
	dt_cg_insn(cg, STX(BPF_W, base, R2, off));
}

/* reg = the probe ID */
static void gen_probeid(dt_cg_t *cg, int reg)
{
	int none = dt_cg_label(cg), done = dt_cg_label(cg);

	if (!cg->cg_shared) {
		dt_cg_insn(cg, MOV64_IMM(reg, (int32_t)cg->cg_probe->pr_desc.dtpd_id));
		return;
	}
	gen_probetab(cg, none);
	dt_cg_insn(cg, LDX(BPF_W, reg, R0, offsetof(dt_probetab_ent_t, pt_id)));
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, none);
	dt_cg_insn(cg, MOV64_IMM(reg, 0));
	dt_cg_place(cg, done);
}

/*
 * r0 = a member of the current task through BTF offsets (ppid): the
 * pointers on the way are kept in the slot pushed for the value.
 */
static void gen_task_member(dt_cg_t *cg, const dt_node_t *dnp, const char *const *path)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	dt_type_t *t = dt_type_struct(dtp, "task_struct", false);
	int slot = cg->cg_depth - 1;

	if (t == NULL)
		dt_cg_error(cg, dnp, "kernel BTF is not available for %s", "ppid");
	dt_cg_call(cg, BPF_FUNC_get_current_task);
	dt_cg_set(cg, slot, R0);
	for (int i = 0; path[i]; i++) {
		dt_member_t *dm = dt_type_member(dtp, t, path[i]);
		int tmp, size;

		if (dm == NULL)
			dt_cg_error(cg, dnp, "task_struct has no member %s", path[i]);
		t = dm->dm_type;
		size = t->dt_kind == DT_TK_INT ? t->dt_size : 8;
		{
			int r = dt_cg_get(cg, slot, R0);

			dt_cg_insn(cg, ALU64_IMM(BPF_ADD, r, dm->dm_off));
			dt_cg_set(cg, slot, r);
		}
		tmp = dt_cg_readmem(cg, slot, size, false);
		dt_cg_tmpaddr(cg, R1, tmp);
		dt_cg_load(cg, R0, R1, 0, t->dt_kind == DT_TK_INT ? t : dt_type_int(dtp, 8, false));
		if (path[i + 1] != NULL)
			dt_cg_set(cg, slot, R0);
		if (t->dt_kind == DT_TK_PTR)
			t = t->dt_base;
	}
}

/* reg cut to size bytes (DT_ARG_SIGNED: sign-extended), for USDT operands */
static void gen_argext(dt_cg_t *cg, int size, int reg)
{
	int bits = 64 - 8 * (size & 0xf);

	if (bits <= 0 || bits >= 64)
		return;
	dt_cg_insn(cg, ALU64_IMM(BPF_LSH, reg, bits));
	dt_cg_insn(cg, ALU64_IMM((size & DT_ARG_SIGNED) ? BPF_ARSH : BPF_RSH, reg, bits));
}

/* reg = the raw value at the source (the context is at FP + DT_STACK_CTX). */
static void gen_argsrc(dt_cg_t *cg, const dt_argsrc_t *as, int64_t val, int reg)
{
	int tmp = reg == R0 ? R1 : R0;

	switch (as->as_kind) {
	case DT_ARG_CTX:
	case DT_ARG_RETVAL:
	case DT_ARG_NEGCTX:
		dt_cg_ldctx(cg, reg);
		dt_cg_insn(cg, LDX(BPF_DW, reg, reg, as->as_off));
		if (as->as_kind == DT_ARG_NEGCTX)
			dt_cg_insn(cg, NEG64(reg));
		if (as->as_kind == DT_ARG_RETVAL) { /* -errno reads as -1 */
			dt_cg_insn(cg, JMP_IMM(BPF_JSGE, reg, 0, 2));
			dt_cg_insn(cg, JMP_IMM(BPF_JSLT, reg, -4095, 1));
			dt_cg_insn(cg, MOV64_IMM(reg, -1));
		}
		return;
	case DT_ARG_REGSPTR: {
		int t = dt_cg_tmpalloc(cg, 8);

		dt_cg_tmpaddr(cg, R1, t);
		dt_cg_insn(cg, ST(BPF_DW, R1, 0, 0));
		dt_cg_ldctx(cg, R3);
		dt_cg_insn(cg, LDX(BPF_DW, R3, R3, 0));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R3, as->as_off));
		dt_cg_insn(cg, MOV64_IMM(R2, 8));
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
		dt_cg_tmpaddr(cg, reg, t);
		dt_cg_insn(cg, LDX(BPF_DW, reg, reg, 0));
		return;
	}
	case DT_ARG_PC_KERNEL:
	case DT_ARG_PC_USER:
		/* struct bpf_perf_event_data starts with the pt_regs */
		dt_cg_ldctx(cg, reg);
		dt_cg_insn(cg, LDX(BPF_DW, tmp, reg, DT_REGS_CS));
		dt_cg_insn(cg, LDX(BPF_DW, reg, reg, DT_REGS_IP));
		dt_cg_insn(cg, ALU64_IMM(BPF_AND, tmp, DT_REGS_CPL_MASK));
		dt_cg_insn(cg, JMP_IMM(as->as_kind == DT_ARG_PC_KERNEL ? BPF_JEQ : BPF_JNE, tmp, 0, 1));
		dt_cg_insn(cg, MOV64_IMM(reg, 0));
		return;
	case DT_ARG_ERRREC:
		dt_cg_insn(cg, LDX(dt_cg_bpfsize(as->as_size), reg, R9, DT_SCR_ERR + as->as_off));
		return;
	case DT_ARG_CTXN:
		dt_cg_ldctx(cg, reg);
		dt_cg_insn(cg, LDX(BPF_DW, reg, reg, as->as_off));
		gen_argext(cg, as->as_size, reg);
		return;
	case DT_ARG_UMEM: { /* unreadable memory reads as 0 */
		int t = dt_cg_tmpalloc(cg, 8);

		dt_cg_tmpaddr(cg, R1, t);
		dt_cg_insn(cg, ST(BPF_DW, R1, 0, 0));
		dt_cg_ldctx(cg, R3);
		dt_cg_insn(cg, LDX(BPF_DW, R3, R3, as->as_off));
		dt_cg_ld64(cg, R2, (uint64_t)val);
		dt_cg_insn(cg, ALU64_REG(BPF_ADD, R3, R2));
		dt_cg_insn(cg, MOV64_IMM(R2, as->as_size & 0xf));
		dt_cg_call(cg, BPF_FUNC_probe_read_user);
		dt_cg_tmpaddr(cg, reg, t);
		dt_cg_insn(cg, LDX(BPF_DW, reg, reg, 0));
		gen_argext(cg, as->as_size, reg);
		return;
	}
	case DT_ARG_CONST:
		dt_cg_ld64(cg, reg, (uint64_t)val);
		return;
	default:
		dt_cg_insn(cg, MOV64_IMM(reg, 0));
	}
}

/* reg = argN of the program's probes */
static void gen_arg(dt_cg_t *cg, int n, int reg)
{
	gen_argsrc(cg, &cg->cg_probe->pr_argsrc[n], cg->cg_probe->pr_argval[n], reg);
}

/*
 * r0 = the timestamp of this firing: read once, at its first use, and kept
 * on the stack (zeroed by the prologue of a program that uses it), so that
 * every clause of one firing sees the same timestamp and walltimestamp, as
 * in DTrace.
 */
static void gen_timestamp(dt_cg_t *cg)
{
	int have = dt_cg_label(cg);

	dt_cg_insn(cg, LDX(BPF_DW, R0, FP, DT_STACK_TS));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), have);
	dt_cg_call(cg, BPF_FUNC_ktime_get_ns);
	dt_cg_insn(cg, STX(BPF_DW, FP, R0, DT_STACK_TS));
	dt_cg_place(cg, have);
}

/*
 * r0 = vtimestamp: the current thread's time on CPU, the scheduler's
 * task_struct->se.sum_exec_runtime (read with probe_read_kernel), read once
 * per firing as timestamp is.  It is brought up to date at context
 * switches and scheduler ticks, so it lags the thread's true on-CPU time by
 * up to a tick (docs/linux-differences.md).
 */
static void gen_vtimestamp(dt_cg_t *cg, const dt_node_t *dnp)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	dt_type_t *t = dt_type_struct(dtp, "task_struct", false);
	dt_member_t *se = t != NULL ? dt_type_member(dtp, t, "se") : NULL, *rt;
	int have = dt_cg_label(cg);

	if (se == NULL || (rt = dt_type_member(dtp, se->dm_type, "sum_exec_runtime")) == NULL)
		dt_cg_error(cg, dnp, "kernel BTF is not available for %s", "vtimestamp");
	dt_cg_insn(cg, LDX(BPF_DW, R0, FP, DT_STACK_VTS));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), have);
	dt_cg_call(cg, BPF_FUNC_get_current_task);
	dt_cg_insn(cg, MOV64_REG(R3, R0));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R3, se->dm_off + rt->dm_off));
	dt_cg_insn(cg, MOV64_REG(R1, FP));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, DT_STACK_VTS));
	dt_cg_insn(cg, MOV64_IMM(R2, 8));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_insn(cg, LDX(BPF_DW, R0, FP, DT_STACK_VTS));
	dt_cg_place(cg, have);
}

/* Does a tree read timestamp or walltimestamp (vt: vtimestamp)? */
static bool uses_time(const dt_node_t *dnp, bool vt)
{
	for (; dnp != NULL; dnp = dnp->dn_next) {
		if (dnp->dn_kind == N_VAR && dnp->dn_ident == NULL &&
		    (vt ? dnp->dn_builtin == DT_BV_VTIMESTAMP
			: (dnp->dn_builtin == DT_BV_TIMESTAMP ||
			   dnp->dn_builtin == DT_BV_WALLTIMESTAMP)))
			return true;
		if (uses_time(dnp->dn_left, vt) || uses_time(dnp->dn_right, vt) ||
		    uses_time(dnp->dn_cond, vt) || uses_time(dnp->dn_args, vt) ||
		    uses_time(dnp->dn_body, vt) || uses_time(dnp->dn_else, vt))
			return true;
	}
	return false;
}

/* Whether the statements call exit(). */
static bool calls_exit(const dt_node_t *dnp)
{
	for (; dnp != NULL; dnp = dnp->dn_next) {
		if (dnp->dn_kind == N_CALL && dnp->dn_builtin == DT_FN_EXIT)
			return true;
		if (calls_exit(dnp->dn_left) || calls_exit(dnp->dn_right) ||
		    calls_exit(dnp->dn_cond) || calls_exit(dnp->dn_args) ||
		    calls_exit(dnp->dn_body) || calls_exit(dnp->dn_else))
			return true;
	}
	return false;
}

static bool clauses_use_time(dt_clause_t *const *clauses, int n, bool vt)
{
	for (int i = 0; i < n; i++)
		if (uses_time(clauses[i]->dc_pred, vt) || uses_time(clauses[i]->dc_body, vt))
			return true;
	return false;
}

/*
 * The built-in variables: the cg column of their rows in the language's
 * table (layout/dt_lang.h).  A hook leaves the variable's value in r0; the
 * slot it goes to is pushed (cg->cg_depth - 1) and set by gen_builtin().
 */
void dt_cg_var_pid(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R0, 32));
}

void dt_cg_var_ppid(dt_cg_t *cg, dt_node_t *dnp)
{
	static const char *const path[] = { "real_parent", "tgid", NULL };

	gen_task_member(cg, dnp, path);
}

void dt_cg_var_tid(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
	dt_cg_insn(cg, MOV32_REG(R0, R0));
}

void dt_cg_var_uid(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	dt_cg_call(cg, BPF_FUNC_get_current_uid_gid);
	dt_cg_insn(cg, MOV32_REG(R0, R0));
}

void dt_cg_var_gid(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	dt_cg_call(cg, BPF_FUNC_get_current_uid_gid);
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R0, 32));
}

void dt_cg_var_execname(dt_cg_t *cg, dt_node_t *dnp)
{
	int tmp = dt_cg_tmpalloc(cg, cg->cg_strsize);

	(void)dnp;
	/* comm is 16 bytes: no more than the temp holds (strsize < 16) */
	dt_cg_tmpaddr(cg, R1, tmp);
	if (cg->cg_strsize > 16)
		dt_cg_insn(cg, ST(BPF_DW, R1, 16, 0));
	dt_cg_insn(cg, MOV64_IMM(R2, cg->cg_strsize < 16 ? cg->cg_strsize : 16));
	dt_cg_call(cg, BPF_FUNC_get_current_comm);
	dt_cg_tmpaddr(cg, R0, tmp);
}

void dt_cg_var_cpu(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	dt_cg_cpu(cg);
}

void dt_cg_var_timestamp(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	gen_timestamp(cg);
}

void dt_cg_var_vtimestamp(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_vtimestamp(cg, dnp);
}

void dt_cg_var_walltimestamp(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	gen_timestamp(cg);
	dt_cg_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_WALLOFF);
	dt_cg_insn(cg, LDX(BPF_DW, R1, R1, 0));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R0, R1));
}

/* probeprov, probemod, probefunc, probename */
void dt_cg_var_probestr(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_probestr(cg, R0, dnp->dn_builtin - DT_BV_PROBEPROV);
}

void dt_cg_var_id(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	gen_probeid(cg, R0);
}

void dt_cg_var_epid(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	dt_cg_epid(cg, R0);
}

void dt_cg_var_errno(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_probe_t *pr = cg->cg_probe;

	(void)dnp;
	if (pr->pr_errno.as_kind != DT_ARG_ZERO) {
		int zero = dt_cg_label(cg), done = dt_cg_label(cg);

		gen_argsrc(cg, &pr->pr_errno, 0, R0); /* the raw return value */
		dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R0, 0, 0), zero);
		dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R0, -4095, 0), zero);
		dt_cg_insn(cg, NEG64(R0));
		dt_cg_jump(cg, JA(0), done);
		dt_cg_place(cg, zero);
		dt_cg_insn(cg, MOV64_IMM(R0, 0));
		dt_cg_place(cg, done);
	} else {
		dt_cg_insn(cg, MOV64_IMM(R0, 0));
	}
}

void dt_cg_var_curthread(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	dt_cg_call(cg, BPF_FUNC_get_current_task);
}

/* Linux has no zones: every process is in the global one */
void dt_cg_var_zonename(dt_cg_t *cg, dt_node_t *dnp)
{
	(void)dnp;
	dt_cg_ldmapval(cg, R0, DT_MAP_STRTAB, dt_strtab_add(cg->cg_dtp, "global"));
}

/* arg0 .. arg9 */
void dt_cg_var_argn(dt_cg_t *cg, dt_node_t *dnp)
{
	gen_arg(cg, dnp->dn_builtin - DT_BV_ARG0, R0);
}

void dt_cg_var_unsupported(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_error(cg, dnp, "built-in variable %s is not supported on this platform",
		    dnp->dn_name);
}

typedef void dt_cg_hook_f(dt_cg_t *, dt_node_t *);

static dt_cg_hook_f *const dt_cg_vartab[DT_BV_MAX] = {
#define X(id, name, type, attr, vers, cook, cg) [DT_BV_##id] = dt_cg_var_##cg,
	DT_LANG_VARS(X)
#undef X
};

/*
 * The functions: the cg column of their rows.  An action's hook records or
 * acts (a statement); a subroutine's pushes its value (an expression).
 */
static const struct {
	dt_fnkind_t fc_kind;
	dt_cg_hook_f *fc_gen;
} dt_cg_fntab[DT_FN_NFUNCS] = {
#define X(id, name, kind, min, max, ret, params, attr, vers, cook, cg) \
	[DT_FN_##id] = { DT_FN_##kind, dt_cg_fn_##cg },
	DT_LANG_FUNCS(X)
#undef X
};

static void gen_builtin(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot = dt_cg_push(cg, dnp);

	dt_cg_vartab[dnp->dn_builtin](cg, dnp);
	dt_cg_set(cg, slot, R0);
}

/* ------------------------------------------------------------ addresses */

/* Push the address of an lvalue in memory (member, deref, index). */
void dt_cg_addr(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot;

	switch (dnp->dn_kind) {
	case N_MEMBER:
		if (dnp->dn_op == OP_ARROW)
			dt_cg_expr(cg, dnp->dn_left);
		else
			dt_cg_addr(cg, dnp->dn_left);
		slot = cg->cg_depth - 1;
		if (dnp->dn_val != 0) {
			int r = dt_cg_get(cg, slot, R0);

			dt_cg_insn(cg, ALU64_IMM(BPF_ADD, r, (int32_t)dnp->dn_val));
			dt_cg_set(cg, slot, r);
		}
		return;
	case N_DEREF:
		dt_cg_expr(cg, dnp->dn_left);
		return;
	case N_VAR: /* a struct or array variable: its value is its address */
		if (dnp->dn_ident != NULL && (is_sou(dnp->dn_type) || dnp->dn_type->dt_kind == DT_TK_ARRAY)) {
			dt_cg_expr(cg, dnp);
			return;
		}
		break;
	case N_ARRAY: {
		dt_node_t *base = dnp->dn_left;
		int r, ri;

		if (dnp->dn_index == DT_INDEX_SCALAR) { /* &a[i] of a D array */
			dt_cg_elemaddr(cg, dnp);
			return;
		}
		if (dnp->dn_index == DT_INDEX_VAR && is_sou(dnp->dn_type)) { /* a[k] holding a struct */
			dt_cg_expr(cg, dnp);
			return;
		}
		if (base->dn_type->dt_kind == DT_TK_ARRAY)
			dt_cg_addr(cg, base);
		else
			dt_cg_expr(cg, base);
		dt_cg_expr(cg, dnp->dn_args);
		ri = dt_cg_get(cg, cg->cg_depth - 1, R1);
		if (ri != R1)
			dt_cg_insn(cg, MOV64_REG(R1, ri));
		dt_cg_insn(cg, ALU64_IMM(BPF_MUL, R1, dnp->dn_type->dt_size));
		dt_cg_pop(cg);
		r = dt_cg_get(cg, cg->cg_depth - 1, R0);
		dt_cg_insn(cg, ALU64_REG(BPF_ADD, r, R1));
		dt_cg_set(cg, cg->cg_depth - 1, r);
		return;
	}
	default:
		break;
	}
	dt_cg_error(cg, dnp, "expression is not addressable");
}

/*
 * A bitfield whose containing bytes' address is in slot: read the fewest
 * whole bytes that hold it, shift it to the top and back down, signed or
 * not as its type (C's rule).
 */
void dt_cg_bitfield(dt_cg_t *cg, int slot, const dt_member_t *dm)
{
	int nbits = dm->dm_bitoff + dm->dm_bits;
	int nbytes = nbits <= 8 ? 1 : nbits <= 16 ? 2 : nbits <= 32 ? 4 : 8;
	int tmp = dt_cg_readmem(cg, slot, nbytes, false);

	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_insn(cg, LDX(dt_cg_bpfsize(nbytes), R0, R1, 0));
	if (64 - nbits > 0)
		dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R0, 64 - nbits));
	if (64 - dm->dm_bits > 0)
		dt_cg_insn(cg, ALU64_IMM(dm->dm_type->dt_signed ? BPF_ARSH : BPF_RSH, R0,
					 64 - dm->dm_bits));
	dt_cg_set(cg, slot, R0);
}

/*
 * uregs[i]: word i of the current thread's user registers (struct pt_regs,
 * the order of regs.d's R_* names), read whole into a temp; an index out
 * of range is an illegal operation, as in DTrace.  R_DS, R_ES, R_FS and
 * R_GS follow (DT_NSEGREGS words of 0): x86-64 Linux saves no data
 * segment selectors in pt_regs, and a 64-bit process's are the null
 * selector (its FS and GS bases are not selectors).
 */
static void gen_uregs(dt_cg_t *cg, dt_node_t *dnp)
{
	int tmp = dt_cg_tmpalloc(cg, (DT_NUREGS + DT_NSEGREGS) * 8), ok = dt_cg_label(cg),
	    in = dt_cg_label(cg);
	int slot, r;

	dt_cg_expr(cg, dnp->dn_args);
	slot = cg->cg_depth - 1;
	dt_cg_call(cg, BPF_FUNC_get_current_task_btf);
	dt_cg_insn(cg, MOV64_REG(R1, R0));
	dt_cg_call(cg, BPF_FUNC_task_pt_regs);
	dt_cg_insn(cg, MOV64_REG(R3, R0));
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_insn(cg, MOV64_IMM(R2, DT_NUREGS * 8));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), ok);
	dt_cg_fault(cg, DT_FAULT_BADADDR, -1);
	dt_cg_place(cg, ok);
	r = dt_cg_get(cg, slot, R1);
	if (r != R1)
		dt_cg_insn(cg, MOV64_REG(R1, r));
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R1, DT_NUREGS + DT_NSEGREGS, 0), in);
	dt_cg_fault(cg, DT_FAULT_ILLOP, -1);
	dt_cg_place(cg, in);
	dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R1, 3));
	dt_cg_tmpaddr(cg, R2, tmp);
	for (int i = 0; i < DT_NSEGREGS; i++)
		dt_cg_insn(cg, ST(BPF_DW, R2, (DT_NUREGS + i) * 8, 0));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R2, R1));
	dt_cg_insn(cg, LDX(BPF_DW, R0, R2, 0));
	dt_cg_set(cg, slot, R0);
}

/* Load the value of a memory lvalue whose address is on top of the stack. */
static void gen_memload(dt_cg_t *cg, dt_node_t *dnp)
{
	const dt_type_t *t = dnp->dn_type;
	int slot = cg->cg_depth - 1, tmp;

	if (t->dt_kind == DT_TK_ARRAY || t->dt_kind == DT_TK_STRUCT ||
	    t->dt_kind == DT_TK_UNION)
		return; /* value is the address, as in C */
	if (dnp->dn_kind == N_MEMBER && dnp->dn_member != NULL) {
		dt_cg_bitfield(cg, slot, dnp->dn_member);
		return;
	}
	if (t->dt_kind == DT_TK_STRING) {
		tmp = dt_cg_readstr(cg, slot, false);
		dt_cg_tmpaddr(cg, R0, tmp);
		dt_cg_set(cg, slot, R0);
		return;
	}
	tmp = dt_cg_readmem(cg, slot, t->dt_kind == DT_TK_INT ? t->dt_size : 8, false);
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_load(cg, R0, R1, 0, t);
	dt_cg_set(cg, slot, R0);
}

/* ------------------------------------------------------------ strings */

/*
 * Push a pointer to a BPF-readable string for a string-like expression.
 * A string subroutine may return NULL (strchr() finding nothing: a 0 on
 * the stack); mode says what a NULL becomes (dt_cg_strnull(), dt_cg_str.c):
 * kept, a fault (reading it, as DTrace does), or "" (comparing it).
 */
void dt_cg_strexpr_mode(dt_cg_t *cg, dt_node_t *dnp, int mode)
{
	const dt_type_t *t = dnp->dn_type;

	if (t->dt_kind == DT_TK_STRING) {
		dt_cg_expr(cg, dnp);
		if (mode != DT_STRNULL_KEEP && dt_cg_str_maybenull(dnp))
			dt_cg_strnull(cg, dnp, mode);
		return;
	}
	if (t->dt_kind == DT_TK_ARRAY) {
		int tmp;

		dt_cg_addr(cg, dnp);
		tmp = dt_cg_readstr(cg, cg->cg_depth - 1, false);
		dt_cg_tmpaddr(cg, R0, tmp);
		dt_cg_set(cg, cg->cg_depth - 1, R0);
		return;
	}
	/* char * or integer: a kernel address */
	cg->cg_copyinstr = dnp->dn_kind == N_CALL && dnp->dn_builtin == DT_FN_COPYIN;
	dt_cg_expr(cg, dnp);
	cg->cg_copyinstr = false;
	{
		int tmp = dt_cg_readstr(cg, cg->cg_depth - 1, false);

		dt_cg_tmpaddr(cg, R0, tmp);
		dt_cg_set(cg, cg->cg_depth - 1, R0);
	}
}

void dt_cg_strexpr(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_strexpr_mode(cg, dnp, DT_STRNULL_FAULT);
}

/* ------------------------------------------------------------ operators */

static const dt_type_t *cmp_type(const dt_node_t *dnp)
{
	return dnp->dn_ctype ? dnp->dn_ctype : dnp->dn_left->dn_type;
}

static int cmp_jump(int op, bool sgn)
{
	switch (op) {
	case OP_EQ: return BPF_JEQ;
	case OP_NE: return BPF_JNE;
	case '<': return sgn ? BPF_JSLT : BPF_JLT;
	case '>': return sgn ? BPF_JSGT : BPF_JGT;
	case OP_LE: return sgn ? BPF_JSLE : BPF_JLE;
	default: return sgn ? BPF_JSGE : BPF_JGE;
	}
}

/* Apply op to the two top slots (a op= b), leaving the result in a. */
static void apply_op(dt_cg_t *cg, const dt_node_t *dnp, int op, const dt_type_t *t,
		     const dt_type_t *lt, const dt_type_t *rt)
{
	int a = cg->cg_depth - 2, b = cg->cg_depth - 1;
	int ra, rb;
	bool sgn = t->dt_kind == DT_TK_INT && t->dt_signed;

	rb = dt_cg_get(cg, b, R2);
	ra = dt_cg_get(cg, a, R1);
	/* pointer arithmetic scales the integer operand */
	if ((op == '+' || op == '-') && lt && rt) {
		if (lt->dt_kind == DT_TK_PTR && rt->dt_kind == DT_TK_INT) {
			int sz = lt->dt_base->dt_size ? lt->dt_base->dt_size : 1;

			if (rb != R2)
				dt_cg_insn(cg, MOV64_REG(R2, rb));
			rb = R2;
			dt_cg_insn(cg, ALU64_IMM(BPF_MUL, rb, sz));
		} else if (rt->dt_kind == DT_TK_PTR && lt->dt_kind == DT_TK_INT) {
			int sz = rt->dt_base->dt_size ? rt->dt_base->dt_size : 1;

			if (ra != R1)
				dt_cg_insn(cg, MOV64_REG(R1, ra));
			ra = R1;
			dt_cg_insn(cg, ALU64_IMM(BPF_MUL, ra, sz));
		}
	}
	switch (op) {
	case '+': dt_cg_insn(cg, ALU64_REG(BPF_ADD, ra, rb)); break;
	case '-': dt_cg_insn(cg, ALU64_REG(BPF_SUB, ra, rb)); break;
	case '*': dt_cg_insn(cg, ALU64_REG(BPF_MUL, ra, rb)); break;
	case '&': dt_cg_insn(cg, ALU64_REG(BPF_AND, ra, rb)); break;
	case '|': dt_cg_insn(cg, ALU64_REG(BPF_OR, ra, rb)); break;
	case '^': dt_cg_insn(cg, ALU64_REG(BPF_XOR, ra, rb)); break;
	case OP_SHL: dt_cg_insn(cg, ALU64_REG(BPF_LSH, ra, rb)); break;
	case OP_SHR: dt_cg_insn(cg, ALU64_REG(sgn ? BPF_ARSH : BPF_RSH, ra, rb)); break;
	case '/':
	case '%':
		dt_cg_divzero(cg, rb);
		if (sgn)
			dt_cg_insn(cg, op == '/' ? SDIV64_REG(ra, rb) : SMOD64_REG(ra, rb));
		else
			dt_cg_insn(cg, ALU64_REG(op == '/' ? BPF_DIV : BPF_MOD, ra, rb));
		break;
	default:
		dt_cg_error(cg, dnp, "unsupported operator %d", op);
	}
	if (op == '-' && lt && rt && lt->dt_kind == DT_TK_PTR && rt->dt_kind == DT_TK_PTR &&
	    lt->dt_base->dt_size > 1)
		dt_cg_insn(cg, DT_INSN(BPF_ALU64 | BPF_DIV | BPF_K, ra, 0, 1, lt->dt_base->dt_size));
	/* as in D, the result stays 64-bit: it is narrowed when stored or recorded */
	dt_cg_set(cg, a, ra);
	dt_cg_pop(cg);
}

static void gen_binary(dt_cg_t *cg, dt_node_t *dnp)
{
	int op = dnp->dn_op;

	if (op == OP_EQ || op == OP_NE || op == '<' || op == '>' || op == OP_LE || op == OP_GE) {
		int a, done = dt_cg_label(cg), ra, rb, jop;

		if (dnp->dn_cmp == DT_CMP_STRNULL) { /* a string and NULL: the pointer */
			op = op == OP_EQ ? BPF_JEQ : BPF_JNE;
			cg->cg_nullptr = dt_cg_isstr(dnp->dn_left) ? dnp->dn_left : dnp->dn_right;
			dt_cg_strexpr_mode(cg, dt_cg_isstr(dnp->dn_left) ? dnp->dn_left : dnp->dn_right,
					   DT_STRNULL_KEEP);
			cg->cg_nullptr = NULL;
			a = cg->cg_depth - 1;
			ra = dt_cg_get(cg, a, R1);
			dt_cg_insn(cg, MOV64_IMM(R0, 1));
			dt_cg_jump(cg, JMP_IMM(op, ra, 0, 0), done);
			dt_cg_insn(cg, MOV64_IMM(R0, 0));
			dt_cg_place(cg, done);
			dt_cg_set(cg, a, R0);
			return;
		}
		if (dnp->dn_cmp == DT_CMP_STRING) {
			cg->cg_nullstr = dnp->dn_left; /* an unset variable is "" here */
			dt_cg_strexpr_mode(cg, dnp->dn_left, DT_STRNULL_EMPTY);
			cg->cg_nullstr = dnp->dn_right;
			dt_cg_strexpr_mode(cg, dnp->dn_right, DT_STRNULL_EMPTY);
			cg->cg_nullstr = NULL;
			str_compare(cg);
			a = cg->cg_depth - 1;
			ra = dt_cg_get(cg, a, R1);
			if (ra != R1)
				dt_cg_insn(cg, MOV64_REG(R1, ra));
			dt_cg_insn(cg, MOV64_IMM(R0, 1));
			dt_cg_jump(cg, JMP_IMM(cmp_jump(op, true), R1, 0, 0), done);
			dt_cg_insn(cg, MOV64_IMM(R0, 0));
			dt_cg_place(cg, done);
			dt_cg_set(cg, a, R0);
			return;
		}
		dt_cg_expr(cg, dnp->dn_left);
		dt_cg_expr(cg, dnp->dn_right);
		a = cg->cg_depth - 2;
		rb = dt_cg_get(cg, a + 1, R2);
		if (rb != R2)
			dt_cg_insn(cg, MOV64_REG(R2, rb));
		ra = dt_cg_get(cg, a, R1);
		if (ra != R1)
			dt_cg_insn(cg, MOV64_REG(R1, ra));
		jop = cmp_jump(op, cmp_type(dnp)->dt_kind == DT_TK_INT && cmp_type(dnp)->dt_signed);
		dt_cg_insn(cg, MOV64_IMM(R0, 1));
		dt_cg_jump(cg, JMP_REG(jop, R1, R2, 0), done);
		dt_cg_insn(cg, MOV64_IMM(R0, 0));
		dt_cg_place(cg, done);
		dt_cg_pop(cg);
		dt_cg_set(cg, a, R0);
		return;
	}
	dt_cg_expr(cg, dnp->dn_left);
	dt_cg_expr(cg, dnp->dn_right);
	apply_op(cg, dnp, op, dnp->dn_type, dnp->dn_left->dn_type, dnp->dn_right->dn_type);
}

/* Push the truth value (0/1) of a scalar or string expression. */
/* Is the value of this expression already 0 or 1? */
static bool is_boolean(const dt_node_t *dnp)
{
	static const int cmp[] = { OP_EQ, OP_NE, '<', '>', OP_LE, OP_GE };

	if (dnp->dn_kind == N_LOGICAL || (dnp->dn_kind == N_UNARY && dnp->dn_op == '!'))
		return true;
	for (size_t i = 0; dnp->dn_kind == N_BINARY && i < sizeof(cmp) / sizeof(cmp[0]); i++)
		if (dnp->dn_op == cmp[i])
			return true;
	return false;
}

void dt_cg_truth(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot, r, done;

	if (is_boolean(dnp)) {
		dt_cg_expr(cg, dnp);
		return;
	}
	done = dt_cg_label(cg);
	if (dt_cg_isstr(dnp) && dt_cg_str_maybenull(dnp)) {
		/* strchr() and the like: true if not NULL */
		dt_cg_strexpr_mode(cg, dnp, DT_STRNULL_KEEP);
		slot = cg->cg_depth - 1;
		r = dt_cg_get(cg, slot, R1);
		if (r != R1)
			dt_cg_insn(cg, MOV64_REG(R1, r));
	} else if (dt_cg_isstr(dnp)) {
		dt_cg_strexpr(cg, dnp);
		slot = cg->cg_depth - 1;
		r = dt_cg_get(cg, slot, R1);
		dt_cg_insn(cg, LDX(BPF_B, R1, r, 0));
	} else {
		dt_cg_expr(cg, dnp);
		slot = cg->cg_depth - 1;
		r = dt_cg_get(cg, slot, R1);
		if (r != R1)
			dt_cg_insn(cg, MOV64_REG(R1, r));
	}
	dt_cg_insn(cg, MOV64_IMM(R0, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
	dt_cg_insn(cg, MOV64_IMM(R0, 1));
	dt_cg_place(cg, done);
	dt_cg_set(cg, slot, R0);
}

static void gen_logical(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot, done = dt_cg_label(cg);

	dt_cg_truth(cg, dnp->dn_left);
	slot = cg->cg_depth - 1;
	if (dnp->dn_op == OP_LXOR) {
		int ra, rb;

		dt_cg_truth(cg, dnp->dn_right);
		rb = dt_cg_get(cg, slot + 1, R2);
		ra = dt_cg_get(cg, slot, R1);
		dt_cg_insn(cg, ALU64_REG(BPF_XOR, ra, rb));
		dt_cg_set(cg, slot, ra);
		dt_cg_pop(cg);
		return;
	}
	{
		int r = dt_cg_get(cg, slot, R1);

		dt_cg_jump(cg, JMP_IMM(dnp->dn_op == OP_LAND ? BPF_JEQ : BPF_JNE, r, 0, 0), done);
	}
	dt_cg_pop(cg);
	dt_cg_truth(cg, dnp->dn_right);
	dt_cg_place(cg, done);
}

static void gen_cond(dt_cg_t *cg, dt_node_t *dnp)
{
	int other = dt_cg_label(cg), done = dt_cg_label(cg), slot, r;
	bool str = dnp->dn_type->dt_kind == DT_TK_STRING;

	dt_cg_truth(cg, dnp->dn_cond);
	slot = cg->cg_depth - 1;
	r = dt_cg_get(cg, slot, R1);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, r, 0, 0), other);
	dt_cg_pop(cg);
	if (str)
		dt_cg_strexpr_mode(cg, dnp->dn_left, DT_STRNULL_KEEP);
	else
		dt_cg_expr(cg, dnp->dn_left);
	r = dt_cg_get(cg, slot, R0);
	dt_cg_set(cg, slot, r);
	dt_cg_jump(cg, JA(0), done);
	dt_cg_pop(cg);
	dt_cg_place(cg, other);
	if (str)
		dt_cg_strexpr_mode(cg, dnp->dn_right, DT_STRNULL_KEEP);
	else
		dt_cg_expr(cg, dnp->dn_right);
	r = dt_cg_get(cg, slot, R0);
	dt_cg_set(cg, slot, r);
	dt_cg_place(cg, done);
}

/* ------------------------------------------------------------ assignment */

static dt_node_t *lvalue_keys(dt_node_t *lhs)
{
	return lhs->dn_kind == N_ARRAY ? lhs->dn_args : NULL;
}

/*
 * Is the value of rhs, stored into a variable of type t, already t's value?
 * Loads, casts and constants are normalised to their type; the results of
 * operators are 64-bit (as in D) and narrowed here.
 */
static bool stores_as_is(const dt_node_t *rhs, const dt_type_t *t)
{
	const dt_type_t *rt = rhs->dn_type;

	if (t->dt_kind != DT_TK_INT || t->dt_size >= 8)
		return true;
	if (rhs->dn_kind == N_BINARY || rhs->dn_kind == N_UNARY || rhs->dn_kind == N_COND ||
	    rhs->dn_kind == N_CALL || rhs->dn_kind == N_COMMA)
		return false;
	return rt != NULL && rt->dt_kind == DT_TK_INT && rt->dt_size == t->dt_size &&
	       rt->dt_signed == t->dt_signed;
}

/* Store the value on top of the stack into the lvalue lhs. */
static void gen_store(dt_cg_t *cg, dt_node_t *lhs, bool nul)
{
	if (lhs->dn_kind == N_ARRAY && lhs->dn_index == DT_INDEX_SCALAR)
		dt_cg_elemstore(cg, lhs);
	else if (lhs->dn_kind == N_MEMBER || lhs->dn_kind == N_DEREF ||
		 (lhs->dn_kind == N_ARRAY && lhs->dn_index == DT_INDEX_MEM))
		dt_cg_memstore(cg, lhs);
	else
		gen_varstore(cg, lhs->dn_ident, lvalue_keys(lhs), nul);
}

static void gen_assign(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *lhs = dnp->dn_left;
	const dt_type_t *vt = (lhs->dn_kind == N_VAR ||
			       (lhs->dn_kind == N_ARRAY && lhs->dn_index == DT_INDEX_VAR)) ?
				      lhs->dn_ident->di_type : lhs->dn_type;
	bool narrow = true;
	/* a string variable set to the constant 0 (self->name = 0) */
	bool nul = vt->dt_kind == DT_TK_STRING && dnp->dn_op == '=' &&
		   dnp->dn_right->dn_type->dt_kind == DT_TK_INT;

	if (dnp->dn_op == '=') {
		if (vt->dt_kind == DT_TK_STRING && !nul) /* NULL stores "" */
			dt_cg_strexpr_mode(cg, dnp->dn_right, DT_STRNULL_EMPTY);
		else
			dt_cg_expr(cg, dnp->dn_right);
		narrow = !stores_as_is(dnp->dn_right, vt);
	} else {
		dt_cg_expr(cg, lhs);
		dt_cg_expr(cg, dnp->dn_right);
		apply_op(cg, dnp, dnp->dn_op, lhs->dn_type, lhs->dn_type, dnp->dn_right->dn_type);
	}
	/*
	 * A store into memory narrows the value to the object's type; a
	 * variable keeps the whole value, as illumos' stv (load_scalar()).
	 */
	if (narrow && vt->dt_kind == DT_TK_INT && vt->dt_size < 8 &&
	    lhs->dn_kind != N_VAR && !(lhs->dn_kind == N_ARRAY && lhs->dn_index == DT_INDEX_VAR)) {
		int r = dt_cg_get(cg, cg->cg_depth - 1, R0); /* narrowed to the object's type */

		dt_cg_normalize(cg, r, vt);
		dt_cg_set(cg, cg->cg_depth - 1, r);
	}
	gen_store(cg, lhs, nul);
}

static void gen_incdec(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *lhs = dnp->dn_left;
	const dt_type_t *t = lhs->dn_type;
	int step = 1, slot, r;

	if (t->dt_kind == DT_TK_PTR)
		step = t->dt_base->dt_size ? t->dt_base->dt_size : 1;
	dt_cg_expr(cg, lhs);
	slot = cg->cg_depth - 1;
	r = dt_cg_get(cg, slot, R0);
	if (dnp->dn_post) {
		/* keep the old value below the new one */
		int nslot = dt_cg_push(cg, dnp);

		if (r != R0)
			dt_cg_insn(cg, MOV64_REG(R0, r));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R0, dnp->dn_op == '+' ? step : -step));
		dt_cg_normalize(cg, R0, t);
		dt_cg_set(cg, nslot, R0);
		gen_store(cg, lhs, false);
		dt_cg_pop(cg);
		return;
	}
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, r, dnp->dn_op == '+' ? step : -step));
	dt_cg_normalize(cg, r, t);
	dt_cg_set(cg, slot, r);
	gen_store(cg, lhs, false);
}

/* ------------------------------------------------------------ subroutines */

void dt_cg_fn_strlen(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot, tmp, r;

	dt_cg_strexpr(cg, dnp->dn_args);
	slot = cg->cg_depth - 1;
	tmp = dt_cg_tmpalloc(cg, cg->cg_strsize);
	r = dt_cg_get(cg, slot, R3);
	dt_cg_tmpaddr(cg, R1, tmp);
	dt_cg_copystr(cg, R1, r);
	dt_cg_insn(cg, ALU64_IMM(BPF_SUB, R0, 1));
	dt_cg_set(cg, slot, R0);
}

void dt_cg_fn_copyinstr(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_node_t *a0 = dnp->dn_args;
	int slot, tmp, r;

	dt_cg_expr(cg, a0);
	slot = cg->cg_depth - 1;
	tmp = dt_cg_readstr(cg, slot, true);
	if (a0->dn_next != NULL) {
		/* copyinstr(addr, len): truncate at len */
		int ok = dt_cg_label(cg);

		dt_cg_expr(cg, a0->dn_next);
		r = dt_cg_get(cg, slot + 1, R1);
		if (r != R1)
			dt_cg_insn(cg, MOV64_REG(R1, r));
		dt_cg_pop(cg);
		dt_cg_jump(cg, JMP_IMM(BPF_JSLT, R1, 0, 0), ok);
		dt_cg_jump(cg, JMP_IMM(BPF_JGE, R1, cg->cg_strsize, 0), ok);
		dt_cg_tmpaddr(cg, R2, tmp);
		dt_cg_insn(cg, ALU64_REG(BPF_ADD, R2, R1));
		dt_cg_insn(cg, ST(BPF_B, R2, 0, 0));
		dt_cg_place(cg, ok);
	}
	dt_cg_tmpaddr(cg, R0, tmp);
	dt_cg_set(cg, slot, R0);
}

/* a non-negative int, as DTrace's */
void dt_cg_fn_rand(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot = dt_cg_push(cg, dnp);

	dt_cg_call(cg, BPF_FUNC_get_prandom_u32);
	dt_cg_insn(cg, ALU64_IMM(BPF_AND, R0, 0x7fffffff));
	dt_cg_set(cg, slot, R0);
}

/* breakpoint(), panic(), the aggregating functions (never called as such) */
void dt_cg_fn_unsupported(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_error(cg, dnp, "%s( ) is not yet supported on this platform", dnp->dn_name);
}

/* ------------------------------------------------------------ expressions */

/* A constant normalised at compile time, as dt_cg_normalize() would at run time. */
static uint64_t const_normalize(uint64_t v, const dt_type_t *t)
{
	int bits;

	if (t == NULL || t->dt_kind != DT_TK_INT || t->dt_size >= 8)
		return v;
	bits = 64 - t->dt_size * 8;
	if (t->dt_signed)
		return (uint64_t)((int64_t)(v << bits) >> bits);
	return v & (~0ULL >> bits);
}


void dt_cg_expr(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot, r;

	switch (dnp->dn_kind) {
	case N_INT:
		slot = dt_cg_push(cg, dnp);
		dt_cg_ld64(cg, R0, const_normalize((uint64_t)dnp->dn_val, dnp->dn_type));
		dt_cg_set(cg, slot, R0);
		return;
	case N_STR: {
		char *s = dt_strndup(dnp->dn_str, dnp->dn_strlen);

		slot = dt_cg_push(cg, dnp);
		dt_cg_ldmapval(cg, R0, DT_MAP_STRTAB, dt_strtab_add(cg->cg_dtp, s));
		free(s);
		dt_cg_set(cg, slot, R0);
		return;
	}
	case N_VAR:
		if (dnp->dn_ident != NULL)
			gen_varload(cg, dnp, dnp->dn_ident, NULL);
		else
			gen_builtin(cg, dnp);
		return;
	case N_ARRAY:
		switch (dnp->dn_index) {
		case DT_INDEX_SCALAR:
			dt_cg_elemload(cg, dnp);
			return;
		case DT_INDEX_STRING:
			dt_cg_strindex(cg, dnp);
			return;
		case DT_INDEX_UREGS:
			gen_uregs(cg, dnp);
			return;
		case DT_INDEX_ARGS:
			slot = dt_cg_push(cg, dnp);
			gen_arg(cg, (int)dnp->dn_val, R0);
			dt_cg_normalize(cg, R0, dnp->dn_type);
			dt_cg_set(cg, slot, R0);
			return;
		case DT_INDEX_VAR:
			if (dnp->dn_ident != NULL) {
				gen_varload(cg, dnp, dnp->dn_ident, dnp->dn_args);
				return;
			}
			break;
		case DT_INDEX_MEM:
			break;
		}
		dt_cg_addr(cg, dnp);
		gen_memload(cg, dnp);
		return;
	case N_UNARY:
		dt_cg_expr(cg, dnp->dn_left);
		slot = cg->cg_depth - 1;
		r = dt_cg_get(cg, slot, R0);
		switch (dnp->dn_op) {
		case OP_NEG: dt_cg_insn(cg, NEG64(r)); break;
		case '~': dt_cg_insn(cg, ALU64_IMM(BPF_XOR, r, -1)); break;
		case '!': {
			int done = dt_cg_label(cg);

			dt_cg_insn(cg, MOV64_REG(R1, r));
			dt_cg_insn(cg, MOV64_IMM(r, 1));
			dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), done);
			dt_cg_insn(cg, MOV64_IMM(r, 0));
			dt_cg_place(cg, done);
			break;
		}
		default: break;
		}
		dt_cg_set(cg, slot, r); /* 64-bit, as in D */
		return;
	case N_BINARY:
		gen_binary(cg, dnp);
		return;
	case N_LOGICAL:
		gen_logical(cg, dnp);
		return;
	case N_COND:
		gen_cond(cg, dnp);
		return;
	case N_ASSIGN:
		gen_assign(cg, dnp);
		return;
	case N_INCDEC:
		gen_incdec(cg, dnp);
		return;
	case N_CALL:
		dt_cg_fntab[dnp->dn_builtin].fc_gen(cg, dnp); /* a subroutine: pushes its value */
		return;
	case N_MEMBER:
	case N_DEREF:
		dt_cg_addr(cg, dnp);
		gen_memload(cg, dnp);
		return;
	case N_ADDROF:
		dt_cg_addr(cg, dnp->dn_left);
		return;
	case N_CAST:
		if (dnp->dn_type->dt_kind == DT_TK_STRING) {
			dt_cg_strexpr_mode(cg, dnp->dn_left, DT_STRNULL_KEEP);
			return;
		}
		dt_cg_expr(cg, dnp->dn_left);
		slot = cg->cg_depth - 1;
		r = dt_cg_get(cg, slot, R0);
		dt_cg_normalize(cg, r, dnp->dn_type);
		dt_cg_set(cg, slot, r);
		return;
	case N_STRINGOF:
		dt_cg_strexpr_mode(cg, dnp->dn_left, DT_STRNULL_KEEP);
		return;
	case N_COMMA:
		dt_cg_expr(cg, dnp->dn_left);
		dt_cg_pop(cg);
		dt_cg_expr(cg, dnp->dn_right);
		return;
	default:
		dt_cg_error(cg, dnp, "unsupported expression (kind %d)", dnp->dn_kind);
	}
}

/* ------------------------------------------------------------ records */

/* Evaluate an expression and store it into a new record of the clause. */
dt_recdesc_t *dt_cg_recvalue(dt_cg_t *cg, dt_actkind_t kind, dt_node_t *dnp, bool widen)
{
	const dt_type_t *t = dnp->dn_type;
	dt_recdesc_t *rd;
	int r;

	if ((kind == DT_ACT_PRINTF || kind == DT_ACT_TRACE) && dt_cg_defers(cg, dnp) != DT_DEFER_NONE) {
		rd = dt_cg_recadd(cg, kind, cg->cg_strsize, 1);
		rd->rd_string = true;
		rd->rd_defer = (uint8_t)dt_cg_defers(cg, dnp);
		cg->cg_epid->ep_defers = true;
		dt_cg_recdefer(cg, rd, dnp); /* dt_cg_defer.c */
	} else if (dt_cg_isstr(dnp) && !(kind == DT_ACT_PRINT && t->dt_canon->dt_kind == DT_TK_ARRAY)) {
		dt_cg_strexpr(cg, dnp);
		rd = dt_cg_recadd(cg, kind, cg->cg_strsize, 1);
		rd->rd_string = true;
		r = dt_cg_get(cg, cg->cg_depth - 1, R3);
		dt_cg_insn(cg, MOV64_REG(R1, R9));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, cg->cg_recbase + rd->rd_off));
		dt_cg_copystr(cg, R1, r);
		/* an unreadable string records as "" */
		{
			int ok = dt_cg_label(cg), off = cg->cg_recbase + rd->rd_off, b;

			dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R0, 0, 0), ok);
			b = dt_cg_r9base(cg, &off, R1);
			dt_cg_insn(cg, ST(BPF_B, b, off, 0));
			dt_cg_place(cg, ok);
		}
	} else if (((kind == DT_ACT_TRACE || kind == DT_ACT_PRINT) && t->dt_canon->dt_size > 0 &&
		    (t->dt_kind == DT_TK_STRUCT || t->dt_kind == DT_TK_UNION || t->dt_kind == DT_TK_ARRAY)) ||
		   (kind == DT_ACT_TRACE && t->dt_canon->dt_kind == DT_TK_FLOAT && t->dt_canon->dt_size > 8 &&
		    (dnp->dn_kind == N_MEMBER || dnp->dn_kind == N_DEREF))) {
		/*
		 * the object's bytes, as DTrace records them (its value is its
		 * address); a long double in memory too, as illumos records a
		 * float wider than 8 bytes by reference (dt_node_type_assign)
		 */
		int ra;

		if (t->dt_canon->dt_kind == DT_TK_FLOAT)
			dt_cg_addr(cg, dnp);
		else
			dt_cg_expr(cg, dnp);
		rd = dt_cg_recadd(cg, kind, t->dt_canon->dt_size, 8);
		rd->rd_bytes = true;
		ra = dt_cg_get(cg, cg->cg_depth - 1, R3);
		if (ra != R3)
			dt_cg_insn(cg, MOV64_REG(R3, ra));
		dt_cg_insn(cg, MOV64_REG(R1, R9));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, cg->cg_recbase + rd->rd_off));
		dt_cg_insn(cg, MOV64_IMM(R2, rd->rd_size));
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
		dt_cg_badaddr_unless(cg, cg->cg_depth - 1);
	} else {
		int size = t->dt_kind == DT_TK_INT ? t->dt_size : 8, off, b;

		if (widen)
			size = 8;
		dt_cg_expr(cg, dnp);
		rd = dt_cg_recadd(cg, kind, size, size);
		rd->rd_signed = t->dt_kind == DT_TK_INT && t->dt_signed;
		r = dt_cg_get(cg, cg->cg_depth - 1, R0);
		if (widen)
			dt_cg_normalize(cg, r, t); /* recorded as its type */
		off = cg->cg_recbase + rd->rd_off;
		b = dt_cg_r9base(cg, &off, R1);
		dt_cg_insn(cg, STX(dt_cg_bpfsize(size), b, r, off));
		if (widen)
			rd->rd_fmt = t->dt_kind == DT_TK_INT ? t->dt_size : 8; /* original size */
		if (t->dt_kind == DT_TK_FLOAT) {
			rd->rd_float = true;
			rd->rd_fmt = t->dt_size;
		}
	}
	rd->rd_ptype = (dt_type_t *)t; /* its D type, for the consumer (consume/dt_records.c) */
	dt_cg_pop(cg);
	return rd;
}

void dt_cg_fn_exit(dt_cg_t *cg, dt_node_t *dnp)
{
	int expect = cg->cg_activity;

	dt_cg_recvalue(cg, DT_ACT_EXIT, dnp->dn_args, false);
	if (expect == DT_ACTIVITY_COOLDOWN) /* END */
		return;
	/* activity: ACTIVE (or WARMUP) -> DRAINING; stop every later probe */
	cg->cg_mayexit = true;
	dt_cg_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_ACTIVITY);
	dt_cg_insn(cg, MOV64_IMM(R0, expect));
	dt_cg_insn(cg, MOV64_IMM(R2, DT_ACTIVITY_DRAINING));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_CMPXCHG, R1, R2, 0));
}

/*
 * printf() and the actions formatted like it (system(), freopen()): a
 * first record of the kind with the format, then one per argument.
 */
static void gen_printflike(dt_cg_t *cg, dt_node_t *call, dt_actkind_t kind)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	int n = 0, fmt = dt_format_add(dtp, call->dn_args->dn_str), nconv, ai = 0;
	dt_recdesc_t *first, *rd;
	char convs[256];

	for (dt_node_t *a = call->dn_args->dn_next; a; a = a->dn_next)
		n++;
	first = dt_cg_recadd(cg, kind, 0, 1);
	first->rd_fmt = fmt;
	first->rd_nargs = n;
	nconv = dt_printf_argconvs(call->dn_args->dn_str, convs, 256);
	for (dt_node_t *a = call->dn_args->dn_next; a; a = a->dn_next, ai++) {
		char c = ai < nconv ? convs[ai] : 0;

		/* %A: the pid with the address (dt_cg_stack.c) */
		if (c == 'A' && !dt_cg_isstr(a))
			rd = dt_cg_recuaddr(cg, a);
		else
			rd = dt_cg_recvalue(cg, DT_ACT_PRINTF, a, true);
		rd->rd_nargs = -1; /* an argument */
		rd->rd_arg = c;	   /* its conversion: %a, %A name symbols */
	}
}

void dt_cg_fn_trace(dt_cg_t *cg, dt_node_t *call)
{
	dt_cg_recvalue(cg, DT_ACT_TRACE, call->dn_args, false);
}

void dt_cg_fn_printf(dt_cg_t *cg, dt_node_t *call)
{
	gen_printflike(cg, call, DT_ACT_PRINTF);
}

void dt_cg_fn_system(dt_cg_t *cg, dt_node_t *call)
{
	gen_printflike(cg, call, DT_ACT_SYSTEM);
}

void dt_cg_fn_freopen(dt_cg_t *cg, dt_node_t *call)
{
	gen_printflike(cg, call, DT_ACT_FREOPEN);
}

void dt_cg_fn_ftruncate(dt_cg_t *cg, dt_node_t *call)
{
	(void)call;
	dt_cg_recadd(cg, DT_ACT_FTRUNCATE, 0, 1);
}

/* print(): the value, its type for the consumer (consume/dt_print.c) */
void dt_cg_fn_print(dt_cg_t *cg, dt_node_t *call)
{
	dt_cg_recvalue(cg, DT_ACT_PRINT, call->dn_args, !dt_cg_isstr(call->dn_args) &&
		       call->dn_args->dn_type->dt_kind != DT_TK_STRUCT &&
		       call->dn_args->dn_type->dt_kind != DT_TK_UNION &&
		       call->dn_args->dn_type->dt_kind != DT_TK_ARRAY)->rd_ptype = call->dn_args->dn_type;
}

/* ------------------------------------------------------------ statements */

static void gen_stmts(dt_cg_t *cg, dt_node_t *dnp)
{
	for (; dnp; dnp = dnp->dn_next) {
		cg->cg_line = dnp->dn_line;
		switch (dnp->dn_kind) {
		case N_EXPRSTMT: {
			dt_node_t *e = dnp->dn_left;

			cg->cg_actidx = dnp->dn_actidx;
			if (e->dn_kind == N_AGGSTMT) {
				dt_cg_aggstmt(cg, e);
			} else if (e->dn_kind == N_CALL &&
				   dt_cg_fntab[e->dn_builtin].fc_kind != DT_FN_SUBR) {
				dt_cg_fntab[e->dn_builtin].fc_gen(cg, e); /* an action */
			} else {
				dt_cg_expr(cg, e);
				dt_cg_pop(cg);
			}
			break;
		}
		case N_IF: {
			int other = dt_cg_label(cg), done = dt_cg_label(cg), r;

			dt_cg_truth(cg, dnp->dn_cond);
			r = dt_cg_get(cg, cg->cg_depth - 1, R1);
			dt_cg_pop(cg);
			dt_cg_jump(cg, JMP_IMM(BPF_JEQ, r, 0, 0), other);
			gen_stmts(cg, dnp->dn_body);
			dt_cg_jump(cg, JA(0), done);
			dt_cg_place(cg, other);
			gen_stmts(cg, dnp->dn_else);
			dt_cg_place(cg, done);
			break;
		}
		case N_BLOCK:
			gen_stmts(cg, dnp->dn_body);
			break;
		default:
			break;
		}
	}
}

/* dt_cg_output(), the record's write to the principal buffer: dt_cg_buf.c */

/* Generate a clause; ep receives its record layout (ep_recs, ep_size). */
static void gen_clause(dt_cg_t *cg, dt_clause_t *clp, dt_epid_t *ep)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	int size;

	cg->cg_clause = clp;
	cg->cg_line = clp->dc_line;
	cg->cg_epid = ep;
	cg->cg_recoff = sizeof(dt_rechdr_t);
	cg->cg_tmpoff = 0;
	cg->cg_allocahi = 0;
	cg->cg_end = dt_cg_label(cg);
	cg->cg_fault = dt_cg_label(cg);
	cg->cg_clausestart = cg->cg_ninsns;
	cg->cg_actidx = 0;
	cg->cg_hasfault = false;
	cg->cg_depth = 0;

	/* after exit(), later clauses of the firing do not run, as in DTrace */
	if (cg->cg_mayexit && cg->cg_nest && !cg->cg_inerror) {
		dt_cg_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_ACTIVITY);
		dt_cg_insn(cg, LDX(BPF_DW, R1, R1, 0));
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, cg->cg_activity, 0), cg->cg_epilogue);
	} else if (cg->cg_mayexit) {
		dt_cg_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_ACTIVITY);
		dt_cg_insn(cg, LDX(BPF_DW, R1, R1, 0));
		dt_cg_insn(cg, JMP_IMM(BPF_JEQ, R1, cg->cg_activity, 2));
		dt_cg_insn(cg, MOV64_IMM(R0, 0));
		dt_cg_insn(cg, EXIT());
	}
	if (clp->dc_pred != NULL) {
		int r;

		cg->cg_line = clp->dc_pred->dn_line;
		dt_cg_truth(cg, clp->dc_pred);
		r = dt_cg_get(cg, cg->cg_depth - 1, R1);
		dt_cg_pop(cg);
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, r, 0, 0), cg->cg_end);
	}
	if (clp->dc_speculate)
		dt_cg_spec_clause(cg);
	gen_stmts(cg, clp->dc_body);
	cg->cg_line = clp->dc_line;

	size = (cg->cg_recoff + 7) & ~7;
	cg->cg_epid->ep_size = size;
	cg->cg_epid->ep_default = clp->dc_default;
	if (clp->dc_speculate) {
		/* into the speculation in rh_spec, even with no data: its EPID */
		int off = cg->cg_recbase, b = dt_cg_r9base(cg, &off, R1);

		store_epid(cg, b, off + (int)offsetof(dt_rechdr_t, rh_epid));
		dt_cg_spec_output(cg, size);
	} else if (cg->cg_epid->ep_nrecs > 0 || clp->dc_default) {
		int off = cg->cg_recbase, b = dt_cg_r9base(cg, &off, R1);

		store_epid(cg, b, off + (int)offsetof(dt_rechdr_t, rh_epid));
		dt_cg_insn(cg, ST(BPF_W, b, off + offsetof(dt_rechdr_t, rh_spec), 0));
		dt_cg_output(cg, cg->cg_recbase, size, offsetof(dt_cpustate_t, cs_drops));
	}
	if (size > cg->cg_recmax)
		cg->cg_recmax = size;
	dt_cg_jump(cg, DT_NOP, cg->cg_end); /* a no-op if there is no fault path: compact() */

	/* fault path: record the error, count it, skip the rest of the clause */
	dt_cg_place(cg, cg->cg_fault);
	if (cg->cg_hasfault && !cg->cg_inerror) {
		dt_cg_insn(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_rechdr_t, rh_epid),
			    (int32_t)DT_EPID_ERROR));
		dt_cg_insn(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_rechdr_t, rh_spec), 0));
		store_epid(cg, R9, DT_SCR_ERR + (int)offsetof(dt_errrec_t, er_epid));
		dt_cg_insn(cg, LDX(BPF_DW, R1, R9, offsetof(dt_cpustate_t, cs_errors)));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, 1));
		dt_cg_insn(cg, STX(BPF_DW, R9, R1, offsetof(dt_cpustate_t, cs_errors)));
		dt_cg_output(cg, DT_SCR_ERR, sizeof(dt_errrec_t), offsetof(dt_cpustate_t, cs_drops));
		/* fire ERROR: the subprogram holding its clauses (see dt_cg_program) */
		if (dtp->dt_nerrclauses > 0) {
			dt_cg_insn(cg, LDX(BPF_DW, R1, FP, DT_STACK_CTX));
			dt_cg_insn(cg, MOV64_REG(R2, R9));
			cg->cg_calls = dt_realloc(cg->cg_calls, sizeof(int) * (cg->cg_ncalls + 1));
			cg->cg_calls[cg->cg_ncalls++] = dt_cg_insn(cg, CALL_PSEUDO(0));
		}
	}
	dt_cg_place(cg, cg->cg_end);
	cg->cg_clause = NULL;
	cg->cg_line = 0;
}

/*
 * The ERROR probe's clauses, as a BPF subprogram called from the fault
 * paths with r1 = the context and r2 = the scratch area.  Its arguments
 * (arg1 = EPID, arg2 = action, arg3 = offset, arg4 = fault, arg5 =
 * address) come from the error record.  A fault inside it only skips its
 * clause: ERROR does not fire for itself.
 */
static void gen_error_subprog(dt_cg_t *cg)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;
	dt_probe_t *saved = cg->cg_probe;
	bool shared = cg->cg_shared;
	int start = cg->cg_ninsns;

	cg->cg_inerror = true;
	cg->cg_probe = dtp->dt_errprobe;
	cg->cg_shared = false; /* dtrace:::ERROR is one probe */
	cg->cg_epidbase = dtp->dt_errprobe->pr_epidbase;
	dt_cg_insn(cg, STX(BPF_DW, FP, R1, DT_STACK_CTX));
	dt_cg_insn(cg, MOV64_REG(R9, R2));
	if (clauses_use_time(dtp->dt_errclauses, dtp->dt_nerrclauses, false))
		dt_cg_insn(cg, ST(BPF_DW, FP, DT_STACK_TS, 0)); /* a firing of its own */
	if (clauses_use_time(dtp->dt_errclauses, dtp->dt_nerrclauses, true))
		dt_cg_insn(cg, ST(BPF_DW, FP, DT_STACK_VTS, 0));
	for (int i = 0; i < dtp->dt_nerrclauses; i++) {
		dt_epid_t *ep = dtp->dt_errstmts[i], scratch = { 0 };

		/* every program generates the same ERROR clauses: keep the first layout */
		cg->cg_stmt = i;
		gen_clause(cg, dtp->dt_errclauses[i], ep->ep_size == 0 ? ep : &scratch);
		free(scratch.ep_recs);
	}
	dt_cg_insn(cg, MOV64_IMM(R0, 0));
	dt_cg_insn(cg, EXIT());
	for (int i = 0; i < cg->cg_ncalls; i++)
		cg->cg_insns[cg->cg_calls[i]].imm = start - cg->cg_calls[i] - 1;
	cg->cg_probe = saved;
	cg->cg_shared = shared;
	cg->cg_inerror = false;
}

/* ------------------------------------------------------------ program */

/*
 * A program on a raw syscall tracepoint: the system call number selects
 * the probe through the program's binding map (0: not enabled, return).
 * The cookie goes to the stack.
 */
static void gen_bind_sysnr(dt_cg_t *cg, int out)
{
	if (cg->cg_probe->pr_bind == DT_BIND_SYSENTER) {
		dt_cg_insn(cg, LDX(BPF_DW, R2, R1, 8)); /* args[1]: the number */
	} else {
		/* args[0] is the user pt_regs; the number is regs->orig_ax */
		dt_cg_insn(cg, LDX(BPF_DW, R3, R1, 0));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R3, DT_REGS_ORIG_AX));
		dt_cg_insn(cg, MOV64_REG(R1, FP));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, DT_STACK_TMP));
		dt_cg_insn(cg, MOV64_IMM(R2, 8));
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), out);
		dt_cg_insn(cg, LDX(BPF_DW, R2, FP, DT_STACK_TMP));
	}
	dt_cg_jump(cg, JMP_IMM(BPF_JGE, R2, DT_BIND_KEYS, 0), out);
	dt_cg_lookup32(cg, DT_MAP_BIND, R2);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), out);
	dt_cg_insn(cg, LDX(BPF_DW, R0, R0, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), out);
	dt_cg_insn(cg, STX(BPF_DW, FP, R0, DT_STACK_COOKIE));
}

/*
 * The provider's conditions on the probe's firing (pr_filter): a probe
 * that is one case of its tracepoint returns at once in the other cases.
 */
static void gen_filters(dt_cg_t *cg, int out)
{
	int pass = dt_cg_label(cg);

	for (int i = 0; i < DT_NFILT; i++) {
		const dt_filter_t *fl = &cg->cg_probe->pr_filter[i];
		int32_t v = (int32_t)fl->fl_val;
		/* the jump taken when the condition fails, or holds if fl_or */
		uint8_t op = 0;

		switch (fl->fl_op) {
		case DT_FILT_LEADER:
		case DT_FILT_NOTLEADER:
			dt_cg_call(cg, BPF_FUNC_get_current_pid_tgid);
			dt_cg_insn(cg, MOV64_REG(R1, R0));
			dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R1, 32));
			dt_cg_insn(cg, MOV32_REG(R0, R0));
			dt_cg_jump(cg, JMP_REG(fl->fl_op == DT_FILT_LEADER ? BPF_JNE : BPF_JEQ, R0, R1, 0),
				   out);
			continue;
		case DT_FILT_NONE:
			continue;
		}
		dt_cg_ldctx(cg, R1);
		dt_cg_insn(cg, LDX(BPF_DW, R1, R1, fl->fl_src.as_off));
		switch (fl->fl_op) {
		case DT_FILT_EQ:
			op = fl->fl_or ? BPF_JEQ : BPF_JNE;
			break;
		case DT_FILT_NE:
			op = fl->fl_or ? BPF_JNE : BPF_JEQ;
			break;
		case DT_FILT_SLT:
			op = fl->fl_or ? BPF_JSLT : BPF_JSGE;
			break;
		case DT_FILT_ANYSET:
			dt_cg_insn(cg, ALU64_IMM(BPF_AND, R1, v));
			v = 0;
			op = fl->fl_or ? BPF_JNE : BPF_JEQ;
			break;
		case DT_FILT_ALLCLEAR:
			dt_cg_insn(cg, ALU64_IMM(BPF_AND, R1, v));
			v = 0;
			op = fl->fl_or ? BPF_JEQ : BPF_JNE;
			break;
		}
		dt_cg_jump(cg, JMP_IMM(op, R1, v, 0), fl->fl_or ? pass : out);
	}
	dt_cg_place(cg, pass);
}

/*
 * Raw tracepoint programs nest: one that runs in process context (a
 * system call's, sdt's) can be interrupted by one on a tracepoint that
 * fires in an interrupt (irq, timer, block completion), on the same CPU;
 * the kernel keeps only one program from nesting in itself.  When such
 * probes are enabled (dt_rawnest), each raw tracepoint program counts its
 * depth in the CPU's class-0 scratch area (cs_nest) and works in the area
 * of that depth (class 0, then DT_SCRATCH_NESTED...), so a nested program
 * leaves the interrupted one's records and temporaries alone; deeper than
 * the areas it does not trace.  Every return after the count goes through
 * the epilogue that decrements it (the class-0 area is kept on the
 * stack).  On entry r0 is the class-0 area (or NULL), r6 the CPU.
 */
static void gen_nest(dt_cg_t *cg, int out, int ok)
{
	int nest = (int)offsetof(dt_cpustate_t, cs_nest);

	cg->cg_epilogue = dt_cg_label(cg);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), out);
	dt_cg_insn(cg, LDX(BPF_DW, R1, R0, nest));
	dt_cg_jump(cg, JMP_IMM(BPF_JGE, R1, DT_NEST_MAX, 0), out);
	dt_cg_insn(cg, MOV64_REG(R2, R1));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R2, 1));
	dt_cg_insn(cg, STX(BPF_DW, R0, R2, nest));
	dt_cg_insn(cg, STX(BPF_DW, FP, R0, DT_STACK_NEST));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), ok);
	/* depth d > 0: area (DT_SCRATCH_NESTED + d - 1) * ncpus + cpu, by adds of ncpus */
	for (int i = 0; i < DT_SCRATCH_NESTED; i++)
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R6, cg->cg_dtp->dt_ncpus));
	for (int d = 1; d < DT_NEST_MAX - 1; d++) {
		dt_cg_insn(cg, JMP_IMM(BPF_JEQ, R1, d, 1));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R6, cg->cg_dtp->dt_ncpus));
	}
	dt_cg_lookup32(cg, DT_MAP_SCRATCH, R6);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ok);
	dt_cg_jump(cg, JA(0), cg->cg_epilogue);
}

/* The return of a program that counted its depth (gen_nest). */
static void gen_epilogue(dt_cg_t *cg)
{
	int nest = (int)offsetof(dt_cpustate_t, cs_nest);

	dt_cg_place(cg, cg->cg_epilogue);
	dt_cg_insn(cg, LDX(BPF_DW, R1, FP, DT_STACK_NEST));
	dt_cg_insn(cg, LDX(BPF_DW, R2, R1, nest));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R2, -1));
	dt_cg_insn(cg, STX(BPF_DW, R1, R2, nest));
}

static void gen_prologue(dt_cg_t *cg)
{
	int out = dt_cg_label(cg), ok = dt_cg_label(cg);

	dt_cg_insn(cg, STX(BPF_DW, FP, R1, DT_STACK_CTX));
	if (cg->cg_shared && cg->cg_probe->pr_bind != DT_BIND_COOKIE)
		gen_bind_sysnr(cg, out);
	gen_filters(cg, out);
	dt_cg_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_ACTIVITY);
	dt_cg_insn(cg, LDX(BPF_DW, R1, R1, 0));
	cg->cg_actjmp = cg->cg_ninsns;
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R1, cg->cg_activity, 0), out);
	dt_cg_call(cg, BPF_FUNC_get_smp_processor_id);
	if (cg->cg_dtp->dt_options[DTOPT_CPU] >= 0) /* -x cpu: trace on that CPU only */
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, (int)cg->cg_dtp->dt_options[DTOPT_CPU], 0), out);
	cg->cg_cpust = dt_cg_insn(cg, STX(BPF_DW, FP, R0, DT_STACK_CPU));
	if (cg->cg_probe->pr_progtype != DT_PT_RAW_TP) /* scratch class 1 */
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R0, cg->cg_dtp->dt_ncpus));
	if (cg->cg_nest)
		dt_cg_insn(cg, MOV64_REG(R6, R0)); /* the CPU */
	dt_cg_lookup32(cg, DT_MAP_SCRATCH, R0);
	if (cg->cg_nest)
		gen_nest(cg, out, ok);
	else
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), ok);
	dt_cg_place(cg, out);
	dt_cg_insn(cg, MOV64_IMM(R0, 0));
	dt_cg_insn(cg, EXIT());
	dt_cg_place(cg, ok);
	dt_cg_insn(cg, MOV64_REG(R9, R0));
	cg->cg_scrend = cg->cg_ninsns;
	if (cg->cg_dtp->dt_usestrtok)
		dt_cg_str_prologue(cg); /* strtok()'s state is per firing */
	cg->cg_cookie0 = cg->cg_cookie1 = cg->cg_ninsns;
	if (cg->cg_shared && cg->cg_probe->pr_bind == DT_BIND_COOKIE) {
		dt_cg_ldctx(cg, R1);
		dt_cg_call(cg, BPF_FUNC_get_attach_cookie);
		dt_cg_insn(cg, STX(BPF_DW, FP, R0, DT_STACK_COOKIE));
		cg->cg_cookie1 = cg->cg_ninsns;
	}
}

/* Does the code from insn start on read the stack slot at off? */
static bool reads_stack(const dt_cg_t *cg, int start, int off)
{
	for (int i = start; i < cg->cg_ninsns; i++)
		if (cg->cg_insns[i].src_reg == FP && cg->cg_insns[i].off == off &&
		    BPF_CLASS(cg->cg_insns[i].code) == BPF_LDX)
			return true;
	return false;
}

/* The attachment cookie is read only where a clause needs it: else drop its load. */
static void drop_cookie(dt_cg_t *cg)
{
	if (reads_stack(cg, cg->cg_cookie1, DT_STACK_COOKIE))
		return;
	for (int i = cg->cg_cookie0; i < cg->cg_cookie1; i++)
		cg->cg_insns[i] = DT_NOP;
}

/*
 * A program that never uses the scratch area (clauses like `n++` that
 * record nothing, use no temporary and cannot fault, or `@ = count()`, a
 * key-less aggregation in a BPF array) needs no scratch lookup.  Once the
 * jumps are resolved, the lookup becomes `ja +0` no-ops, which the
 * verifier removes, and the lookup's test a jump over the inactive path's
 * return to the first clause.  If no clause reads the CPU the prologue
 * saved (dt_cg_cpu), its helper call and store go too, and the activity
 * check jumps straight to the first clause.  With -x cpu the program is
 * left as it is.
 */
static void drop_scratch(dt_cg_t *cg)
{
	int a = cg->cg_actjmp, end = cg->cg_scrend, from = cg->cg_cpust + 1;

	if (cg->cg_dtp->dt_options[DTOPT_CPU] >= 0 || cg->cg_nest)
		return;
	for (int i = end; i < cg->cg_ninsns; i++)
		if (cg->cg_insns[i].dst_reg == R9 || cg->cg_insns[i].src_reg == R9)
			return;
	/* prologue tail: ..., if r0 != 0 goto ok; r0 = 0; exit; ok: r9 = r0 */
	if (!reads_stack(cg, end, DT_STACK_CPU)) {
		cg->cg_insns[a].code = BPF_JMP | BPF_JEQ | BPF_K;
		cg->cg_insns[a].off = (int16_t)(end - 1 - a - 1);	/* to ok */
		from = a + 1;
	}
	for (int i = from; i < end - 3; i++)
		cg->cg_insns[i] = DT_NOP;
	if (from > a + 1)	/* the CPU kept: the lookup's test becomes a jump to ok */
		cg->cg_insns[end - 4] = JA(2);
	cg->cg_insns[end - 1] = DT_NOP;
}

/*
 * Squeeze out the `ja +0` no-ops, in one pass, re-aiming the jumps,
 * BPF-to-BPF calls and callback addresses over them.  The verifier removes
 * no-ops too, but one at a time, each removal moving the whole program:
 * with one or two per clause, a program of 20,000 clauses took seconds in
 * the kernel, 100,000 minutes (a soft lockup), uninterruptibly.
 *
 * A no-op goes if the instruction after it is another jump's target, or
 * if it was emitted as DT_NOP (a ja whose imm marks it, cleared here: a
 * clause's jump to its end when nothing follows it, the prologue parts
 * drop_scratch() and drop_cookie() removed).  Any other one stays: the
 * instruction after a jump is where the verifier compares states and
 * prunes (string loops need it), and its removal would lose that.
 */
static bool is_ja0(const struct bpf_insn *in)
{
	return in->code == (BPF_JMP | BPF_JA) && in->off == 0;
}

static bool is_jump(const struct bpf_insn *in)
{
	int cls = BPF_CLASS(in->code), op = BPF_OP(in->code);

	return (cls == BPF_JMP || cls == BPF_JMP32) && op != BPF_CALL && op != BPF_EXIT &&
	       in->code != (BPF_JMP32 | BPF_JA);
}

/* Mark the no-ops compact() removes (in drop[]); returns how many. */
static int nops_to_drop(dt_cg_t *cg, bool *drop)
{
	int n = cg->cg_ninsns, k = 0;
	bool *target = dt_zalloc((size_t)n + 1);

	if (target == NULL) /* no trap set: nothing is removed */
		return 0;
	for (int i = 0; i < n; i++) {
		const struct bpf_insn *in = &cg->cg_insns[i];

		if (in->code == (BPF_LD | BPF_DW | BPF_IMM))
			i++;
		else if (is_jump(in) && !is_ja0(in) && i + 1 + in->off >= 0 && i + 1 + in->off <= n)
			target[i + 1 + in->off] = true;
	}
	for (int i = 0; i < n; i++) {
		struct bpf_insn *in = &cg->cg_insns[i];

		if (in->code == (BPF_LD | BPF_DW | BPF_IMM)) {
			i++;
			continue;
		}
		if (in->code == (BPF_JMP | BPF_JA) && in->imm == DT_NOP_IMM) {
			in->imm = 0;
			drop[i] = in->off == 0;
		} else {
			drop[i] = is_ja0(in) && in->imm == 0 && target[i + 1];
		}
		k += drop[i];
	}
	free(target);
	return k;
}

static void compact(dt_cg_t *cg)
{
	int n = cg->cg_ninsns, *map;
	bool *drop = dt_zalloc((size_t)n + 1);
	dt_nomem_undo_t undo;

	if (drop == NULL) /* no trap set: the kernel removes the no-ops */
		return;
	dt_nomem_hold(&undo, dt_nomem_free_ptr, &drop); /* freed if what follows fails */
	if (nops_to_drop(cg, drop) == 0 || (map = dt_zalloc(sizeof(int) * (size_t)(n + 1))) == NULL) {
		dt_nomem_release(&undo);
		free(drop);
		return;
	}
	dt_nomem_release(&undo);
	for (int i = 0, kept = 0; i <= n; i++) { /* a no-op maps to the next kept instruction */
		map[i] = kept;
		if (i < n && !drop[i])
			kept++;
	}
	for (int i = 0; i < n; i++) {
		struct bpf_insn *in = &cg->cg_insns[i];
		int cls = BPF_CLASS(in->code), op = BPF_OP(in->code);

		if (drop[i])
			continue;
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM)) {
			if (in->src_reg == BPF_PSEUDO_FUNC)
				in->imm = map[i + 1 + in->imm] - map[i] - 1;
			i++; /* its second half */
		} else if ((cls == BPF_JMP || cls == BPF_JMP32) && op == BPF_CALL) {
			if (in->src_reg == BPF_PSEUDO_CALL)
				in->imm = map[i + 1 + in->imm] - map[i] - 1;
		} else if (is_jump(in)) {
			in->off = (int16_t)(map[i + 1 + in->off] - map[i] - 1);
		}
	}
	for (int i = 0; i < n; i++) {
		bool wide = cg->cg_insns[i].code == (BPF_LD | BPF_DW | BPF_IMM);

		if (drop[i])
			continue;
		for (int j = 0; j <= (wide ? 1 : 0) && i + j < n; j++) {
			cg->cg_insns[map[i] + j] = cg->cg_insns[i + j];
			cg->cg_lines[map[i] + j] = cg->cg_lines[i + j];
			cg->cg_insclauses[map[i] + j] = cg->cg_insclauses[i + j];
		}
		i += wide;
	}
	cg->cg_ninsns = map[n];
	free(map);
	free(drop);
}

/*
 * What one verifier load may hold.  The kernel loads at most a million
 * instructions, and keeps at most 8192 branches for later while it walks
 * (BPF_COMPLEXITY_LIMIT_JMP_SEQ): each clause's predicate and each
 * record's room check is one, so a probe with more than ~8,000 clauses that
 * test or record something cannot load (nor be interrupted while the
 * verifier works on it).  Such a program is refused here, before anything
 * loads, naming the probe and its clauses.  kept_branches() knows no
 * values, so it counts about two for each branch the verifier keeps in the
 * usual clause shapes (a predicate's comparison and its test, a record's
 * CPU and room checks): its limit is twice the kernel's, less a margin.
 */
#define DT_PROG_MAXINSNS 1000000
#define DT_PROG_MAXBRANCHES 16380

/*
 * The most branches the verifier keeps for later, as it walks: depth
 * first, the next instruction before the jump taken (kept), a ja followed;
 * at an exit, or an instruction already walked (where it would prune), it
 * takes up the branch kept last.  Each instruction is walked once here, so
 * this is linear; the verifier may walk some again, never with fewer kept.
 */
static int kept_branches(const dt_cg_t *cg)
{
	int n = cg->cg_ninsns;
	/* one block, so that an allocation failure (a jump) leaks nothing */
	int *kept = dt_zalloc((sizeof(int) + sizeof(bool)) * (size_t)(n + 1));
	bool *seen = kept != NULL ? (bool *)(kept + n + 1) : NULL;
	int nkept = 0, max = 0, i = 0;

	if (kept == NULL) /* no trap set: the kernel's verifier judges */
		return 0;

	for (;;) {
		const struct bpf_insn *in;
		int cls, op;

		if (i < 0 || i >= n || seen[i]) {
			if (nkept == 0)
				break;
			i = kept[--nkept];
			continue;
		}
		seen[i] = true;
		in = &cg->cg_insns[i];
		cls = BPF_CLASS(in->code);
		op = BPF_OP(in->code);
		if (in->code == (BPF_LD | BPF_DW | BPF_IMM)) {
			i += 2;
		} else if ((cls == BPF_JMP || cls == BPF_JMP32) && op == BPF_EXIT) {
			i = -1;
		} else if (cls == BPF_JMP && op == BPF_JA) {
			i += 1 + in->off;
		} else if ((cls == BPF_JMP || cls == BPF_JMP32) && op != BPF_CALL) {
			if (nkept < n)
				kept[nkept++] = i + 1 + in->off;
			max = nkept > max ? nkept : max;
			i++;
		} else {
			i++;
		}
	}
	free(kept);
	return max;
}

static int check_size(dt_cg_t *cg)
{
	const dtrace_probedesc_t *pd = &cg->cg_probe->pr_desc;

	if (cg->cg_ninsns <= DT_PROG_MAXINSNS && kept_branches(cg) <= DT_PROG_MAXBRANCHES)
		return 0;
	snprintf(cg->cg_err, sizeof(cg->cg_err), "program for probe %s:%s:%s:%s has too many clauses "
		 "for the kernel to load (clauses: %d, instructions: %d): split them across probes",
		 pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func, pd->dtpd_name,
		 cg->cg_prog->bp_nclauses, cg->cg_ninsns);
	return -1;
}

/* Resolve labels and temp offsets; returns 0 or -1 (message in cg_err). */
static int finalize(dt_cg_t *cg, int tmpbase)
{
	for (int i = 0; i < cg->cg_nfixes; i++) {
		int insn = cg->cg_fixes[i].f_insn, target = cg->cg_labels[cg->cg_fixes[i].f_label];

		if (target < 0) {
			snprintf(cg->cg_err, sizeof(cg->cg_err), "internal error: unplaced label");
			return -1;
		}
		if (target - insn - 1 > 32767 || target - insn - 1 < -32768) {
			snprintf(cg->cg_err, sizeof(cg->cg_err), "program too large");
			return -1;
		}
		cg->cg_insns[insn].off = (int16_t)(target - insn - 1);
	}
	for (int i = 0; i < cg->cg_ntmpfix; i++)
		cg->cg_insns[cg->cg_tmpfix[i]].imm += tmpbase;
	return 0;
}

/*
 * Generate the code of program bp: its clauses, in order, for its probes'
 * signature.  bp_stmts[i] receives clause i's record layout.
 */
/* The generator's state; with the program made (failed) or not (its instructions are the program's). */
static void cg_free(dt_cg_t *cg, bool failed)
{
	if (failed) {
		free(cg->cg_insns);
		free(cg->cg_lines);
		free(cg->cg_insclauses);
	}
	free(cg->cg_labels);
	free(cg->cg_fixes);
	free(cg->cg_tmpfix);
	free(cg->cg_calls);
	dt_cg_subr_free(cg);
	free(cg);
}

int dt_cg_program(dtrace_hdl_t *dtp, dt_bpfprog_t *bp)
{
	dt_nomem_trap_t trap;
	dt_cg_t *cg = dt_zalloc(sizeof(*cg));
	int tmpbase;

	cg->cg_dtp = dtp;
	cg->cg_prog = bp;
	cg->cg_probe = bp->bp_probe;
	cg->cg_shared = bp->bp_shared;
	cg->cg_activity = bp->bp_probe->pr_activity; /* also in the ERROR subprogram */
	cg->cg_epidbase = bp->bp_probe->pr_epidbase;
	cg->cg_strsize = DT_STRSIZE(dtp);
	cg->cg_recbase = DT_SCR_THIS + dtp->dt_thissize;
	dt_nomem_push(&trap, &cg->cg_jmp); /* out of memory: as a generation error */
	if (setjmp(cg->cg_jmp) != 0) {
		if (dt_nomem_pop(&trap)) {
			dtp->dt_errmsg[0] = '\0';
			dt_set_errno(dtp, EDT_NOMEM);
		} else
			dt_set_errmsg(dtp, EDT_COMPILER, "%s", cg->cg_err);
		cg_free(cg, true);
		return -1;
	}
	cg->cg_nest = dtp->dt_rawnest && bp->bp_probe->pr_progtype == DT_PT_RAW_TP &&
		      cg->cg_activity == DT_ACTIVITY_ACTIVE;
	/*
	 * An ERROR clause that calls exit() (a fault in an earlier clause
	 * fires it) stops the firing's later clauses as an exit() of their own
	 * program does: a BEGIN that faults into such an ERROR runs no more
	 * BEGIN clauses, and the first exit()'s status stands, as in illumos.
	 * (In END, exit() stops nothing: dt_cg_fn_exit().)
	 */
	for (int i = 0; cg->cg_activity != DT_ACTIVITY_COOLDOWN && i < dtp->dt_nerrclauses &&
			!cg->cg_mayexit; i++)
		cg->cg_mayexit = calls_exit(dtp->dt_errclauses[i]->dc_body);
	gen_prologue(cg);
	if (clauses_use_time(bp->bp_clauses, bp->bp_nclauses, false))
		dt_cg_insn(cg, ST(BPF_DW, FP, DT_STACK_TS, 0));
	if (clauses_use_time(bp->bp_clauses, bp->bp_nclauses, true))
		dt_cg_insn(cg, ST(BPF_DW, FP, DT_STACK_VTS, 0));
	for (int i = 0; i < bp->bp_nclauses; i++) {
		cg->cg_stmt = i;
		gen_clause(cg, bp->bp_clauses[i], bp->bp_stmts[i]);
	}
	if (cg->cg_nest)
		gen_epilogue(cg);
	dt_cg_insn(cg, MOV64_IMM(R0, 0));
	dt_cg_insn(cg, EXIT());
	if (cg->cg_ncalls > 0)
		gen_error_subprog(cg);
	dt_cg_subr_emit(cg); /* shared subprograms: dt_cg_subr.c */

	tmpbase = (cg->cg_recbase + cg->cg_recmax + 7) & ~7;
	if (finalize(cg, tmpbase) != 0) {
		dt_nomem_pop(&trap);
		dt_set_errmsg(dtp, EDT_COMPILER, "%s", cg->cg_err);
		cg_free(cg, true);
		return -1;
	}
	drop_scratch(cg);
	drop_cookie(cg);
	compact(cg);
	if (check_size(cg) != 0) {
		dt_nomem_pop(&trap);
		dt_set_errmsg(dtp, EDT_COMPILER, "%s", cg->cg_err);
		cg_free(cg, true);
		return -1;
	}
	if (tmpbase + cg->cg_tmpmax > dtp->dt_scratchsize)
		dtp->dt_scratchsize = tmpbase + cg->cg_tmpmax;
	if (cg->cg_recmax > dtp->dt_recmax)
		dtp->dt_recmax = cg->cg_recmax;
	dt_nomem_pop(&trap);

	bp->bp_insns = cg->cg_insns;
	bp->bp_ninsns = cg->cg_ninsns;
	bp->bp_lines = cg->cg_lines;
	bp->bp_insclauses = cg->cg_insclauses;
	bp->bp_fd = -1;
	cg_free(cg, false);
	return 0;
}
