/*
 * dt_insnlen.c -- the length of an x86-64 instruction, for the pid
 * provider's offset probes: DTrace refuses an offset that is not on an
 * instruction boundary (a uprobe there would corrupt or kill the traced
 * program), so the function is decoded from its first byte.
 *
 * Table-driven: legacy prefixes, REX, VEX (C4/C5), EVEX (62) and XOP (8F), the
 * one-byte map, 0F, 0F 38 and 0F 3A; a ModRM byte (with its SIB and
 * displacement) where the opcode has one, and the immediate its opcode
 * carries.  Lengths only: what an instruction does is not decoded.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Immediate kinds. */
enum { I_0, I_B, I_W, I_Z, I_V, I_WB, I_A, I_G3B, I_G3Z, I_BAD };

/*
 * The one-byte map: two hex digits a byte, the ModRM flag (0/1) then the
 * immediate kind (above), rows of 16 opcodes.  'x' marks opcodes that are
 * invalid in 64-bit mode, prefixes and escapes (handled before the table).
 */
static const char map1[256][2] = {
	/* 00 */ "10","10","10","10","0B","0Z","x","x","10","10","10","10","0B","0Z","x","x",
	/* 10 */ "10","10","10","10","0B","0Z","x","x","10","10","10","10","0B","0Z","x","x",
	/* 20 */ "10","10","10","10","0B","0Z","x","x","10","10","10","10","0B","0Z","x","x",
	/* 30 */ "10","10","10","10","0B","0Z","x","x","10","10","10","10","0B","0Z","x","x",
	/* 40 */ "x","x","x","x","x","x","x","x","x","x","x","x","x","x","x","x",
	/* 50 */ "00","00","00","00","00","00","00","00","00","00","00","00","00","00","00","00",
	/* 60 */ "x","x","x","10","x","x","x","x","0Z","1Z","0B","1B","00","00","00","00",
	/* 70 */ "0B","0B","0B","0B","0B","0B","0B","0B","0B","0B","0B","0B","0B","0B","0B","0B",
	/* 80 */ "1B","1Z","x","1B","10","10","10","10","10","10","10","10","10","10","10","10",
	/* 90 */ "00","00","00","00","00","00","00","00","00","00","x","00","00","00","00","00",
	/* A0 */ "0A","0A","0A","0A","00","00","00","00","0B","0Z","00","00","00","00","00","00",
	/* B0 */ "0B","0B","0B","0B","0B","0B","0B","0B","0V","0V","0V","0V","0V","0V","0V","0V",
	/* C0 */ "1B","1B","0W","00","x","x","1B","1Z","0Y","00","0W","00","00","0B","x","00",
	/* D0 */ "10","10","10","10","x","x","x","00","10","10","10","10","10","10","10","10",
	/* E0 */ "0B","0B","0B","0B","0B","0B","0B","0B","0Z","0Z","x","0B","00","00","00","00",
	/* F0 */ "x","00","x","x","00","00","1G","1H","00","00","00","00","00","00","10","10",
};

static int imm_kind(char c)
{
	switch (c) {
	case '0': return I_0;
	case 'B': return I_B;
	case 'W': return I_W;
	case 'Z': return I_Z;
	case 'V': return I_V;
	case 'Y': return I_WB;
	case 'A': return I_A;
	case 'G': return I_G3B;
	case 'H': return I_G3Z;
	default: return I_BAD;
	}
}

/* 0F xx without a ModRM byte (bit set), 256 bits. */
static const uint32_t map2_nomodrm[8] = {
	0x00004be0, /* 05-09 0B 0E */
	0x00ff0000, /* 30-37 */
	0,
	0x00800000, /* 77 */
	0x0000ffff, /* 80-8F */
	0x00000707, /* A0 A1 A2 A8 A9 AA */
	0x0000ff00, /* C8-CF */
	0,
};

/* 0F xx with an imm8. */
static bool map2_imm8(unsigned op)
{
	return (op >= 0x70 && op <= 0x73) || op == 0xa4 || op == 0xac || op == 0xba ||
	       op == 0xc2 || (op >= 0xc4 && op <= 0xc6) || op == 0x0f;
}

