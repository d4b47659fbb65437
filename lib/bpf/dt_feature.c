/*
 * dt_feature.c -- what this kernel can attach to, probed once per handle and
 * cached (libbpf's feature_probes[] idea).  The list is DT_FEATURES in
 * dt_bpf.h; the attach kinds (dt_attach.c) check their feature first, so
 * that a kernel without one says so in one line instead of failing later
 * with a raw EPERM or EINVAL.
 *
 * Each probe is the cheapest reliable question the kernel answers, and
 * leaves nothing behind: a sysfs file for the dynamic PMUs, a program load
 * for fentry, and for the link kinds a BPF_LINK_CREATE with deliberately
 * bad arguments whose errno tells "supported but your arguments are bad"
 * from "no such attach type".  Nothing is ever attached.
 */
#include "dt_bpf.h"

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

_Static_assert(DT_FEAT_MAX <= 32, "features are bits of a uint32_t");

/* Attach types newer than the kernel headers we build against (6.1). */
#ifndef DT_BPF_TRACE_UPROBE_MULTI
#define DT_BPF_TRACE_UPROBE_MULTI 48
#endif

static const char *const dt_featnames[] = {
#define X(e, n) n,
	DT_FEATURES(X)
#undef X
};

const char *dt_feature_name(int feat)
{
	return feat >= 0 && feat < DT_FEAT_MAX ? dt_featnames[feat] : "unknown feature";
}

/*
 * The perf type of a dynamic PMU (kprobe, uprobe), or -1: the kernel
 * registers these PMUs only when built with their probes, so the type file
 * is the evidence itself, and reading it has no side effect.
 */
int dt_bpf_pmu_type(const char *pmu)
{
	char buf[32];
	int n;

	if (dt_bpf_pmu_file(pmu, "type", buf, sizeof(buf)) != 0)
		return -1;
	n = atoi(buf);
	return n > 0 ? n : -1;
}

/* The contents of a dynamic PMU's sysfs file (e.g. "type", "format/retprobe"). */
int dt_bpf_pmu_file(const char *pmu, const char *file, char *buf, size_t len)
{
	char path[160];
	int fd, n;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/%s", pmu, file);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return -1;
	n = (int)read(fd, buf, len - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	return 0;
}

/* vmlinux BTF, shared with front/dt_types.c (which frees it at close). */
static struct btf *vmlinux_btf(dtrace_hdl_t *dtp)
{
	if (dtp->dt_btf == NULL) {
		struct btf *btf = btf__load_vmlinux_btf();

		if (libbpf_get_error(btf))
			return NULL;
		dtp->dt_btf = btf;
	}
	return dtp->dt_btf;
}

int dt_bpf_btf_func(dtrace_hdl_t *dtp, const char *func)
{
	struct btf *btf = vmlinux_btf(dtp);
	int id = btf != NULL ? btf__find_by_name_kind(btf, func, BTF_KIND_FUNC) : -1;

	if (id <= 0)
		return dt_set_errmsg(dtp, EDT_ATTACH, "function %s has no BTF in vmlinux", func);
	return id;
}

/* "r0 = 0; exit": every probe's program, never run. */
static int load_trivial(enum bpf_prog_type type, struct bpf_prog_load_opts *opts)
{
	static const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return bpf_prog_load(type, "dt_feature", "GPL", insns, 2, opts);
}

/*
 * fentry/fexit: a tracing program loaded against a kernel function's BTF
 * id.  Loading validates the target and the trampoline's prerequisites
 * without attaching; a kernel or LSM that refuses fentry refuses here
 * (EPERM on this host, EINVAL or ENOTSUPP elsewhere).
 */
static bool probe_fentry(dtrace_hdl_t *dtp)
{
	struct btf *btf = vmlinux_btf(dtp);
	int id = btf != NULL ? btf__find_by_name_kind(btf, "vfs_read", BTF_KIND_FUNC) : -1;
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = BPF_TRACE_FENTRY);
	int fd;

	if (id <= 0)
		return false;
	opts.attach_btf_id = (uint32_t)id;
	if ((fd = load_trivial(BPF_PROG_TYPE_TRACING, &opts)) < 0)
		return false;
	close(fd);
	return true;
}

