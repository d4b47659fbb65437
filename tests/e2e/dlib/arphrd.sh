# illumos' ARPHRD_* link types (net.d): ARPHRD_ETHER 1, ARPHRD_INFINIBAND
# 32, the values Linux's <linux/if_arp.h> gives them too.
$DTRACE -qn 'BEGIN { printf("%d %d\n", ARPHRD_ETHER, ARPHRD_INFINIBAND); exit(0); }'
