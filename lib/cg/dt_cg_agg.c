/*
 * dt_cg_agg.c -- code generation for aggregations: @a[keys] = f(args) statements, and the records of the
 * actions on aggregations (printa, clear, trunc, normalize, denormalize,
 * setopt), which the consumer carries out (consume/dt_aggregate.c).  See
 * docs/aggregations.md.
 *
 * Map: one BPF hash per aggregation, preallocated (bpf/dt_bpf.c), or for
 * a key-less one a one-entry array (am_array: no miss path), whose
 * value has a slot per CPU, cache-line aligned.  Slot word 0 counts the
 * updates made on that CPU (it is count()'s value; the consumer skips CPUs
 * that made none when merging min() and max()), then the function's data.
 * (A BPF per-CPU hash would do the same, but its per-CPU memory costs ~20
 * us per new key, or ~1 ms per thousand keys preallocated.)
 *
 * Probe path of a statement: build the key tuple in a scratch temporary,
 * evaluate the arguments, look the key up and update this CPU's slot in
 * place: only this CPU writes it, so no lock and no atomic instruction is
 * needed, no update is lost, and CPUs updating one key share no cache line.
 * A missing key is inserted with BPF_NOEXIST, the update already made in a
 * zeroed value; if another CPU inserted it first, it is looked up again;
 * if the map is full, an aggregation drop is counted in this CPU's
 * dt_cpustate_t.
 *
 * The path of an existing key is kept short, as it is the one taken on
 * nearly every event: the arguments and this CPU's slot offset (computed
 * before the lookup) stay in r6-r8, one lookup falls through to the update,
 * quantize()'s bucket is a six-step binary search; @[execname] copies the
 * 16 bytes of comm with nothing to zero, and a key-less aggregation looks
 * up the zero bytes at the start of dt_strtab, writing no key at all.
 *
 * The maps' layout (keys, slot widths) is cg/dt_agg_layout.c's, made
 * before any code is generated.
 */
#include "dt_cg_impl.h"

#include <stdlib.h>
#include <string.h>

#define DT_EEXIST (-17)
#define DT_TASK_COMM_LEN 16 /* bytes of execname (the kernel's TASK_COMM_LEN) */

/* ------------------------------------------------------------ keys */

static bool is_execname(const dt_node_t *k)
{
	return k->dn_kind == N_VAR && k->dn_ident == NULL && k->dn_builtin == DT_BV_EXECNAME;
}

static void key_string(dt_cg_t *cg, const dt_aggkey_t *ak, int tmp, dt_node_t *k)
{
	int r;

	if (is_execname(k)) {
		int n = ak->ak_size < DT_TASK_COMM_LEN ? ak->ak_size : DT_TASK_COMM_LEN;

		dt_cg_tmpaddr(cg, R1, tmp + ak->ak_off);
		dt_cg_insn(cg, MOV64_IMM(R2, n));
		dt_cg_call(cg, BPF_FUNC_get_current_comm); /* zero-pads to n bytes */
		return;
	}
	dt_cg_strexpr(cg, k);
	r = dt_cg_get(cg, cg->cg_depth - 1, R3);
	if (r != R3)
		dt_cg_insn(cg, MOV64_REG(R3, r));
	dt_cg_tmpaddr(cg, R1, tmp + ak->ak_off);
	dt_cg_insn(cg, MOV64_IMM(R2, ak->ak_size));
	dt_cg_call(cg, BPF_FUNC_probe_read_kernel_str);
	dt_cg_pop(cg);
}

/*
 * Build the key tuple of a statement in a new temp; returns its offset, or
 * -1 for no keys: the key is then 8 zero bytes, the empty string at the
 * start of dt_strtab, which is never written.
 */
