/*
 * attach_test.c -- unit test of the kernel feature probes
 * (lib/bpf/dt_feature.c) and the attach kinds (lib/bpf/dt_attach.c),
 * against the running kernel, as root.
 *
 * 1. Every feature's answer is checked against independent evidence: the
 *    PMU type files, and a load or attach attempt made here with libbpf
 *    (transient: closed at once).  The answers are cached per handle.
 * 2. Every kind refuses in one line when its feature is absent: for real
 *    where the kernel lacks it, and on any kernel by marking the feature
 *    absent in the handle's cache.  A refused kind records no link.
 * 3. Real attachments with cookies: uprobe and uretprobe (perf PMU), an
 *    entry and a return uprobe_multi link, on functions of this binary; a
 *    raw tracepoint, kprobe, kprobe_multi and fentry where the kernel has
 *    them.  Each program adds its attachment's cookie, 1 and (uprobes) the
 *    first argument or the return value into a map, so the sums tell which
 *    attachments fired, how often, and at entry or at return.  After
 *    dt_bpf_detach_all: no link of ours is left, uprobe_events is as it
 *    was, the breakpoints are gone and nothing fires any more.
 *
 * Links with build/libdtrace.a.  Each case prints "ok - <name>" or
 * "not ok - <name>: ..."; the last line is "attach: N passed, M failed" and
 * the exit status is non-zero if anything failed.
 */
#include "driver/dt_driver.h"
#include "unit.h"
#include "cg/dt_insn.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define UPROBE_MULTI 48 /* BPF_TRACE_UPROBE_MULTI, newer than our headers */

static char g_exe[PATH_MAX]; /* this binary, where the uprobes go */



/* ---------------------------------------------------------------- targets */

/*
 * Functions of this binary to put uprobes on; noipa keeps them apart and
 * called.  Return values are far from arguments: a return probe that fired
 * at entry would not see them.
 */
__attribute__((noipa)) long t_entry(long x) { return x + 1; }
__attribute__((noipa)) long t_ret(long x) { return x + 1000; }
__attribute__((noipa)) long t_m1(long x) { return x + 2000; }
__attribute__((noipa)) long t_m2(long x) { return x + 3; }

/* The file offset of code at addr in this process, from /proc/self/maps. */
static uint64_t file_offset(const void *addr)
{
	unsigned long a = (unsigned long)addr, start, end, off;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");
	uint64_t res = 0;

	while (f != NULL && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "%lx-%lx %*s %lx", &start, &end, &off) == 3 && a >= start &&
		    a < end) {
			res = a - start + off;
			break;
		}
	if (f != NULL)
		fclose(f);
	return res;
}

static uint8_t first_byte(const void *fn)
{
	return *(volatile const uint8_t *)fn;
}

/* ---------------------------------------------------------------- programs */

typedef struct prog {
	int fd;
	int mapfd;     /* ARRAY[1] of { cookie sum, count, register sum } */
	uint32_t id;
} prog_t;

typedef struct sums {
	uint64_t s_cookie, s_count, s_reg;
} sums_t;

#define NOREG -1 /* programs not on pt_regs: add 0 */

/*
 * A program adding bpf_get_attach_cookie(), 1 and the pt_regs register at
 * regoff (or 0) into its map's entry 0.
 */
