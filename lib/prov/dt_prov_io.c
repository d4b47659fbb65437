/*
 * dt_prov_io.c -- the io provider: DTrace's block I/O probes as the block
 * layer's tracepoints (dt_tpprov.c).
 *
 *   probe   fires on            in the context of            args
 *   start   block_rq_issue      the thread issuing, usually  the request (bufinfo_t *, devinfo_t *, fileinfo_t *)
 *   done    block_rq_complete   often an interrupt           the request
 *   wait-start  submit_bio_wait's entry   the waiting thread   the bio (same args)
 *   wait-done   submit_bio_wait's return  the waiting thread   the bio
 *
 * start and done's arguments are translated from the tracepoint's struct
 * request * (dlib/io.d).  A request is Linux's unit of I/O to a device (DTrace's
 * buf); one request may complete in parts (done then fires per part).
 * Linux has no tracepoint where a thread starts or stops waiting for a
 * buffer: wait-start and wait-done are the entry and return of
 * submit_bio_wait(), the block layer's "submit this bio and sleep until
 * it completes" (synchronous flushes, discards, zeroing, some direct and
 * metadata I/O), as function probes (fentry/fexit, dt_tpprov.c: absent on
 * a kernel without them), with the bio translated (dlib/io.d).  Waits for
 * page-cache I/O (folio_wait_bit) and for asynchronous direct I/O are not
 * these probes (docs/linux-differences.md).
 */
#include "dt_tpprov.h"

#define BUF(a)                                                                       \
	{ .ta_arg = (a), .ta_xtype = "bufinfo_t *" }, { .ta_arg = (a), .ta_xtype = "devinfo_t *" }, \
		{ .ta_arg = (a), .ta_xtype = "fileinfo_t *" }

static const dt_tpprobe_t dt_io_probes[] = {
	{ .tp_name = "start", .tp_func = "blk_mq_start_request", .tp_sys = "block",
	  .tp_events = { "block_rq_issue" }, .tp_args = { BUF(0) }, .tp_nargs = 3 },
	{ .tp_name = "done", .tp_func = "", .tp_sys = "block",
	  .tp_events = { "block_rq_complete" }, .tp_args = { BUF(0) }, .tp_nargs = 3 },
	{ .tp_name = "wait-start", .tp_func = "submit_bio_wait", .tp_fn = DT_TPFN_ENTRY,
	  .tp_fnargs = 1, .tp_args = { BUF(0) }, .tp_nargs = 3 },
	{ .tp_name = "wait-done", .tp_func = "submit_bio_wait", .tp_fn = DT_TPFN_RETURN,
	  .tp_fnargs = 1, .tp_args = { BUF(0) }, .tp_nargs = 3 },
	{ .tp_name = NULL },
};

dt_provider_t dt_prov_io = DT_TPPROV("io", dt_io_probes);
