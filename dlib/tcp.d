/*
 * tcp.d -- DTrace's stable views of TCP, the tcp provider's arguments:
 * tcpinfo_t (a segment's header), tcpsinfo_t (the connection), tcplsinfo_t
 * (the state before a state-change), TH_* flags and TCP_STATE_* states.
 *
 * States are Linux's numbers (as in Oracle's DTrace for Linux), with
 * DTrace's names: TCP_STATE_SYN_RECEIVED is Linux's TCP_SYN_RECV,
 * TCP_STATE_CLOSED its TCP_CLOSE.  Linux has no IDLE or BOUND state (a
 * socket that is bound but not listening or connecting is CLOSED): the
 * two names are kept, with values no socket has.
 *
 * The provider's probes see a segment as a struct sk_buff (send, receive,
 * connect-request, connect-refused, accept-refused) or a socket as a
 * struct sock when its state changes (state-change, connect-established,
 * accept-established); the library's marker types below tell the
 * translators which view they translate:
 *
 *   struct sk_buff *     a segment sent: the local end is its source
 *   __dt_tcpin_t *       a segment received (the skb): the local end is its destination
 *   struct sock *        a socket, its state as it is
 *   __dt_tcpest_t *      a socket becoming ESTABLISHED, and the segment that made it
 *                        (seen from the socket: received, SYN|ACK or ACK)
 *   __dt_tcpchg_t *      a socket changing state: the new state is the probe's arg4
 *   __dt_tcpls_t *       the old state, as a pointer's value
 *
 * A segment's connection is its skb's socket when that is a full TCP
 * socket; a segment received has none yet (netif_receive_skb fires before
 * the socket is looked up): its tcpsinfo_t has the packet's addresses and
 * ports and TCP_STATE_CLOSED with zero sequence numbers, as illumos gives
 * a segment without a tcp_t.  See docs/linux-differences.md.
 */

#pragma D depends_on library net.d
#pragma D depends_on provider tcp

inline int TH_FIN = 0x01;
inline int TH_SYN = 0x02;
inline int TH_RST = 0x04;
inline int TH_PUSH = 0x08;
inline int TH_ACK = 0x10;
inline int TH_URG = 0x20;
inline int TH_ECE = 0x40;
inline int TH_CWR = 0x80;

inline int32_t TCP_STATE_IDLE = 0;
inline int32_t TCP_STATE_ESTABLISHED = 1;
inline int32_t TCP_STATE_SYN_SENT = 2;
inline int32_t TCP_STATE_SYN_RECEIVED = 3;
inline int32_t TCP_STATE_FIN_WAIT_1 = 4;
inline int32_t TCP_STATE_FIN_WAIT_2 = 5;
inline int32_t TCP_STATE_TIME_WAIT = 6;
inline int32_t TCP_STATE_CLOSED = 7;
inline int32_t TCP_STATE_CLOSE_WAIT = 8;
inline int32_t TCP_STATE_LAST_ACK = 9;
inline int32_t TCP_STATE_LISTEN = 10;
inline int32_t TCP_STATE_CLOSING = 11;
inline int32_t TCP_STATE_BOUND = 13;

inline string tcp_state_string[int32_t state] =
	state == TCP_STATE_CLOSED ? "state-closed" :
	state == TCP_STATE_IDLE ? "state-idle" :
	state == TCP_STATE_BOUND ? "state-bound" :
	state == TCP_STATE_LISTEN ? "state-listen" :
	state == TCP_STATE_SYN_SENT ? "state-syn-sent" :
	state == TCP_STATE_SYN_RECEIVED ? "state-syn-received" :
	state == TCP_STATE_ESTABLISHED ? "state-established" :
	state == TCP_STATE_CLOSE_WAIT ? "state-close-wait" :
	state == TCP_STATE_FIN_WAIT_1 ? "state-fin-wait-1" :
	state == TCP_STATE_CLOSING ? "state-closing" :
	state == TCP_STATE_LAST_ACK ? "state-last-ack" :
	state == TCP_STATE_FIN_WAIT_2 ? "state-fin-wait-2" :
	state == TCP_STATE_TIME_WAIT ? "state-time-wait" :
	"<unknown>";