static int prog_load(prog_t *p, enum bpf_prog_type type, int eat, int btfid, int regoff)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = eat,
		    .attach_btf_id = (uint32_t)btfid);
	struct bpf_prog_info info = { 0 };
	uint32_t len = sizeof(info);
	struct bpf_insn insns[] = {
		regoff != NOREG ? LDX(BPF_DW, R8, R1, regoff) : MOV64_IMM(R8, 0),
		CALL(BPF_FUNC_get_attach_cookie),
		MOV64_REG(R7, R0),
		ST(BPF_W, FP, -4, 0),
		LD_IMM64_LO(R1, BPF_PSEUDO_MAP_FD, 0),
		LD_IMM64_HI(0),
		MOV64_REG(R2, FP),
		ALU64_IMM(BPF_ADD, R2, -4),
		CALL(BPF_FUNC_map_lookup_elem),
		JMP_IMM(BPF_JEQ, R0, 0, 4),
		ATOMIC(BPF_DW, BPF_ADD, R0, R7, 0),
		MOV64_IMM(R1, 1),
		ATOMIC(BPF_DW, BPF_ADD, R0, R1, 8),
		ATOMIC(BPF_DW, BPF_ADD, R0, R8, 16),
		MOV64_IMM(R0, 0),
		EXIT(),
	};

	p->fd = -1;
	p->mapfd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "attach_test", 4, sizeof(sums_t), 1, NULL);
	if (p->mapfd < 0)
		return -1;
	insns[4].imm = p->mapfd;
	p->fd = bpf_prog_load(type, "attach_test", "GPL", insns, sizeof(insns) / sizeof(insns[0]),
			      &opts);
	if (p->fd < 0 || bpf_obj_get_info_by_fd(p->fd, &info, &len) != 0)
		return -1;
	p->id = info.id;
	return 0;
}

static void prog_close(prog_t *p)
{
	if (p->fd >= 0)
		close(p->fd);
	if (p->mapfd >= 0)
		close(p->mapfd);
}

static sums_t prog_read(const prog_t *p)
{
	sums_t v = { 0, 0, 0 };
	uint32_t key = 0;

	if (p->mapfd >= 0)
		bpf_map_lookup_elem(p->mapfd, &key, &v);
	return v;
}

/* Links in the whole system that run one of these programs. */
static int links_of(const prog_t *progs, int n)
{
	uint32_t id = 0;
	int found = 0;

	while (bpf_link_get_next_id(id, &id) == 0) {
		struct bpf_link_info info = { 0 };
		uint32_t len = sizeof(info);
		int fd = bpf_link_get_fd_by_id(id);

		if (fd < 0)
			continue;
		if (bpf_obj_get_info_by_fd(fd, &info, &len) == 0)
			for (int i = 0; i < n; i++)
				found += progs[i].fd >= 0 && info.prog_id == progs[i].id;
		close(fd);
	}
	return found;
}

/* Links are freed when closed, or a little later on older kernels. */
static int links_left(const prog_t *progs, int n)
{
	int left = links_of(progs, n);

	for (int i = 0; left > 0 && i < 100; i++) {
		usleep(10000);
		left = links_of(progs, n);
	}
	return left;
}

static char *read_file(const char *path)
{
	static char buf[1 << 16];
	int fd = open(path, O_RDONLY | O_CLOEXEC), n;

	if (fd < 0)
		return NULL;
	n = (int)read(fd, buf, sizeof(buf) - 1);
	close(fd);
	buf[n > 0 ? n : 0] = '\0';
	return strdup(buf);
}

/* ---------------------------------------------------------------- features */

static bool pmu_exists(const char *pmu)
{
	char path[128];

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
	return access(path, R_OK) == 0;
}

/* Can this kernel load a fentry program?  Asked here with libbpf directly. */
static bool fentry_loads(void)
{
	struct btf *btf = btf__load_vmlinux_btf();
	prog_t p;
	bool ok;

	if (libbpf_get_error(btf))
		return false;
	ok = prog_load(&p, BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY,
		       btf__find_by_name_kind(btf, "vfs_write", BTF_KIND_FUNC), NOREG) == 0;
	prog_close(&p);
	btf__free(btf);
	return ok;
}

/* Can this kernel make a kprobe_multi link on a real function?  (Transient.) */
static bool kprobe_multi_links(void)
{
	const char *syms[] = { "vfs_write" };
	LIBBPF_OPTS(bpf_link_create_opts, opts, .kprobe_multi.syms = syms, .kprobe_multi.cnt = 1);
	prog_t p;
	int link = -1;

	if (prog_load(&p, BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI, 0, NOREG) == 0)
		link = bpf_link_create(p.fd, -1, BPF_TRACE_KPROBE_MULTI, &opts);
	if (link >= 0)
		close(link);
	prog_close(&p);
	return link >= 0;
}

