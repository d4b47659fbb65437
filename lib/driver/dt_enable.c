/*
 * dt_enable.c -- from compiled clauses to the programs that run them.
 *
 * Every enabled probe has an ordered list of clauses: those of every
 * compiled program that match it, in program order (a clause that reads
 * args[] is one variant per argument signature, each with its own probes).
 * Probes with the same list and the same signature -- program type, how
 * the probe is found at run time, and, if a clause reads arguments, where
 * the arguments are -- share one program, generated and verified once:
 * adding probes to it costs attachment only.
 *
 * Each probe gets one EPID per clause of its program, consecutive from
 * pr_epidbase, so a shared program computes a record's EPID from the
 * cookie it is attached with ((u64)pr_epidbase << 32 | pr_enidx); the
 * consumer reads the record by EPID as before.  pr_enidx indexes
 * dt_probetab, which gives shared programs the probe ID and the offsets
 * of the probe's names in dt_strtab (all added before any code is
 * generated, so one bound covers them: dt_probestrmax).
 *
 * ERROR's clauses are not a program: they are a subprogram of every program
 * that can fault (dt_cg.c), with EPIDs of their own.
 */
#include "dt_driver.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct dt_plist {
	dt_clause_t **pl_clauses;
	int pl_n;
	unsigned pl_uses;
} dt_plist_t;

static bool is_error_probe(const dtrace_hdl_t *dtp, const dt_probe_t *pr)
{
	return pr == dtp->dt_errprobe;
}

/* ERROR's clauses and probe; their EPIDs. */
static void plan_error(dtrace_hdl_t *dtp)
{
	dtp->dt_errclauses = dt_zalloc(sizeof(dt_clause_t *) * (dtp->dt_nclauses + 1));
	for (int c = 0; c < dtp->dt_nclauses; c++) {
		dt_clause_t *clp = dtp->dt_clauses[c];

		for (int i = 0; i < clp->dc_nprobes; i++) {
			dt_probe_t *pr = clp->dc_probes[i];

			if (!strcmp(pr->pr_desc.dtpd_provider, "dtrace") &&
			    !strcmp(pr->pr_desc.dtpd_name, "ERROR")) {
				dtp->dt_errprobe = pr;
				dtp->dt_errclauses[dtp->dt_nerrclauses++] = clp;
				break;
			}
		}
	}
	if (dtp->dt_errprobe == NULL)
		return;
	(void)dt_probe_info(dtp, dtp->dt_errprobe);
	dtp->dt_errstmts = dt_zalloc(sizeof(dt_epid_t *) * (dtp->dt_nerrclauses + 1));
	for (int i = 0; i < dtp->dt_nerrclauses; i++)
		dtp->dt_errstmts[i] = dt_zalloc(sizeof(dt_epid_t));
}

static bool same_signature(const dt_probe_t *a, const dt_probe_t *b, unsigned uses)
{
	if (a != b && (a->pr_alone || b->pr_alone))
		return false;
	if (a->pr_progtype != b->pr_progtype || a->pr_bind != b->pr_bind ||
	    a->pr_activity != b->pr_activity || a->pr_prov != b->pr_prov ||
	    a->pr_uentry_ra != b->pr_uentry_ra ||
	    memcmp(a->pr_filter, b->pr_filter, sizeof(a->pr_filter)) != 0)
		return false;
	/* fbt: a kernel stack starts one frame further at entry (dt_cg_stack_skip) */
	if (a->pr_entry != b->pr_entry && !strcmp(a->pr_prov->pv_name, "fbt"))
		return false;
	if (uses == 0)
		return true;
	return !memcmp(a->pr_argsrc, b->pr_argsrc, sizeof(a->pr_argsrc)) &&
	       !memcmp(a->pr_argval, b->pr_argval, sizeof(a->pr_argval)) &&
	       !memcmp(&a->pr_errno, &b->pr_errno, sizeof(a->pr_errno));
}

