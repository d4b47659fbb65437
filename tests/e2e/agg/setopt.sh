# setopt() while tracing: run-time options take effect for the records
# that follow; others cannot change while tracing, as in DTrace.
$DTRACE -qn 'BEGIN {
	@a["x"] = sum(1); @a["y"] = sum(2);
	printa(@a);
	setopt("aggsortrev");
	printa(@a);
	setopt("aggsortrev", "0");
	setopt("aggsortkey");
	printa(@a);
	setopt("bufsize", "1m");
	setopt("nosuchoption");
	exit(0);
}' 2>err
echo "rc=$?"
cat err