/* BPF_LINK_CREATE of a uprobe_multi link, spelled out apart from the library's. */
static int umulti_link(int progfd, const char *path, const uint64_t *off, const uint64_t *cookie,
		       int pid)
{
	struct {
		uint32_t progfd, targetfd, attach_type, linkflags;
		uint64_t path, offsets, refctr, cookies;
		uint32_t cnt, flags, pid, pad;
	} attr = { .progfd = (uint32_t)progfd, .attach_type = UPROBE_MULTI,
		   .path = (uintptr_t)path, .offsets = (uintptr_t)off,
		   .cookies = (uintptr_t)cookie, .cnt = 1, .pid = (uint32_t)pid };

	return (int)syscall(__NR_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
}

static void *call_t_m1(void *arg)
{
	t_m1((long)arg);
	return NULL;
}

/*
 * Does a uprobe_multi link for this process fire for another of its
 * threads?  (The feature is what uprobe_multi must be for the pid provider:
 * the first kernels with it filtered by thread, and do not count.)
 */
static bool uprobe_multi_works(void)
{
	uint64_t off = file_offset((void *)t_m1), cookie = 1;
	sums_t got = { 0, 0, 0 };
	pthread_t tid;
	prog_t p;
	int link = -1;

	if (prog_load(&p, BPF_PROG_TYPE_KPROBE, UPROBE_MULTI, 0, DT_REGS_DI) == 0)
		link = umulti_link(p.fd, g_exe, &off, &cookie, getpid());
	if (link >= 0 && pthread_create(&tid, NULL, call_t_m1, (void *)5L) == 0) {
		pthread_join(tid, NULL);
		got = prog_read(&p);
	}
	if (link >= 0)
		close(link);
	prog_close(&p);
	return got.s_count == 1 && got.s_reg == 5;
}

static void test_features(dtrace_hdl_t *dtp)
{
	char name[128];
	bool have[DT_FEAT_MAX];

	for (int f = 0; f < DT_FEAT_MAX; f++) {
		have[f] = dt_feature(dtp, f);
		printf("# %s: %s\n", dt_feature_name(f), have[f] ? "yes" : "no");
	}
	check("kprobes iff the kprobe PMU", have[DT_FEAT_KPROBE] == pmu_exists("kprobe"),
	      "feature %d", have[DT_FEAT_KPROBE]);
	check("uprobes iff the uprobe PMU", have[DT_FEAT_UPROBE] == pmu_exists("uprobe"),
	      "feature %d", have[DT_FEAT_UPROBE]);
	check("fentry iff a fentry program loads", have[DT_FEAT_FENTRY] == fentry_loads(),
	      "feature %d", have[DT_FEAT_FENTRY]);
	check("kprobe_multi iff a kprobe_multi link attaches",
	      have[DT_FEAT_KPROBE_MULTI] == kprobe_multi_links(), "feature %d",
	      have[DT_FEAT_KPROBE_MULTI]);
	check("uprobe_multi iff a link for this process fires in another thread",
	      have[DT_FEAT_UPROBE_MULTI] == uprobe_multi_works(), "feature %d",
	      have[DT_FEAT_UPROBE_MULTI]);
	/* raw tracepoint cookies: by the real attachment below */

	check("features cached", dtp->dt_featprobed == (1u << DT_FEAT_MAX) - 1,
	      "probed 0x%x", dtp->dt_featprobed);
	for (int f = 0; f < DT_FEAT_MAX; f++) {
		snprintf(name, sizeof(name), "%s: same answer again", dt_feature_name(f));
		check(name, dt_feature(dtp, f) == have[f], "changed");
	}
	check("unknown feature is absent", !dt_feature(dtp, DT_FEAT_MAX) && !dt_feature(dtp, -1),
	      "present");
}

/* ---------------------------------------------------------------- refusals */

/* Try feature f's kind with harmless arguments (nothing can attach). */
static int try_kind(dtrace_hdl_t *dtp, int f, int progfd)
{
	static const char *const funcs[] = { "vfs_read" };
	static const uint64_t offs[] = { 0 }, cookies[] = { 1 };

	switch (f) {
	case DT_FEAT_KPROBE:
		return dt_bpf_attach_kprobe(dtp, "vfs_read", true, progfd, 1);
	case DT_FEAT_KPROBE_MULTI:
		return dt_bpf_attach_kprobe_multi(dtp, funcs, cookies, 1, false, progfd);
	case DT_FEAT_UPROBE:
		return dt_bpf_attach_uprobe(dtp, "/bin/true", 0, false, -1, progfd, 1);
	case DT_FEAT_UPROBE_MULTI:
		return dt_bpf_attach_uprobe_multi(dtp, "/bin/true", offs, cookies, 1, false, -1,
						  progfd);
	case DT_FEAT_FENTRY:
		return dt_bpf_attach_fentry(dtp, "vfs_read", false, progfd, 1);
	case DT_FEAT_RAWTP_COOKIE:
		return dt_bpf_attach_rawtp(dtp, "sys_enter", progfd, 1);
	}
	return 0;
}

static void check_refusal(dtrace_hdl_t *dtp, int f, const char *how)
{
	char name[160], want[160];
	int nlinks = dtp->dt_nlinks, rc;

	snprintf(want, sizeof(want), "%s are not available on this kernel", dt_feature_name(f));
	dtp->dt_errmsg[0] = '\0';
	rc = try_kind(dtp, f, -1);
	snprintf(name, sizeof(name), "%s refused (%s)", dt_feature_name(f), how);
	check(name, rc == -1 && dtp->dt_errno == EDT_ATTACH && strcmp(dtp->dt_errmsg, want) == 0 &&
			    dtp->dt_nlinks == nlinks,
	      "rc %d errno %d links %d message '%s'", rc, dtp->dt_errno, dtp->dt_nlinks - nlinks,
	      dtp->dt_errmsg);
}

static void test_refusals(dtrace_hdl_t *dtp)
{
	uint32_t probed = dtp->dt_featprobed, have = dtp->dt_feathave;

	for (int f = 0; f < DT_FEAT_MAX; f++)
		if (!dt_feature(dtp, f))
			check_refusal(dtp, f, "absent here");
	/* every kind on any kernel: mark its feature absent in the cache */
	for (int f = 0; f < DT_FEAT_MAX; f++) {
		dtp->dt_featprobed |= 1u << f;
		dtp->dt_feathave &= ~(1u << f);
		check_refusal(dtp, f, "marked absent");
		dtp->dt_featprobed = probed;
		dtp->dt_feathave = have;
	}
}

/* ---------------------------------------------------------------- attachments */

enum { P_UPROBE, P_URET, P_UMULTI, P_UMRET, P_RAWTP, P_KPROBE, P_KMULTI, P_FENTRY, P_MAX };

static void check_sums(const char *name, const prog_t *p, sums_t want)
{
	sums_t got = prog_read(p);

	check(name, memcmp(&got, &want, sizeof(got)) == 0,
	      "cookies %llu count %llu regs %llu, want %llu %llu %llu",
	      (unsigned long long)got.s_cookie, (unsigned long long)got.s_count,
	      (unsigned long long)got.s_reg, (unsigned long long)want.s_cookie,
	      (unsigned long long)want.s_count, (unsigned long long)want.s_reg);
}

/* System-wide kernel probes: at least one firing, each with the cookie. */
static void check_fired(const char *name, const prog_t *p, uint64_t cookie)
{
	sums_t got = prog_read(p);

	check(name, got.s_count >= 1 && got.s_cookie == cookie * got.s_count,
	      "cookies %llu count %llu, cookie %llu", (unsigned long long)got.s_cookie,
	      (unsigned long long)got.s_count, (unsigned long long)cookie);
}

/* t_entry(0), t_entry(1), t_entry(0); t_ret, t_m1 of 0 and 1; t_m2 of 0, 0, 1, 1. */
static void call_targets(void)
{
	for (long i = 0; i < 2; i++) {
		t_entry(i);
		t_ret(i);
		t_m1(i);
		t_m2(i);
		t_m2(i);
	}
	t_entry(0);
}

/* The same in a child process, which only the probes on every process see. */
static void call_targets_child(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		call_targets();
		_exit(0);
	}
	if (pid > 0)
		waitpid(pid, NULL, 0);
}

