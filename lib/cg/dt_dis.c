/*
 * dt_dis.c -- a listing of generated BPF, for -S and for tests that check
 * code generation by its listing.
 */
#include "dt_cg.h"

#include <stdio.h>

static const char *const alu_ops[16] = { "+=", "-=", "*=", "/=", "|=", "&=", "<<=", ">>=",
					  "neg", "%=", "^=", "=", "s>>=", "end", "?", "?" };
static const char *const jmp_ops[16] = { "ja", "==", ">", ">=", "&", "!=", "s>", "s>=",
					  "call", "exit", "<", "<=", "s<", "s<=", "?", "?" };
static const char *const sizes[4] = { "u32", "u16", "u8", "u64" };

/* The maps generated code names (layout/dt_layout.h's DT_MAP_*), by id. */
static const char *const map_names[] = {
	[DT_MAP_GLOBAL] = "dt_global",	 [DT_MAP_SCRATCH] = "dt_scratch",
	[DT_MAP_DVARS] = "dt_dvars",	 [DT_MAP_BUF] = "dt_buf",
	[DT_MAP_STRTAB] = "dt_strtab",	 [DT_MAP_BUFSTATE] = "dt_bufstate",
	[DT_MAP_SPEC] = "dt_spec",	 [DT_MAP_SPECBUF] = "dt_specbuf",
	[DT_MAP_PROBETAB] = "dt_probetab", [DT_MAP_BIND] = "dt_bind",
	[DT_MAP_UROWS] = "dt_urows",	 [DT_MAP_UMAPS] = "dt_umaps",
};

/* The helpers generated code calls, by number. */
static const struct {
	int h_id;
	const char *h_name;
} helpers[] = {
	{ BPF_FUNC_map_lookup_elem, "map_lookup_elem" },
	{ BPF_FUNC_map_update_elem, "map_update_elem" },
	{ BPF_FUNC_map_delete_elem, "map_delete_elem" },
	{ BPF_FUNC_ktime_get_ns, "ktime_get_ns" },
	{ BPF_FUNC_get_prandom_u32, "get_prandom_u32" },
	{ BPF_FUNC_get_smp_processor_id, "get_smp_processor_id" },
	{ BPF_FUNC_get_current_pid_tgid, "get_current_pid_tgid" },
	{ BPF_FUNC_get_current_uid_gid, "get_current_uid_gid" },
	{ BPF_FUNC_get_current_comm, "get_current_comm" },
	{ BPF_FUNC_perf_event_output, "perf_event_output" },
	{ BPF_FUNC_get_current_task, "get_current_task" },
	{ BPF_FUNC_probe_read_user, "probe_read_user" },
	{ BPF_FUNC_probe_read_kernel, "probe_read_kernel" },
	{ BPF_FUNC_probe_read_user_str, "probe_read_user_str" },
	{ BPF_FUNC_probe_read_kernel_str, "probe_read_kernel_str" },
	{ BPF_FUNC_get_attach_cookie, "get_attach_cookie" },
	{ BPF_FUNC_loop, "loop" },
};

static void print_call(const struct bpf_insn *in, FILE *fp)
{
	if (in->src_reg == BPF_PSEUDO_CALL) {
		fprintf(fp, "call pc%+d", in->imm);
		return;
	}
	for (size_t i = 0; i < sizeof(helpers) / sizeof(helpers[0]); i++)
		if (helpers[i].h_id == in->imm) {
			fprintf(fp, "call %s", helpers[i].h_name);
			return;
		}
	fprintf(fp, "call %d", in->imm);
}

/* r = map NAME, or r = &NAME[0] + off; aggregations are dt_agg_N */
static void print_ldmap(const struct bpf_insn *in, const struct bpf_insn *next, FILE *fp)
{
	char agg[32];
	const char *name = agg;

	if (in->imm >= 0 && in->imm < (int)(sizeof(map_names) / sizeof(map_names[0])) &&
	    map_names[in->imm] != NULL)
		name = map_names[in->imm];
	else
		snprintf(agg, sizeof(agg), "dt_agg_%d", in->imm - DT_MAP_AGG);
	if (in->src_reg == BPF_PSEUDO_MAP_FD)
		fprintf(fp, "r%d = map %s", in->dst_reg, name);
	else
		fprintf(fp, "r%d = &%s + %d", in->dst_reg, name, next ? next->imm : 0);
}

void dt_dis(const struct bpf_insn *insns, int n, FILE *fp)
{
	for (int i = 0; i < n; i++) {
		const struct bpf_insn *in = &insns[i];
		int cls = BPF_CLASS(in->code), op = BPF_OP(in->code) >> 4;
		const char *sz = sizes[BPF_SIZE(in->code) >> 3];

		fprintf(fp, "%04d: ", i);
		switch (cls) {
		case BPF_ALU64:
		case BPF_ALU:
			if (BPF_SRC(in->code) == BPF_X)
				fprintf(fp, "%sr%d %s %sr%d", cls == BPF_ALU ? "w" : "", in->dst_reg,
					alu_ops[op], cls == BPF_ALU ? "w" : "", in->src_reg);
			else
				fprintf(fp, "%sr%d %s %d", cls == BPF_ALU ? "w" : "", in->dst_reg,
					alu_ops[op], in->imm);
			if (in->off)
				fprintf(fp, " (signed)");
			break;
		case BPF_LDX:
			fprintf(fp, "r%d = *(%s *)(r%d %+d)", in->dst_reg, sz, in->src_reg, in->off);
			break;
		case BPF_STX:
			if (BPF_MODE(in->code) == BPF_ATOMIC)
				fprintf(fp, "atomic(0x%x) *(%s *)(r%d %+d), r%d", in->imm, sz,
					in->dst_reg, in->off, in->src_reg);
			else
				fprintf(fp, "*(%s *)(r%d %+d) = r%d", sz, in->dst_reg, in->off,
					in->src_reg);
			break;
		case BPF_ST:
			fprintf(fp, "*(%s *)(r%d %+d) = %d", sz, in->dst_reg, in->off, in->imm);
			break;
		case BPF_LD:
			if (in->src_reg == BPF_PSEUDO_MAP_FD || in->src_reg == BPF_PSEUDO_MAP_VALUE)
				print_ldmap(in, i + 1 < n ? &in[1] : NULL, fp);
			else if (in->src_reg == BPF_PSEUDO_FUNC)
				fprintf(fp, "r%d = func pc%+d", in->dst_reg, in->imm);
			else
				fprintf(fp, "r%d = 0x%x%08x", in->dst_reg,
					i + 1 < n ? (unsigned)in[1].imm : 0, (unsigned)in->imm);
			i++;
			break;
		case BPF_JMP:
			if (op == 0)
				fprintf(fp, "goto %+d", in->off);
			else if (op == 8)
				print_call(in, fp);
			else if (op == 9)
				fprintf(fp, "exit");
			else if (BPF_SRC(in->code) == BPF_X)
				fprintf(fp, "if r%d %s r%d goto %+d", in->dst_reg, jmp_ops[op],
					in->src_reg, in->off);
			else
				fprintf(fp, "if r%d %s %d goto %+d", in->dst_reg, jmp_ops[op], in->imm,
					in->off);
			break;
		default:
			fprintf(fp, "code 0x%02x", in->code);
		}
		fputc('\n', fp);
	}
}
