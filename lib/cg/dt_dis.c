/*
 * dt_dis.c -- a listing of generated BPF, for -S and for tests that check
 * code generation by its listing.
 */
#include "../dt_impl.h"

#include <stdio.h>

static const char *const alu_ops[16] = { "+=", "-=", "*=", "/=", "|=", "&=", "<<=", ">>=",
					  "neg", "%=", "^=", "=", "s>>=", "end", "?", "?" };
static const char *const jmp_ops[16] = { "ja", "==", ">", ">=", "&", "!=", "s>", "s>=",
					  "call", "exit", "<", "<=", "s<", "s<=", "?", "?" };
static const char *const sizes[4] = { "u32", "u16", "u8", "u64" };

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
			fprintf(fp, "r%d = %s 0x%x%08x", in->dst_reg,
				in->src_reg == BPF_PSEUDO_MAP_FD	  ? "map"
				: in->src_reg == BPF_PSEUDO_MAP_VALUE ? "map_value"
								      : "imm64",
				i + 1 < n ? (unsigned)in[1].imm : 0, (unsigned)in->imm);
			i++;
			break;
		case BPF_JMP:
			if (op == 0)
				fprintf(fp, "goto %+d", in->off);
			else if (op == 8)
				fprintf(fp, "call %d", in->imm);
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