static int gen_key(dt_cg_t *cg, const dt_aggmap_t *am, dt_node_t *keys)
{
	int tmp, i = 0, zero = 0;

	if (am->am_nkeys == 0)
		return -1;
	tmp = dt_cg_tmpalloc(cg, am->am_keysize);

	/* strings are copied up to their NUL: zero their slots first */
	for (dt_node_t *k = keys; k != NULL && i < am->am_nkeys; k = k->dn_next, i++) {
		const dt_aggkey_t *ak = &am->am_keys[i];

		if (ak->ak_string && (!is_execname(k) || ak->ak_size > DT_TASK_COMM_LEN))
			zero = ak->ak_off + ak->ak_size;
	}
	if (zero > 0)
		dt_cg_zerotmp(cg, tmp, zero);
	i = 0;
	for (dt_node_t *k = keys; k != NULL && i < am->am_nkeys; k = k->dn_next, i++) {
		const dt_aggkey_t *ak = &am->am_keys[i];
		int r;

		if (ak->ak_string) {
			key_string(cg, ak, tmp, k);
			continue;
		}
		if (ak->ak_rec) {
			dt_cg_stackval(cg, k, true, tmp + ak->ak_off); /* dt_cg_stack.c */
			continue;
		}
		dt_cg_expr(cg, k);
		r = dt_cg_get(cg, cg->cg_depth - 1, R2);
		dt_cg_normalize(cg, r, k->dn_type); /* a key is its type's value */
		dt_cg_tmpaddr(cg, R1, tmp + ak->ak_off); /* may pass 32k */
		dt_cg_insn(cg, STX(BPF_DW, R1, r, 0));
		dt_cg_pop(cg);
	}
	return tmp;
}

/* ------------------------------------------------------------ lookup */

/* reg = the key's address (a temp, or the zero key: see gen_key) */
static void key_addr(dt_cg_t *cg, int reg, int key)
{
	if (key < 0)
		dt_cg_ldmapval(cg, reg, DT_MAP_STRTAB, 0);
	else
		dt_cg_tmpaddr(cg, reg, key);
}

/*
 * reg = the aggregation's map: map, or (map < 0) the inner map found in
 * value stack slot -map - 1 (an aggregation reached through an array of
 * maps, see dt_layout.h).
 */
static void agg_map(dt_cg_t *cg, int reg, int map)
{
	int r;

	if (map >= 0) {
		dt_cg_ldmap(cg, reg, map);
		return;
	}
	if ((r = dt_cg_get(cg, -map - 1, reg)) != reg)
		dt_cg_insn(cg, MOV64_REG(reg, r));
}

static void lookup(dt_cg_t *cg, int map, int key)
{
	agg_map(cg, R1, map);
	key_addr(cg, R2, key);
	dt_cg_call(cg, BPF_FUNC_map_lookup_elem);
}

/* ------------------------------------------------------------ updates */

/* *(r0 + off) += reg */
static void add_word(dt_cg_t *cg, int off, int reg)
{
	dt_cg_insn(cg, LDX(BPF_DW, R5, R0, off));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R5, reg));
	dt_cg_insn(cg, STX(BPF_DW, R0, R5, off));
}

static void inc_count(dt_cg_t *cg)
{
	dt_cg_insn(cg, LDX(BPF_DW, R5, R0, 0));
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R5, 1));
	dt_cg_insn(cg, STX(BPF_DW, R0, R5, 0));
}

/* min/max: the first update on this CPU (n == 0) sets it */
static void gen_minmax(dt_cg_t *cg, int v, bool min)
{
	int set = dt_cg_label(cg), skip = dt_cg_label(cg);

	dt_cg_insn(cg, LDX(BPF_DW, R2, R0, 0));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R2, 0, 0), set);
	dt_cg_insn(cg, LDX(BPF_DW, R2, R0, 8));
	dt_cg_jump(cg, JMP_REG(min ? BPF_JSLE : BPF_JSGE, R2, v, 0), skip);
	dt_cg_place(cg, set);
	dt_cg_insn(cg, STX(BPF_DW, R0, v, 8));
	dt_cg_place(cg, skip);
	inc_count(cg);
}

/*
 * stddev: n, sum, and the 128-bit sum of squares (words 2, 3), as DTrace
 * keeps it: |v| = a * 2^32 + b, v^2 = a^2 * 2^64 + ab * 2^33 + b^2.
 */
