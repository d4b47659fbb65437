/*
 * dt_uprobe.c -- the machinery the pid and USDT providers share.
 *
 * Processes.  A description naming process N (pid123, myprov123) makes
 * dtrace grab N if -p did not (so that its end ends tracing, "dtrace: pid N
 * has exited", as in DTrace), starts a -c command up to its entry point
 * (proc/dt_pstart.c) so that its libraries are mapped, and reads its
 * mappings once (proc/dt_umap.c).
 *
 * Probes.  Each provider keeps a hash of the names it has created, so that
 * providing the same description twice creates nothing new.
 *
 * Attaching.  Every probe is a uprobe on (file, offset) filtered to its
 * process.  Where the kernel has uprobe_multi links (6.6 with the process
 * filter fixed), prepare() marks the probes DT_PT_UPROBE_MULTI (their
 * programs are loaded for it) and attach() collects them: when the last
 * probe of a program arrives, one link per (file, entry or return,
 * process) carries all its offsets and cookies, so that
 * pid$target:libc.so.6::entry (about 3000 functions) is one link, made and
 * removed in milliseconds.  Otherwise, one perf-PMU uprobe per probe (the
 * pid filter is then a thread: threads created later are not traced).
 * USDT semaphores are the kernel's reference counters (ref_ctr_offset):
 * the kernel increments them while a probe is attached and decrements
 * them when it goes, however dtrace ends.
 */
#include "dt_uprobe.h"
#include "dt_prov.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct dt_uproc {
	int uc_pid;
	dt_umap_t *uc_pmap;
} dt_uproc_t;

typedef struct dt_upend {
	dt_uprobe_t *pe_up;
	dt_usite_t pe_site;
	uint64_t pe_cookie;
} dt_upend_t;

typedef struct dt_uprov {
	dt_uproc_t *uv_procs;
	int uv_nprocs;
	dt_hash_t uv_names;   /* the probes made, by "prov:mod:func:name:key" (in uv_keys) */
	dt_arena_t uv_keys;
	dt_upend_t *uv_pend;  /* collected for the program being attached */
	int uv_npend;
} dt_uprov_t;

static dt_uprov_t *uprov(dt_provider_t *pv)
{
	if (pv->pv_data == NULL)
		pv->pv_data = dt_zalloc(sizeof(dt_uprov_t));
	return pv->pv_data;
}

bool dt_uprobe_field(const char *s, const char *pat)
{
	return pat == NULL || *pat == '\0' || dt_gmatch(s, pat);
}

bool dt_uprobe_seen(dt_provider_t *pv, int pid)
{
	dt_uprov_t *uv = uprov(pv);

	for (int i = 0; i < uv->uv_nprocs; i++)
		if (uv->uv_procs[i].uc_pid == pid)
			return true;
	return false;
}

dt_umap_t *dt_uprobe_pmap(dtrace_hdl_t *dtp, dt_provider_t *pv, int pid)
{
	dt_uprov_t *uv = uprov(pv);
	dt_umap_t *pm;

	for (int i = 0; i < uv->uv_nprocs; i++)
		if (uv->uv_procs[i].uc_pid == pid)
			return uv->uv_procs[i].uc_pmap;
	if (pid <= 0) {
		dt_set_errmsg(dtp, EDT_NOTARGET, "invalid process ID %d", pid);
		return NULL;
	}
	if (dt_provider_populate_all(dtp) != 0)
		return NULL;
	if (dt_proc_find(dtp, pid) == NULL && dtrace_proc_grab(dtp, pid) != 0)
		return NULL;
	if (dt_proc_ready(dtp, pid) != 0)
		return NULL;
	if ((pm = dt_umap_read(pid)) == NULL)
		pm = dt_zalloc(sizeof(*pm)); /* it has gone: no probes */
	/* its symbols, while it lives: it may have gone when its stacks print */
	dt_usym_capture(dtp, pid, true);
	uv->uv_procs = dt_realloc(uv->uv_procs, sizeof(dt_uproc_t) * (uv->uv_nprocs + 1));
	uv->uv_procs[uv->uv_nprocs].uc_pid = pid;
	uv->uv_procs[uv->uv_nprocs].uc_pmap = pm;
	uv->uv_nprocs++;
	return pm;
}

