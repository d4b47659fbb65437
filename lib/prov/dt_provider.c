/*
 * dt_provider.c -- the provider registry, probe table and probe matching.
 *
 * Providers are modules behind one ops vector (dt_provider_t in prov/dt_prov.h),
 * registered in the table below.  A provider is populated (lists its
 * probes) only when a probe description names it, together with every
 * provider registered before it, so that probe IDs do not depend on which
 * providers a script names: dtrace:::BEGIN, END and ERROR are 1, 2 and 3,
 * as in DTrace, then each provider's probes in registry order; probes
 * created on demand from a description (profile-N; later pid<N>, USDT)
 * take the next free IDs.  Expensive providers belong at the end of the
 * table.
 */
#include "dt_prov.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static dt_provider_t *const dt_providers[] = { &dt_prov_dtrace, &dt_prov_profile,
						&dt_prov_syscall, &dt_prov_sched, &dt_prov_proc,
						&dt_prov_io,	  &dt_prov_tcp, &dt_prov_udp, &dt_prov_ip, &dt_prov_lockstat,	 &dt_prov_sdt,	 &dt_prov_pid,
						&dt_prov_usdt,	  &dt_prov_fbt };

void dt_provider_init(dtrace_hdl_t *dtp)
{
	size_t n = sizeof(dt_providers) / sizeof(dt_providers[0]);

	dtp->dt_provs = dt_zalloc(sizeof(dt_provider_t *) * n);
	for (size_t i = 0; i < n; i++) {
		dt_provider_t *pv = dt_zalloc(sizeof(*pv));

		*pv = *dt_providers[i];
		dtp->dt_provs[dtp->dt_nprovs++] = pv;
	}
	dtp->dt_nprobes = 1; /* ID 0 is not a probe */
}

dt_provider_t *dt_provider_lookup(dtrace_hdl_t *dtp, const char *name)
{
	for (int i = 0; i < dtp->dt_nprovs; i++)
		if (!strcmp(dtp->dt_provs[i]->pv_name, name))
			return dtp->dt_provs[i];
	return NULL;
}

/* At dtrace_close(): the providers' own state, the probes' slabs, the tables. */
void dt_probe_fini(dtrace_hdl_t *dtp)
{
	for (int i = 0; i < dtp->dt_nprovs; i++) {
		dt_provider_t *pv = dtp->dt_provs[i];

		if (pv->pv_fini != NULL)
			pv->pv_fini(dtp, pv);
		free(pv);
	}
	free(dtp->dt_provs);
	for (int i = 0; i < dtp->dt_nprobeslabs; i++)
		munmap(dtp->dt_probeslabs[i], sizeof(dt_probe_t) * DT_PROBE_SLAB);
	free(dtp->dt_probeslabs);
	free(dtp->dt_probes);
}

