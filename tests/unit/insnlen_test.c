/*
 * insnlen_test -- the x86-64 instruction-length decoder the pid provider
 * checks offsets with (prov/dt_insnlen.c), on encodings of every kind:
 * prefixes, REX, ModRM/SIB/displacements, immediates of every size, the
 * 0F, 0F 38 and 0F 3A maps, VEX, EVEX, and what is not an instruction.
 */
#include "driver/dt_driver.h"
#include "unit.h"

static void len(const char *name, int want, const char *hex)
{
	uint8_t b[32];
	size_t n = 0;
	unsigned v;
	int got;

	while (*hex && n < sizeof(b) && sscanf(hex, "%2x", &v) == 1) {
		b[n++] = (uint8_t)v;
		hex += 2;
		while (*hex == ' ')
			hex++;
	}
	got = dt_insn_len(b, n);
	check(name, got == want, "want %d, got %d", want, got);
}

int main(void)
{
	len("push %rbp", 1, "55");
	len("mov %rsp,%rbp", 3, "48 89 e5");
	len("lea (%rdi,%rsi),%rax", 4, "48 8d 04 37");
	len("ret", 1, "c3");
	len("ret $8", 3, "c2 08 00");
	len("endbr64", 4, "f3 0f 1e fa");
	len("mov $imm32,%eax", 5, "b8 01 00 00 00");
	len("movabs $imm64,%rax", 10, "48 b8 01 02 03 04 05 06 07 08");
	len("mov $imm16,%ax", 4, "66 b8 01 00");
	len("sub $0x18,%rsp", 4, "48 83 ec 18");
	len("sub $0x1000,%rsp", 7, "48 81 ec 00 10 00 00");
	len("mov 0x10(%rip),%rax", 7, "48 8b 05 10 00 00 00");
	len("mov -0x8(%rbp),%rax", 4, "48 8b 45 f8");
	len("mov 0x100(%rsp),%rax", 8, "48 8b 84 24 00 01 00 00");
	len("mov (,%rax,8),%rdx (SIB, no base)", 8, "48 8b 14 c5 00 00 00 00");
	len("movl $1,0x8(%rsp)", 8, "c7 44 24 08 01 00 00 00");
	len("movw $1,(%rax)", 5, "66 c7 00 01 00");
	len("test $1,%al", 2, "a8 01");
	len("testb $1,(%rdi)", 3, "f6 07 01");
	len("notl (%rdi)", 2, "f7 17");
	len("testl $1,(%rdi)", 6, "f7 07 01 00 00 00");
	len("call rel32", 5, "e8 00 00 00 00");
	len("jmp rel8", 2, "eb fe");
	len("je rel32", 6, "0f 84 00 00 00 00");
	len("syscall", 2, "0f 05");
	len("cpuid", 2, "0f a2");
	len("nopw 0x0(%rax,%rax,1)", 9, "66 0f 1f 84 00 00 00 00 00");
	len("lock cmpxchg %ecx,(%rdx)", 4, "f0 0f b1 0a");
	len("mov %fs:0x28,%rax", 9, "64 48 8b 04 25 28 00 00 00");
	len("movabs 0x...,%eax (moffs)", 9, "a1 00 00 00 00 00 00 00 00");
	len("enter $16,$0", 4, "c8 10 00 00");
	len("pshufd $0x1b,%xmm1,%xmm0", 5, "66 0f 70 c1 1b");
	len("pshufb %xmm1,%xmm0 (0F 38)", 5, "66 0f 38 00 c1");
	len("palignr $4,%xmm1,%xmm0 (0F 3A)", 6, "66 0f 3a 0f c1 04");
	len("vmovdqu (%rsi),%ymm0 (VEX2)", 4, "c5 fe 6f 06");
	len("vpcmpeqb 0x20(%rdi),%ymm0,%ymm1 (VEX3)", 6, "c4 e1 7d 74 4f 20");
	len("vzeroupper", 3, "c5 f8 77");
	len("vpshufd $0,%ymm0,%ymm1 (VEX imm8)", 5, "c5 fd 70 c8 00");
	len("vmovdqu64 (%rsi),%zmm16 (EVEX)", 6, "62 e1 fe 48 6f 06");
	len("vpternlogd $0xde,%zmm1,%zmm2,%zmm3 (EVEX 0F3A)", 7, "62 f3 6d 48 25 d9 de");
	len("bswap %eax", 2, "0f c8");
	len("shld $4,%eax,%edx", 4, "0f a4 c2 04");
	len("truncated: b8 with 2 bytes", -1, "b8 01");
	len("invalid in 64-bit mode: 06", -1, "06");
	len("prefixes only", -1, "66 66 66");
	return unit_done("insnlen");
}