dt_probe_t *dt_uprobe_create(dtrace_hdl_t *dtp, dt_provider_t *pv, const char *prov,
			     const char *mod, const char *func, const char *name, const char *key,
			     const dt_uprobe_t *up, dt_usite_t site)
{
	size_t len = strlen(prov) + strlen(mod) + strlen(func) + strlen(name) + strlen(key) + 5;
	dt_uprov_t *uv = uprov(pv);
	char *k = dt_zalloc(len);
	dt_uprobe_t *copy;
	dt_probe_t *pr;
	uint64_t h;

	snprintf(k, len, "%s:%s:%s:%s:%s", prov, mod, func, name, key);
	h = dt_hash_bytes(k, strlen(k));
	if ((pr = dt_hash_find_h(&uv->uv_names, h, k, strlen(k))) != NULL) {
		free(k);
		copy = pr->pr_data;
		for (int i = 0; i < copy->up_nsites; i++)
			if (copy->up_sites[i].us_off == site.us_off)
				return pr;
		copy->up_sites = dt_realloc(copy->up_sites, sizeof(dt_usite_t) * (copy->up_nsites + 1));
		copy->up_sites[copy->up_nsites++] = site;
		return pr;
	}
	pr = dt_probe_create(dtp, pv, mod, func, name);
	snprintf(pr->pr_desc.dtpd_provider, DTRACE_PROVNAMELEN, "%s", prov);
	copy = dt_zalloc(sizeof(*copy));
	*copy = *up;
	copy->up_sites = dt_zalloc(sizeof(dt_usite_t));
	copy->up_sites[0] = site;
	copy->up_nsites = 1;
	pr->pr_data = copy;
	pr->pr_entry = !up->up_ret && !strcmp(name, "entry");
	pr->pr_return = up->up_ret;
	*dt_hash_slot_h(&uv->uv_names, h, dt_arena_strdup(&uv->uv_keys, k), strlen(k)) = pr;
	free(k);
	return pr;
}

/* At dtrace_close(): the processes' mappings, the probes' sites, the names. */
void dt_uprobe_fini(dtrace_hdl_t *dtp, dt_provider_t *pv)
{
	dt_uprov_t *uv = pv->pv_data;
	dt_probe_t *pr;

	(void)dtp;
	if (uv == NULL)
		return;
	for (int i = 0; i < uv->uv_nprocs; i++)
		dt_umap_free(uv->uv_procs[i].uc_pmap);
	free(uv->uv_procs);
	for (size_t i = 0; (pr = dt_hash_next(&uv->uv_names, &i)) != NULL;) {
		free(((dt_uprobe_t *)pr->pr_data)->up_sites);
		free(pr->pr_data);
	}
	dt_hash_fini(&uv->uv_names);
	dt_arena_free(&uv->uv_keys);
	free(uv->uv_pend);
	free(uv);
}

int dt_uprobe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	(void)dtp;
	pr->pr_progtype = DT_PT_KPROBE;
	return 0;
}

int dt_uprobe_prepare(dtrace_hdl_t *dtp, dt_provider_t *pv, dt_probe_t **probes, int n)
{
	(void)pv;
	if (!dt_feature(dtp, DT_FEAT_UPROBE_MULTI))
		return 0;
	for (int i = 0; i < n; i++)
		probes[i]->pr_progtype = DT_PT_UPROBE_MULTI;
	return 0;
}

static int cmp_pend(const void *x, const void *y)
{
	const dt_uprobe_t *a = ((const dt_upend_t *)x)->pe_up, *b = ((const dt_upend_t *)y)->pe_up;
	int c = strcmp(a->up_path, b->up_path);

	if (c != 0)
		return c;
	if (a->up_ret != b->up_ret)
		return a->up_ret - b->up_ret;
	return a->up_pid - b->up_pid;
}

/*
 * The kernel refuses a whole link if it cannot probe one of its offsets
 * (ENOTSUPP, 524: an instruction its uprobe decoder does not handle, as
 * some of libc's hand-written functions start with).  Such offsets are
 * found by halving and left out, as DTrace leaves out functions it cannot
 * instrument; a probe alone on its link still fails with the message.
 */
