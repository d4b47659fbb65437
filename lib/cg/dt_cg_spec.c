/*
 * dt_cg_spec.c -- code generation for speculative tracing: speculation(),
 * speculate(), commit(), discard(), and the write of a speculative
 * clause's record into its speculation.  docs/speculation.md has the
 * model; layout/dt_layout.h the states and the buffer layout.
 *
 * Each speculation has a state word in dt_spec, changed only by
 * compare-and-swap (illumos' states: INACTIVE, ACTIVE, ACTIVEONE,
 * ACTIVEMANY, COMMITTING, COMMITTINGMANY, DISCARDING), and one part per
 * CPU in dt_specbuf: a header whose second word counts the bytes of
 * records, then the records as the clauses built them.  A CPU writes only
 * its own part; it claims space by compare-and-swap on the count, since
 * programs of the two context classes may interrupt each other.
 *
 *   speculation()  claims the first INACTIVE speculation (-> ACTIVE) and
 *                  returns its id, or counts a failure and returns 0:
 *                  "busy" if some speculation is being committed or
 *                  discarded, else "no buffer space".
 *   speculate(id)  puts id in the record header (rh_spec); at the end of
 *                  the clause the record goes to this CPU's part instead
 *                  of the principal buffer if the speculation is active
 *                  (ACTIVE -> ACTIVEONE -> ACTIVEMANY as CPUs join), or is
 *                  counted as a speculative drop if the part is full.
 *   commit(id)     copies this CPU's part to the principal buffer and frees
 *                  the speculation at once if no other CPU has data in it;
 *                  otherwise it stays COMMITTINGMANY until the consumer has
 *                  copied the other parts (within cleanrate).  The copy is
 *                  a run of fixed-size chunk records (a perf record holds
 *                  at most 64k) written through dt_cg_output(), so the
 *                  buffer policy's accounting applies; the consumer
 *                  reassembles them and prints nothing of a part it did
 *                  not get whole.  A chunk that is not written counts one
 *                  drop and ends the copy.
 *   discard(id)    empties this CPU's part; other CPUs' parts are emptied
 *                  by the consumer (DISCARDING).
 * An id of 0 does nothing; an id above nspec is an illegal operation.
 *
 * Registers: these run at statement level, where the value stack is
 * empty, so r6-r8 hold the id, this CPU's part and the state word's
 * address across helper calls (the value-stack slots are reserved while
 * they do); deeper, spilled slots hold the commit copy's loop variables.
 */
#include "dt_cg_impl.h"

#include <stddef.h>

#define USED DT_SPEC_USED
#define HDR ((int)sizeof(dt_specchunk_t))
#define CS_OFF(f) ((int)offsetof(dt_cpustate_t, f))
#define RH_SPEC(cg) ((cg)->cg_recbase + (int)offsetof(dt_rechdr_t, rh_spec))
#define NTRIES 3 /* compare-and-swap attempts before giving up */

static int nspec(const dt_cg_t *cg)
{
	int64_t n = cg->cg_dtp->dt_options[DTOPT_NSPEC];

	return n > 0 ? (int)n : 0;
}

/* Bytes of records a part holds. */
static int specsize(const dt_cg_t *cg)
{
	return cg->cg_dtp->dt_specent - HDR;
}

/* Bytes of records per commit chunk (few chunks: each is a verifier pass). */
static int chunksize(const dt_cg_t *cg)
{
	return dt_spec_chunksize(specsize(cg));
}

/* The scratch area's counter at off += 1 (r1 clobbered). */
static void count(dt_cg_t *cg, int off)
{
	dt_cg_insn(cg, MOV64_IMM(R1, 1));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_ADD, R9, R1, off));
}

/* An illegal operation, reported like illumos' without a DIF offset. */
static void illop(dt_cg_t *cg)
{
	dt_cg_insn(cg, ST(BPF_DW, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_addr), 0));
	dt_cg_insn(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_fault), DT_FAULT_ILLOP));
	dt_cg_insn(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_action), cg->cg_actidx));
	dt_cg_insn(cg, ST(BPF_W, R9, DT_SCR_ERR + offsetof(dt_errrec_t, er_offset), -1));
	dt_cg_jump(cg, JA(0), cg->cg_fault);
	cg->cg_hasfault = true;
}

