#!/usr/bin/env bash
# bench/net.sh [DTRACE] -- per-packet cost of the tcp and ip providers'
# send/receive with @[args[2]->ip_daddr] = sum(args[2]->ip_plength) on a
# 1 GB TCP transfer over the loopback of a network namespace of its own,
# its MTU NET_MTU (default 1500: a packet per 1448 bytes, as on a wire)
# (bench/net-xfer.c), against the untraced transfer and against bpftrace
# on the same tracepoints (net_dev_start_xmit, netif_receive_skb) with the
# same aggregation, in NET_ROUNDS (default 5) interleaved rounds; medians.
# Per-packet cost = (traced - untraced) / packets, the packets counted by
# dtrace in a run of their own.  NET_MB=100 NET_CHUNK=1000: 100 MB in
# 1000-byte segments (TCP_NODELAY), a packet per write, to see the cost
# of many packets rather than of GSO's few large ones.
set -e
top=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${1:-$top/build/dtrace}
rounds=${NET_ROUNDS:-5}
mb=${NET_MB:-1024}
ns=dtbench19$$
cc -O2 -Wall -o "$top/build/net-xfer" "$top/bench/net-xfer.c"
ip netns add $ns
trap 'ip netns del $ns' EXIT
ip netns exec $ns ip link set lo up mtu ${NET_MTU:-1500}
X="$(command -v ip) netns exec $ns $top/build/net-xfer $mb ${NET_CHUNK:-65536}"

dt_tcp='tcp:::send, tcp:::receive { @[args[2]->ip_daddr] = sum(args[2]->ip_plength); }'
dt_ip='ip:::send, ip:::receive { @[args[2]->ip_daddr] = sum(args[2]->ip_plength); }'
# bpftrace: the IPv4 header as the D library finds it (network header if set, else data)
bt_hdr='$s = (struct sk_buff *)args->skbaddr; $ip = (uint64)$s->data;
	if ($s->network_header != 0 && $s->network_header != 0xffff) { $ip = (uint64)$s->head + $s->network_header; }'
bt_sum='@[ntop(2, *(uint32 *)($ip + 16))] = sum(((*(uint8 *)($ip + 2)) << 8 | *(uint8 *)($ip + 3)) - ((*(uint8 *)$ip & 0xf) << 2));'
bt_tcp="tracepoint:net:net_dev_start_xmit, tracepoint:net:netif_receive_skb { $bt_hdr
	if (\$s->protocol == 0x0008 && *(uint8 *)(\$ip + 9) == 6) { $bt_sum } }"
bt_ip="tracepoint:net:net_dev_start_xmit, tracepoint:net:netif_receive_skb { $bt_hdr
	if (\$s->protocol == 0x0008) { $bt_sum } }"

run() { # prints the transfer's ns
	case $1 in
	none) $X ;;
	dt-tcp) "$DTRACE" -qn "$dt_tcp" -c "$X" | head -1 ;;
	dt-ip) "$DTRACE" -qn "$dt_ip" -c "$X" | head -1 ;;
	bt-tcp) bpftrace -q -e "$bt_tcp" -c "$X" 2>/dev/null | grep -E '^[0-9]+$' | head -1 ;;
	bt-ip) bpftrace -q -e "$bt_ip" -c "$X" 2>/dev/null | grep -E '^[0-9]+$' | head -1 ;;
	esac
}
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

pk_tcp=$("$DTRACE" -qn 'tcp:::send, tcp:::receive { @ = count(); } END { printa("%@d\n", @); }' -c "$X" | tail -2 | head -1)
pk_ip=$("$DTRACE" -qn 'ip:::send, ip:::receive { @ = count(); } END { printa("%@d\n", @); }' -c "$X" | tail -2 | head -1)
declare -A t
for ((r = 0; r < rounds; r++)); do
	for k in none dt-tcp bt-tcp dt-ip bt-ip; do
		t[$k]+="$(run $k) "
	done
done
printf '%s MB over loopback in %s-byte writes, %d rounds (median ns of the transfer)\n' "$mb" "${NET_CHUNK:-65536}" "$rounds"
printf 'packets seen: tcp send+receive %s, ip send+receive %s\n' "$pk_tcp" "$pk_ip"
base=$(echo ${t[none]} | tr ' ' '\n' | median)
printf '%-8s %12s %10s %14s\n' case ns ratio ns/packet
for k in none dt-tcp bt-tcp dt-ip bt-ip; do
	m=$(echo ${t[$k]} | tr ' ' '\n' | median)
	pk=$pk_tcp; [[ $k == *ip ]] && pk=$pk_ip
	printf '%-8s %12d %10.3f %14.0f\n' $k "$m" "$(echo "$m / $base" | bc -l)" \
		"$(echo "($m - $base) / $pk" | bc -l)"
done
