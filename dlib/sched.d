/*
 * sched.d -- cpuinfo_t, DTrace's stable view of a CPU, and curcpu.
 * Linux has no processor sets (cpu_pset is -1, PS_NONE).  cpu_chip and
 * cpu_lgrp are 0: the CPU's package and NUMA node are per-CPU kernel data
 * that a probe cannot reach without kernel symbols, so every CPU is on
 * one chip and one locality group, as on a one-socket machine.
 */

#pragma D depends_on library procfs.d

typedef int chipid_t;

typedef struct cpuinfo {
	processorid_t cpu_id;	/* CPU number */
	int cpu_pset;		/* processor set */
	chipid_t cpu_chip;	/* physical package */
	int cpu_lgrp;		/* locality group */
} cpuinfo_t;

translator cpuinfo_t < processorid_t C > {
	cpu_id = C;
	cpu_pset = -1;
	cpu_chip = 0;
	cpu_lgrp = 0;
};

inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> (cpu);

/* The current CPU's processor set, chip and locality group (curcpu's). */
inline psetid_t pset = curcpu->cpu_pset;
inline chipid_t chip = curcpu->cpu_chip;
inline lgrp_id_t lgrp = curcpu->cpu_lgrp;

/*
 * ipl: the interrupt priority level the probe fired at.  Linux has no
 * such levels: 0, as at any illumos probe outside an interrupt handler.
 */
inline uint_t ipl = 0;