static void need_stmt(dt_cg_t *cg, const dt_node_t *dnp)
{
	if (cg->cg_depth != 0)
		dt_cg_error(cg, dnp, "internal error: speculation action inside an expression");
}

/* Evaluate a speculation id (a dtrace_specid_t: 32 bits) into r6; 0 goes
 * to skip, an id above nspec faults. */
static void gen_idarg(dt_cg_t *cg, dt_node_t *arg, int skip)
{
	int ok = dt_cg_label(cg), r;

	need_stmt(cg, arg);
	dt_cg_expr(cg, arg);
	r = dt_cg_get(cg, 0, R6);
	dt_cg_insn(cg, MOV32_REG(R6, r));
	dt_cg_pop(cg);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R6, 0, 0), skip);
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R6, nspec(cg), 0), ok);
	illop(cg);
	dt_cg_place(cg, ok);
}

/* r7 = this CPU's part of speculation r6 (in [1, nspec]), or go to skip. */
static void gen_part(dt_cg_t *cg, int skip)
{
	dt_cg_cpu(cg);
	dt_cg_insn(cg, MOV64_REG(R1, R6));
	dt_cg_insn(cg, ALU64_IMM(BPF_SUB, R1, 1));
	dt_cg_insn(cg, ALU64_IMM(BPF_MUL, R1, cg->cg_dtp->dt_ncpus));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R0, R1));
	dt_cg_lookup32(cg, DT_MAP_SPECBUF, R0);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), skip);
	dt_cg_insn(cg, MOV64_REG(R7, R0));
}

/* r8 = &state[r6 - 1] */
static void gen_stateptr(dt_cg_t *cg)
{
	dt_cg_ldmapval(cg, R8, DT_MAP_SPEC, 0);
	dt_cg_insn(cg, MOV64_REG(R1, R6));
	dt_cg_insn(cg, ALU64_IMM(BPF_SUB, R1, 1));
	dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R1, 3));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R8, R1));
}

/* state: r0 (expected) -> r1; on success go to ok. */
static void gen_cas(dt_cg_t *cg, int ok)
{
	dt_cg_insn(cg, MOV64_REG(R2, R0));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_CMPXCHG, R8, R1, 0));
	dt_cg_jump(cg, JMP_REG(BPF_JEQ, R0, R2, 0), ok);
}

/*
 * The transitions of one operation: with r0 = the current state, jump to
 * the label of the new state to take (cur_ok: keep the state and go on,
 * skip: do nothing), where "own" means this CPU's part holds data.
 */
typedef struct dt_spectrans {
	int st_state;
	int st_own;	/* -1: either; 0/1: only if this part is empty/not */
	int st_new;	/* new state, or -1 to go on unchanged */
} dt_spectrans_t;

#define DT_SPEC_END { -1, 0, 0 }

static const dt_spectrans_t join_tab[] = {
	{ DT_SPEC_ACTIVE, -1, DT_SPEC_ACTIVEONE },
	{ DT_SPEC_ACTIVEONE, 1, -1 },
	{ DT_SPEC_ACTIVEONE, 0, DT_SPEC_ACTIVEMANY },
	{ DT_SPEC_ACTIVEMANY, -1, -1 },
	DT_SPEC_END
};

static const dt_spectrans_t commit_tab[] = {
	{ DT_SPEC_ACTIVE, -1, DT_SPEC_COMMITTING },
	{ DT_SPEC_ACTIVEONE, 1, DT_SPEC_COMMITTING },
	{ DT_SPEC_ACTIVEONE, 0, DT_SPEC_COMMITTINGMANY },
	{ DT_SPEC_ACTIVEMANY, -1, DT_SPEC_COMMITTINGMANY },
	DT_SPEC_END
};

static const dt_spectrans_t discard_tab[] = {
	{ DT_SPEC_ACTIVE, -1, DT_SPEC_DISCARDING },
	{ DT_SPEC_ACTIVEONE, 1, DT_SPEC_INACTIVE },
	{ DT_SPEC_ACTIVEONE, 0, DT_SPEC_DISCARDING },
	{ DT_SPEC_ACTIVEMANY, -1, DT_SPEC_DISCARDING },
	DT_SPEC_END
};

/* One attempt at a transition of the table: ok on success, skip if none
 * applies; falls through if another CPU changed the state meanwhile. */
