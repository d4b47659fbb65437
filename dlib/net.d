/*
 * net.d -- the network names scripts use from illumos' D library:
 * ipaddr_t (an IPv4 address as a 32-bit word, in network order),
 * in6_addr_t (an IPv6 address, with illumos' member names) and the
 * address families.  AF_INET6 is Linux's value (10; illumos' is 26), so
 * that it compares equal to a socket's family.  ARPHRD_ETHER and
 * ARPHRD_INFINIBAND have the same values on both (a net_device's type).
 *
 * Then DTrace's stable views of network packets, shared by the ip, tcp
 * and udp providers: IP protocol numbers, and pktinfo_t, csinfo_t,
 * ipinfo_t, ifinfo_t, ipv4info_t and
 * ipv6info_t translated from Linux's struct sk_buff (and struct sock for
 * the probes that fire on a socket's change of state, tcp.d).
 *
 * A packet's IP header is where the skb's network header is when it has
 * been set (the packet was built here, or passed through the IP layer:
 * every packet at net_dev_start_xmit, and packets looped back or
 * forwarded through a veth), else at skb->data (a packet a driver has just
 * received: at netif_receive_skb data is the IP header).  The version is
 * the skb's link-level protocol (ETH_P_IP, ETH_P_IPV6), not the header's
 * first nibble: an ARP packet is neither.  The transport header follows
 * the IPv4 header's options; for IPv6, the fixed 40-byte header (a packet
 * with extension headers names the first of them in ipv6_nexthdr, and its
 * TCP or UDP header is not seen by the providers: docs/linux-differences.md).
 *
 * __dt_pkt_t is the library's own: where the headers are, computed once
 * per member that uses them.
 */

typedef uint32_t ipaddr_t;

typedef struct __dt_in6_addr {
	union {
		uint8_t _S6_u8[16];
		uint16_t _S6_u16[8];
		uint32_t _S6_u32[4];
	} _S6_un;
} in6_addr_t;

inline int AF_UNSPEC = 0;
inline int AF_UNIX = 1;
inline int AF_INET = 2;
inline int AF_INET6 = 10;

/* link types, as illumos' (for link_ntop(), which is not done): Linux's values are the same */
inline int ARPHRD_ETHER = 1;
inline int ARPHRD_INFINIBAND = 32;


inline int IPPROTO_IP = 0;
inline int IPPROTO_HOPOPTS = 0;
inline int IPPROTO_ICMP = 1;
inline int IPPROTO_IGMP = 2;
inline int IPPROTO_IPIP = 4;
inline int IPPROTO_TCP = 6;
inline int IPPROTO_EGP = 8;
inline int IPPROTO_PUP = 12;
inline int IPPROTO_UDP = 17;
inline int IPPROTO_IDP = 22;
inline int IPPROTO_IPV6 = 41;
inline int IPPROTO_ROUTING = 43;
inline int IPPROTO_FRAGMENT = 44;
inline int IPPROTO_RSVP = 46;
inline int IPPROTO_ESP = 50;
inline int IPPROTO_AH = 51;
inline int IPPROTO_ICMPV6 = 58;
inline int IPPROTO_NONE = 59;
inline int IPPROTO_DSTOPTS = 60;
inline int IPPROTO_OSPF = 89;
inline int IPPROTO_PIM = 103;
inline int IPPROTO_SCTP = 132;
inline int IPPROTO_RAW = 255;
inline int IPPROTO_MAX = 256;

inline int IPH_DF = 0x4000;
inline int IPH_MF = 0x2000;

typedef struct pktinfo {
	uintptr_t pkt_addr;	/* the packet: its struct sk_buff */
} pktinfo_t;

typedef struct csinfo {
	uintptr_t cs_addr;	/* the connection: its struct sock, or NULL */
	uint64_t cs_cid;	/* its ID: the same address */
	pid_t cs_pid;		/* the process, where known (else 0) */
	int cs_zoneid;		/* 0: Linux has no zones */
} csinfo_t;

typedef struct ipinfo {
	uint8_t ip_ver;		/* IP version (4, 6) */
	uint32_t ip_plength;	/* payload length */
	string ip_saddr;	/* source address */
	string ip_daddr;	/* destination address */
} ipinfo_t;

typedef struct ifinfo {
	string if_name;		/* interface name */
	int8_t if_local;	/* is delivered locally */
	int if_ipstack;		/* network namespace: its inode number */
	uintptr_t if_addr;	/* the interface: its struct net_device */
} ifinfo_t;

typedef struct ipv4info {
	uint8_t ipv4_ver;	/* IP version (4) */
	uint8_t ipv4_ihl;	/* header length, bytes */
	uint8_t ipv4_tos;	/* type of service field */
	uint16_t ipv4_length;	/* length (header + payload) */
	uint16_t ipv4_ident;	/* identification */
	uint8_t ipv4_flags;	/* IP flags */
	uint16_t ipv4_offset;	/* fragment offset */
	uint8_t ipv4_ttl;	/* time to live */
	uint8_t ipv4_protocol;	/* next level protocol */
	string ipv4_protostr;	/* next level protocol, as a string */
	uint16_t ipv4_checksum;	/* header checksum */
	ipaddr_t ipv4_src;	/* source address */
	ipaddr_t ipv4_dst;	/* destination address */
	string ipv4_saddr;	/* source address, string */
	string ipv4_daddr;	/* destination address, string */
	uintptr_t ipv4_hdr;	/* the raw header */
} ipv4info_t;