/*
 * kprobe_multi: link an unreadable address array.  A kernel with the link
 * type (CONFIG_FPROBE) copies the addresses before anything else and says
 * EFAULT; without CONFIG_FPROBE bpf_kprobe_multi_link_attach() is a stub
 * saying EOPNOTSUPP, and before 5.18 the attach type is unknown (EINVAL).
 */
static bool probe_kprobe_multi(void)
{
	LIBBPF_OPTS(bpf_prog_load_opts, lopts, .expected_attach_type = BPF_TRACE_KPROBE_MULTI);
	LIBBPF_OPTS(bpf_link_create_opts, opts, .kprobe_multi.cnt = 1,
		    .kprobe_multi.addrs = (const unsigned long *)-4096L);
	int fd = load_trivial(BPF_PROG_TYPE_KPROBE, &lopts), link, err;

	if (fd < 0)
		return false;
	link = bpf_link_create(fd, -1, BPF_TRACE_KPROBE_MULTI, &opts);
	err = errno;
	if (link >= 0)
		close(link);
	close(fd);
	return link < 0 && err == EFAULT;
}

/* BPF_LINK_CREATE for uprobe_multi, which the 6.1 headers do not have. */
typedef struct dt_umulti_attr {
	uint32_t um_progfd;
	uint32_t um_targetfd;
	uint32_t um_attach_type;
	uint32_t um_linkflags;
	uint64_t um_path;
	uint64_t um_offsets;
	uint64_t um_refctr;
	uint64_t um_cookies;
	uint32_t um_cnt;
	uint32_t um_flags;
	uint32_t um_pid;
	uint32_t um_pad;
} dt_umulti_attr_t;

int dt_bpf_umulti_link(int progfd, const char *path, const uint64_t *offs,
		       const uint64_t *cookies, uint32_t n, uint32_t flags, int pid)
{
	return dt_bpf_umulti_link_ref(progfd, path, offs, NULL, cookies, n, flags, pid);
}

