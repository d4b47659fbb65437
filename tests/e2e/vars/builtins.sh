# Built-in variables, checked against what the shell knows.
cat > b.d <<'D'
syscall::getppid:entry
/pid == $target/
{
	printf("pid %d tid %d ppid %d\n", pid == $target, tid == pid, ppid == $pid);
	printf("uid %d gid %d\n", uid, gid);
	printf("execname %s\n", execname);
	printf("probe %s:%s:%s:%s\n", probeprov, probemod, probefunc, probename);
	printf("id %d\n", id == ID);
	printf("epid %d\n", epid > 0);
	printf("cpu %d\n", cpu);
	printf("timestamp %d %d\n", timestamp > 0, timestamp - this_ts >= 0);
	printf("walltimestamp %d\n", walltimestamp / 1000000000 + 60 - NOW < 120); /* within a minute (a loaded machine) */
	printf("errno %d\n", errno);
	printf("arg0 %d arg9 %d\n", arg0, arg9);
}
D
id=$($DTRACE -l -n syscall::getppid:entry | awk 'NR == 2 { print $1 }')
sed -e "s/\\bID\\b/$id/" -e "s/NOW/$(date +%s)/" -e "s/this_ts/timestamp/" b.d > b2.d
taskset -c 0 $DTRACE -qs b2.d -c "$T/getppid-loop 1" | sed -e "s/uid $(id -u) gid $(id -g)/uid UID gid GID/"
# BEGIN and END fire in dtrace itself
$DTRACE -qn 'BEGIN { printf("%s %s:%s:%s:%s %d %d\n", execname, probeprov, probemod, probefunc, probename, id, pid == $pid); }
END { printf("%s %d %d\n", probename, id, ppid == $ppid); } BEGIN { exit(0); }'