static bool same_clauses(const dt_bpfprog_t *bp, const dt_plist_t *pl)
{
	return bp->bp_nclauses == pl->pl_n &&
	       !memcmp(bp->bp_clauses, pl->pl_clauses, sizeof(dt_clause_t *) * pl->pl_n);
}

/* The program for probe pr with clause list pl: an existing one or a new one. */
static dt_bpfprog_t *program_for(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_plist_t *pl,
				 dt_bpfprog_t ***tailp)
{
	dt_bpfprog_t *bp;

	for (bp = dtp->dt_bprogs; bp != NULL; bp = bp->bp_next)
		if (same_clauses(bp, pl) && same_signature(bp->bp_probe, pr, pl->pl_uses))
			return bp;
	bp = dt_zalloc(sizeof(*bp));
	bp->bp_id = dtp->dt_nbprogs++;
	bp->bp_probe = pr;
	bp->bp_clauses = pl->pl_clauses;
	bp->bp_nclauses = pl->pl_n;
	bp->bp_fd = -1;
	bp->bp_pffd = -1;
	bp->bp_bindfd = -1;
	pl->pl_clauses = NULL; /* now the program's */
	**tailp = bp;
	*tailp = &bp->bp_next;
	return bp;
}

/* Give each probe of a shared program its dt_probetab entry and names. */
static void plan_probetab(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	const dtrace_probedesc_t *pd = &pr->pr_desc;
	dt_probetab_ent_t *pt;

	dtp->dt_probetab = dt_realloc(dtp->dt_probetab,
				      sizeof(dt_probetab_ent_t) * (dtp->dt_nprobetab + 1));
	pt = &dtp->dt_probetab[dtp->dt_nprobetab];
	memset(pt, 0, sizeof(*pt));
	pt->pt_id = pd->dtpd_id;
	pt->pt_str[0] = (uint32_t)dt_strtab_add(dtp, pd->dtpd_provider);
	pt->pt_str[1] = (uint32_t)dt_strtab_add(dtp, pd->dtpd_mod);
	pt->pt_str[2] = (uint32_t)dt_strtab_add(dtp, pd->dtpd_func);
	pt->pt_str[3] = (uint32_t)dt_strtab_add(dtp, pd->dtpd_name);
	for (int i = 0; i < 4; i++)
		if ((int)pt->pt_str[i] > dtp->dt_probestrmax)
			dtp->dt_probestrmax = (int)pt->pt_str[i];
	pr->pr_enidx = dtp->dt_nprobetab++;
}

/* Ask each provider how its enabled probes attach. */
static int plan_prepare(dtrace_hdl_t *dtp, dt_probe_t **en, int nen)
{
	dt_probe_t **v = dt_zalloc(sizeof(dt_probe_t *) * (nen + 1));

	for (int p = 0; p < dtp->dt_nprovs; p++) {
		dt_provider_t *pv = dtp->dt_provs[p];
		int n = 0;

		for (int i = 0; i < nen; i++)
			if (en[i]->pr_prov == pv)
				v[n++] = en[i];
		if (n > 0 && pv->pv_prepare != NULL && pv->pv_prepare(dtp, pv, v, n) != 0) {
			free(v);
			return -1;
		}
	}
	free(v);
	return 0;
}

/* The plan's working lists: freed when done, or by out of memory (core/dt_alloc.c). */
typedef struct plan_tmp {
	dt_plist_t *pt_lists; /* by probe ID */
	int pt_nprobes;
	dt_probe_t **pt_en;   /* the probes enabled */
} plan_tmp_t;

static void plan_tmp_free(void *arg)
{
	plan_tmp_t *pt = arg;

	for (int id = 0; pt->pt_lists != NULL && id < pt->pt_nprobes; id++)
		free(pt->pt_lists[id].pl_clauses);
	free(pt->pt_lists);
	free(pt->pt_en);
}

/*
 * Plan every program (dt_bprogs): which probes, which clauses, shared or
 * not, EPIDs and dt_probetab.  Code is generated afterwards (dt_cg_program).
 */
