# The "printa(); clear()" pattern across consumer passes: what is printed
# after clear() is the data since, cleared keys stay (as zero), trunc()ed
# keys come back with new data only.  BEGIN's records are consumed (every
# 50 ms) long before the target's calls (after 0.5 s; the shell's own
# getppid() is not counted).
printf 'sleep 0.5\nexec %s/getppid-loop 3\n' "$T" > trigger.sh
$DTRACE -q -x switchrate=50ms -n '
BEGIN {
	@a["a"] = sum(5); @a["b"] = sum(7);
	@t["gone"] = count(); @t["stays"] = count(); @t["stays"] = count();
	printa(@a); clear(@a);
	trunc(@t, 1); printa(@t);
}
syscall::getppid:entry /pid == $target && execname == "getppid-loop"/ { @a["c"] = sum(1); @a["b"] = sum(1); @t["gone"] = count(); }
END { printa(@a); printa(@t); }' -c "sh trigger.sh"