dt_probe_t *dt_probe_create(dtrace_hdl_t *dtp, dt_provider_t *pv, const char *mod,
			    const char *func, const char *name)
{
	dt_probe_t *pr;

	/* in slabs: fbt makes tens of thousands (freed by dt_probe_fini()) */
	if (dtp->dt_probeslab == NULL || dtp->dt_probeslabn == DT_PROBE_SLAB) {
		/* populated at once: a page fault per page costs more than the probes */
		void *p = mmap(NULL, sizeof(dt_probe_t) * DT_PROBE_SLAB, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

		if (p != MAP_FAILED) {
			dtp->dt_probeslabs = dt_realloc(dtp->dt_probeslabs,
							sizeof(void *) * (dtp->dt_nprobeslabs + 1));
			dtp->dt_probeslabs[dtp->dt_nprobeslabs++] = p;
		} else {
			p = dt_arena_zalloc(&dtp->dt_arena, sizeof(dt_probe_t) * DT_PROBE_SLAB);
		}
		dtp->dt_probeslab = p;
		dtp->dt_probeslabn = 0;
	}
	pr = &dtp->dt_probeslab[dtp->dt_probeslabn++];
	if (dtp->dt_nprobes >= dtp->dt_probecap) {
		dtp->dt_probecap = dtp->dt_probecap ? dtp->dt_probecap * 2 : 1024;
		dtp->dt_probes = dt_realloc(dtp->dt_probes, sizeof(dt_probe_t *) * dtp->dt_probecap);
	}
	pr->pr_desc.dtpd_id = (uint32_t)dtp->dt_nprobes;
	snprintf(pr->pr_desc.dtpd_provider, DTRACE_PROVNAMELEN, "%s", pv->pv_name);
	snprintf(pr->pr_desc.dtpd_mod, DTRACE_MODNAMELEN, "%s", mod);
	snprintf(pr->pr_desc.dtpd_func, DTRACE_FUNCNAMELEN, "%s", func);
	snprintf(pr->pr_desc.dtpd_name, DTRACE_NAMELEN, "%s", name);
	pr->pr_prov = pv;
	pr->pr_sysnr = -1;
	pr->pr_enidx = -1;
	pr->pr_activity = DT_ACTIVITY_ACTIVE;
	dtp->dt_probes[dtp->dt_nprobes++] = pr;
	return pr;
}

/* Populate provider i and every provider registered before it. */
static int populate_upto(dtrace_hdl_t *dtp, int last)
{
	for (int i = 0; i <= last; i++) {
		dt_provider_t *pv = dtp->dt_provs[i];

		if (!pv->pv_populated) {
			pv->pv_populated = true;
			if (pv->pv_populate != NULL && pv->pv_populate(dtp, pv) != 0)
				return -1;
		}
	}
	return 0;
}

static int populate_all(dtrace_hdl_t *dtp)
{
	return populate_upto(dtp, dtp->dt_nprovs - 1);
}

/* Before probes made for a process: every listed provider first (stable IDs). */
int dt_provider_populate_all(dtrace_hdl_t *dtp)
{
	return populate_all(dtp);
}

/* sh-style pattern matching: *, ?, [set], [!set], \c */
bool dt_gmatch(const char *s, const char *p)
{
	for (; *p; p++, s++) {
		switch (*p) {
		case '*':
			while (p[1] == '*')
				p++;
			if (p[1] == '\0')
				return true;
			for (; *s; s++)
				if (dt_gmatch(s, p + 1))
					return true;
			return dt_gmatch(s, p + 1);
		case '?':
			if (*s == '\0')
				return false;
			break;
		case '[': {
			bool neg = p[1] == '!' || p[1] == '^', ok = false;
			const char *q = p + 1 + neg;

			if (*s == '\0')
				return false;
			for (; *q && (*q != ']' || q == p + 1 + neg); q++) {
				if (q[1] == '-' && q[2] && q[2] != ']') {
					if (*s >= q[0] && *s <= q[2])
						ok = true;
					q += 2;
				} else if (*q == *s) {
					ok = true;
				}
			}
			if (*q != ']')
				return *s == '[' && dt_gmatch(s + 1, p + 1);
			if (ok == neg)
				return false;
			p = q;
			break;
		}
		case '\\':
			if (p[1] != '\0')
				p++;
			/* FALLTHROUGH */
		default:
			if (*s != *p)
				return false;
		}
	}
	return *s == '\0';
}

static bool field_match(const char *s, const char *p)
{
	return p == NULL || *p == '\0' || dt_gmatch(s, p);
}

/*
 * A module field: illumos' core kernel is two modules, genunix (generic)
 * and unix (platform), that scripts name (io:genunix::start); on Linux
 * both are vmlinux, as for type scopes (types/dt_btf.c).
 */
static bool core_alias(const char *mod)
{
	return mod != NULL && (!strcmp(mod, "genunix") || !strcmp(mod, "unix"));
}

static bool mod_match(const char *s, const char *p)
{
	return field_match(s, core_alias(p) ? "vmlinux" : p);
}

static bool probe_matches(const dt_probe_t *pr, const dt_pdesc_t *pd)
{
	const dt_provider_t *pv = pr->pr_prov;

	return field_match(pr->pr_desc.dtpd_provider, pd->pd_prov) &&
	       (mod_match(pr->pr_desc.dtpd_mod, pd->pd_mod) ||
		(pv->pv_modalias != NULL && pv->pv_modalias(pr->pr_desc.dtpd_mod, pd->pd_mod))) &&
	       field_match(pr->pr_desc.dtpd_func, pd->pd_func) &&
	       field_match(pr->pr_desc.dtpd_name, pd->pd_name);
}

/*
 * All probes matching pd, in ID order; returns the count (or -1).  The
 * providers pd names are populated first, and asked to create the probes
 * the whole description names.
 */
int dt_probe_match(dtrace_hdl_t *dtp, const dt_pdesc_t *pd, dt_probe_t ***out)
{
	dt_nomem_undo_t undo;
	dt_probe_t **v = NULL;
	int n = 0;
	dt_pdesc_t kpd;

	if (core_alias(pd->pd_mod)) { /* providers are asked for vmlinux's probes */
		kpd = *pd;
		kpd.pd_mod = (char *)"vmlinux";
		pd = &kpd;
	}
	for (int i = dtp->dt_nprovs - 1; i >= 0; i--) {
		if (field_match(dtp->dt_provs[i]->pv_name, pd->pd_prov)) {
			if (populate_upto(dtp, i) != 0)
				return -1;
			break;
		}
	}
	for (int i = 0; i < dtp->dt_nprovs; i++) {
		dt_provider_t *pv = dtp->dt_provs[i];

		if (pv->pv_provide != NULL &&
		    (pv->pv_anyname || field_match(pv->pv_name, pd->pd_prov)) &&
		    pv->pv_provide(dtp, pv, pd) != 0)
			return -1;
	}
	dt_nomem_hold(&undo, dt_nomem_free_ptr, &v);
	for (int id = 1, cap = 0; id < dtp->dt_nprobes; id++) {
		if (!probe_matches(dtp->dt_probes[id], pd) || !dt_probe_exists(dtp, dtp->dt_probes[id]))
			continue;
		if (n == cap) /* geometric: fbt matches tens of thousands */
			v = dt_realloc(v, sizeof(dt_probe_t *) * (cap = cap ? cap * 2 : 16));
		v[n++] = dtp->dt_probes[id];
	}
	dt_nomem_release(&undo);
	*out = v;
	return n;
}

/* Whether a probe listed unchecked by its provider exists (once). */
bool dt_probe_exists(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	if (pr->pr_exists == 0) {
		dt_provider_t *pv = pr->pr_prov;

		pr->pr_exists = pv->pv_exists == NULL || pv->pv_exists(dtp, pr) ? 1 : -1;
	}
	return pr->pr_exists > 0;
}

/* The provider's description of a probe's program type, once. */
int dt_probe_info(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	if (pr->pr_infodone)
		return 0;
	pr->pr_infodone = true;
	if (pr->pr_prov->pv_probe_info == NULL)
		return 0;
	return pr->pr_prov->pv_probe_info(dtp, pr);
}

/* ... and of its arguments, once, when a clause reads them. */
int dt_probe_args(dtrace_hdl_t *dtp, dt_probe_t *pr)
{
	if (dt_probe_info(dtp, pr) != 0)
		return -1;
	if (pr->pr_argsdone)
		return 0;
	pr->pr_argsdone = true;
	if (pr->pr_prov->pv_probe_args == NULL)
		return 0;
	return pr->pr_prov->pv_probe_args(dtp, pr);
}

static int probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, dtrace_probe_f *func,
		      void *arg);