static void gen_trans(dt_cg_t *cg, const dt_spectrans_t *tab, int ok, int skip)
{
	int retry = dt_cg_label(cg);

	dt_cg_insn(cg, LDX(BPF_DW, R0, R8, 0));
	for (const dt_spectrans_t *t = tab; t->st_state >= 0; t++) {
		int next = dt_cg_label(cg);

		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, t->st_state, 0), next);
		if (t->st_own >= 0) {
			dt_cg_insn(cg, LDX(BPF_DW, R1, R7, USED));
			dt_cg_jump(cg, JMP_IMM(t->st_own ? BPF_JEQ : BPF_JNE, R1, 0, 0), next);
		}
		if (t->st_new < 0) {
			dt_cg_jump(cg, JA(0), ok);
		} else {
			dt_cg_insn(cg, MOV64_IMM(R1, t->st_new));
			gen_cas(cg, ok);
			dt_cg_jump(cg, JA(0), retry);
		}
		dt_cg_place(cg, next);
	}
	dt_cg_jump(cg, JA(0), skip);
	dt_cg_place(cg, retry);
}

/* id in r6, part in r7, state in r8; then NTRIES attempts at a transition. */
static void gen_transition(dt_cg_t *cg, const dt_spectrans_t *tab, int ok, int skip)
{
	gen_part(cg, skip);
	gen_stateptr(cg);
	for (int i = 0; i < NTRIES; i++)
		gen_trans(cg, tab, ok, skip);
	dt_cg_jump(cg, JA(0), skip);
}

/* ------------------------------------------------------------ speculation() */

void dt_cg_fn_speculation(dt_cg_t *cg, dt_node_t *dnp)
{
	int slot = dt_cg_push(cg, dnp);
	int loop = dt_cg_label(cg), fail = dt_cg_label(cg), none = dt_cg_label(cg);
	int zero = dt_cg_label(cg), out = dt_cg_label(cg);

	/*
	 * Each speculation in turn: compare-and-swap INACTIVE -> ACTIVE (a
	 * taken one is left as it is and gives its state).  r2 ORs the states
	 * of those in use: COMMITTING, COMMITTINGMANY and DISCARDING (and only
	 * they) have bit 2, "busy".  An OR of unknown values, not a flag set
	 * on a branch, keeps the verifier to a state or two per speculation.
	 *
	 * The verifier walks the loop once per speculation, and at each
	 * branch it cannot decide it follows one way and keeps the other for
	 * later, at most 8192 kept in all.  So there is one such branch per
	 * speculation, and the way it keeps is the next speculation: it
	 * follows the claim out of the loop (quickly done with: the rest of
	 * the program, once), and keeps one state at a time.  (The other way
	 * round it kept nspec, and two speculation() calls with nspec=4096
	 * were refused: "The sequence of 8193 jumps is too complex".)
	 */
	dt_cg_ldmapval(cg, R4, DT_MAP_SPEC, 0); /* its state word */
	dt_cg_insn(cg, MOV64_IMM(R5, DT_SPEC_ACTIVE));
	dt_cg_insn(cg, MOV64_IMM(R2, 0));
	dt_cg_insn(cg, MOV64_IMM(R3, 0)); /* index */
	dt_cg_place(cg, loop);
	dt_cg_jump(cg, JMP_IMM(BPF_JGE, R3, nspec(cg), 0), fail);
	dt_cg_insn(cg, MOV64_IMM(R0, DT_SPEC_INACTIVE));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_CMPXCHG, R4, R5, 0)); /* r0 = its state */
	dt_cg_insn(cg, ALU64_REG(BPF_OR, R2, R0));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R3, 1)); /* the id, if claimed */
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R4, 8));
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, DT_SPEC_INACTIVE, 0), loop);
	dt_cg_insn(cg, MOV64_REG(R0, R3));
	dt_cg_jump(cg, JA(0), out);

	dt_cg_place(cg, fail);
	dt_cg_insn(cg, ALU64_IMM(BPF_AND, R2, 4));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), none);
	count(cg, CS_OFF(cs_specfail_busy));
	dt_cg_jump(cg, JA(0), zero);
	dt_cg_place(cg, none);
	count(cg, CS_OFF(cs_specfail_none));
	dt_cg_place(cg, zero);
	dt_cg_insn(cg, MOV64_IMM(R0, 0));
	dt_cg_place(cg, out);
	dt_cg_set(cg, slot, R0);
}

