/*
 * dt_cg_agg.c -- code generation for aggregations.
 */
#include "dt_cg_impl.h"

void dt_cg_aggstmt(dt_cg_t *cg, dt_node_t *dnp)
{
	dt_cg_error(cg, dnp, "aggregations are not yet supported");
}
