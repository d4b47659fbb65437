/*
 * dt_insn.h -- eBPF instruction encoders, one macro per instruction form.
 *
 *   ALU64_REG(op, d, s)   d = d op s           (64-bit)
 *   ALU64_IMM(op, d, k)   d = d op k
 *   ALU32_IMM(op, d, k)   d = (u32)(d op k)
 *   MOV64_REG(d, s)       d = s
 *   MOV64_IMM(d, k)       d = k (sign-extended)
 *   LDX(sz, d, s, off)    d = *(sz *)(s + off)  (zero-extended)
 *   STX(sz, d, s, off)    *(sz *)(d + off) = s
 *   ST(sz, d, off, k)     *(sz *)(d + off) = k
 *   JMP_REG(op, d, s, o)  if (d op s) goto pc + 1 + o
 *   JMP_IMM(op, d, k, o)  if (d op k) goto pc + 1 + o
 *   JA(o)                 goto pc + 1 + o
 *   CALL(h)               r0 = helper h (r1-r5 clobbered)
 *   EXIT()                return r0
 * LD_IMM64 and its map forms take two instruction slots.
 */
#ifndef DT_INSN_H
#define DT_INSN_H

#include <linux/bpf.h>

#define DT_INSN(c, d, s, o, i) \
	((struct bpf_insn){ .code = (c), .dst_reg = (d), .src_reg = (s), .off = (o), .imm = (i) })

#define ALU64_REG(op, d, s) DT_INSN(BPF_ALU64 | (op) | BPF_X, d, s, 0, 0)
#define ALU64_IMM(op, d, k) DT_INSN(BPF_ALU64 | (op) | BPF_K, d, 0, 0, k)
#define ALU32_IMM(op, d, k) DT_INSN(BPF_ALU | (op) | BPF_K, d, 0, 0, k)
#define ALU32_REG(op, d, s) DT_INSN(BPF_ALU | (op) | BPF_X, d, s, 0, 0)
/* signed division and modulo (BPF ISA v4): off = 1 */
#define SDIV64_REG(d, s) DT_INSN(BPF_ALU64 | BPF_DIV | BPF_X, d, s, 1, 0)
#define SMOD64_REG(d, s) DT_INSN(BPF_ALU64 | BPF_MOD | BPF_X, d, s, 1, 0)
#define MOV64_REG(d, s) DT_INSN(BPF_ALU64 | BPF_MOV | BPF_X, d, s, 0, 0)
#define MOV64_IMM(d, k) DT_INSN(BPF_ALU64 | BPF_MOV | BPF_K, d, 0, 0, k)
#define MOV32_REG(d, s) DT_INSN(BPF_ALU | BPF_MOV | BPF_X, d, s, 0, 0)
#define NEG64(d) DT_INSN(BPF_ALU64 | BPF_NEG, d, 0, 0, 0)
#define LDX(sz, d, s, o) DT_INSN(BPF_LDX | BPF_MEM | (sz), d, s, o, 0)
#define STX(sz, d, s, o) DT_INSN(BPF_STX | BPF_MEM | (sz), d, s, o, 0)
#define ST(sz, d, o, k) DT_INSN(BPF_ST | BPF_MEM | (sz), d, 0, o, k)
#define ATOMIC(sz, op, d, s, o) DT_INSN(BPF_STX | BPF_ATOMIC | (sz), d, s, o, op)
#define JMP_REG(op, d, s, o) DT_INSN(BPF_JMP | (op) | BPF_X, d, s, o, 0)
#define JMP_IMM(op, d, k, o) DT_INSN(BPF_JMP | (op) | BPF_K, d, 0, o, k)
#define JA(o) DT_INSN(BPF_JMP | BPF_JA, 0, 0, o, 0)
/* A jump the code generator may drop if it ends up a no-op (dt_cg.c's compact()) */
#define DT_NOP_IMM 1
#define DT_NOP DT_INSN(BPF_JMP | BPF_JA, 0, 0, 0, DT_NOP_IMM)
#define CALL(h) DT_INSN(BPF_JMP | BPF_CALL, 0, 0, 0, h)
#define CALL_PSEUDO(o) DT_INSN(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, o)
#define EXIT() DT_INSN(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)
#define LD_IMM64_LO(d, src, lo) DT_INSN(BPF_LD | BPF_DW | BPF_IMM, d, src, 0, lo)
#define LD_IMM64_HI(hi) DT_INSN(0, 0, 0, 0, hi)

#define R0 BPF_REG_0
#define R1 BPF_REG_1
#define R2 BPF_REG_2
#define R3 BPF_REG_3
#define R4 BPF_REG_4
#define R5 BPF_REG_5
#define R6 BPF_REG_6
#define R7 BPF_REG_7
#define R8 BPF_REG_8
#define R9 BPF_REG_9
#define FP BPF_REG_10

#endif /* DT_INSN_H */
