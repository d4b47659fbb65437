/*
 * dt_cg_buf.c -- code generation for writing a record to the principal
 * buffer: dt_cg_output(), with the per-CPU accounting of the buffer policy
 * (the model is described at the top of consume/dt_buffer.c).
 *
 * Every policy first finds this CPU's dt_bufstate_t (r1).  switch and fill
 * reserve the record's own bytes (header + data, as DTrace counts them
 * against bufsize; not the perf framing) with an atomic add to
 * bs_written, so that programs that interrupt each other on one CPU (a
 * tracepoint inside a system call) account correctly, and give them back
 * if the record does not fit or the kernel refuses it.  A record is
 * either written or counted as a drop (fill: or it marks the buffer full):
 * nothing is lost unseen.
 *
 * A record bigger than a perf sample holds (DT_MAXREC) is always a drop.
 * dt_cg_output() also notes the smallest record any program writes
 * (dt_minrec): the rings are sized from it so that bufsize of records
 * always fits with its framing (consume/dt_buffer.c).  Records are
 * multiples of 8 bytes, so the consumer finds each record's size again
 * from its ring size (dt_ring.c) and gives back exactly what was taken.
 */
#include "dt_cg_impl.h"

#include <string.h>

#define BS_OFF(f) ((int)offsetof(dt_bufstate_t, f))

static bool is_end(const dt_cg_t *cg)
{
	return cg->cg_activity == DT_ACTIVITY_COOLDOWN;
}

/* r1 = &dt_bufstate[this CPU]; r0 clobbered. */
static void gen_bufstate(dt_cg_t *cg, int skip)
{
	dt_cg_cpu(cg);
	dt_cg_jump(cg, JMP_IMM(BPF_JGE, R0, cg->cg_dtp->dt_ncpus, 0), skip);
	dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R0, DT_BUFSTATE_SHIFT));
	dt_cg_ldmapval(cg, R1, DT_MAP_BUFSTATE, 0);
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R1, R0));
}

/* bs_written += delta, atomically (r1 = &bufstate; r2 clobbered). */
static void gen_written_add(dt_cg_t *cg, int delta)
{
	dt_cg_insn(cg, MOV64_IMM(R2, delta));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_ADD, R1, R2, BS_OFF(bs_written)));
}

/* The scratch area's drop counter at dropoff += 1. */
static void gen_drop(dt_cg_t *cg, uint64_t dropoff)
{
	dt_cg_insn(cg, MOV64_IMM(R1, 1));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_ADD, R9, R1, (int)dropoff));
}

/* bpf_perf_event_output() of the record at r9 + recbase; r0 = 0 if written. */
static void gen_perf_output(dt_cg_t *cg, int recbase, int size)
{
	dt_cg_insn(cg, LDX(BPF_DW, R1, FP, DT_STACK_CTX));
	dt_cg_ldmap(cg, R2, DT_MAP_BUF);
	dt_cg_insn(cg, DT_INSN(BPF_ALU | BPF_MOV | BPF_K, R3, 0, 0, -1)); /* BPF_F_CURRENT_CPU */
	dt_cg_insn(cg, MOV64_REG(R4, R9));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R4, recbase));
	dt_cg_insn(cg, MOV64_IMM(R5, size));
	dt_cg_call(cg, BPF_FUNC_perf_event_output);
}

/*
 * Reserve cost record bytes (r1 = &bufstate, kept): if more than the limit
 * would then be unread, give them back and jump to nospace.  The comparison
 * is signed, so that a consumer ahead of the programs never looks full.
 */
static void gen_reserve(dt_cg_t *cg, int cost, int nospace)
{
	int fits = dt_cg_label(cg);
	int lim = is_end(cg) ? BS_OFF(bs_endlimit) : BS_OFF(bs_limit);

	dt_cg_insn(cg, MOV64_IMM(R3, cost));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_ADD | BPF_FETCH, R1, R3, BS_OFF(bs_written)));
	dt_cg_insn(cg, LDX(BPF_DW, R4, R1, BS_OFF(bs_read)));
	dt_cg_insn(cg, ALU64_REG(BPF_SUB, R3, R4));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R3, cost));
	dt_cg_insn(cg, LDX(BPF_DW, R4, R1, lim));
	dt_cg_jump(cg, JMP_REG(BPF_JSLE, R3, R4, 0), fits);
	gen_written_add(cg, -cost);
	dt_cg_jump(cg, JA(0), nospace);
	dt_cg_place(cg, fits);
}

/* Write the reserved record; if the kernel refuses it, unreserve and drop. */
static void gen_write(dt_cg_t *cg, int recbase, int size, int drop, int done)
{
	gen_perf_output(cg, recbase, size);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	gen_bufstate(cg, drop);
	gen_written_add(cg, -size);
	dt_cg_jump(cg, JA(0), drop);
}

