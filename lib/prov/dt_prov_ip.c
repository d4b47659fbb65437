/*
 * dt_prov_ip.c -- the ip provider: DTrace's IP probes as cases of the
 * network device tracepoints (dt_tpprov.c), with the stable arguments of
 * the D library's net.d.
 *
 *   probe    fires on             when (tp_pred)                          context
 *   send     net_dev_start_xmit   an IPv4 or IPv6 packet leaves for a device   the sender
 *   receive  netif_receive_skb    one arrives from a device               often softirq
 *
 * args[0..5]: pktinfo_t, csinfo_t, ipinfo_t, ifinfo_t (the device),
 * ipv4info_t and ipv6info_t (the one of the other version all zero and
 * "<null>" strings, as illumos gives them for NULL) of the packet's
 * struct sk_buff.  Packets are seen where they meet a device, so a packet
 * routed through this host is seen received and sent, and a packet looped
 * back once each way (if_local 1: a loopback device).  A GSO packet is
 * seen once, with its whole length, as the device takes it.
 */
#include "dt_tpprov.h"

#define IP_ARGS(a)                                                                  \
	{ .ta_arg = (a), .ta_xtype = "pktinfo_t *" }, { .ta_arg = (a), .ta_xtype = "csinfo_t *" }, \
		{ .ta_arg = (a), .ta_xtype = "ipinfo_t *" },                         \
		{ .ta_arg = (a), .ta_xtype = "ifinfo_t *" },                         \
		{ .ta_arg = (a), .ta_xtype = "ipv4info_t *" },                       \
		{ .ta_arg = (a), .ta_xtype = "ipv6info_t *" }

#define IP_PKT "xlate <__dt_pkt_t> (args[0]).p_ver != 0"

static const dt_tpprobe_t dt_ip_probes[] = {
	{ .tp_name = "send", .tp_func = "", .tp_sys = "net", .tp_events = { "net_dev_start_xmit" },
	  .tp_pred = IP_PKT, .tp_args = { IP_ARGS(0) }, .tp_nargs = 6 },
	{ .tp_name = "receive", .tp_func = "", .tp_sys = "net", .tp_events = { "netif_receive_skb" },
	  .tp_pred = IP_PKT, .tp_args = { IP_ARGS(0) }, .tp_nargs = 6 },
	{ .tp_name = NULL },
};

dt_provider_t dt_prov_ip = DT_TPPROV("ip", dt_ip_probes);