int dt_enable_plan(dtrace_hdl_t *dtp)
{
	plan_tmp_t pt = { NULL, dtp->dt_nprobes, NULL };
	dt_nomem_undo_t undo;
	dt_plist_t *lists;
	dt_probe_t **en = NULL;
	dt_bpfprog_t **tail = &dtp->dt_bprogs;
	int nen = 0, rv = -1;

	dt_nomem_hold(&undo, plan_tmp_free, &pt);
	lists = pt.pt_lists = dt_zalloc(sizeof(dt_plist_t) * (size_t)dtp->dt_nprobes);

	plan_error(dtp);
	for (int c = 0; c < dtp->dt_nclauses; c++) {
		dt_clause_t *clp = dtp->dt_clauses[c];

		for (int i = 0; i < clp->dc_nprobes; i++) {
			dt_plist_t *pl = &lists[clp->dc_probes[i]->pr_desc.dtpd_id];

			pl->pl_clauses = dt_realloc(pl->pl_clauses, sizeof(dt_clause_t *) * (pl->pl_n + 1));
			pl->pl_clauses[pl->pl_n++] = clp;
			pl->pl_uses |= clp->dc_uses;
		}
	}
	for (int id = 1; id < dtp->dt_nprobes; id++) {
		dt_probe_t *pr = dtp->dt_probes[id];

		if (lists[id].pl_n == 0 || is_error_probe(dtp, pr))
			continue;
		if (dt_probe_info(dtp, pr) != 0 ||
		    (lists[id].pl_uses != 0 && dt_probe_args(dtp, pr) != 0))
			goto out;
		en = pt.pt_en = dt_realloc(en, sizeof(dt_probe_t *) * (nen + 1));
		en[nen++] = pr;
	}
	if (plan_prepare(dtp, en, nen) != 0)
		goto out;
	/* raw tracepoint probes of providers other than syscall may fire in interrupts */
	for (int i = 0; i < nen; i++)
		if (en[i]->pr_progtype == DT_PT_RAW_TP && en[i]->pr_bind == DT_BIND_COOKIE &&
		    en[i]->pr_activity == DT_ACTIVITY_ACTIVE)
			dtp->dt_rawnest = true;
	for (int i = 0; i < nen; i++) {
		dt_probe_t *pr = en[i];
		dt_bpfprog_t *bp = program_for(dtp, pr, &lists[pr->pr_desc.dtpd_id], &tail);

		bp->bp_probes = dt_realloc(bp->bp_probes, sizeof(dt_probe_t *) * (bp->bp_nprobes + 1));
		bp->bp_probes[bp->bp_nprobes++] = pr;
		pr->pr_prog = bp;
	}
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp != NULL; bp = bp->bp_next) {
		bp->bp_shared = bp->bp_nprobes > 1 || bp->bp_probe->pr_bind != DT_BIND_COOKIE;
		bp->bp_stmts = dt_zalloc(sizeof(dt_epid_t *) * (bp->bp_nclauses + 1));
		for (int k = 0; k < bp->bp_nclauses; k++)
			bp->bp_stmts[k] = dt_zalloc(sizeof(dt_epid_t));
		for (int i = 0; i < bp->bp_nprobes; i++) {
			dt_probe_t *pr = bp->bp_probes[i];

			pr->pr_epidbase = dt_epid_alloc(dtp, pr, bp->bp_clauses, bp->bp_nclauses);
			if (bp->bp_shared)
				plan_probetab(dtp, pr);
		}
		if (bp->bp_probe->pr_activity == DT_ACTIVITY_WARMUP)
			dtp->dt_beginprog = bp;
		else if (bp->bp_probe->pr_activity == DT_ACTIVITY_COOLDOWN)
			dtp->dt_endprog = bp;
	}
	if (dtp->dt_errprobe != NULL) /* ERROR's EPIDs come after the programs' */
		dtp->dt_errprobe->pr_epidbase = dt_epid_alloc(dtp, dtp->dt_errprobe,
							      dtp->dt_errclauses, dtp->dt_nerrclauses);
	rv = 0;
out:
	dt_nomem_release(&undo);
	plan_tmp_free(&pt);
	return rv;
}