/* What each uprobe program has seen after one call_targets(). */
static const sums_t want_uprobe = { 3 * 1, 3, 0 + 1 + 0 };
static const sums_t want_uret = { 2 * 100, 2, 1000 + 1001 };
static const sums_t want_umulti = { 2 * 10000 + 4 * 1000000, 6, 0 + 1 + 0 + 0 + 1 + 1 };
static const sums_t want_umret = { 2 * 7, 2, 2000 + 2001 };

static sums_t times(sums_t s, uint64_t n)
{
	return (sums_t){ s.s_cookie * n, s.s_count * n, s.s_reg * n };
}

static void kernel_work(void)
{
	char buf[8];
	int fd = open("/dev/zero", O_RDONLY | O_CLOEXEC);

	if (fd >= 0) {
		(void)!read(fd, buf, sizeof(buf));
		close(fd);
	}
	(void)getppid();
}

/* uprobes on this binary, each kind with a cookie and a pid filter or none. */
static int attach_user(dtrace_hdl_t *dtp, prog_t *progs, const char *exe)
{
	static const uint64_t mcookies[] = { 10000, 1000000 }, rcookie[] = { 7 };
	uint64_t off[] = { file_offset((void *)t_entry), file_offset((void *)t_ret),
			   file_offset((void *)t_m1), file_offset((void *)t_m2) };
	int n = 0, nlinks;

	if (dt_feature(dtp, DT_FEAT_UPROBE)) {
		n += 2;
		prog_load(&progs[P_UPROBE], BPF_PROG_TYPE_KPROBE, 0, 0, DT_REGS_DI);
		prog_load(&progs[P_URET], BPF_PROG_TYPE_KPROBE, 0, 0, DT_REGS_RETVAL);
		check("uprobe attach (every process)",
		      dt_bpf_attach_uprobe(dtp, exe, off[0], false, -1, progs[P_UPROBE].fd, 1) == 0,
		      "%s", dtp->dt_errmsg);
		check("uretprobe attach (this process)",
		      dt_bpf_attach_uprobe(dtp, exe, off[1], true, getpid(), progs[P_URET].fd,
					   100) == 0, "%s", dtp->dt_errmsg);
		nlinks = dtp->dt_nlinks;
		check("uprobe on a missing file fails in one line",
		      dt_bpf_attach_uprobe(dtp, "/nonexistent", 0, false, -1, progs[P_UPROBE].fd,
					   1) == -1 &&
			      strcmp(dtp->dt_errmsg, "failed to create uprobe /nonexistent:0x0: "
						     "No such file or directory") == 0 &&
			      dtp->dt_nlinks == nlinks,
		      "'%s'", dtp->dt_errmsg);
	}
	if (dt_feature(dtp, DT_FEAT_UPROBE_MULTI)) {
		n += 2;
		prog_load(&progs[P_UMULTI], BPF_PROG_TYPE_KPROBE, UPROBE_MULTI, 0, DT_REGS_DI);
		prog_load(&progs[P_UMRET], BPF_PROG_TYPE_KPROBE, UPROBE_MULTI, 0, DT_REGS_RETVAL);
		check("uprobe_multi attach (this process)",
		      dt_bpf_attach_uprobe_multi(dtp, exe, off + 2, mcookies, 2, false, getpid(),
						 progs[P_UMULTI].fd) == 0, "%s", dtp->dt_errmsg);
		check("uretprobe_multi attach (every process)",
		      dt_bpf_attach_uprobe_multi(dtp, exe, off + 2, rcookie, 1, true, -1,
						 progs[P_UMRET].fd) == 0, "%s", dtp->dt_errmsg);
	}
	return n;
}