static int link_split(dtrace_hdl_t *dtp, const dt_uprobe_t *up, uint64_t *offs, uint64_t *refs,
		      uint64_t *cookies, int n, int progfd, bool alone)
{
	char msg[sizeof(dtp->dt_errmsg)];

	if (dt_bpf_attach_uprobe_multi_ref(dtp, up->up_path, offs, refs, cookies, n, up->up_ret,
					   up->up_pid, progfd) == 0)
		return 0;
	if (!alone && n == 1 && getenv("DTRACE_DEBUG_UPROBE") != NULL)
		dt_noticef(dtp, "skipping %s:0x%llx: %s\n", up->up_path,
			   (unsigned long long)offs[0], dtp->dt_errmsg);
	if (n == 1)
		return alone ? -1 : 0;
	snprintf(msg, sizeof(msg), "%s", dtp->dt_errmsg);
	if (strstr(msg, "Unknown error 524") == NULL && strstr(msg, "Invalid argument") == NULL)
		return -1;
	return link_split(dtp, up, offs, refs ? refs : NULL, cookies, n / 2, progfd, false) ||
	       link_split(dtp, up, offs + n / 2, refs ? refs + n / 2 : NULL, cookies + n / 2,
			  n - n / 2, progfd, false);
}

/* One uprobe_multi link per (file, return or not, process) of the collected probes. */
static int flush(dtrace_hdl_t *dtp, dt_uprov_t *uv, dt_bpfprog_t *bp)
{
	int progfd = bp->bp_fd, pfd = bp->bp_pffd; /* the prefetch: cg/dt_cg_prefetch.c */
	dt_upend_t *pe = uv->uv_pend;
	int n = uv->uv_npend, rv = 0;
	uint64_t *offs = dt_zalloc(sizeof(uint64_t) * n), *refs = dt_zalloc(sizeof(uint64_t) * n);
	uint64_t *cookies = dt_zalloc(sizeof(uint64_t) * n);

	qsort(pe, n, sizeof(*pe), cmp_pend);
	for (int i = 0, j; i < n && rv == 0; i = j) {
		bool anyref = false;

		for (j = i; j < n && cmp_pend(&pe[i], &pe[j]) == 0; j++) {
			offs[j - i] = pe[j].pe_site.us_off;
			refs[j - i] = pe[j].pe_site.us_refctr;
			cookies[j - i] = pe[j].pe_cookie;
			anyref |= refs[j - i] != 0;
		}
		rv = link_split(dtp, pe[i].pe_up, offs, anyref ? refs : NULL, cookies, j - i, progfd,
				j - i == 1);
		/*
		 * failure is no prefetch; a site with a USDT semaphore takes its
		 * reference counter's offset again: the kernel refuses a second
		 * consumer of the same uprobe with another (none included)
		 */
		if (rv == 0 && pfd >= 0 && !pe[i].pe_up->up_ret)
			(void)link_split(dtp, pe[i].pe_up, offs, anyref ? refs : NULL, cookies, j - i, pfd,
					 false);
	}
	free(offs);
	free(refs);
	free(cookies);
	free(uv->uv_pend);
	uv->uv_pend = NULL;
	uv->uv_npend = 0;
	return rv;
}

int dt_uprobe_attach(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_bpfprog_t *bp, uint64_t cookie)
{
	dt_uprobe_t *up = pr->pr_data;
	dt_uprov_t *uv = uprov(pr->pr_prov);

	for (int i = 0; i < up->up_nsites; i++) {
		if (pr->pr_progtype != DT_PT_UPROBE_MULTI) {
			if (dt_bpf_attach_uprobe_ref(dtp, up->up_path, up->up_sites[i].us_off,
						     up->up_sites[i].us_refctr, up->up_ret, up->up_pid,
						     bp->bp_fd, cookie) != 0)
				return -1;
			continue;
		}
		uv->uv_pend = dt_realloc(uv->uv_pend, sizeof(dt_upend_t) * (uv->uv_npend + 1));
		uv->uv_pend[uv->uv_npend].pe_up = up;
		uv->uv_pend[uv->uv_npend].pe_site = up->up_sites[i];
		uv->uv_pend[uv->uv_npend].pe_cookie = cookie;
		uv->uv_npend++;
	}
	/* the probes of a program are attached in a row: the last one flushes */
	if (pr->pr_progtype != DT_PT_UPROBE_MULTI || pr != bp->bp_probes[bp->bp_nprobes - 1])
		return 0;
	return flush(dtp, uv, bp);
}
