/*
 * dt_arch.h -- the architecture facts the providers need, in one place:
 * where struct pt_regs keeps the registers, which registers carry system
 * call arguments, and how to tell kernel mode from user mode.  Offsets are
 * bytes into the kernel's struct pt_regs (arch/x86/include/asm/ptrace.h).
 * System call numbers are generated from the build host's <asm/unistd.h>
 * (scripts/gen-sysnr.sh, build/gen/dt_sysnr.h).
 */
#ifndef DT_ARCH_H
#define DT_ARCH_H

#if defined(__x86_64__)

#define DT_REGS_R15 0
#define DT_REGS_R14 8
#define DT_REGS_R13 16
#define DT_REGS_R12 24
#define DT_REGS_BP 32
#define DT_REGS_BX 40
#define DT_REGS_R11 48
#define DT_REGS_R10 56
#define DT_REGS_R9 64
#define DT_REGS_R8 72
#define DT_REGS_AX 80
#define DT_REGS_CX 88
#define DT_REGS_DX 96
#define DT_REGS_SI 104
#define DT_REGS_DI 112
#define DT_REGS_ORIG_AX 120 /* the system call number */
#define DT_REGS_IP 128
#define DT_REGS_CS 136
#define DT_REGS_FLAGS 144
#define DT_REGS_SP 152
#define DT_REGS_SS 160

/* cs & DT_REGS_CPL_MASK is 0 in kernel mode */
#define DT_REGS_CPL_MASK 3

/* System call arguments 0..5 (the syscall ABI: rdi rsi rdx r10 r8 r9) */
#define DT_SYSCALL_ARGREGS { DT_REGS_DI, DT_REGS_SI, DT_REGS_DX, DT_REGS_R10, DT_REGS_R8, DT_REGS_R9 }
#define DT_SYSCALL_NARGREGS 6

/* Function arguments 0..5 at a kprobe/uprobe (the C ABI: rdi rsi rdx rcx r8 r9) */
#define DT_FUNC_ARGREGS { DT_REGS_DI, DT_REGS_SI, DT_REGS_DX, DT_REGS_CX, DT_REGS_R8, DT_REGS_R9 }
#define DT_FUNC_NARGREGS 6
#define DT_REGS_RETVAL DT_REGS_AX

/*
 * The length of the instruction at p (n bytes readable), or -1 if it is
 * not one or runs past n (prov/dt_insnlen.c).
 */
#include <stddef.h>
#include <stdint.h>
int dt_insn_len(const uint8_t *p, size_t n) __attribute__((visibility("hidden")));

/* First bytes the kernel (6.11 on) recognises as a function's entry: push %rbp, endbr64 */
#define DT_INSN_PUSH_RBP 0x55
#define DT_INSN_ENDBR64 0xfa1e0ff3u /* f3 0f 1e fa, little-endian */

#else
#error "dtrace: no architecture facts for this CPU (lib/layout/dt_arch.h)"
#endif

#endif /* DT_ARCH_H */
