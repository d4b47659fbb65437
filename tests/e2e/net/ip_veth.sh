# ip: two network namespaces the test creates (and removes), joined by a
# veth pair (va19 10.219.0.1, fd19::1 in one; vb19 10.219.0.2, fd19::2 in
# the other: addresses only inside the test's namespaces); 3 UDP
# datagrams of 100 bytes from the first to a receiver in the second
# (tests/triggers/udp-xfer.c), over IPv4 then IPv6.  Each is sent on va19
# and received on vb19, not loopback (if_local 0), with the addresses,
# version and lengths UDP and IP give it: IPv4 header 20 bytes, total
# length 128, payload 108, TTL 64, protocol "UDP"; IPv6 payload 108,
# hop limit 64, next header "UDP"; the other version's view empty.
a=dtnet19ipa$$ b=dtnet19ipb$$
ip netns add $a || { echo "SKIP: cannot create a network namespace"; exit 0; }
trap 'ip netns del $a; ip netns del $b' EXIT
ip netns add $b
ip link add va19 netns $a type veth peer name vb19 netns $b
ip -n $a addr add 10.219.0.1/24 dev va19
ip -n $b addr add 10.219.0.2/24 dev vb19
ip -n $a addr add fd19::1/64 dev va19 nodad
ip -n $b addr add fd19::2/64 dev vb19 nodad
ip -n $a link set va19 up
ip -n $b link set vb19 up
for dst in 10.219.0.2 fd19::2; do
fam=4; [ $dst = fd19::2 ] && fam=6
$DTRACE -qn '
ip:::send, ip:::receive /(args[4]->ipv4_protocol == IPPROTO_UDP || args[5]->ipv6_nexthdr == IPPROTO_UDP) &&
    (args[3]->if_name == "va19" || args[3]->if_name == "vb19")/ {
	@ip[probename, args[3]->if_name, args[3]->if_local, args[2]->ip_ver, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[2]->ip_plength] = count();
	@v4[probename, args[4]->ipv4_ver, args[4]->ipv4_ihl, args[4]->ipv4_length, args[4]->ipv4_ttl,
	    args[4]->ipv4_protostr, args[4]->ipv4_saddr, args[4]->ipv4_daddr] = count();
	@v6[probename, args[5]->ipv6_ver, args[5]->ipv6_plen, args[5]->ipv6_hlim,
	    args[5]->ipv6_nextstr, args[5]->ipv6_saddr, args[5]->ipv6_daddr] = count();
}
END {
	printa("ip:::%-7s %s local %d: IPv%d %s -> %s, payload %d: %@d\n", @ip);
	printa("  %-7s ipv4info: version %d, header %d, length %d, ttl %d, %s, %s -> %s: %@d\n", @v4);
	printa("  %-7s ipv6info: version %d, payload %d, hop limit %d, %s, %s -> %s: %@d\n", @v6);
}' -c "ip netns exec $a $T/udp-xfer $fam $dst 7019 3 100 $b"
echo "rc=$?"
done
