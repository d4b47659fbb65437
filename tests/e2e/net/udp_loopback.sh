# udp: 5 datagrams of 200 bytes from a connected socket to a receiver on
# port 7019 of the loopback of a network namespace the test creates, over
# IPv4 then IPv6 (tests/triggers/udp-xfer.c).  Each is seen sent and
# received once (loopback: one device), with its header (udp_length 208:
# 200 bytes and the 8-byte header, also the IP payload length), the
# sender's ends in udpsinfo_t at send (its socket: udps_addr not 0) and
# the receiver's at receive (no socket yet: 0), and ip:::send/receive on
# "lo", delivered locally.
ns=dtnet19udp$$
ip netns add $ns || { echo "SKIP: cannot create a network namespace"; exit 0; }
trap 'ip netns del $ns' EXIT
ip netns exec $ns ip link set lo up
for a in 127.0.0.1 ::1; do
fam=4; [ $a = ::1 ] && fam=6
$DTRACE -qn '
udp:::send, udp:::receive /args[4]->udp_dport == 7019/ {
	@u[probename, args[2]->ip_ver, args[2]->ip_daddr, args[4]->udp_length, args[2]->ip_plength,
	    args[3]->udps_laddr, args[3]->udps_lport == 7019, args[3]->udps_raddr,
	    args[3]->udps_rport == 7019, args[3]->udps_addr != 0] = count();
}
ip:::send, ip:::receive /(args[4]->ipv4_protocol == IPPROTO_UDP || args[5]->ipv6_nexthdr == IPPROTO_UDP) &&
    args[2]->ip_plength == 208/ {
	@i[probename, args[3]->if_name, args[3]->if_local] = count();
}
END {
	printa("udp:::%-7s IPv%d to %s, length %d, payload %d, local %s (port 7019 %d), remote %s (port 7019 %d), socket %d: %@d\n", @u);
	printa("ip:::%-7s %s, local %d: %@d\n", @i);
}' -c "ip netns exec $ns $T/udp-xfer $fam $a 7019 5 200"
echo "rc=$?"
done
