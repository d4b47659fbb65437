/*
 * dt_attach.c -- the attach kinds: how a loaded program gets onto a probe
 * with the cookie that tells it, at run time, which probe fired.
 *
 *   kind                 kernel object                        program type, as loaded
 *   tracepoint           perf event (PERF_TYPE_TRACEPOINT)    TRACEPOINT
 *   perf event           perf event (cpu-clock)               PERF_EVENT
 *   raw tracepoint       BPF_RAW_TRACEPOINT_OPEN              RAW_TRACEPOINT
 *   kprobe/kretprobe     perf event on the kprobe PMU         KPROBE
 *   uprobe/uretprobe     perf event on the uprobe PMU         KPROBE
 *   kprobe_multi         one link, many functions             KPROBE, expected_attach_type
 *                                                             BPF_TRACE_KPROBE_MULTI
 *   uprobe_multi         one link, many offsets in a file     KPROBE, expected_attach_type
 *                                                             BPF_TRACE_UPROBE_MULTI (48)
 *   fentry/fexit         BPF trampoline                       TRACING, see dt_bpf_attach_fentry
 *
 * A perf event with a program is attached through a BPF link
 * (BPF_PERF_EVENT), which carries the cookie and holds the event: only the
 * link's fd is kept, in the handle's list (dt_bpf_link_add), and closing it
 * (dt_bpf_detach_all, or the process's exit however it happens) removes
 * the probe, including the kernel's kprobe or uprobe it created: perf-PMU
 * probes never appear in kprobe_events or uprobe_events.
 *
 * Kinds that the kernel may lack check their feature (dt_feature.c) first
 * and refuse in one line, "kprobes are not available on this kernel",
 * rather than with the EPERM or EINVAL of a later step.
 */
#include "dt_bpf.h"

#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#define DT_MULTI_MAX (1 << 20) /* the kernel's MAX_{K,U}PROBE_MULTI_CNT */