typedef struct tcpinfo {
	uint16_t tcp_sport;	/* source port */
	uint16_t tcp_dport;	/* destination port */
	uint32_t tcp_seq;	/* sequence number */
	uint32_t tcp_ack;	/* acknowledgment number */
	uint8_t tcp_offset;	/* data offset, in bytes */
	uint8_t tcp_flags;	/* flags */
	uint16_t tcp_window;	/* window size */
	uint16_t tcp_checksum;	/* checksum */
	uint16_t tcp_urgent;	/* urgent data pointer */
	uintptr_t tcp_hdr;	/* the raw TCP header */
} tcpinfo_t;

typedef struct tcpsinfo {
	uintptr_t tcps_addr;	/* the connection: its struct sock */
	int tcps_local;		/* is delivered locally, boolean */
	int tcps_active;	/* active open (from here), boolean */
	uint16_t tcps_lport;	/* local port */
	uint16_t tcps_rport;	/* remote port */
	string tcps_laddr;	/* local address, as a string */
	string tcps_raddr;	/* remote address, as a string */
	int32_t tcps_state;	/* TCP state */
	uint32_t tcps_iss;	/* initial sequence # sent */
	uint32_t tcps_suna;	/* sequence # sent but unacked */
	uint32_t tcps_snxt;	/* next sequence # to send */
	uint32_t tcps_rack;	/* sequence # we have acked */
	uint32_t tcps_rnxt;	/* next sequence # expected */
	uint32_t tcps_swnd;	/* send window size */
	int32_t tcps_snd_ws;	/* send window scaling */
	uint32_t tcps_rwnd;	/* receive window size */
	int32_t tcps_rcv_ws;	/* receive window scaling */
	uint32_t tcps_cwnd;	/* congestion window, bytes */
	uint32_t tcps_cwnd_ssthresh; /* threshold for congestion avoidance, bytes */
	uint32_t tcps_sack_fack; /* SACK sequence # we have acked */
	uint32_t tcps_sack_snxt; /* next SACK seq # for retransmission */
	uint32_t tcps_rto;	/* round-trip timeout, msec */
	uint32_t tcps_mss;	/* max segment size */
	int tcps_retransmit;	/* retransmit send event, boolean */
	uint32_t tcps_rtt;	/* smoothed round-trip time, usec */
	uint32_t tcps_rtt_sd;	/* its mean deviation, usec */
} tcpsinfo_t;

typedef struct tcplsinfo {
	int32_t tcps_state;	/* previous TCP state */
} tcplsinfo_t;

/* the marker types (above): never dereferenced as themselves */
typedef struct __dt_tcpin { uint8_t __dt_x; } __dt_tcpin_t;
typedef struct __dt_tcpest { uint8_t __dt_x; } __dt_tcpest_t;
typedef struct __dt_tcpchg { uint8_t __dt_x; } __dt_tcpchg_t;
typedef struct __dt_tcpls { uint8_t __dt_x; } __dt_tcpls_t;

/* A segment's socket if it is a full TCP socket (not a request or time-wait socket), else 0. */
typedef struct __dt_tcpsk {
	uintptr_t t_sk;
} __dt_tcpsk_t;

translator __dt_tcpsk_t < struct sk_buff *S > {
	t_sk = S->sk != NULL && S->sk->__sk_common.skc_state != 12 &&
	    S->sk->__sk_common.skc_state != 6 && S->sk->sk_protocol == 6 ? (uintptr_t)S->sk : 0;
};

translator tcpinfo_t < struct sk_buff *S > {
	tcp_sport = ntohs(*(uint16_t *)xlate <__dt_pkt_t> (S).p_th);
	tcp_dport = ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_th + 2));
	tcp_seq = ntohl(*(uint32_t *)(xlate <__dt_pkt_t> (S).p_th + 4));
	tcp_ack = ntohl(*(uint32_t *)(xlate <__dt_pkt_t> (S).p_th + 8));
	tcp_offset = (*(uint8_t *)(xlate <__dt_pkt_t> (S).p_th + 12) & 0xf0) >> 2;
	tcp_flags = *(uint8_t *)(xlate <__dt_pkt_t> (S).p_th + 13);
	tcp_window = ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_th + 14));
	tcp_checksum = ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_th + 16));
	tcp_urgent = ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_th + 18));
	tcp_hdr = xlate <__dt_pkt_t> (S).p_th;
};