typedef struct probe_iter_call {
	const dtrace_probedesc_t *pi_desc;
	dtrace_probe_f *pi_func;
	void *pi_arg;
} probe_iter_call_t;

static int probe_iter_call(dtrace_hdl_t *dtp, void *arg)
{
	probe_iter_call_t *pi = arg;

	return probe_iter(dtp, pi->pi_desc, pi->pi_func, pi->pi_arg);
}

/* Out of memory fails the call with EDT_NOMEM (core/dt_alloc.c). */
int dtrace_probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, dtrace_probe_f *func,
		      void *arg)
{
	probe_iter_call_t pi = { pdp, func, arg };

	return dt_nomem_call(dtp, probe_iter_call, &pi);
}

static int probe_iter(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, dtrace_probe_f *func,
		      void *arg)
{
	dt_pdesc_t pd = { 0 };
	dt_probe_t **v;
	int n, rv = 0;

	if (pdp != NULL) {
		pd.pd_prov = (char *)pdp->dtpd_provider;
		pd.pd_mod = (char *)pdp->dtpd_mod;
		pd.pd_func = (char *)pdp->dtpd_func;
		pd.pd_name = (char *)pdp->dtpd_name;
	}
	if ((n = dt_probe_match(dtp, &pd, &v)) < 0)
		return -1;
	for (int i = 0; i < n && rv == 0; i++)
		rv = func(dtp, &v[i]->pr_desc, arg);
	free(v);
	return n;
}