/* switch: a record that does not fit is dropped. */
static void gen_switch(dt_cg_t *cg, int recbase, int size, uint64_t dropoff)
{
	int drop = dt_cg_label(cg), done = dt_cg_label(cg);

	gen_bufstate(cg, drop);
	gen_reserve(cg, size, drop);
	gen_write(cg, recbase, size, drop, done);
	dt_cg_place(cg, drop);
	gen_drop(cg, dropoff);
	dt_cg_place(cg, done);
}

/* Stop tracing everywhere: activity (WARMUP for BEGIN) -> DRAINING. */
static void gen_stop(dt_cg_t *cg)
{
	if (is_end(cg))
		return;
	dt_cg_ldmapval(cg, R1, DT_MAP_GLOBAL, DT_G_ACTIVITY);
	dt_cg_insn(cg, MOV64_IMM(R0, cg->cg_activity)); /* WARMUP in BEGIN */
	dt_cg_insn(cg, MOV64_IMM(R2, DT_ACTIVITY_DRAINING));
	dt_cg_insn(cg, ATOMIC(BPF_DW, BPF_CMPXCHG, R1, R2, 0));
}

/*
 * fill: the first record that does not fit marks the buffer full and stops
 * tracing; a full buffer takes nothing more, except from END.  A record
 * bigger than the whole buffer is dropped, whatever the policy.
 */
static void gen_fill(dt_cg_t *cg, int recbase, int size, uint64_t dropoff)
{
	int drop = dt_cg_label(cg), done = dt_cg_label(cg), full = dt_cg_label(cg);

	gen_bufstate(cg, drop);
	if (!is_end(cg)) {
		dt_cg_insn(cg, LDX(BPF_DW, R2, R1, BS_OFF(bs_full)));
		dt_cg_jump(cg, JMP_IMM(BPF_JNE, R2, 0, 0), done);
	}
	gen_reserve(cg, size, full);
	gen_write(cg, recbase, size, drop, done);
	dt_cg_place(cg, full);
	dt_cg_insn(cg, LDX(BPF_DW, R2, R1, BS_OFF(bs_endlimit)));
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R2, size, 0), drop);
	dt_cg_insn(cg, ST(BPF_DW, R1, BS_OFF(bs_full), 1));
	gen_stop(cg);
	dt_cg_jump(cg, JA(0), done);
	dt_cg_place(cg, drop);
	gen_drop(cg, dropoff);
	dt_cg_place(cg, done);
}

/* ring: the kernel overwrites the oldest records; only a too-big one drops. */
static void gen_ring(dt_cg_t *cg, int recbase, int size, uint64_t dropoff)
{
	int drop = dt_cg_label(cg), done = dt_cg_label(cg);

	gen_bufstate(cg, drop);
	dt_cg_insn(cg, LDX(BPF_DW, R2, R1, BS_OFF(bs_limit)));
	dt_cg_jump(cg, JMP_IMM(BPF_JLT, R2, size, 0), drop);
	gen_perf_output(cg, recbase, size);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	dt_cg_place(cg, drop);
	gen_drop(cg, dropoff);
	dt_cg_place(cg, done);
}

typedef void dt_cg_output_f(dt_cg_t *, int recbase, int size, uint64_t dropoff);

static dt_cg_output_f *const dt_cg_outputs[] = {
	[DT_BUFPOLICY_SWITCH] = gen_switch,
	[DT_BUFPOLICY_FILL] = gen_fill,
	[DT_BUFPOLICY_RING] = gen_ring,
};

/*
 * Emit the output of a record (r9 + recbase, size bytes) to this CPU's
 * principal buffer; a record that is not written counts one drop at
 * dropoff in the scratch area.  Clobbers r0-r5.
 */
void dt_cg_output(dt_cg_t *cg, int recbase, int size, uint64_t dropoff)
{
	dtrace_hdl_t *dtp = cg->cg_dtp;

	if (size < (int)sizeof(dt_rechdr_t) || size % 8 != 0) /* a bug of the record layout */
		dt_cg_error(cg, NULL, "record of %d bytes: not a whole record", size);
	if (size > DT_MAXREC) { /* perf would wrap its size: never written */
		gen_drop(cg, dropoff);
		return;
	}
	if (dtp->dt_minrec == 0 || size < dtp->dt_minrec)
		dtp->dt_minrec = size;
	dt_cg_outputs[cg->cg_dtp->dt_options[DTOPT_BUFPOLICY]](cg, recbase, size, dropoff);
}