static void gen_stddev(dt_cg_t *cg, int v)
{
	int pos = dt_cg_label(cg), c1 = dt_cg_label(cg), c2 = dt_cg_label(cg);

	inc_count(cg);
	add_word(cg, 8, v);
	dt_cg_insn(cg, MOV64_REG(R1, v));
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R1, 0, 0), pos);
	dt_cg_insn(cg, NEG64(R1));
	dt_cg_place(cg, pos);
	dt_cg_insn(cg, MOV64_REG(R2, R1));
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R2, 32));	/* a */
	dt_cg_insn(cg, MOV32_REG(R3, R1));		/* b */
	dt_cg_insn(cg, MOV64_REG(R4, R3));
	dt_cg_insn(cg, ALU64_REG(BPF_MUL, R4, R3));	/* b^2 */
	dt_cg_insn(cg, MOV64_REG(R1, R2));
	dt_cg_insn(cg, ALU64_REG(BPF_MUL, R1, R3));	/* ab */
	dt_cg_insn(cg, ALU64_REG(BPF_MUL, R2, R2));	/* high: a^2 */
	dt_cg_insn(cg, MOV64_REG(R3, R1));
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R3, 31));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R2, R3));	/* high += ab >> 31 */
	dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R1, 33));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R1, R4));	/* low = b^2 + (ab << 33) */
	dt_cg_jump(cg, JMP_REG(BPF_JGE, R1, R4, 0), c1);
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R2, 1));
	dt_cg_place(cg, c1);
	dt_cg_insn(cg, LDX(BPF_DW, R3, R0, 16));
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R1, R3));
	dt_cg_insn(cg, STX(BPF_DW, R0, R1, 16));
	dt_cg_jump(cg, JMP_REG(BPF_JGE, R1, R3, 0), c2);
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R2, 1));
	dt_cg_place(cg, c2);
	add_word(cg, 24, R2);
}

/*
 * r2 += sign * 8 * floor(log2(r3)) for r3 != 0 (r3, r5 clobbered): a binary
 * search over the bit positions, six steps, no loop; the first step shifts
 * (2^32 is no immediate), the others compare, the last adds bit 1 as is.
 */
static void gen_log2(dt_cg_t *cg, int sign)
{
	int op = sign > 0 ? BPF_ADD : BPF_SUB, skip = dt_cg_label(cg);

	dt_cg_insn(cg, MOV64_REG(R5, R3));
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R5, 32));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R5, 0, 0), skip);
	dt_cg_insn(cg, MOV64_REG(R3, R5));
	dt_cg_insn(cg, ALU64_IMM(op, R2, 32 * 8));
	dt_cg_place(cg, skip);
	for (int s = 16; s > 1; s >>= 1) {
		skip = dt_cg_label(cg);
		dt_cg_jump(cg, JMP_IMM(BPF_JLT, R3, 1 << s, 0), skip);
		dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R3, s));
		dt_cg_insn(cg, ALU64_IMM(op, R2, s * 8));
		dt_cg_place(cg, skip);
	}
	dt_cg_insn(cg, ALU64_IMM(BPF_RSH, R3, 1));	/* r3 was 1, 2 or 3 */
	dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R3, 3));
	dt_cg_insn(cg, ALU64_REG(op, R2, R3));
}

/*
 * r2 = 8 * the quantize() bucket of the value in register v
 * (dt_agg_quantize_bucket); positive values take one branch.
 */
static void gen_qbucket(dt_cg_t *cg, int v, int have)
{
	int pos = dt_cg_label(cg);

	dt_cg_insn(cg, MOV64_REG(R3, v));
	dt_cg_jump(cg, JMP_IMM(BPF_JSGT, R3, 0, 0), pos);
	dt_cg_insn(cg, MOV64_IMM(R2, DT_QUANTIZE_ZEROBUCKET * 8));
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R3, 0, 0), have);
	dt_cg_insn(cg, NEG64(R3));
	dt_cg_insn(cg, MOV64_IMM(R2, (DT_QUANTIZE_ZEROBUCKET - 1) * 8));
	gen_log2(cg, -1);
	dt_cg_jump(cg, JMP_IMM(BPF_JSGE, R2, 0, 0), have);
	dt_cg_insn(cg, MOV64_IMM(R2, 0));	/* INT64_MIN */
	dt_cg_jump(cg, JA(0), have);
	dt_cg_place(cg, pos);
	dt_cg_insn(cg, MOV64_IMM(R2, (DT_QUANTIZE_ZEROBUCKET + 1) * 8));
	gen_log2(cg, 1);
}

/* R2 = lquantize() bucket of the value in R1 */
static void gen_lqbucket(dt_cg_t *cg, const int64_t *p, int have)
{
	int over = dt_cg_label(cg);

	dt_cg_ld64(cg, R3, (uint64_t)p[0]);
	dt_cg_insn(cg, MOV64_IMM(R2, 0));
	dt_cg_jump(cg, JMP_REG(BPF_JSLT, R1, R3, 0), have);
	dt_cg_insn(cg, MOV64_REG(R2, R1));
	dt_cg_insn(cg, ALU64_REG(BPF_SUB, R2, R3));
	dt_cg_insn(cg, ALU64_IMM(BPF_DIV, R2, (int32_t)p[2]));
	dt_cg_jump(cg, JMP_IMM(BPF_JGE, R2, (int32_t)p[1], 0), over);
	dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R2, 1));
	dt_cg_jump(cg, JA(0), have);
	dt_cg_place(cg, over);
	dt_cg_insn(cg, MOV64_IMM(R2, (int32_t)p[1] + 1));
}

