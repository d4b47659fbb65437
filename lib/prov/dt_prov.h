/*
 * dt_prov.h -- probes and the provider interface (prov/dt_provider.c and
 * one file per provider).
 *
 * A stage: includes the bpf, proc and types services, never another stage.
 * Probes as data are layout/dt_probe.h.
 */
#ifndef DT_PROV_H
#define DT_PROV_H

#include "../bpf/dt_bpf.h"
#include "../proc/dt_proc.h"
#include "../types/dt_types.h"

#define DT_PROBE_SLAB 1024 /* probes allocated at once */


/*
 * The provider interface (prov/dt_provider.c keeps the table): populate()
 * lists the provider's probes (lazily, the first time a description names
 * the provider), provide() creates the probes a whole description names
 * (profile-N, later pid<N> and USDT), probe_info() gives a probe's program
 * type and what is cheap to know, probe_args() its argument types and
 * sources (read only for clauses that use them), prepare() chooses how the enabled probes attach (the
 * syscall provider picks per-syscall tracepoints or the raw tracepoint
 * with a binding map), attach() attaches a loaded program to one probe with
 * the cookie that identifies the probe at run time.
 */
typedef struct dt_provider {
	const char *pv_name;
	int (*pv_populate)(dtrace_hdl_t *, struct dt_provider *);
	int (*pv_provide)(dtrace_hdl_t *, struct dt_provider *, const struct dt_pdesc *);
	int (*pv_probe_info)(dtrace_hdl_t *, dt_probe_t *);
	int (*pv_probe_args)(dtrace_hdl_t *, dt_probe_t *);
	int (*pv_prepare)(dtrace_hdl_t *, struct dt_provider *, dt_probe_t **, int n);
	int (*pv_attach)(dtrace_hdl_t *, dt_probe_t *, struct dt_bpfprog *, uint64_t cookie);
	/* whether a probe populate() listed unchecked (costly to check) exists;
	   asked only when a description matches it, once */
	bool (*pv_exists)(dtrace_hdl_t *, dt_probe_t *);
	/* at dtrace_close(): free pv_data and the probes' pr_data (NULL: nothing to free) */
	void (*pv_fini)(dtrace_hdl_t *, struct dt_provider *);
	/* whether literal module pat names a probe's module mod, which it does not
	   spell (pid: "libc" and "libc.so" name libc.so.6, as illumos'
	   dt_pid_fix_mod() rewrites such a description to the object's name) */
	bool (*pv_modalias)(const char *mod, const char *pat);
	bool pv_anyname;   /* provide() sees every description (per-process providers:
			      pid123, myprov123), whatever its provider field */
	bool pv_populated;
	void *pv_data;	/* the provider's own state */
} dt_provider_t;


/* prov/dt_provider.c */
DT_INTERNAL void dt_provider_init(dtrace_hdl_t *);
DT_INTERNAL int dt_provider_populate_all(dtrace_hdl_t *);
/* prov/dt_prov_usdt.c: one SDT operand description ("-4@%eax") as an argument source */
DT_INTERNAL void dt_usdt_operand(const char *, dt_argsrc_t *, int64_t *val);
DT_INTERNAL dt_provider_t *dt_provider_lookup(dtrace_hdl_t *, const char *);
DT_INTERNAL void dt_probe_fini(dtrace_hdl_t *); /* the providers and probes */
DT_INTERNAL dt_probe_t *dt_probe_create(dtrace_hdl_t *, dt_provider_t *, const char *mod,
					const char *func, const char *name);
DT_INTERNAL int dt_probe_match(dtrace_hdl_t *, const dt_pdesc_t *, dt_probe_t ***out);
DT_INTERNAL bool dt_gmatch(const char *s, const char *p);
DT_INTERNAL bool dt_probe_exists(dtrace_hdl_t *, dt_probe_t *);
/*
 * -v: the attributes of a description's provider (provider, module,
 * function, name, arguments: DTrace's defaults when the provider field is
 * empty or a pattern, or pr, a probe it matches, is NULL), and in *descp
 * the least stable of the fields it gives.
 */
DT_INTERNAL const dtrace_attribute_t *dt_pdesc_attr(const dt_pdesc_t *, const dt_probe_t *pr,
						    dtrace_attribute_t *descp);
DT_INTERNAL bool dt_probe_matches(const dt_probe_t *, const dt_pdesc_t *);
DT_INTERNAL int dt_probe_info(dtrace_hdl_t *, dt_probe_t *);
DT_INTERNAL int dt_probe_args(dtrace_hdl_t *, dt_probe_t *);
DT_INTERNAL int dt_probe_describe(dtrace_hdl_t *, const dtrace_probedesc_t *, dtrace_probeinfo_t *);
extern dt_provider_t dt_prov_dtrace, dt_prov_profile, dt_prov_syscall, dt_prov_sdt;
extern dt_provider_t dt_prov_sched, dt_prov_proc, dt_prov_io, dt_prov_pid, dt_prov_usdt;
extern dt_provider_t dt_prov_tcp, dt_prov_udp, dt_prov_ip, dt_prov_lockstat;
extern dt_provider_t dt_prov_fbt;

/* prov/dt_tp.c: kernel tracepoints (tracefs events, BTF argument types) */
typedef int dt_tp_f(dtrace_hdl_t *, const char *sys, const char *event, void *arg);
DT_INTERNAL int dt_tp_iter(dtrace_hdl_t *, dt_tp_f *, void *);
DT_INTERNAL bool dt_tp_exists(dtrace_hdl_t *, const char *event);
DT_INTERNAL bool dt_tp_have(dtrace_hdl_t *, const char *sys, const char *event);
DT_INTERNAL int dt_tp_args(dtrace_hdl_t *, const char *event, dt_type_t **types, int max);
DT_INTERNAL int dt_tp_probe_args(dtrace_hdl_t *, dt_probe_t *, const char *event);
DT_INTERNAL int dt_tp_attach(dtrace_hdl_t *, const char *event, struct dt_bpfprog *,
			     uint64_t cookie);

#endif /* DT_PROV_H */