/* Parse a -P/-m/-f/-n argument (any clause text cut off) into a description. */
int dtrace_str2desc(dtrace_hdl_t *dtp, dtrace_probespec_t spec, const char *s,
		    dtrace_probedesc_t *pdp)
{
	char *copy, *end, *out[4], *t;

	/* $target in a -l description (pid$target:a.out::entry) is the -c/-p process */
	copy = dt_zalloc(strlen(s) * 2 + 16);
	strcpy(copy, s);
	while ((t = strstr(copy, "$target")) != NULL) {
		char num[16];

		snprintf(num, sizeof(num), "%d", dtp->dt_target);
		memmove(t + strlen(num), t + 7, strlen(t + 7) + 1);
		memcpy(t, num, strlen(num));
	}
	if ((end = strpbrk(copy, "{/;")) != NULL)
		*end = '\0';
	for (end = copy + strlen(copy); end > copy && (end[-1] == ' ' || end[-1] == '\t'); end--)
		end[-1] = '\0';
	if (dt_pdesc_split(copy, spec, out) != 0) {
		free(copy);
		return dt_set_errno(dtp, EDT_BADSPEC);
	}
	memset(pdp, 0, sizeof(*pdp));
	snprintf(pdp->dtpd_provider, sizeof(pdp->dtpd_provider), "%s", out[0]);
	snprintf(pdp->dtpd_mod, sizeof(pdp->dtpd_mod), "%s", out[1]);
	snprintf(pdp->dtpd_func, sizeof(pdp->dtpd_func), "%s", out[2]);
	snprintf(pdp->dtpd_name, sizeof(pdp->dtpd_name), "%s", out[3]);
	free(copy);
	return 0;
}

/* Call func for the probe with this id, if there is one. */
int dtrace_probe_byid(dtrace_hdl_t *dtp, unsigned id, dtrace_probe_f *func, void *arg)
{
	if (populate_all(dtp) != 0)
		return -1;
	if (id == 0 || id >= (unsigned)dtp->dt_nprobes ||
	    !dt_probe_exists(dtp, dtp->dt_probes[id]))
		return dt_set_errno(dtp, EDT_NOPROBE);
	return func(dtp, &dtp->dt_probes[id]->pr_desc, arg);
}

/* ------------------------------------------------------------ -l -v */

/*
 * DTrace's stability attributes of each provider (illumos' dtrace_pattr_t
 * tables, as the Dynamic Tracing Guide gives them): provider, module,
 * function, name, arguments.  USDT providers have DTrace's defaults for a
 * provider a .d file declares without attribute pragmas.
 */
#define A(n, d, c) { DTRACE_STABILITY_##n, DTRACE_STABILITY_##d, DTRACE_CLASS_##c }

typedef struct pattr {
	const char *pa_prov;
	dtrace_attribute_t pa_attr[5];
} pattr_t;

