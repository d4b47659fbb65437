/*
 * dt_prov_udp.c -- the udp provider: DTrace's UDP probes as cases of the
 * network device tracepoints (dt_tpprov.c), with the stable arguments of
 * the D library's net.d and udp.d.
 *
 *   probe    fires on             when (tp_pred)                         context
 *   send     net_dev_start_xmit   a UDP datagram leaves for a device    the sender
 *   receive  netif_receive_skb    a UDP datagram arrives from a device  often softirq
 *
 * args[0..4]: pktinfo_t, csinfo_t, ipinfo_t, udpsinfo_t, udpinfo_t of the
 * datagram's struct sk_buff; a datagram received is translated as
 * received (udpsinfo_t's local end is its destination: __dt_udpin_t).  A
 * datagram is seen once per device it crosses; one fragmented in IP is
 * seen whole at neither end (its fragments are IP's: ip:::send).
 */
#include "dt_tpprov.h"

#define PKT(a)                                                                      \
	{ .ta_arg = (a), .ta_xtype = "pktinfo_t *" }, { .ta_arg = (a), .ta_xtype = "csinfo_t *" }, \
		{ .ta_arg = (a), .ta_xtype = "ipinfo_t *" }

#define UDP_DGRAM "xlate <__dt_pkt_t> (args[0]).p_proto == 17"

static const dt_tpprobe_t dt_udp_probes[] = {
	{ .tp_name = "send", .tp_func = "", .tp_sys = "net", .tp_events = { "net_dev_start_xmit" },
	  .tp_pred = UDP_DGRAM,
	  .tp_args = { PKT(0), { .ta_arg = 0, .ta_xtype = "udpsinfo_t *" },
		       { .ta_arg = 0, .ta_xtype = "udpinfo_t *" } },
	  .tp_nargs = 5 },
	{ .tp_name = "receive", .tp_func = "", .tp_sys = "net", .tp_events = { "netif_receive_skb" },
	  .tp_pred = UDP_DGRAM,
	  .tp_args = { PKT(0),
		       { .ta_arg = 0, .ta_xtype = "udpsinfo_t *",
			 .ta_xexpr = "xlate <udpsinfo_t *> ((__dt_udpin_t *)A)" },
		       { .ta_arg = 0, .ta_xtype = "udpinfo_t *" } },
	  .tp_nargs = 5 },
	{ .tp_name = NULL },
};

dt_provider_t dt_prov_udp = DT_TPPROV("udp", dt_udp_probes);
