# link_ntop() on a kernel address: the MAC addresses of a veth pair the
# test creates in two network namespaces (and removes), set to known
# values, read from the net_device at net:net_dev_xmit as each end sends
# (the ARP exchange and 2 UDP datagrams from the first to the second,
# tests/triggers/udp-xfer.c): ARPHRD_ETHER, 6 bytes.  Keys sorted (aggsortkey):
# how many frames each end sends does not matter.
a=dtnet19lna$$ b=dtnet19lnb$$
ip netns add $a || { echo "SKIP: cannot create a network namespace"; exit 0; }
trap 'ip netns del $a; ip netns del $b' EXIT
ip netns add $b
ip link add va19l netns $a address 02:00:5e:10:0a:01 type veth peer name vb19l netns $b address 0e:ff:00:ab:cd:ef
ip -n $a addr add 10.219.1.1/24 dev va19l
ip -n $b addr add 10.219.1.2/24 dev vb19l
ip -n $a link set va19l up
ip -n $b link set vb19l up
$DTRACE -x aggsortkey -qn '
sdt:net::net_dev_xmit /stringof(args[2]->name) == "va19l" || stringof(args[2]->name) == "vb19l"/ {
	@[stringof(args[2]->name), args[2]->type, link_ntop(args[2]->type, args[2]->dev_addr)] = count();
}
END { printa("%s type %d %s\n", @); }' -c "ip netns exec $a $T/udp-xfer 4 10.219.1.2 7019 2 100 $b"
echo "rc=$?"