static const pattr_t pattrs[] = {
	{ "dtrace", { A(STABLE, STABLE, COMMON), A(PRIVATE, PRIVATE, UNKNOWN),
		      A(PRIVATE, PRIVATE, UNKNOWN), A(STABLE, STABLE, COMMON),
		      A(STABLE, STABLE, COMMON) } },
	{ "profile", { A(EVOLVING, EVOLVING, COMMON), A(UNSTABLE, UNSTABLE, UNKNOWN),
		       A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, COMMON),
		       A(EVOLVING, EVOLVING, COMMON) } },
	{ "syscall", { A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, UNKNOWN),
		       A(EVOLVING, EVOLVING, ISA), A(EVOLVING, EVOLVING, COMMON),
		       A(PRIVATE, PRIVATE, ISA) } },
	{ "fbt", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		   A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		   A(PRIVATE, PRIVATE, ISA) } },
	{ "sdt", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		   A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		   A(PRIVATE, PRIVATE, ISA) } },
	{ "sched", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		     A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		     A(EVOLVING, EVOLVING, ISA) } },
	{ "proc", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		    A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		    A(EVOLVING, EVOLVING, ISA) } },
	{ "io", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		  A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		  A(EVOLVING, EVOLVING, ISA) } },
	/* illumos' sdt providers' stab_attr, as sched's */
	{ "tcp", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		   A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		   A(EVOLVING, EVOLVING, ISA) } },
	{ "udp", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		   A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		   A(EVOLVING, EVOLVING, ISA) } },
	{ "ip", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		  A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		  A(EVOLVING, EVOLVING, ISA) } },
	/* illumos' lockstat_attr */
	{ "lockstat", { A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, UNKNOWN),
			A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, COMMON),
			A(EVOLVING, EVOLVING, COMMON) } },
	{ "pid", { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		   A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, ISA),
		   A(PRIVATE, PRIVATE, UNKNOWN) } },
	/* a provider's attributes DTrace gives when nothing says otherwise */
	{ NULL, { A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON),
		  A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON),
		  A(UNSTABLE, UNSTABLE, COMMON) } },
};
#undef A


static bool is_glob(const char *s)
{
	return s == NULL || s[0] == '\0' || strpbrk(s, "*?[\\") != NULL;
}

#define NPATTRS (sizeof(pattrs) / sizeof(pattrs[0]))

/* A provider's row (by its module's name); the defaults for others. */
static const pattr_t *pattr_of(const char *pvname)
{
	const pattr_t *pa = pattrs;

	while (pa->pa_prov != NULL && (pvname == NULL || strcmp(pa->pa_prov, pvname)))
		pa++;
	return pa;
}

bool dt_probe_matches(const dt_probe_t *pr, const dt_pdesc_t *pd)
{
	return probe_matches(pr, pd);
}

/*
 * A description's attributes, as DTrace computes them: its provider's,
 * and the least stable of those of the fields it gives (empty fields and
 * patterns left out; a provider that is a pattern has the defaults).
 */
const dtrace_attribute_t *dt_pdesc_attr(const dt_pdesc_t *pd, const dt_probe_t *pr,
					dtrace_attribute_t *descp)
{
	const pattr_t *pa = is_glob(pd->pd_prov) || pr == NULL ? &pattrs[NPATTRS - 1]
							       : pattr_of(pr->pr_prov->pv_name);

	*descp = pa->pa_attr[0];
	if (!is_glob(pd->pd_mod))
		*descp = dt_attr_min(*descp, pa->pa_attr[1]);
	if (!is_glob(pd->pd_func))
		*descp = dt_attr_min(*descp, pa->pa_attr[2]);
	if (!is_glob(pd->pd_name))
		*descp = dt_attr_min(*descp, pa->pa_attr[3]);
	return pa->pa_attr;
}

/*
 * A description's probe for dtrace -e -v: the first it matches; more than
 * one only if the provider promises the same arguments for all of them
 * (illumos' dt_probe_info(): arguments at least Evolving in data, and no
 * field at least Evolving in name left empty or a pattern).
 */