typedef struct ipv6info {
	uint8_t ipv6_ver;	/* IP version (6) */
	uint8_t ipv6_tclass;	/* traffic class */
	uint32_t ipv6_flow;	/* flow label */
	uint16_t ipv6_plen;	/* payload length */
	uint8_t ipv6_nexthdr;	/* next header protocol */
	string ipv6_nextstr;	/* next header protocol, as a string */
	uint8_t ipv6_hlim;	/* hop limit */
	in6_addr_t *ipv6_src;	/* source address */
	in6_addr_t *ipv6_dst;	/* destination address */
	string ipv6_saddr;	/* source address, string */
	string ipv6_daddr;	/* destination address, string */
	uintptr_t ipv6_hdr;	/* the raw header */
} ipv6info_t;

/* IPPROTO_* as illumos names them in ipv4_protostr and ipv6_nextstr */
inline string __dt_protostr[int p] =
	p == IPPROTO_TCP ? "TCP" : p == IPPROTO_UDP ? "UDP" : p == IPPROTO_IP ? "IP" :
	p == IPPROTO_ICMP ? "ICMP" : p == IPPROTO_IGMP ? "IGMP" : p == IPPROTO_EGP ? "EGP" :
	p == IPPROTO_IPV6 ? "IPv6" : p == IPPROTO_ROUTING ? "ROUTE" : p == IPPROTO_ESP ? "ESP" :
	p == IPPROTO_AH ? "AH" : p == IPPROTO_ICMPV6 ? "ICMPv6" : p == IPPROTO_OSPF ? "OSPF" :
	p == IPPROTO_SCTP ? "SCTP" : p == IPPROTO_RAW ? "RAW" : lltostr(p);

/* Where a packet's headers are (see above); p_ver 0: not IP. */
typedef struct __dt_pkt {
	uintptr_t p_nh;		/* the IP header */
	int p_ver;		/* 4, 6, or 0 */
	int p_proto;		/* the payload's IPPROTO_* (IPv6: the next header) */
	uintptr_t p_th;		/* the transport header */
} __dt_pkt_t;

translator __dt_pkt_t < struct sk_buff *S > {
	p_nh = S->network_header != 0 && S->network_header != 0xffff ?
	    (uintptr_t)S->head + S->network_header : (uintptr_t)S->data;
	p_ver = ntohs(S->protocol) == 0x0800 ? 4 : ntohs(S->protocol) == 0x86dd ? 6 : 0;
	p_proto = xlate <__dt_pkt_t> (S).p_ver == 4 ? *(uint8_t *)(xlate <__dt_pkt_t> (S).p_nh + 9) :
	    xlate <__dt_pkt_t> (S).p_ver == 6 ? *(uint8_t *)(xlate <__dt_pkt_t> (S).p_nh + 6) : -1;
	p_th = xlate <__dt_pkt_t> (S).p_nh + (xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    (*(uint8_t *)xlate <__dt_pkt_t> (S).p_nh & 0xf) << 2 : 40);
};

translator pktinfo_t < struct sk_buff *S > {
	pkt_addr = (uintptr_t)S;
};

translator csinfo_t < struct sk_buff *S > {
	cs_addr = (uintptr_t)S->sk;
	cs_cid = (uintptr_t)S->sk;
	cs_pid = 0;
	cs_zoneid = 0;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uintptr_t)S;
	cs_pid = 0;
	cs_zoneid = 0;
};

translator ipinfo_t < struct sk_buff *S > {
	ip_ver = xlate <__dt_pkt_t> (S).p_ver;
	ip_plength = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_nh + 2)) -
	    ((*(uint8_t *)xlate <__dt_pkt_t> (S).p_nh & 0xf) << 2) :
	    xlate <__dt_pkt_t> (S).p_ver == 6 ? ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_nh + 4)) : 0;
	ip_saddr = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    inet_ntoa((ipaddr_t *)(xlate <__dt_pkt_t> (S).p_nh + 12)) :
	    xlate <__dt_pkt_t> (S).p_ver == 6 ?
	    inet_ntoa6((in6_addr_t *)(xlate <__dt_pkt_t> (S).p_nh + 8)) : "<unknown>";
	ip_daddr = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    inet_ntoa((ipaddr_t *)(xlate <__dt_pkt_t> (S).p_nh + 16)) :
	    xlate <__dt_pkt_t> (S).p_ver == 6 ?
	    inet_ntoa6((in6_addr_t *)(xlate <__dt_pkt_t> (S).p_nh + 24)) : "<unknown>";
};