/*
 * R2 = llquantize() bucket of the value in R1: dt_agg_llquantize_bucket()
 * unrolled over the orders of magnitude, its constants computed here.
 */
static void gen_llqbucket(dt_cg_t *cg, const int64_t *p, int have)
{
	int64_t factor = p[0], nsteps = p[3], this = 1, last, next;
	int base = 1;

	for (int o = 0; o < p[1]; o++)
		this = (int64_t)((uint64_t)this * (uint64_t)factor);
	dt_cg_insn(cg, MOV64_IMM(R2, 0));
	dt_cg_ld64(cg, R3, (uint64_t)this);
	dt_cg_jump(cg, JMP_REG(BPF_JSLT, R1, R3, 0), have);
	last = this;
	this = (int64_t)((uint64_t)this * (uint64_t)factor);
	for (int o = (int)p[1]; o <= p[2]; o++) {
		int nb = this > nsteps ? (int)nsteps : (int)this, next_o = dt_cg_label(cg);

		if ((next = (int64_t)((uint64_t)this * (uint64_t)factor)) < this) {
			/* every larger value lands in this order's last bucket */
			dt_cg_insn(cg, MOV64_IMM(R2, base + (int)((this - 1 - last) / (this / nb))));
			dt_cg_jump(cg, JA(0), have);
			return;
		}
		dt_cg_ld64(cg, R3, (uint64_t)this);
		dt_cg_jump(cg, JMP_REG(BPF_JSGE, R1, R3, 0), next_o);
		dt_cg_insn(cg, MOV64_REG(R2, R1));
		dt_cg_ld64(cg, R3, (uint64_t)last);
		dt_cg_insn(cg, ALU64_REG(BPF_SUB, R2, R3));
		dt_cg_ld64(cg, R3, (uint64_t)(this / nb));
		dt_cg_insn(cg, ALU64_REG(BPF_DIV, R2, R3));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R2, base));
		dt_cg_jump(cg, JA(0), have);
		dt_cg_place(cg, next_o);
		base += nb - nb / (int)factor;
		last = this;
		this = next;
	}
	dt_cg_insn(cg, MOV64_IMM(R2, base));
}

/* Distributions: word 1 + bucket += incr (bucket bounded for the verifier). */
static void gen_dist(dt_cg_t *cg, const dt_aggmap_t *am, int v, int incr)
{
	int have = dt_cg_label(cg), ok = dt_cg_label(cg), maxb = am->am_nwords - 2;

	if (am->am_func == DT_AGG_QUANTIZE) {
		gen_qbucket(cg, v, have);	/* r2 = 8 * bucket */
		dt_cg_place(cg, have);
		dt_cg_jump(cg, JMP_IMM(BPF_JLE, R2, maxb * 8, 0), ok);
		dt_cg_insn(cg, MOV64_IMM(R2, maxb * 8));
		dt_cg_place(cg, ok);
	} else {
		dt_cg_insn(cg, MOV64_REG(R1, v));
		if (am->am_func == DT_AGG_LQUANTIZE)
			gen_lqbucket(cg, am->am_params, have);
		else
			gen_llqbucket(cg, am->am_params, have);
		dt_cg_place(cg, have);
		dt_cg_jump(cg, JMP_IMM(BPF_JLE, R2, maxb, 0), ok);
		dt_cg_insn(cg, MOV64_IMM(R2, maxb));
		dt_cg_place(cg, ok);
		dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R2, 3));
	}
	inc_count(cg);
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R0, R2));
	if (incr < 0) {
		dt_cg_insn(cg, LDX(BPF_DW, R5, R0, 8));
		dt_cg_insn(cg, ALU64_IMM(BPF_ADD, R5, 1));
		dt_cg_insn(cg, STX(BPF_DW, R0, R5, 8));
	} else {
		add_word(cg, 8, incr);
	}
}

/*
 * The update, with r0 = this CPU's value.  An aggregation statement starts
 * with an empty value stack, so its value and increment are in the slot
 * registers r6 and r7, which the code below (r1-r5) leaves alone.
 */