/* ------------------------------------------------------------ speculate() */

/* A speculative clause starts with no speculation in its record header. */
void dt_cg_spec_clause(dt_cg_t *cg)
{
	int off = RH_SPEC(cg), b = dt_cg_r9base(cg, &off, R1);

	dt_cg_insn(cg, ST(BPF_W, b, off, 0));
}

void dt_cg_fn_speculate(dt_cg_t *cg, dt_node_t *call)
{
	int skip = dt_cg_label(cg), off = RH_SPEC(cg), b;

	gen_idarg(cg, call->dn_args, skip);
	b = dt_cg_r9base(cg, &off, R1);
	dt_cg_insn(cg, STX(BPF_W, b, R6, off));
	dt_cg_place(cg, skip);
}

/* One attempt to claim size bytes of the part: r2 = their offset, to copy. */
static void gen_claim(dt_cg_t *cg, int size, int copy, int drop)
{
	dt_cg_insn(cg, LDX(BPF_DW, R0, R7, USED));
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R0, specsize(cg) - size, 0), drop);
	dt_cg_insn(cg, MOV64_REG(R2, R0));
	dt_cg_insn(cg, MOV64_REG(R1, R0));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, size));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_CMPXCHG, R7, R1, USED));
	dt_cg_jump(cg, JMP_REG(BPF_JEQ, R0, R2, 0), copy);
}

/*
 * The end of a speculative clause: its record (epid already in the header,
 * size bytes) goes to this CPU's part of the speculation in rh_spec.
 */
void dt_cg_spec_output(dt_cg_t *cg, int size)
{
	int end = dt_cg_label(cg), join = dt_cg_label(cg), copy = dt_cg_label(cg);
	int drop = dt_cg_label(cg), off = RH_SPEC(cg), b;

	need_stmt(cg, NULL);
	if (nspec(cg) == 0)
		return;
	b = dt_cg_r9base(cg, &off, R1);
	dt_cg_insn(cg, LDX(BPF_W, R6, b, off));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R6, 0, 0), end);
	dt_cg_jump(cg, JMP_IMM(BPF_JGT, R6, nspec(cg), 0), end);
	gen_transition(cg, join_tab, join, end);

	/*
	 * A record larger than the part never fits: every firing joins the
	 * speculation and counts a drop, as in DTrace.  No claim then, and no
	 * copy either: nothing would jump to it, and the verifier refuses
	 * unreachable instructions.
	 */
	dt_cg_place(cg, join);
	if (size <= specsize(cg)) {
		for (int i = 0; i < NTRIES; i++)
			gen_claim(cg, size, copy, drop);
		dt_cg_jump(cg, JA(0), drop);
		dt_cg_place(cg, copy);
		dt_cg_insn(cg, MOV64_REG(R1, R7));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, HDR));
		dt_cg_insn(cg, ALU64_REG(BPF_ADD, R1, R2));
		dt_cg_insn(cg, MOV64_IMM(R2, size));
		dt_cg_insn(cg, MOV64_REG(R3, R9));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R3, cg->cg_recbase));
		dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
		dt_cg_jump(cg, JA(0), end);
	}
	dt_cg_place(cg, drop);
	count(cg, CS_OFF(cs_specdrops));
	dt_cg_place(cg, end);
}

/* ------------------------------------------------------------ commit() */

/*
 * Copy this CPU's part (r7) to the principal buffer as chunk records built
 * in the scratch area after the clause's record.  Spilled slots hold the
 * offset, the bytes in the part and the drop count before the copy.
 */