/* n consecutive EPIDs for probe pr, one per clause; returns the first. */
uint32_t dt_epid_alloc(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_clause_t **clauses, int n)
{
	uint32_t base;

	if (dtp->dt_nepids == 0)
		dtp->dt_nepids = 1; /* EPID 0 is never used */
	base = (uint32_t)dtp->dt_nepids;
	dtp->dt_epids = dt_realloc(dtp->dt_epids, sizeof(dt_epid_t *) * (dtp->dt_nepids + n));
	for (int i = 0; i < n; i++) {
		dt_epid_t *ep = dt_zalloc(sizeof(*ep));

		ep->ep_id = base + i;
		ep->ep_probe = pr;
		ep->ep_clause = clauses[i];
		dtp->dt_epids[dtp->dt_nepids++] = ep;
	}
	return base;
}

/* After code generation: every EPID gets its clause's record layout. */
static void fill_epids(dtrace_hdl_t *dtp, dt_probe_t *pr, dt_epid_t **stmts, int n)
{
	for (int k = 0; k < n; k++) {
		dt_epid_t *ep = dtp->dt_epids[pr->pr_epidbase + k];

		ep->ep_size = stmts[k]->ep_size;
		ep->ep_nrecs = stmts[k]->ep_nrecs;
		ep->ep_recs = stmts[k]->ep_recs;
		ep->ep_default = stmts[k]->ep_default;
		ep->ep_defers = stmts[k]->ep_defers;
	}
}

/* Generate every planned program. */
int dt_enable_gen(dtrace_hdl_t *dtp)
{
	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp != NULL; bp = bp->bp_next) {
		if (dt_cg_program(dtp, bp) != 0 || dt_cg_prefetch(dtp, bp) != 0)
			return -1;
		for (int i = 0; i < bp->bp_nprobes; i++)
			fill_epids(dtp, bp->bp_probes[i], bp->bp_stmts, bp->bp_nclauses);
	}
	if (dtp->dt_errprobe != NULL)
		fill_epids(dtp, dtp->dt_errprobe, dtp->dt_errstmts, dtp->dt_nerrclauses);
	return 0;
}

/*
 * Attach progress: a thread that, once attaching has taken a second, tells
 * the caller's progress handler how many probes are attached four times a
 * second, so that it tells even while one call attaches them all (a
 * kprobe_multi link); then, if it told, how attaching ended.
 */
typedef struct progress {
	dtrace_hdl_t *pg_dtp;
	pthread_mutex_t pg_lock;
	pthread_cond_t pg_cv;
	bool pg_stop, pg_failed;
	int pg_done, pg_total;
} progress_t;

static void *progress_run(void *arg)
{
	progress_t *pg = arg;
	dtrace_hdl_t *dtp = pg->pg_dtp;
	struct timespec ts;
	bool shown = false;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	ts.tv_sec++;
	pthread_mutex_lock(&pg->pg_lock);
	while (!pg->pg_stop) {
		if (pthread_cond_timedwait(&pg->pg_cv, &pg->pg_lock, &ts) != ETIMEDOUT)
			continue;
		dtp->dt_proghdlr(DTRACE_PROGRESS_ATTACHING,
				 __atomic_load_n(&pg->pg_done, __ATOMIC_RELAXED), pg->pg_total,
				 dtp->dt_progarg);
		shown = true;
		if ((ts.tv_nsec += 250000000) >= 1000000000) {
			ts.tv_nsec -= 1000000000;
			ts.tv_sec++;
		}
	}
	if (shown)
		dtp->dt_proghdlr(pg->pg_failed ? DTRACE_PROGRESS_FAILED : DTRACE_PROGRESS_DONE,
				 __atomic_load_n(&pg->pg_done, __ATOMIC_RELAXED), pg->pg_total,
				 dtp->dt_progarg);
	pthread_mutex_unlock(&pg->pg_lock);
	return NULL;
}

/* Does bp run a provider's companion clause (dc_hidden)? */
static bool has_companion(const dt_bpfprog_t *bp)
{
	for (int k = 0; k < bp->bp_nclauses; k++)
		if (bp->bp_clauses[k]->dc_hidden)
			return true;
	return false;
}