/*
 * Kernel kinds, where the kernel has them (a program fails to load only if
 * the kind is broken: then its attach check fails).  Returns the kinds
 * tried, each of which must have made one link.
 */
static int attach_kernel(dtrace_hdl_t *dtp, prog_t *progs)
{
	static const char *const funcs[] = { "vfs_read" };
	static const uint64_t kcookies[] = { 5000 };
	int n = 0;

	if (dt_feature(dtp, DT_FEAT_RAWTP_COOKIE)) {
		n++;
		prog_load(&progs[P_RAWTP], BPF_PROG_TYPE_RAW_TRACEPOINT, 0, 0, NOREG);
		check("raw tracepoint attach",
		      dt_bpf_attach_rawtp(dtp, "sys_enter", progs[P_RAWTP].fd, 42) == 0, "%s",
		      dtp->dt_errmsg);
	}
	if (dt_feature(dtp, DT_FEAT_KPROBE)) {
		n++;
		prog_load(&progs[P_KPROBE], BPF_PROG_TYPE_KPROBE, 0, 0, NOREG);
		check("kprobe attach",
		      dt_bpf_attach_kprobe(dtp, "vfs_read", false, progs[P_KPROBE].fd, 3000) == 0,
		      "%s", dtp->dt_errmsg);
		check("kprobe on a missing function fails",
		      dt_bpf_attach_kprobe(dtp, "dt_no_such_fn", false, progs[P_KPROBE].fd, 1) ==
			      -1, "attached");
	}
	if (dt_feature(dtp, DT_FEAT_KPROBE_MULTI)) {
		n++;
		prog_load(&progs[P_KMULTI], BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI, 0, NOREG);
		check("kprobe_multi attach",
		      dt_bpf_attach_kprobe_multi(dtp, funcs, kcookies, 1, false,
						 progs[P_KMULTI].fd) == 0, "%s", dtp->dt_errmsg);
	}
	if (dt_feature(dtp, DT_FEAT_FENTRY)) {
		n++;
		prog_load(&progs[P_FENTRY], BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY,
			  dt_bpf_btf_func(dtp, "vfs_read"), NOREG);
		check("fentry attach",
		      dt_bpf_attach_fentry(dtp, "vfs_read", false, progs[P_FENTRY].fd, 7000) == 0,
		      "%s", dtp->dt_errmsg);
	}
	return n;
}