static void gen_commit_copy(dt_cg_t *cg)
{
	int c = chunksize(cg), bo = (cg->cg_recoff + 7) & ~7, b = cg->cg_recbase + bo;
	int loop = dt_cg_label(cg), out = dt_cg_label(cg), fits = dt_cg_label(cg);
	int part = dt_cg_label(cg), so, su, sd, r, boff, base;

	if (bo + HDR + c > cg->cg_recmax)
		cg->cg_recmax = bo + HDR + c;
	for (int i = 0; i < DT_NREGSLOTS; i++)
		dt_cg_push(cg, NULL); /* r6-r8 are ours */
	so = dt_cg_push(cg, NULL);
	su = dt_cg_push(cg, NULL);
	sd = dt_cg_push(cg, NULL);

	dt_cg_insn(cg, LDX(BPF_DW, R1, R7, USED));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R1, 0, 0), out);
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R1, specsize(cg), 0), fits);
	dt_cg_insn(cg, MOV64_IMM(R1, specsize(cg)));
	dt_cg_place(cg, fits);
	dt_cg_set(cg, su, R1);
	dt_cg_insn(cg, MOV64_IMM(R1, 0));
	dt_cg_set(cg, so, R1);
	dt_cg_insn(cg, LDX(BPF_DW, R1, R9, CS_OFF(cs_drops)));
	dt_cg_set(cg, sd, R1);

	dt_cg_place(cg, loop);
	r = dt_cg_get(cg, so, R1);
	dt_cg_get(cg, su, R2);
	dt_cg_jump(cg, JMP_REG(BPF_JGE, r, R2, 0), out);
	boff = b;
	base = dt_cg_r9base(cg, &boff, R3);
	dt_cg_insn(cg, ST(BPF_W, base, boff + offsetof(dt_specchunk_t, sc_hdr.rh_epid),
			  (int32_t)DT_EPID_SPEC));
	dt_cg_insn(cg, STX(BPF_W, base, R6, boff + offsetof(dt_specchunk_t, sc_hdr.rh_spec)));
	dt_cg_insn(cg, STX(BPF_W, base, R1, boff + offsetof(dt_specchunk_t, sc_off)));
	dt_cg_insn(cg, STX(BPF_W, base, R2, boff + offsetof(dt_specchunk_t, sc_total)));
	dt_cg_insn(cg, ALU64_REG(BPF_SUB, R2, R1)); /* r2 = min(left, chunk) */
	dt_cg_jump(cg, JMP_IMM(BPF_JLE, R2, c, 0), part);
	dt_cg_insn(cg, MOV64_IMM(R2, c));
	dt_cg_place(cg, part);
	dt_cg_insn(cg, MOV64_REG(R3, R7));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R3, HDR));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R3, R1));
	dt_cg_insn(cg, MOV64_REG(R1, R9));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R1, b + HDR));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel);
	dt_cg_output(cg, b, HDR + c, CS_OFF(cs_drops));
	/* a chunk that was not written ends the copy: the part is lost */
	dt_cg_insn(cg, LDX(BPF_DW, R1, R9, CS_OFF(cs_drops)));
	r = dt_cg_get(cg, sd, R2);
	dt_cg_jump(cg, JMP_REG(BPF_JNE, R1, r, 0), out);
	r = dt_cg_get(cg, so, R1);
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, r, c));
	dt_cg_set(cg, so, r);
	dt_cg_jump(cg, JA(0), loop);
	dt_cg_place(cg, out);
	for (int i = 0; i < DT_NREGSLOTS + 3; i++)
		dt_cg_pop(cg);
}

void dt_cg_fn_commit(dt_cg_t *cg, dt_node_t *call)
{
	int done = dt_cg_label(cg), copy = dt_cg_label(cg);

	gen_idarg(cg, call->dn_args, done);
	if (nspec(cg) > 0) {
		gen_transition(cg, commit_tab, copy, done);
		dt_cg_place(cg, copy);
		gen_commit_copy(cg);
		dt_cg_insn(cg, ST(BPF_DW, R7, USED, 0));
		/* alone on this speculation: free it now (COMMITTING -> INACTIVE) */
		dt_cg_insn(cg, MOV64_IMM(R0, DT_SPEC_COMMITTING));
		dt_cg_insn(cg, MOV64_IMM(R1, DT_SPEC_INACTIVE));
		dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_CMPXCHG, R8, R1, 0));
	}
	dt_cg_place(cg, done);
}

/* ------------------------------------------------------------ discard() */

void dt_cg_fn_discard(dt_cg_t *cg, dt_node_t *call)
{
	int done = dt_cg_label(cg), empty = dt_cg_label(cg);

	gen_idarg(cg, call->dn_args, done);
	if (nspec(cg) > 0) {
		gen_transition(cg, discard_tab, empty, done);
		dt_cg_place(cg, empty);
		dt_cg_insn(cg, ST(BPF_DW, R7, USED, 0));
	}
	dt_cg_place(cg, done);
}