/* A socket's own members; the views below take theirs from here. */
translator tcpsinfo_t < struct sock *S > {
	tcps_addr = (uintptr_t)S;
	tcps_local = xlate <tcpsinfo_t> (S).tcps_laddr == xlate <tcpsinfo_t> (S).tcps_raddr;
	tcps_active = 0;
	tcps_lport = ntohs(((struct inet_sock *)S)->inet_sport);
	tcps_rport = ntohs(S->__sk_common.skc_dport);
	tcps_laddr = S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa((ipaddr_t *)&S->__sk_common.skc_rcv_saddr) :
	    inet_ntoa6((in6_addr_t *)&S->__sk_common.skc_v6_rcv_saddr);
	tcps_raddr = S->__sk_common.skc_family == AF_INET ?
	    inet_ntoa((ipaddr_t *)&S->__sk_common.skc_daddr) :
	    inet_ntoa6((in6_addr_t *)&S->__sk_common.skc_v6_daddr);
	tcps_state = S->__sk_common.skc_state;
	tcps_iss = S->__sk_common.skc_state == 2 ? ((struct tcp_sock *)S)->snd_una :
	    ((struct tcp_sock *)S)->snd_una - ((struct tcp_sock *)S)->bytes_acked - 1;
	tcps_suna = ((struct tcp_sock *)S)->snd_una;
	tcps_snxt = ((struct tcp_sock *)S)->snd_nxt;
	tcps_rack = ((struct tcp_sock *)S)->rcv_wup;
	tcps_rnxt = ((struct tcp_sock *)S)->rcv_nxt;
	tcps_swnd = ((struct tcp_sock *)S)->snd_wnd;
	tcps_snd_ws = ((struct tcp_sock *)S)->rx_opt.snd_wscale;
	tcps_rwnd = ((struct tcp_sock *)S)->rcv_wnd;
	tcps_rcv_ws = ((struct tcp_sock *)S)->rx_opt.rcv_wscale;
	tcps_cwnd = ((struct tcp_sock *)S)->snd_cwnd * ((struct tcp_sock *)S)->mss_cache;
	tcps_cwnd_ssthresh = ((struct tcp_sock *)S)->snd_ssthresh >= 0x7fffffff ? 0xffffffff :
	    ((struct tcp_sock *)S)->snd_ssthresh * ((struct tcp_sock *)S)->mss_cache;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = ((struct inet_connection_sock *)S)->icsk_rto_min == 0 ? 0 :
	    ((struct inet_connection_sock *)S)->icsk_rto * 200 /
	    ((struct inet_connection_sock *)S)->icsk_rto_min;
	tcps_mss = ((struct tcp_sock *)S)->mss_cache;
	tcps_retransmit = 0;
	tcps_rtt = ((struct tcp_sock *)S)->srtt_us >> 3;
	tcps_rtt_sd = ((struct tcp_sock *)S)->mdev_us >> 2;
};

/* A segment sent: its source is the local end. */
translator tcpsinfo_t < struct sk_buff *S > {
	tcps_addr = xlate <__dt_tcpsk_t> (S).t_sk;
	tcps_local = S->dev != NULL && (S->dev->flags & 0x8) != 0;
	tcps_active = 0;
	tcps_lport = xlate <tcpinfo_t> (S).tcp_sport;
	tcps_rport = xlate <tcpinfo_t> (S).tcp_dport;
	tcps_laddr = xlate <ipinfo_t> (S).ip_saddr;
	tcps_raddr = xlate <ipinfo_t> (S).ip_daddr;
	tcps_state = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? TCP_STATE_CLOSED :
	    ((struct sock *)xlate <__dt_tcpsk_t> (S).t_sk)->__sk_common.skc_state;
	tcps_iss = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    xlate <tcpsinfo_t> ((struct sock *)xlate <__dt_tcpsk_t> (S).t_sk).tcps_iss;
	tcps_suna = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->snd_una;
	tcps_snxt = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->snd_nxt;
	tcps_rack = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->rcv_wup;
	tcps_rnxt = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->rcv_nxt;
	tcps_swnd = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->snd_wnd;
	tcps_snd_ws = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->rx_opt.snd_wscale;
	tcps_rwnd = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->rcv_wnd;
	tcps_rcv_ws = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->rx_opt.rcv_wscale;
	tcps_cwnd = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    xlate <tcpsinfo_t> ((struct sock *)xlate <__dt_tcpsk_t> (S).t_sk).tcps_cwnd;
	tcps_cwnd_ssthresh = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    xlate <tcpsinfo_t> ((struct sock *)xlate <__dt_tcpsk_t> (S).t_sk).tcps_cwnd_ssthresh;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    xlate <tcpsinfo_t> ((struct sock *)xlate <__dt_tcpsk_t> (S).t_sk).tcps_rto;
	tcps_mss = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->mss_cache;
	tcps_retransmit = 0;
	tcps_rtt = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->srtt_us >> 3;
	tcps_rtt_sd = xlate <__dt_tcpsk_t> (S).t_sk == 0 ? 0 :
	    ((struct tcp_sock *)xlate <__dt_tcpsk_t> (S).t_sk)->mdev_us >> 2;
};