static void check_kernel(const prog_t *progs)
{
	static const struct { int p; const char *name; uint64_t cookie; } k[] = {
		{ P_RAWTP, "raw tracepoint fired with its cookie", 42 },
		{ P_KPROBE, "kprobe fired with its cookie", 3000 },
		{ P_KMULTI, "kprobe_multi fired with its cookie", 5000 },
		{ P_FENTRY, "fentry fired with its cookie", 7000 },
	};

	for (size_t i = 0; i < sizeof(k) / sizeof(k[0]); i++)
		if (progs[k[i].p].fd >= 0)
			check_fired(k[i].name, &progs[k[i].p], k[i].cookie);
}

/*
 * After call_targets() here and in n children: the probes on every process
 * (uprobe, uretprobe_multi) saw 1 + n rounds, those on this one 1.  Kinds
 * not tried (no map) are skipped.
 */
static void check_user(const prog_t *progs, int n, const char *when)
{
	static const struct { int p; const char *name; bool everyone; } u[] = {
		{ P_UPROBE, "uprobe fired at entry with its cookie", true },
		{ P_URET, "uretprobe fired at return with its cookie", false },
		{ P_UMULTI, "uprobe_multi fired at entry with its cookies", false },
		{ P_UMRET, "uretprobe_multi fired at return with its cookie", true },
	};
	const sums_t *want[] = { [P_UPROBE] = &want_uprobe, [P_URET] = &want_uret,
				 [P_UMULTI] = &want_umulti, [P_UMRET] = &want_umret };
	char name[128];

	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		if (progs[u[i].p].mapfd < 0)
			continue;
		snprintf(name, sizeof(name), "%s%s", u[i].name, when);
		check_sums(name, &progs[u[i].p], times(*want[u[i].p], u[i].everyone ? 1 + n : 1));
	}
}