static dt_probe_t *desc_probe(dtrace_hdl_t *dtp, const dt_pdesc_t *pd)
{
	dt_probe_t **v, *pr;
	const pattr_t *pa;
	int n = dt_probe_match(dtp, pd, &v);

	if (n <= 0) {
		if (n == 0)
			dt_set_errno(dtp, EDT_NOPROBE);
		return NULL;
	}
	pr = v[0];
	free(v);
	pa = pattr_of(pr->pr_prov->pv_name);
	if (n > 1 && (pa->pa_attr[4].dtat_data < DTRACE_STABILITY_EVOLVING ||
		      (pa->pa_attr[1].dtat_name >= DTRACE_STABILITY_EVOLVING && is_glob(pd->pd_mod)) ||
		      (pa->pa_attr[2].dtat_name >= DTRACE_STABILITY_EVOLVING && is_glob(pd->pd_func)) ||
		      (pa->pa_attr[3].dtat_name >= DTRACE_STABILITY_EVOLVING && is_glob(pd->pd_name)))) {
		dt_set_errno(dtp, EDT_NOPROBE);
		return NULL;
	}
	return pr;
}

/*
 * The attributes and argument types of the probe pdp names (dtpd_id, or its
 * fields): dtrace_probe_info() (driver/dt_probeinfo.c) once the D library
 * is loaded.
 */
int dt_probe_describe(dtrace_hdl_t *dtp, const dtrace_probedesc_t *pdp, dtrace_probeinfo_t *pip)
{
	dt_pdesc_t pd = { .pd_prov = (char *)pdp->dtpd_provider, .pd_mod = (char *)pdp->dtpd_mod,
			  .pd_func = (char *)pdp->dtpd_func, .pd_name = (char *)pdp->dtpd_name };
	const dtrace_attribute_t *pa;
	dt_probe_t *pr;

	if (populate_all(dtp) != 0)
		return -1;
	if (pdp->dtpd_id == 0) {
		if ((pr = desc_probe(dtp, &pd)) == NULL)
			return -1;
	} else if (pdp->dtpd_id >= (unsigned)dtp->dt_nprobes) {
		return dt_set_errno(dtp, EDT_NOPROBE);
	} else {
		pr = dtp->dt_probes[pdp->dtpd_id];
	}
	memset(pip, 0, sizeof(*pip));
	pa = dt_pdesc_attr(&pd, pr, &pip->dtp_attr);
	pip->dtp_arga = pa[4];
	if (dt_probe_args(dtp, pr) != 0)
		return -1;
	for (int i = 0; i < pr->pr_nargs && i < DTRACE_PROBEINFO_MAXARGS; i++) {
		if (pr->pr_xargtypes != NULL && pr->pr_xargtypes[i] != NULL)
			dt_type_name(pr->pr_xargtypes[i], pip->dtp_argv[i], sizeof(pip->dtp_argv[i]));
		else if (pr->pr_argtypes == NULL || pr->pr_argtypes[i] == NULL)
			snprintf(pip->dtp_argv[i], sizeof(pip->dtp_argv[i]), "(unknown)");
		else
			dt_type_name(pr->pr_argtypes[i], pip->dtp_argv[i], sizeof(pip->dtp_argv[i]));
		pip->dtp_argc = i + 1;
	}
	return 0;
}

/* -i: the description "p:m:f:n" of a probe id (with any clause text). */
char *dtrace_id2desc(dtrace_hdl_t *dtp, const char *arg)
{
	char *end, *out;
	long id = strtol(arg, &end, 10);
	const dtrace_probedesc_t *pd;

	if (populate_all(dtp) != 0 || end == arg || id <= 0 || id >= dtp->dt_nprobes)
		return dt_strdup(arg); /* fails to match, with the usual message */
	pd = &dtp->dt_probes[id]->pr_desc;
	out = dt_zalloc(strlen(end) + 400);
	sprintf(out, "%s:%s:%s:%s%s", pd->dtpd_provider, pd->dtpd_mod, pd->dtpd_func, pd->dtpd_name,
		end);
	return out;
}

/* The probes enabled by the programs exec'd so far. */
int dtrace_enabled_iter(dtrace_hdl_t *dtp, dtrace_probe_f *func, void *arg)
{
	for (int c = 0; c < dtp->dt_nclauses; c++)
		for (int i = 0; i < dtp->dt_clauses[c]->dc_nprobes; i++)
			func(dtp, &dtp->dt_clauses[c]->dc_probes[i]->pr_desc, arg);
	return 0;
}