static void gen_update(dt_cg_t *cg, const dt_aggmap_t *am, int v, int incr)
{
	switch (am->am_func) {
	case DT_AGG_COUNT:
		inc_count(cg);
		break;
	case DT_AGG_SUM:
	case DT_AGG_AVG:
		inc_count(cg);
		add_word(cg, 8, v);
		break;
	case DT_AGG_MIN:
	case DT_AGG_MAX:
		gen_minmax(cg, v, am->am_func == DT_AGG_MIN);
		break;
	case DT_AGG_STDDEV:
		gen_stddev(cg, v);
		break;
	default:
		gen_dist(cg, am, v, incr);
	}
}

static int push_arg(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_expr(cg, dnp);
	if (cg->cg_depth > DT_NREGSLOTS)
		dt_cg_error(cg, dnp, "internal error: aggregation in an expression");
	return R6 + cg->cg_depth - 1;
}

/* The increment argument of quantize (#2), lquantize (#5), llquantize (#6). */
static dt_node_t *incr_arg(const dt_aggmap_t *am, dt_node_t *args)
{
	int n = am->am_func == DT_AGG_QUANTIZE ? 1 : am->am_func == DT_AGG_LQUANTIZE ? 4 :
		am->am_func == DT_AGG_LLQUANTIZE ? 5 : -1;

	for (; args != NULL && n > 0; n--)
		args = args->dn_next;
	return n == 0 ? args : NULL;
}

/* ------------------------------------------------------------ statements */

/*
 * Look the key up and update this CPU's slot, whose offset in the value is
 * in value stack slot off.  The path of an existing key falls through.  A
 * missing key is created with the update already made in a zeroed value
 * (BPF_NOEXIST); if another CPU created it first, it is looked up again; if
 * the map is full, a drop is counted.
 */
static void gen_apply(dt_cg_t *cg, const dt_aggmap_t *am, int key, int off, int v, int i,
		      int map, int done)
{
	int found = dt_cg_label(cg), miss = dt_cg_label(cg);
	int drop = dt_cg_label(cg), val;

	lookup(cg, map, key);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), am->am_array ? done : miss);
	dt_cg_place(cg, found);
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R0, dt_cg_get(cg, off, R1)));
	gen_update(cg, am, v, i);
	dt_cg_jump(cg, JA(0), done);
	if (am->am_array) /* its one entry is always there */
		return;
	val = dt_cg_tmpalloc(cg, am->am_valsize);

	dt_cg_place(cg, miss);
	dt_cg_zerotmp(cg, val, am->am_valsize);
	dt_cg_tmpaddr(cg, R0, val);
	dt_cg_insn(cg, ALU64_REG(BPF_ADD, R0, dt_cg_get(cg, off, R1)));
	gen_update(cg, am, v, i);
	agg_map(cg, R1, map);
	key_addr(cg, R2, key);
	dt_cg_mapupdate(cg, val, BPF_NOEXIST);
	dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, DT_EEXIST, 0), drop);
	lookup(cg, map, key);
	dt_cg_jump(cg, JMP_IMM(BPF_JNE, R0, 0, 0), found);
	dt_cg_place(cg, drop);
	dt_cg_countdrop(cg, offsetof(dt_cpustate_t, cs_aggdrops));
}

/*
 * @a[keys] = f(args): the key, the arguments (in the slot registers: an
 * aggregation statement starts with an empty value stack), then this CPU's
 * slot offset, computed before the lookup so that the update only adds it.
 */
