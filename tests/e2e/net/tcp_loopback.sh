# tcp: real connections on the loopback of a network namespace the test
# creates (and removes): the trigger accepts 3 connections on 7001, each
# carrying 1000 bytes from client to server, then is refused twice on
# 7002 (tests/triggers/tcp-conn.c), over IPv4 then IPv6.  Expected from
# TCP itself: 3 SYNs to 7001 (connect-request, tcps_state SYN_SENT), 3
# connect-established (SYN|ACK received, active) and 3 accept-established
# (the handshake's ACK from the client); 2 RST|ACKs sent by the refusing
# side (accept-refused) and received (connect-refused); 3000 bytes of
# payload sent to 7001 and received there; the latency one-liner's
# connect-request and connect-established meet on the socket's cs_cid.
# Ports are only those of the test's namespace: the predicates name them.
ns=dtnet19tcp$$
ip netns add $ns || { echo "SKIP: cannot create a network namespace"; exit 0; }
trap 'ip netns del $ns' EXIT
ip netns exec $ns ip link set lo up
for fam in 4 6; do
$DTRACE -qn '
tcp:::connect-request /args[4]->tcp_dport == 7001 || args[4]->tcp_dport == 7002/ {
	@req[args[4]->tcp_dport, args[2]->ip_ver, tcp_state_string[args[3]->tcps_state],
	    args[4]->tcp_flags == TH_SYN] = count();
	start[args[1]->cs_cid] = timestamp;
}
tcp:::connect-established /args[3]->tcps_rport == 7001/ {
	@est[args[2]->ip_saddr, args[4]->tcp_sport, args[4]->tcp_flags == (TH_SYN | TH_ACK),
	    args[3]->tcps_active, tcp_state_string[args[3]->tcps_state]] = count();
}
tcp:::connect-established /start[args[1]->cs_cid]/ {
	@lat = count();
	start[args[1]->cs_cid] = 0;
}
tcp:::accept-established /args[3]->tcps_lport == 7001/ {
	@acc[args[2]->ip_saddr, args[2]->ip_daddr, args[4]->tcp_dport, args[4]->tcp_flags == TH_ACK,
	    args[3]->tcps_laddr] = count();
}
tcp:::accept-refused /args[4]->tcp_sport == 7002/ {
	@aref[args[2]->ip_saddr, args[4]->tcp_flags == (TH_RST | TH_ACK), args[3]->tcps_lport] = count();
}
tcp:::connect-refused /args[4]->tcp_sport == 7002/ {
	@cref[args[2]->ip_daddr, args[3]->tcps_rport] = count();
}
tcp:::send /args[4]->tcp_dport == 7001/ { @sent = sum(args[2]->ip_plength - args[4]->tcp_offset); }
tcp:::receive /args[4]->tcp_dport == 7001/ {
	@recv[args[3]->tcps_laddr, args[3]->tcps_lport] = sum(args[2]->ip_plength - args[4]->tcp_offset);
}
END {
	printa("connect-request to %d, IPv%d, %s, SYN %d: %@d\n", @req);
	printa("connect-established from %s:%d, SYN|ACK %d, active %d, %s: %@d\n", @est);
	printa("latency measured: %@d\n", @lat);
	printa("accept-established %s -> %s:%d, ACK %d, local %s: %@d\n", @acc);
	printa("accept-refused from %s, RST|ACK %d, port %d: %@d\n", @aref);
	printa("connect-refused at %s, port %d: %@d\n", @cref);
	printa("bytes sent to 7001: %@d\n", @sent);
	printa("bytes received at %s:%d: %@d\n", @recv);
}' -c "ip netns exec $ns $T/tcp-conn $fam 7001 3 1000 2"
echo "rc=$?"
done
