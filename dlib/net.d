/*
 * net.d -- the network names scripts use from illumos' D library:
 * ipaddr_t (an IPv4 address as a 32-bit word, in network order),
 * in6_addr_t (an IPv6 address, with illumos' member names) and the
 * address families.  AF_INET6 is Linux's value (10; illumos' is 26), so
 * that it compares equal to a socket's family.
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