/* ... with reference counters (USDT semaphores: file offsets, NULL: none) */
int dt_bpf_umulti_link_ref(int progfd, const char *path, const uint64_t *offs,
			   const uint64_t *refctrs, const uint64_t *cookies, uint32_t n,
			   uint32_t flags, int pid)
{
	dt_umulti_attr_t attr = {
		.um_progfd = (uint32_t)progfd,
		.um_attach_type = DT_BPF_TRACE_UPROBE_MULTI,
		.um_path = (uint64_t)(uintptr_t)path,
		.um_offsets = (uint64_t)(uintptr_t)offs,
		.um_refctr = (uint64_t)(uintptr_t)refctrs,
		.um_cookies = (uint64_t)(uintptr_t)cookies,
		.um_cnt = n,
		.um_flags = flags,
		.um_pid = (uint32_t)pid,
	};

	return (int)syscall(__NR_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
}

/*
 * uprobe_multi, as libbpf probes it: a link on "/" fails with EBADF (not a
 * regular file) on a kernel that has the link type, EINVAL (unknown attach
 * type) or EOPNOTSUPP (no CONFIG_UPROBES) on one without.  The first
 * kernels with it (6.6) filtered by thread instead of process; those check
 * the path before the pid, fixed ones refuse pid -1 first with EINVAL, and
 * only fixed ones count as having it.
 */
static bool probe_uprobe_multi(void)
{
	LIBBPF_OPTS(bpf_prog_load_opts, lopts, .expected_attach_type = DT_BPF_TRACE_UPROBE_MULTI);
	uint64_t off = 0;
	int fd = load_trivial(BPF_PROG_TYPE_KPROBE, &lopts), link, err;
	bool have;

	if (fd < 0)
		return false;
	link = dt_bpf_umulti_link(fd, "/", &off, NULL, 1, 0, 0);
	err = errno;
	if (link >= 0)
		close(link);
	have = link < 0 && err == EBADF;
	if (have) {
		link = dt_bpf_umulti_link(fd, "/", &off, NULL, 1, 0, -1);
		err = errno;
		if (link >= 0)
			close(link);
		have = link < 0 && err == EINVAL;
	}
	close(fd);
	return have;
}

/*
 * Raw tracepoints with a cookie (6.10): BPF_RAW_TRACEPOINT_OPEN with a
 * cookie and no program.  A kernel that knows the field looks the program
 * up and says EBADF; an older one rejects the non-zero tail with EINVAL
 * before that.
 */
static bool probe_rawtp_cookie(void)
{
	struct {
		uint64_t name;
		uint32_t progfd;
		uint32_t pad;
		uint64_t cookie;
	} attr = { .progfd = (uint32_t)-1, .cookie = 1 };
	int fd = (int)syscall(__NR_bpf, BPF_RAW_TRACEPOINT_OPEN, &attr, sizeof(attr));
	int err = errno;

	if (fd >= 0)
		close(fd);
	return fd < 0 && err == EBADF;
}

static bool feature_probe(dtrace_hdl_t *dtp, dt_feat_t feat)
{
	switch (feat) {
	case DT_FEAT_KPROBE:
		return dt_bpf_pmu_type("kprobe") > 0;
	case DT_FEAT_KPROBE_MULTI:
		return probe_kprobe_multi();
	case DT_FEAT_UPROBE:
		return dt_bpf_pmu_type("uprobe") > 0;
	case DT_FEAT_UPROBE_MULTI:
		return probe_uprobe_multi();
	case DT_FEAT_FENTRY:
		return probe_fentry(dtp);
	case DT_FEAT_RAWTP_COOKIE:
		return probe_rawtp_cookie();
	case DT_FEAT_MAX:
		break;
	}
	return false;
}

/*
 * Can programs write to user memory (bpf_probe_write_user(), copyout())?
 * A kernel locked down against it, or built so, refuses the helper at
 * load: a program calling it is loaded once, never attached.  Not an
 * attach kind, so not one of DT_FEATURES; cached in the handle.
 */
bool dt_bpf_can_write_user(dtrace_hdl_t *dtp)
{
	static const struct bpf_insn insns[] = {
		{ .code = BPF_ST | BPF_MEM | BPF_DW, .dst_reg = BPF_REG_10, .off = -8, .imm = 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_1, .imm = 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = BPF_REG_2, .src_reg = BPF_REG_10 },
		{ .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = BPF_REG_2, .imm = -8 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_3, .imm = 1 },
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_probe_write_user },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	if (dtp->dt_writeuser == 0) {
		int fd = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "dt_feature", "GPL", insns,
				       sizeof(insns) / sizeof(insns[0]), NULL);

		dtp->dt_writeuser = fd >= 0 ? 1 : -1;
		if (fd >= 0)
			close(fd);
	}
	return dtp->dt_writeuser > 0;
}

bool dt_feature(dtrace_hdl_t *dtp, int feat)
{
	uint32_t bit;

	if (feat < 0 || feat >= DT_FEAT_MAX)
		return false;
	bit = 1u << feat;
	if (!(dtp->dt_featprobed & bit)) {
		if (feature_probe(dtp, (dt_feat_t)feat))
			dtp->dt_feathave |= bit;
		dtp->dt_featprobed |= bit;
	}
	return (dtp->dt_feathave & bit) != 0;
}

int dt_feature_require(dtrace_hdl_t *dtp, int feat)
{
	if (dt_feature(dtp, feat))
		return 0;
	return dt_set_errmsg(dtp, EDT_ATTACH, "%s are not available on this kernel",
			     dt_feature_name(feat));
}