void dt_cg_aggstmt(dt_cg_t *cg, dt_node_t *dnp)
{
	const dt_aggmap_t *am = &cg->cg_dtp->dt_aggmaps[dnp->dn_ident->di_id];
	dt_node_t *args = dnp->dn_right->dn_args, *incr = incr_arg(am, args);
	int key, v = -1, i = -1, off, depth = cg->cg_depth, done = dt_cg_label(cg);
	int map = dt_cg_aggmap(am->am_ident);

	key = gen_key(cg, am, dnp->dn_args);
	if (am->am_func != DT_AGG_COUNT)
		v = push_arg(cg, args);
	if (incr != NULL)
		i = push_arg(cg, incr);
	dt_cg_cpu(cg);
	dt_cg_jump(cg, JMP_IMM(BPF_JGE, R0, am->am_ncpus, 0), done);
	if ((am->am_stride & (am->am_stride - 1)) == 0)
		dt_cg_insn(cg, ALU64_IMM(BPF_LSH, R0, __builtin_ctz((unsigned)am->am_stride * 8)));
	else
		dt_cg_insn(cg, ALU64_IMM(BPF_MUL, R0, am->am_stride * 8));
	off = dt_cg_push(cg, dnp);
	dt_cg_set(cg, off, R0);
	if (am->am_outer >= 0) {
		/* the inner map, from its array of maps (dt_layout.h) */
		int idx = dt_cg_tmpalloc(cg, 8), slot = dt_cg_push(cg, dnp);

		dt_cg_tmpaddr(cg, R2, idx);
		dt_cg_insn(cg, ST(BPF_W, R2, 0, am->am_outeridx));
		dt_cg_ldmap(cg, R1, DT_MAP_AGG + cg->cg_dtp->dt_naggs + am->am_outer);
		dt_cg_call(cg, BPF_FUNC_map_lookup_elem);
		dt_cg_jump(cg, JMP_IMM(BPF_JEQ, R0, 0, 0), done);
		dt_cg_set(cg, slot, R0);
		map = -slot - 1;
	}
	gen_apply(cg, am, key, off, v, i, map, done);
	dt_cg_place(cg, done);
	cg->cg_depth = depth;
}

/* ------------------------------------------------------------ actions */

static dt_recdesc_t *agg_rec(dt_cg_t *cg, dt_actkind_t kind, dt_node_t *agg)
{
	dt_recdesc_t *rd = dt_cg_recadd(cg, kind, 0, 1);

	rd->rd_aggid = agg->dn_ident->di_id;
	rd->rd_fmt = -1;
	return rd;
}

/* printa([fmt,] @a, ...): a record per aggregation, the format on each. */
static void gen_printa(dt_cg_t *cg, dt_node_t *call)
{
	dt_node_t *a = call->dn_args;
	int fmt = -1;

	if (a->dn_kind == N_STR) {
		fmt = dt_format_add(cg->cg_dtp, a->dn_str);
		a = a->dn_next;
	}
	for (; a != NULL; a = a->dn_next)
		agg_rec(cg, DT_ACT_PRINTA, a)->rd_fmt = fmt;
}

/* trunc(@a[, n]) and normalize(@a, n): n is evaluated when the probe fires. */
static void gen_aggarg(dt_cg_t *cg, dt_actkind_t kind, dt_node_t *call)
{
	dt_node_t *n = call->dn_args->dn_next;
	dt_recdesc_t *rd;

	if (n == NULL) {
		agg_rec(cg, kind, call->dn_args)->rd_arg = 0;
		return;
	}
	rd = dt_cg_recvalue(cg, kind, n, true);
	rd->rd_aggid = call->dn_args->dn_ident->di_id;
}

/* setopt("name"[, "value"]): both are constants, kept in the format table. */
static void gen_setopt(dt_cg_t *cg, dt_node_t *call)
{
	dt_recdesc_t *rd = dt_cg_recadd(cg, DT_ACT_SETOPT, 0, 1);
	dt_node_t *v = call->dn_args->dn_next;

	rd->rd_fmt = dt_format_add(cg->cg_dtp, call->dn_args->dn_str);
	rd->rd_arg = v != NULL ? dt_format_add(cg->cg_dtp, v->dn_str) : -1;
}

/* The actions on aggregations (the cg column of their rows in layout/dt_lang.h). */
void dt_cg_fn_printa(dt_cg_t *cg, dt_node_t *call)
{
	gen_printa(cg, call);
}

void dt_cg_fn_clear(dt_cg_t *cg, dt_node_t *call)
{
	agg_rec(cg, DT_ACT_CLEAR, call->dn_args);
}

void dt_cg_fn_denormalize(dt_cg_t *cg, dt_node_t *call)
{
	agg_rec(cg, DT_ACT_DENORMALIZE, call->dn_args);
}

void dt_cg_fn_trunc(dt_cg_t *cg, dt_node_t *call)
{
	gen_aggarg(cg, DT_ACT_TRUNC, call);
}

void dt_cg_fn_normalize(dt_cg_t *cg, dt_node_t *call)
{
	gen_aggarg(cg, DT_ACT_NORMALIZE, call);
}

void dt_cg_fn_setopt(dt_cg_t *cg, dt_node_t *call)
{
	gen_setopt(cg, call);
}