/* The bytes of a ModRM operand (ModRM, SIB, displacement); -1 past n. */
static int modrm_len(const uint8_t *p, size_t n)
{
	unsigned mod, rm;
	int len = 1;

	if (n < 1)
		return -1;
	mod = p[0] >> 6;
	rm = p[0] & 7;
	if (mod == 3)
		return 1;
	if (rm == 4) { /* SIB */
		if (n < 2)
			return -1;
		len++;
		if (mod == 0 && (p[1] & 7) == 5)
			len += 4;
	} else if (mod == 0 && rm == 5) {
		len += 4; /* RIP-relative */
	}
	if (mod == 1)
		len += 1;
	else if (mod == 2)
		len += 4;
	return len;
}

int dt_insn_len(const uint8_t *p, size_t n)
{
	size_t i = 0;
	bool opsz = false, adsz = false, rexw = false, modrm;
	int map = 1, imm = I_0, m;
	unsigned op;

	/* legacy prefixes (at most 14: an instruction is at most 15 bytes) */
	for (; i < n && i < 14; i++) {
		uint8_t b = p[i];

		if (b == 0x66)
			opsz = true;
		else if (b == 0x67)
			adsz = true;
		else if (!(b == 0xf0 || b == 0xf2 || b == 0xf3 || b == 0x2e || b == 0x36 ||
			   b == 0x3e || b == 0x26 || b == 0x64 || b == 0x65))
			break;
	}
	if (i >= n)
		return -1;
	if ((p[i] & 0xf0) == 0x40) { /* REX */
		rexw = p[i] & 8;
		if (++i >= n)
			return -1;
	}
	op = p[i];
	if (op == 0xc5 || op == 0xc4 || op == 0x62) { /* VEX, EVEX */
		size_t hl = op == 0xc5 ? 2 : op == 0xc4 ? 3 : 4;

		if (i + hl >= n)
			return -1;
		map = op == 0xc5 ? 1 : op == 0xc4 ? (p[i + 1] & 0x1f) : (p[i + 1] & 7);
		if (map < 1 || map > 3)
			return -1;
		i += hl;
		op = p[i++];
		modrm = !(map == 1 && op == 0x77); /* vzeroupper, vzeroall */
		imm = map == 3 || (map == 1 && map2_imm8(op) && op != 0x0f) ? I_B : I_0;
	} else if (op == 0x8f && i + 3 < n && (p[i + 1] & 0x1f) >= 8) { /* AMD XOP */
		map = p[i + 1] & 0x1f;
		if (map > 10)
			return -1;
		i += 4;
		modrm = true;
		imm = map == 8 ? I_B : map == 10 ? I_Z : I_0;
		map = 4; /* not the one-byte map: imm32 whatever the prefixes */
	} else if (op == 0x0f) {
		if (++i >= n)
			return -1;
		op = p[i++];
		if (op == 0x38 || op == 0x3a) {
			if (i >= n)
				return -1;
			map = op == 0x38 ? 2 : 3;
			op = p[i++];
			modrm = true;
			imm = map == 3 ? I_B : I_0;
		} else {
			map = 2;
			modrm = !(map2_nomodrm[op >> 5] & (1u << (op & 31)));
			if (op >= 0x80 && op <= 0x8f)
				imm = I_Z;
			else if (map2_imm8(op))
				imm = I_B;
		}
	} else {
		i++;
		if (map1[op][0] == 'x')
			return -1;
		modrm = map1[op][0] == '1';
		imm = imm_kind(map1[op][1]);
		if (imm == I_BAD)
			return -1;
	}
	if (modrm) {
		if ((m = modrm_len(p + i, n - i)) < 0)
			return -1;
		/* group 3: test r/m, imm has one (reg 0 and 1), not, neg, mul, div none */
		if ((imm == I_G3B || imm == I_G3Z) && ((p[i] >> 3) & 7) > 1)
			imm = I_0;
		i += (size_t)m;
	}
	switch (imm) {
	case I_B: case I_G3B: i += 1; break;
	case I_W: i += 2; break;
	case I_WB: i += 3; break;
	case I_Z: case I_G3Z: i += opsz && map == 1 ? 2 : 4; break;
	case I_V: i += rexw ? 8 : opsz ? 2 : 4; break;
	case I_A: i += adsz ? 4 : 8; break;
	default: break;
	}
	return i > n || i > 15 ? -1 : (int)i;
}
