# tcp:::state-change on one trigger run (3 connections to 7001, 2 refused
# on 7002, in a network namespace of the test's own): each socket's
# transitions, args[5] the old state and args[3] the new, by role.  From
# TCP's state machine with the client closing first: the client
# CLOSED -> SYN_SENT -> ESTABLISHED -> FIN_WAIT_1 -> FIN_WAIT_2 and, when
# the server's FIN comes, out of the full socket's life (Linux keeps
# TIME_WAIT in a separate time-wait socket: the full one becomes CLOSED);
# the server's socket, cloned from the listener (so its first transition
# is from LISTEN), SYN_RECEIVED -> ESTABLISHED -> CLOSE_WAIT -> LAST_ACK ->
# CLOSED; the listener CLOSED -> LISTEN -> CLOSED; a refused client
# SYN_SENT -> CLOSED.  The role is told by the remote port (7001: a
# client, 7002: refused) or the local one (7001 with a remote end: the
# server, without: the listener).
ns=dtnet19st$$
ip netns add $ns || { echo "SKIP: cannot create a network namespace"; exit 0; }
trap 'ip netns del $ns' EXIT
ip netns exec $ns ip link set lo up
$DTRACE -qn '
tcp:::state-change {
	this->role = args[3]->tcps_rport == 7001 ? "client" : args[3]->tcps_rport == 7002 ? "refused" :
	    args[3]->tcps_lport == 7001 && args[3]->tcps_rport != 0 ? "server" :
	    args[3]->tcps_lport == 7001 ? "listener" : "";
}
tcp:::state-change /this->role != ""/ {
	@[this->role, tcp_state_string[args[5]->tcps_state], tcp_state_string[args[3]->tcps_state]] = count();
}
END { printa("%-8s %-20s -> %-20s %@d\n", @); }' -c "ip netns exec $ns $T/tcp-conn 4 7001 3 1000 2"
echo "rc=$?"
