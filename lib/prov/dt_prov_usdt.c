#include "dt_uprobe.h"

dt_provider_t dt_prov_usdt = {
	.pv_name = "usdt",
};
