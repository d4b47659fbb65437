# Key columns by type: strings %-50s, 8-byte " %16lld", 4-byte " %8d",
# 2-byte " %5d", 1-byte " %3d"; ties in value sorted by key (integers
# unsigned); the empty string printed as DTrace's hex dump.
$DTRACE -qn 'BEGIN {
	@s["beta"] = count(); @s["alpha"] = count(); @s["gamma"] = count(); @s["gamma"] = count();
	@w[1L] = sum(2); @w[-1L] = sum(2); @w[5L] = sum(1);
	@i[(int)-3] = count(); @i[(short)4] = count(); @i[(char)5] = count();
	@h[(short)7, "x"] = count();
	@c[(char)65] = count();
	@t[1, "one", 2] = sum(10); @t[1, "one", 1] = sum(10);
	@e[""] = count();
	exit(0);
}'