/* After dt_bpf_detach_all: no link, no breakpoint, no event, no firing. */
static void check_detached(dtrace_hdl_t *dtp, const prog_t *progs, const char *evpath,
			   const char *events)
{
	sums_t before[P_MAX];
	char *after = events != NULL ? read_file(evpath) : NULL;

	check("no link left", links_left(progs, P_MAX) == 0 && dtp->dt_nlinks == 0, "%d",
	      links_left(progs, P_MAX));
#ifdef __x86_64__
	check("breakpoint removed", first_byte((void *)t_entry) != 0xcc, "0xcc");
#endif
	check("uprobe_events unchanged",
	      events == NULL || (after != NULL && strcmp(events, after) == 0), "'%s' -> '%s'",
	      events, after);
	free(after);
	for (int i = 0; i < P_MAX; i++)
		before[i] = prog_read(&progs[i]);
	call_targets();
	kernel_work();
	call_targets_child();
	check_user(progs, 1, " (silent after detach)");
	for (int i = P_RAWTP; i < P_MAX; i++) {
		sums_t now = prog_read(&progs[i]);

		if (progs[i].fd >= 0)
			check("kernel probe silent after detach", now.s_count == before[i].s_count,
			      "%llu -> %llu", (unsigned long long)before[i].s_count,
			      (unsigned long long)now.s_count);
	}
}

static void test_attach(dtrace_hdl_t *dtp)
{
	prog_t progs[P_MAX];
	char evpath[256] = "";
	char *events = NULL;
	int want;

	for (int i = 0; i < P_MAX; i++)
		progs[i] = (prog_t){ -1, -1, 0 };
	if (dt_bpf_tracefs(dtp) == 0) {
		snprintf(evpath, sizeof(evpath), "%s/uprobe_events", dtp->dt_tracefs);
		events = read_file(evpath);
	}

	want = attach_user(dtp, progs, g_exe);
	want += attach_kernel(dtp, progs);
	check("one link recorded per attachment", dtp->dt_nlinks == want, "%d links, want %d",
	      dtp->dt_nlinks, want);
	check("links exist", links_of(progs, P_MAX) == want, "%d", links_of(progs, P_MAX));
#ifdef __x86_64__
	if (progs[P_UPROBE].mapfd >= 0)
		check("breakpoint placed", first_byte((void *)t_entry) == 0xcc, "0x%x",
		      first_byte((void *)t_entry));
#endif
	call_targets();
	kernel_work();
	check_user(progs, 0, "");
	check_kernel(progs);
	call_targets_child();
	check_user(progs, 1, " (and a child)");

	dt_bpf_detach_all(dtp);
	check_detached(dtp, progs, evpath, events);
	free(events);
	for (int i = 0; i < P_MAX; i++)
		prog_close(&progs[i]);
}

int main(void)
{
	int err, n = (int)readlink("/proc/self/exe", g_exe, sizeof(g_exe) - 1);
	dtrace_hdl_t *dtp = dtrace_open(DTRACE_VERSION, 0, &err);

	g_exe[n > 0 ? n : 0] = '\0';

	if (dtp == NULL) {
		printf("not ok - dtrace_open: %d\nattach: 0 passed, 1 failed\n", err);
		return 1;
	}
	test_features(dtp);
	test_refusals(dtp);
	test_attach(dtp);
	dtrace_close(dtp);
	return unit_done("attach");
}