/* A segment received (no socket yet): its destination is the local end. */
translator tcpsinfo_t < __dt_tcpin_t *I > {
	tcps_addr = 0;
	tcps_local = ((struct sk_buff *)I)->dev != NULL && (((struct sk_buff *)I)->dev->flags & 0x8) != 0;
	tcps_active = 0;
	tcps_lport = xlate <tcpinfo_t> ((struct sk_buff *)I).tcp_dport;
	tcps_rport = xlate <tcpinfo_t> ((struct sk_buff *)I).tcp_sport;
	tcps_laddr = xlate <ipinfo_t> ((struct sk_buff *)I).ip_daddr;
	tcps_raddr = xlate <ipinfo_t> ((struct sk_buff *)I).ip_saddr;
	tcps_state = TCP_STATE_CLOSED;
	tcps_iss = 0;
	tcps_suna = 0;
	tcps_snxt = 0;
	tcps_rack = 0;
	tcps_rnxt = 0;
	tcps_swnd = 0;
	tcps_snd_ws = 0;
	tcps_rwnd = 0;
	tcps_rcv_ws = 0;
	tcps_cwnd = 0;
	tcps_cwnd_ssthresh = 0;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = 0;
	tcps_mss = 0;
	tcps_retransmit = 0;
	tcps_rtt = 0;
	tcps_rtt_sd = 0;
};

/* A socket whose state changes to arg4 (state-change). */
translator tcpsinfo_t < __dt_tcpchg_t *C > {
	tcps_addr = (uintptr_t)C;
	tcps_local = xlate <tcpsinfo_t> ((struct sock *)C).tcps_local;
	tcps_active = 0;
	tcps_lport = xlate <tcpsinfo_t> ((struct sock *)C).tcps_lport;
	tcps_rport = xlate <tcpsinfo_t> ((struct sock *)C).tcps_rport;
	tcps_laddr = xlate <tcpsinfo_t> ((struct sock *)C).tcps_laddr;
	tcps_raddr = xlate <tcpsinfo_t> ((struct sock *)C).tcps_raddr;
	tcps_state = (int32_t)arg4;
	tcps_iss = xlate <tcpsinfo_t> ((struct sock *)C).tcps_iss;
	tcps_suna = xlate <tcpsinfo_t> ((struct sock *)C).tcps_suna;
	tcps_snxt = xlate <tcpsinfo_t> ((struct sock *)C).tcps_snxt;
	tcps_rack = xlate <tcpsinfo_t> ((struct sock *)C).tcps_rack;
	tcps_rnxt = xlate <tcpsinfo_t> ((struct sock *)C).tcps_rnxt;
	tcps_swnd = xlate <tcpsinfo_t> ((struct sock *)C).tcps_swnd;
	tcps_snd_ws = xlate <tcpsinfo_t> ((struct sock *)C).tcps_snd_ws;
	tcps_rwnd = xlate <tcpsinfo_t> ((struct sock *)C).tcps_rwnd;
	tcps_rcv_ws = xlate <tcpsinfo_t> ((struct sock *)C).tcps_rcv_ws;
	tcps_cwnd = xlate <tcpsinfo_t> ((struct sock *)C).tcps_cwnd;
	tcps_cwnd_ssthresh = xlate <tcpsinfo_t> ((struct sock *)C).tcps_cwnd_ssthresh;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = xlate <tcpsinfo_t> ((struct sock *)C).tcps_rto;
	tcps_mss = xlate <tcpsinfo_t> ((struct sock *)C).tcps_mss;
	tcps_retransmit = 0;
	tcps_rtt = xlate <tcpsinfo_t> ((struct sock *)C).tcps_rtt;
	tcps_rtt_sd = xlate <tcpsinfo_t> ((struct sock *)C).tcps_rtt_sd;
};

