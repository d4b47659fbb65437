/*
 * dt_prov_tcp.c -- the tcp provider: DTrace's TCP probes as cases of the
 * network device and socket tracepoints (dt_tpprov.c), with the stable
 * arguments of the D library's net.d and tcp.d.
 *
 *   probe                fires on             when (tp_filt, tp_pred)                  context
 *   send                 net_dev_start_xmit   a TCP segment leaves for a device        the sender
 *   receive              netif_receive_skb    a TCP segment arrives from a device      often softirq
 *   connect-request      net_dev_start_xmit   ... that is a SYN without ACK            the connecting thread
 *   connect-refused      netif_receive_skb    ... a RST|ACK with sequence 0 (a SYN's refusal)
 *   accept-refused       net_dev_start_xmit   ... the same, sent
 *   connect-established  inet_sock_set_state  TCP socket, SYN_SENT -> ESTABLISHED     softirq
 *   accept-established   inet_sock_set_state  TCP socket, SYN_RECEIVED -> ESTABLISHED softirq
 *   state-change         inet_sock_set_state  TCP socket, any change
 *
 * A segment's probes take args[0..4] from its struct sk_buff (pktinfo_t,
 * csinfo_t, ipinfo_t, tcpsinfo_t, tcpinfo_t); a segment received is
 * translated as received (the marker __dt_tcpin_t: its destination is the
 * local end).  The probes on inet_sock_set_state translate the socket:
 * accept- and connect-established describe the segment that established
 * it as the socket knows it (__dt_tcpest_t); state-change has illumos'
 * six arguments, args[0], [2] and [4] NULL (void *), args[5] the old
 * state (tcplsinfo_t), and arg4 the new one, from which args[3]'s
 * tcps_state is translated (__dt_tcpchg_t).
 *
 * Segments are seen where they meet a device, so a segment is counted
 * once per device it crosses (loopback: once sent, once received; a
 * GSO super-segment once, with its whole length); Linux's TCP fast paths
 * never skip the device.  docs/linux-differences.md has what Linux
 * cannot give.
 */
#include "dt_tpprov.h"

/* Linux's TCP states in inet_sock_set_state */
#define TCP_ESTABLISHED 1
#define TCP_SYN_SENT 2
#define TCP_SYN_RECV 3

#define PKT(a) { .ta_arg = (a), .ta_xtype = "pktinfo_t *" }, { .ta_arg = (a), .ta_xtype = "csinfo_t *" }, \
		{ .ta_arg = (a), .ta_xtype = "ipinfo_t *" }
#define OUT(a)                                                       \
	PKT(a), { .ta_arg = (a), .ta_xtype = "tcpsinfo_t *" },          \
		{ .ta_arg = (a), .ta_xtype = "tcpinfo_t *" }
#define IN(a)                                                                        \
	PKT(a),                                                                     \
		{ .ta_arg = (a), .ta_xtype = "tcpsinfo_t *",                         \
		  .ta_xexpr = "xlate <tcpsinfo_t *> ((__dt_tcpin_t *)A)" },          \
		{ .ta_arg = (a), .ta_xtype = "tcpinfo_t *" }
#define EST(a)                                                                                  \
	{ .ta_arg = (a), .ta_xtype = "pktinfo_t *", .ta_xexpr = "xlate <pktinfo_t *> ((__dt_tcpest_t *)A)" }, \
		{ .ta_arg = (a), .ta_xtype = "csinfo_t *" },                                    \
		{ .ta_arg = (a), .ta_xtype = "ipinfo_t *", .ta_xexpr = "xlate <ipinfo_t *> ((__dt_tcpest_t *)A)" }, \
		{ .ta_arg = (a), .ta_xtype = "tcpsinfo_t *",                                   \
		  .ta_xexpr = "xlate <tcpsinfo_t *> ((__dt_tcpest_t *)A)" },                   \
		{ .ta_arg = (a), .ta_xtype = "tcpinfo_t *", .ta_xexpr = "xlate <tcpinfo_t *> ((__dt_tcpest_t *)A)" }