translator ifinfo_t < struct sk_buff *S > {
	if_name = S->dev != NULL ? stringof(S->dev->name) : "<null>";
	if_local = S->dev != NULL && (S->dev->flags & 0x8) != 0;	/* IFF_LOOPBACK */
	if_ipstack = S->dev != NULL ? S->dev->nd_net.net->ns.inum : 0;
	if_addr = (uintptr_t)S->dev;
};

translator ipv4info_t < struct sk_buff *S > {
	ipv4_ver = xlate <__dt_pkt_t> (S).p_ver == 4 ? 4 : 0;
	ipv4_ihl = xlate <__dt_pkt_t> (S).p_ver == 4 ? (*(uint8_t *)xlate <__dt_pkt_t> (S).p_nh & 0xf) << 2 : 0;
	ipv4_tos = xlate <__dt_pkt_t> (S).p_ver == 4 ? *(uint8_t *)(xlate <__dt_pkt_t> (S).p_nh + 1) : 0;
	ipv4_length = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_nh + 2)) : 0;
	ipv4_ident = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_nh + 4)) : 0;
	ipv4_flags = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_nh + 6)) >> 12 : 0;
	ipv4_offset = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_nh + 6)) & 0x0fff : 0;
	ipv4_ttl = xlate <__dt_pkt_t> (S).p_ver == 4 ? *(uint8_t *)(xlate <__dt_pkt_t> (S).p_nh + 8) : 0;
	ipv4_protocol = xlate <__dt_pkt_t> (S).p_ver == 4 ? xlate <__dt_pkt_t> (S).p_proto : 0;
	ipv4_protostr = xlate <__dt_pkt_t> (S).p_ver == 4 ? __dt_protostr[xlate <__dt_pkt_t> (S).p_proto] :
	    "<null>";
	ipv4_checksum = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_nh + 10)) : 0;
	ipv4_src = xlate <__dt_pkt_t> (S).p_ver == 4 ? *(ipaddr_t *)(xlate <__dt_pkt_t> (S).p_nh + 12) : 0;
	ipv4_dst = xlate <__dt_pkt_t> (S).p_ver == 4 ? *(ipaddr_t *)(xlate <__dt_pkt_t> (S).p_nh + 16) : 0;
	ipv4_saddr = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    inet_ntoa((ipaddr_t *)(xlate <__dt_pkt_t> (S).p_nh + 12)) : "<null>";
	ipv4_daddr = xlate <__dt_pkt_t> (S).p_ver == 4 ?
	    inet_ntoa((ipaddr_t *)(xlate <__dt_pkt_t> (S).p_nh + 16)) : "<null>";
	ipv4_hdr = xlate <__dt_pkt_t> (S).p_ver == 4 ? xlate <__dt_pkt_t> (S).p_nh : 0;
};

translator ipv6info_t < struct sk_buff *S > {
	ipv6_ver = xlate <__dt_pkt_t> (S).p_ver == 6 ? 6 : 0;
	ipv6_tclass = xlate <__dt_pkt_t> (S).p_ver == 6 ?
	    (ntohl(*(uint32_t *)xlate <__dt_pkt_t> (S).p_nh) >> 20) & 0xff : 0;
	ipv6_flow = xlate <__dt_pkt_t> (S).p_ver == 6 ?
	    ntohl(*(uint32_t *)xlate <__dt_pkt_t> (S).p_nh) & 0xfffff : 0;
	ipv6_plen = xlate <__dt_pkt_t> (S).p_ver == 6 ?
	    ntohs(*(uint16_t *)(xlate <__dt_pkt_t> (S).p_nh + 4)) : 0;
	ipv6_nexthdr = xlate <__dt_pkt_t> (S).p_ver == 6 ? xlate <__dt_pkt_t> (S).p_proto : 0;
	ipv6_nextstr = xlate <__dt_pkt_t> (S).p_ver == 6 ? __dt_protostr[xlate <__dt_pkt_t> (S).p_proto] :
	    "<null>";
	ipv6_hlim = xlate <__dt_pkt_t> (S).p_ver == 6 ? *(uint8_t *)(xlate <__dt_pkt_t> (S).p_nh + 7) : 0;
	ipv6_src = xlate <__dt_pkt_t> (S).p_ver == 6 ? (in6_addr_t *)(xlate <__dt_pkt_t> (S).p_nh + 8) : 0;
	ipv6_dst = xlate <__dt_pkt_t> (S).p_ver == 6 ? (in6_addr_t *)(xlate <__dt_pkt_t> (S).p_nh + 24) : 0;
	ipv6_saddr = xlate <__dt_pkt_t> (S).p_ver == 6 ?
	    inet_ntoa6((in6_addr_t *)(xlate <__dt_pkt_t> (S).p_nh + 8)) : "<null>";
	ipv6_daddr = xlate <__dt_pkt_t> (S).p_ver == 6 ?
	    inet_ntoa6((in6_addr_t *)(xlate <__dt_pkt_t> (S).p_nh + 24)) : "<null>";
	ipv6_hdr = xlate <__dt_pkt_t> (S).p_ver == 6 ? xlate <__dt_pkt_t> (S).p_nh : 0;
};