static int perf_open(dtrace_hdl_t *dtp, struct perf_event_attr *attr, int pid, int cpu,
		     const char *what)
{
	int pfd = (int)syscall(__NR_perf_event_open, attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
	int err = errno, code = err == EPERM || err == EACCES ? EDT_NOPRIV : EDT_ATTACH;

	if (pfd >= 0)
		return pfd;
	if (what == NULL)
		return dt_set_errmsg(dtp, code, "perf_event_open: %s", strerror(err));
	return dt_set_errmsg(dtp, code, "failed to create %s: %s", what, strerror(err));
}

/* Attach the program to perf event pfd with the cookie; pfd is closed unless kept. */
static int perf_link_keep(dtrace_hdl_t *dtp, int pfd, int progfd, uint64_t cookie,
			  const char *what, bool keep)
{
	LIBBPF_OPTS(bpf_link_create_opts, opts, .perf_event.bpf_cookie = cookie);
	int link = bpf_link_create(progfd, pfd, BPF_PERF_EVENT, &opts);
	int err = errno;

	if (!keep || link < 0)
		close(pfd);
	if (link < 0)
		return dt_set_errmsg(dtp, EDT_ATTACH, "failed to attach program%s%s: %s",
				     what != NULL ? " to " : "", what != NULL ? what : "",
				     strerror(err));
	dt_bpf_link_add(dtp, link);
	return 0;
}

static int perf_link(dtrace_hdl_t *dtp, int pfd, int progfd, uint64_t cookie, const char *what)
{
	return perf_link_keep(dtp, pfd, progfd, cookie, what, false);
}

/*
 * Open a perf event and attach the program to it through a BPF link that
 * carries the cookie; the link holds the event, so only the link is kept.
 */
static int perf_attach(dtrace_hdl_t *dtp, struct perf_event_attr *attr, int cpu, int progfd,
		       uint64_t cookie)
{
	int pfd = perf_open(dtp, attr, -1, cpu, NULL);

	return pfd < 0 ? -1 : perf_link(dtp, pfd, progfd, cookie, NULL);
}

int dt_bpf_attach_tp(dtrace_hdl_t *dtp, int tpid, int progfd, uint64_t cookie)
{
	struct perf_event_attr attr = { 0 };

	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = (uint64_t)tpid;
	attr.sample_period = 1;
	return perf_attach(dtp, &attr, 0, progfd, cookie);
}

/*
 * A timer (profile-N, tick-N, sched:::tick): created stopped, and started
 * with all the others by dt_bpf_timers_start() once BEGIN has run, so that
 * as in DTrace every timer counts from the start of tracing: attaching
 * many probes can take seconds, and a firing before BEGIN is not traced
 * (tick-1s would then fire once in its first two seconds).
 */
int dt_bpf_attach_perf(dtrace_hdl_t *dtp, int cpu, uint64_t period_ns, int progfd,
		       uint64_t cookie)
{
	struct perf_event_attr attr = { 0 };
	int pfd;

	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.config = PERF_COUNT_SW_CPU_CLOCK;
	attr.sample_period = period_ns;
	attr.disabled = 1;
	if ((pfd = perf_open(dtp, &attr, -1, cpu, NULL)) < 0)
		return -1;
	if (perf_link_keep(dtp, pfd, progfd, cookie, NULL, true) != 0)
		return -1;
	dtp->dt_timerfds = dt_realloc(dtp->dt_timerfds, sizeof(int) * (dtp->dt_ntimers + 1));
	dtp->dt_timerfds[dtp->dt_ntimers++] = pfd;
	return 0;
}

/* Start the timers (the links hold the events: their descriptors are closed). */
int dt_bpf_timers_start(dtrace_hdl_t *dtp)
{
	int rv = 0;

	for (int i = 0; i < dtp->dt_ntimers; i++) {
		if (rv == 0 && ioctl(dtp->dt_timerfds[i], PERF_EVENT_IOC_ENABLE, 0) != 0)
			rv = dt_set_errmsg(dtp, EDT_ATTACH, "failed to start a timer: %s",
					   strerror(errno));
		close(dtp->dt_timerfds[i]);
	}
	free(dtp->dt_timerfds);
	dtp->dt_timerfds = NULL;
	dtp->dt_ntimers = 0;
	return rv;
}

/*
 * A program that finds its probe by key (a system call number) in its
 * binding map: bind key to cookie, and attach the program to raw
 * tracepoint rawtp the first time.
 */
int dt_bpf_bind_key(dtrace_hdl_t *dtp, dt_bpfprog_t *bp, uint32_t key, uint64_t cookie,
		    const char *rawtp)
{
	int link;

	if (key >= DT_BIND_KEYS)
		return dt_set_errmsg(dtp, EDT_ATTACH, "failed to bind key %u", key);
	((volatile uint64_t *)bp->bp_bind)[key] = cookie;
	if (bp->bp_attached)
		return 0;
	if ((link = bpf_raw_tracepoint_open(rawtp, bp->bp_fd)) < 0)
		return dt_set_errmsg(dtp, EDT_ATTACH, "failed to attach to %s: %s", rawtp,
				     strerror(errno));
	bp->bp_attached = true;
	dt_bpf_link_add(dtp, link);
	return 0;
}

/*
 * A raw tracepoint with a cookie (6.10 and later: BPF_RAW_TRACEPOINT_OPEN
 * grew a cookie field the 6.1 headers lack).  Without a cookie, any kernel.
 */
int dt_bpf_attach_rawtp(dtrace_hdl_t *dtp, const char *tp, int progfd, uint64_t cookie)
{
	struct {
		uint64_t name;
		uint32_t progfd;
		uint32_t pad;
		uint64_t cookie;
	} attr = { (uint64_t)(uintptr_t)tp, (uint32_t)progfd, 0, cookie };
	int link;

	if (cookie != 0 && dt_feature_require(dtp, DT_FEAT_RAWTP_COOKIE) != 0)
		return -1;
	/* a kernel without the field refuses the bigger attr only if it is non-zero */
	link = (int)syscall(__NR_bpf, BPF_RAW_TRACEPOINT_OPEN, &attr, sizeof(attr));
	if (link < 0)
		return dt_set_errmsg(dtp, EDT_ATTACH, "failed to attach to %s: %s", tp,
				     strerror(errno));
	dt_bpf_link_add(dtp, link);
	return 0;
}

/*
 * The config bit that makes a kprobe or uprobe PMU event a return probe:
 * the PMU publishes it as "config:<bit>" in format/retprobe.
 */
static int pmu_retbit(const char *pmu)
{
	char buf[32];
	int bit;

	if (dt_bpf_pmu_file(pmu, "format/retprobe", buf, sizeof(buf)) != 0)
		return -1;
	return sscanf(buf, "config:%d", &bit) == 1 && bit >= 0 && bit < 64 ? bit : -1;
}

/*
 * A perf event on a probe PMU: config1 names the target (function name, or
 * file path), config2 the offset in it.  The kernel creates the probe for
 * the event and removes it when the event goes.
 */
static int pmu_attach(dtrace_hdl_t *dtp, const char *pmu, bool ret, uint64_t config,
		      uint64_t config1,
		      uint64_t config2, int pid, int progfd, uint64_t cookie, const char *what)
{
	struct perf_event_attr attr = { 0 };
	int type = dt_bpf_pmu_type(pmu), bit = ret ? pmu_retbit(pmu) : 0, pfd;

	if (type < 0 || bit < 0)
		return dt_set_errmsg(dtp, EDT_ATTACH, "failed to create %s: the %s PMU has no %s",
				     what, pmu, type < 0 ? "type" : "retprobe bit");
	attr.size = sizeof(attr);
	attr.type = (uint32_t)type;
	attr.config = config | (ret ? 1ull << bit : 0);
	attr.config1 = config1;
	attr.config2 = config2;
	/* every process: one event, bound to a CPU as perf requires (it fires on all) */
	if ((pfd = perf_open(dtp, &attr, pid, pid == -1 ? 0 : -1, what)) < 0)
		return -1;
	return perf_link(dtp, pfd, progfd, cookie, what);
}

int dt_bpf_attach_kprobe(dtrace_hdl_t *dtp, const char *func, bool ret, int progfd,
			 uint64_t cookie)
{
	char what[160];

	if (dt_feature_require(dtp, DT_FEAT_KPROBE) != 0)
		return -1;
	snprintf(what, sizeof(what), "%s %s", ret ? "kretprobe" : "kprobe", func);
	return pmu_attach(dtp, "kprobe", ret, 0, (uint64_t)(uintptr_t)func, 0, -1, progfd, cookie,
			  what);
}

/* A kprobe at an address (a name kallsyms has more than once is refused). */
int dt_bpf_attach_kprobe_addr(dtrace_hdl_t *dtp, const char *func, uint64_t addr, bool ret,
			      int progfd, uint64_t cookie)
{
	char what[200];

	if (dt_feature_require(dtp, DT_FEAT_KPROBE) != 0)
		return -1;
	snprintf(what, sizeof(what), "%s %s at 0x%llx", ret ? "kretprobe" : "kprobe", func,
		 (unsigned long long)addr);
	return pmu_attach(dtp, "kprobe", ret, 0, 0, addr, -1, progfd, cookie, what);
}

int dt_bpf_attach_uprobe(dtrace_hdl_t *dtp, const char *path, uint64_t off, bool ret, int pid,
			 int progfd, uint64_t cookie)
{
	return dt_bpf_attach_uprobe_ref(dtp, path, off, 0, ret, pid, progfd, cookie);
}

/* The uprobe PMU takes a reference counter's offset in config's bits 32-63. */
int dt_bpf_attach_uprobe_ref(dtrace_hdl_t *dtp, const char *path, uint64_t off, uint64_t refctr,
			     bool ret, int pid, int progfd, uint64_t cookie)
{
	char what[PATH_MAX + 64];

	if (dt_feature_require(dtp, DT_FEAT_UPROBE) != 0)
		return -1;
	snprintf(what, sizeof(what), "%s %s:0x%llx", ret ? "uretprobe" : "uprobe", path,
		 (unsigned long long)off);
	return pmu_attach(dtp, "uprobe", ret, refctr << 32, (uint64_t)(uintptr_t)path, off, pid,
			  progfd, cookie, what);
}

static int multi_count(dtrace_hdl_t *dtp, const char *kind, int n)
{
	if (n > 0 && n <= DT_MULTI_MAX)
		return 0;
	return dt_set_errmsg(dtp, EDT_ATTACH, "failed to attach %s link: %d targets (1 to %d)",
			     kind, n, DT_MULTI_MAX);
}

/*
 * n kernel functions on one link, cookies[i] for funcs[i] (NULL: all 0).
 * The program must have been loaded with expected_attach_type
 * BPF_TRACE_KPROBE_MULTI (and then cannot attach as a single kprobe).
 */
int dt_bpf_attach_kprobe_multi(dtrace_hdl_t *dtp, const char *const *funcs,
			       const uint64_t *cookies, int n, bool ret, int progfd)
{
	LIBBPF_OPTS(bpf_link_create_opts, opts, .kprobe_multi.syms = (const char **)funcs,
		    .kprobe_multi.cnt = (uint32_t)n, .kprobe_multi.cookies = (const __u64 *)cookies,
		    .kprobe_multi.flags = ret ? BPF_F_KPROBE_MULTI_RETURN : 0);
	int link, err;

	if (dt_feature_require(dtp, DT_FEAT_KPROBE_MULTI) != 0 ||
	    multi_count(dtp, "kprobe_multi", n) != 0)
		return -1;
	link = bpf_link_create(progfd, -1, BPF_TRACE_KPROBE_MULTI, &opts);
	err = errno;
	if (link < 0)
		return dt_set_errmsg(dtp, err == EPERM ? EDT_NOPRIV : EDT_ATTACH,
				     "failed to attach kprobe_multi link to %s%s: %s", funcs[0],
				     n > 1 ? " and other functions" : "", strerror(err));
	dt_bpf_link_add(dtp, link);
	return 0;
}

/*
 * n offsets in file path on one link, cookies[i] for offs[i] (NULL: all 0).
 * The program must have been loaded with expected_attach_type
 * BPF_TRACE_UPROBE_MULTI (48; not in the 6.1 headers).
 */
int dt_bpf_attach_uprobe_multi(dtrace_hdl_t *dtp, const char *path, const uint64_t *offs,
			       const uint64_t *cookies, int n, bool ret, int pid, int progfd)
{
	return dt_bpf_attach_uprobe_multi_ref(dtp, path, offs, NULL, cookies, n, ret, pid, progfd);
}

int dt_bpf_attach_uprobe_multi_ref(dtrace_hdl_t *dtp, const char *path, const uint64_t *offs,
				   const uint64_t *refctrs, const uint64_t *cookies, int n,
				   bool ret, int pid, int progfd)
{
	int link, err;

	if (dt_feature_require(dtp, DT_FEAT_UPROBE_MULTI) != 0 ||
	    multi_count(dtp, "uprobe_multi", n) != 0)
		return -1;
	/* the link's pid 0 is every process; BPF_F_UPROBE_MULTI_RETURN is 1 */
	link = dt_bpf_umulti_link_ref(progfd, path, offs, refctrs, cookies, (uint32_t)n,
				      ret ? 1 : 0, pid == -1 ? 0 : pid);
	err = errno;
	if (link < 0)
		return dt_set_errmsg(dtp, err == EPERM ? EDT_NOPRIV : EDT_ATTACH,
				     "failed to attach uprobe_multi link to %s: %s", path,
				     strerror(err));
	dt_bpf_link_add(dtp, link);
	return 0;
}

/*
 * fentry/fexit on kernel function func.  The target is fixed when the
 * program is loaded, not here: the loader must load it as
 * BPF_PROG_TYPE_TRACING with expected_attach_type BPF_TRACE_FENTRY (or
 * BPF_TRACE_FEXIT, matching fexit) and attach_btf_id = dt_bpf_btf_func(dtp,
 * func) (attach_btf_obj_fd 0: vmlinux; a module's function needs its BTF
 * object's fd).  The context is then the function's arguments as u64s, the
 * return value after them for fexit, not pt_regs.  func only names the
 * target in messages.
 */
int dt_bpf_attach_fentry(dtrace_hdl_t *dtp, const char *func, bool fexit, int progfd,
			 uint64_t cookie)
{
	LIBBPF_OPTS(bpf_link_create_opts, opts, .tracing.cookie = cookie);
	int link, err;

	if (dt_feature_require(dtp, DT_FEAT_FENTRY) != 0)
		return -1;
	link = bpf_link_create(progfd, 0, fexit ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY, &opts);
	err = errno;
	if (link < 0)
		return dt_set_errmsg(dtp, err == EPERM ? EDT_NOPRIV : EDT_ATTACH,
				     "failed to attach %s to %s: %s", fexit ? "fexit" : "fentry",
				     func, strerror(err));
	dt_bpf_link_add(dtp, link);
	return 0;
}