/* args[0] of a segment's probe is its skb; args[1] of a socket's is the socket */
#define TCP_SEG "xlate <__dt_pkt_t> (args[0]).p_proto == 6"
#define TCP_FLAGS TCP_SEG " && xlate <tcpinfo_t *> (args[0])->tcp_flags"
#define TCP_SOCK "args[1]->sk_protocol == 6"
#define REFUSAL TCP_FLAGS " == 0x14 && xlate <tcpinfo_t *> (args[0])->tcp_seq == 0"

static const dt_tpprobe_t dt_tcp_probes[] = {
	{ .tp_name = "send", .tp_func = "", .tp_sys = "net", .tp_events = { "net_dev_start_xmit" },
	  .tp_pred = TCP_SEG, .tp_args = { OUT(0) }, .tp_nargs = 5 },
	{ .tp_name = "receive", .tp_func = "", .tp_sys = "net", .tp_events = { "netif_receive_skb" },
	  .tp_pred = TCP_SEG, .tp_args = { IN(0) }, .tp_nargs = 5 },
	{ .tp_name = "connect-request", .tp_func = "", .tp_sys = "net",
	  .tp_events = { "net_dev_start_xmit" }, .tp_pred = TCP_SEG " && (xlate <tcpinfo_t *> (args[0])->tcp_flags & 0x12) == 0x02",
	  .tp_args = { OUT(0) }, .tp_nargs = 5 },
	{ .tp_name = "connect-refused", .tp_func = "", .tp_sys = "net",
	  .tp_events = { "netif_receive_skb" }, .tp_pred = REFUSAL, .tp_args = { IN(0) }, .tp_nargs = 5 },
	{ .tp_name = "accept-refused", .tp_func = "", .tp_sys = "net",
	  .tp_events = { "net_dev_start_xmit" }, .tp_pred = REFUSAL, .tp_args = { OUT(0) },
	  .tp_nargs = 5 },
	{ .tp_name = "connect-established", .tp_func = "", .tp_sys = "sock",
	  .tp_events = { "inet_sock_set_state" },
	  .tp_filt = { { DT_FILT_EQ, 1, TCP_SYN_SENT }, { DT_FILT_EQ, 2, TCP_ESTABLISHED } },
	  .tp_pred = TCP_SOCK, .tp_args = { EST(0) }, .tp_nargs = 5 },
	{ .tp_name = "accept-established", .tp_func = "", .tp_sys = "sock",
	  .tp_events = { "inet_sock_set_state" },
	  .tp_filt = { { DT_FILT_EQ, 1, TCP_SYN_RECV }, { DT_FILT_EQ, 2, TCP_ESTABLISHED } },
	  .tp_pred = TCP_SOCK, .tp_args = { EST(0) }, .tp_nargs = 5 },
	{ .tp_name = "state-change", .tp_func = "", .tp_sys = "sock",
	  .tp_events = { "inet_sock_set_state" }, .tp_pred = TCP_SOCK,
	  .tp_args = { { .ta_arg = 0, .ta_xtype = "void *", .ta_xexpr = "(void *)0" },
		       { .ta_arg = 0, .ta_xtype = "csinfo_t *" },
		       { .ta_arg = 0, .ta_xtype = "void *", .ta_xexpr = "(void *)0" },
		       { .ta_arg = 0, .ta_xtype = "tcpsinfo_t *",
			 .ta_xexpr = "xlate <tcpsinfo_t *> ((__dt_tcpchg_t *)A)" },
		       { .ta_arg = 2, .ta_xtype = "void *", .ta_xexpr = "(void *)0" },
		       { .ta_arg = 1, .ta_xtype = "tcplsinfo_t *",
			 .ta_xexpr = "xlate <tcplsinfo_t *> ((__dt_tcpls_t *)A)" } },
	  .tp_nargs = 6 },
	{ .tp_name = NULL },
};

dt_provider_t dt_prov_tcp = DT_TPPROV("tcp", dt_tcp_probes);
