/*
 * udp.d -- DTrace's stable views of UDP, the udp provider's arguments:
 * udpinfo_t (a datagram's header) and udpsinfo_t (its socket's ends),
 * translated from the datagram's struct sk_buff.
 *
 * A datagram sent is translated from the skb itself (its source is the
 * local end); one received from the marker __dt_udpin_t (its destination
 * is the local end).  udps_addr is the skb's socket when it is a UDP
 * socket (a datagram received has none yet: 0); the ends are the
 * datagram's addresses and ports, which are the socket's for a connected
 * socket and the datagram's own otherwise.
 */

#pragma D depends_on library net.d
#pragma D depends_on provider udp

inline int UDPH_SIZE = 8;

typedef struct udpinfo {
	uint16_t udp_sport;	/* source port */
	uint16_t udp_dport;	/* destination port */
	uint16_t udp_length;	/* total length */
	uint16_t udp_checksum;	/* headers + data checksum */
	uintptr_t udp_hdr;	/* the raw UDP header */
} udpinfo_t;

typedef struct udpsinfo {
	uintptr_t udps_addr;	/* the socket: its struct sock */
	uint16_t udps_lport;	/* local port */
	uint16_t udps_rport;	/* remote port */
	string udps_laddr;	/* local address, as a string */
	string udps_raddr;	/* remote address, as a string */
} udpsinfo_t;

typedef struct __dt_udpin { uint8_t __dt_x; } __dt_udpin_t;

translator udpinfo_t < struct sk_buff *S > {
	udp_sport = ntohs(*(uint16_t *)xlate <__dt_pkt_t> (S).p_th);
	udp_dport = ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_th + 2));
	udp_length = ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_th + 4));
	udp_checksum = ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_th + 6));
	udp_hdr = xlate <__dt_pkt_t> (S).p_th;
};

translator udpsinfo_t < struct sk_buff *S > {
	udps_addr = S->sk != NULL && S->sk->__sk_common.skc_state != 12 &&
	    S->sk->__sk_common.skc_state != 6 && S->sk->sk_protocol == 17 ? (uintptr_t)S->sk : 0;
	udps_lport = xlate <udpinfo_t> (S).udp_sport;
	udps_rport = xlate <udpinfo_t> (S).udp_dport;
	udps_laddr = xlate <ipinfo_t> (S).ip_saddr;
	udps_raddr = xlate <ipinfo_t> (S).ip_daddr;
};

translator udpsinfo_t < __dt_udpin_t *I > {
	udps_addr = 0;
	udps_lport = xlate <udpinfo_t> ((struct sk_buff *)I).udp_dport;
	udps_rport = xlate <udpinfo_t> ((struct sk_buff *)I).udp_sport;
	udps_laddr = xlate <ipinfo_t> ((struct sk_buff *)I).ip_daddr;
	udps_raddr = xlate <ipinfo_t> ((struct sk_buff *)I).ip_saddr;
};