/* Attach bp to each of its probes, with the probe's cookie. */
static int attach_prog(dtrace_hdl_t *dtp, dt_bpfprog_t *bp, progress_t *pg)
{
	for (int i = 0; i < bp->bp_nprobes; i++) {
		dt_probe_t *pr = bp->bp_probes[i];
		uint64_t cookie = (uint64_t)pr->pr_epidbase << 32 | (uint32_t)pr->pr_enidx;
		int rv;

		if ((rv = pr->pr_prov->pv_attach(dtp, pr, bp, cookie)) != 0)
			return rv;
		__atomic_add_fetch(&pg->pg_done, 1, __ATOMIC_RELAXED);
	}
	return 0;
}

/*
 * Attach every program to each of its probes, with the probe's cookie.
 * When that takes more than a second, progress to the caller's handler
 * (dtrace_handle_progress()), if it registered one.
 */
int dt_enable_attach(dtrace_hdl_t *dtp)
{
	progress_t pg = { .pg_dtp = dtp, .pg_lock = PTHREAD_MUTEX_INITIALIZER };
	bool show = dtp->dt_proghdlr != NULL;
	pthread_condattr_t ca;
	pthread_t tid;
	int rv = 0;

	for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp != NULL; bp = bp->bp_next)
		pg.pg_total += bp->bp_nprobes;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&pg.pg_cv, &ca);
	if (show && pthread_create(&tid, NULL, progress_run, &pg) != 0)
		show = false;
	/*
	 * Programs running providers' companion clauses attach last: on a
	 * tracepoint, programs run in the order they were attached, and a
	 * companion on the event a probe fires at (lockstat's at
	 * lock:contention_end) frees the state that probe reads.
	 */
	for (int pass = 0; pass < 2 && rv == 0; pass++)
		for (dt_bpfprog_t *bp = dtp->dt_bprogs; bp != NULL && rv == 0; bp = bp->bp_next)
			if (has_companion(bp) == (pass == 1))
				rv = attach_prog(dtp, bp, &pg);
	if (show) {
		pthread_mutex_lock(&pg.pg_lock);
		pg.pg_stop = true;
		pg.pg_failed = rv != 0;
		pthread_cond_signal(&pg.pg_cv);
		pthread_mutex_unlock(&pg.pg_lock);
		pthread_join(tid, NULL);
	}
	pthread_cond_destroy(&pg.pg_cv);
	pthread_condattr_destroy(&ca);
	return rv != 0 ? -1 : 0;
}

/* dtrace_close(): the programs, their record layouts, EPIDs, dt_probetab. */
void dt_enable_fini(dtrace_hdl_t *dtp)
{
	for (dt_bpfprog_t *bp = dtp->dt_bprogs, *next; bp != NULL; bp = next) {
		next = bp->bp_next;
		for (int k = 0; bp->bp_stmts != NULL && k < bp->bp_nclauses; k++) {
			if (bp->bp_stmts[k] == NULL) /* out of memory while planning */
				break;
			free(bp->bp_stmts[k]->ep_recs); /* the EPIDs' share them */
			free(bp->bp_stmts[k]);
		}
		free(bp->bp_stmts);
		free(bp->bp_probes);
		free(bp->bp_clauses);
		free(bp->bp_insns);
		free(bp->bp_lines);
		free(bp->bp_insclauses);
		free(bp->bp_pfinsns);
		free(bp);
	}
	dtp->dt_bprogs = NULL;
	for (int i = 0; i < dtp->dt_nerrclauses && dtp->dt_errstmts != NULL; i++) {
		free(dtp->dt_errstmts[i]->ep_recs);
		free(dtp->dt_errstmts[i]);
	}
	free(dtp->dt_errstmts);
	free(dtp->dt_errclauses);
	for (int i = 1; i < dtp->dt_nepids; i++)
		free(dtp->dt_epids[i]);
	free(dtp->dt_epids);
	free(dtp->dt_probetab);
	free(dtp->dt_aggs);
}