/* A socket becoming ESTABLISHED (connect-established: active; accept-established). */
translator tcpsinfo_t < __dt_tcpest_t *E > {
	tcps_addr = (uintptr_t)E;
	tcps_local = xlate <tcpsinfo_t> ((struct sock *)E).tcps_local;
	tcps_active = ((struct sock *)E)->__sk_common.skc_state == TCP_STATE_SYN_SENT;
	tcps_lport = xlate <tcpsinfo_t> ((struct sock *)E).tcps_lport;
	tcps_rport = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rport;
	tcps_laddr = xlate <tcpsinfo_t> ((struct sock *)E).tcps_laddr;
	tcps_raddr = xlate <tcpsinfo_t> ((struct sock *)E).tcps_raddr;
	tcps_state = TCP_STATE_ESTABLISHED;
	tcps_iss = xlate <tcpsinfo_t> ((struct sock *)E).tcps_iss;
	tcps_suna = xlate <tcpsinfo_t> ((struct sock *)E).tcps_suna;
	tcps_snxt = xlate <tcpsinfo_t> ((struct sock *)E).tcps_snxt;
	tcps_rack = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rack;
	tcps_rnxt = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rnxt;
	tcps_swnd = xlate <tcpsinfo_t> ((struct sock *)E).tcps_swnd;
	tcps_snd_ws = xlate <tcpsinfo_t> ((struct sock *)E).tcps_snd_ws;
	tcps_rwnd = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rwnd;
	tcps_rcv_ws = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rcv_ws;
	tcps_cwnd = xlate <tcpsinfo_t> ((struct sock *)E).tcps_cwnd;
	tcps_cwnd_ssthresh = xlate <tcpsinfo_t> ((struct sock *)E).tcps_cwnd_ssthresh;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rto;
	tcps_mss = xlate <tcpsinfo_t> ((struct sock *)E).tcps_mss;
	tcps_retransmit = 0;
	tcps_rtt = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rtt;
	tcps_rtt_sd = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rtt_sd;
};

/*
 * The segment that established a socket, as the socket knows it: received,
 * from the remote end, SYN|ACK (active open) or ACK, acknowledging what
 * the socket sent; its header's length, checksum and options are not kept.
 */
translator pktinfo_t < __dt_tcpest_t *E > {
	pkt_addr = 0;
};

translator ipinfo_t < __dt_tcpest_t *E > {
	ip_ver = ((struct sock *)E)->__sk_common.skc_family == AF_INET ||
	    (((struct sock *)E)->__sk_common.skc_v6_daddr.in6_u.u6_addr32[0] == 0 &&
	    ((struct sock *)E)->__sk_common.skc_v6_daddr.in6_u.u6_addr32[1] == 0 &&
	    ((struct sock *)E)->__sk_common.skc_v6_daddr.in6_u.u6_addr32[2] == 0xffff0000) ? 4 : 6;
	ip_plength = 0;
	ip_saddr = xlate <tcpsinfo_t> ((struct sock *)E).tcps_raddr;
	ip_daddr = xlate <tcpsinfo_t> ((struct sock *)E).tcps_laddr;
};

translator tcpinfo_t < __dt_tcpest_t *E > {
	tcp_sport = xlate <tcpsinfo_t> ((struct sock *)E).tcps_rport;
	tcp_dport = xlate <tcpsinfo_t> ((struct sock *)E).tcps_lport;
	tcp_seq = ((struct sock *)E)->__sk_common.skc_state == TCP_STATE_SYN_SENT ?
	    ((struct tcp_sock *)E)->rcv_nxt - 1 : ((struct tcp_sock *)E)->rcv_nxt;
	tcp_ack = ((struct tcp_sock *)E)->snd_una;
	tcp_offset = 0;
	tcp_flags = ((struct sock *)E)->__sk_common.skc_state == TCP_STATE_SYN_SENT ?
	    TH_SYN | TH_ACK : TH_ACK;
	tcp_window = ((struct tcp_sock *)E)->snd_wnd >> ((struct tcp_sock *)E)->rx_opt.snd_wscale;
	tcp_checksum = 0;
	tcp_urgent = 0;
	tcp_hdr = 0;
};

translator tcplsinfo_t < __dt_tcpls_t *L > {
	tcps_state = (int32_t)(uintptr_t)L;
};
