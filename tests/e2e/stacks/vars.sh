# stackdepth and ustackdepth count the frames stack() and ustack() show;
# caller is stack()'s first frame (the kernel's call site of the probe),
# ucaller ustack()'s second (the caller of the current user frame: illumos
# returns the third word of dtrace_getupcstack(), after the pid and the pc;
# issue 18 item 9); zonename is "global".
check() {
	awk -v kernel="$1" '
	/^(depth|udepth) / { want[$1] = $2; cur = $1; n[cur] = 0; next }
	/^(caller|ucaller) / { first[$1] = $2; next }
	/^zone / { zone = $2; next }
	/^ *$/ { if (n[cur] > 0) cur = ""; next }
	/frames (may be )?missing/ { next }
	cur != "" { n[cur]++; if (n[cur] == 1) top[cur] = $1; if (n[cur] == 2) second[cur] = $1 }
	END {
		if (zone != "")
			print "zonename:", zone
		if (kernel)
			print "kernel frames found:", (n["depth"] > 0 ? "yes" : "no")
		print "stackdepth is the frames of stack():", (want["depth"] == n["depth"] ? "yes" : "no " want["depth"] " " n["depth"])
		print "caller is its first frame:", (first["caller"] == top["depth"] ? "yes" : "no " first["caller"] " " top["depth"])
		print "ustackdepth is the frames of ustack():", (want["udepth"] == n["udepth"] && n["udepth"] > 0 ? "yes" : "no " want["udepth"] " " n["udepth"])
		print "ucaller is its second frame:", (first["ucaller"] == second["udepth"] && second["udepth"] != "" ? "yes" : "no " first["ucaller"] " " second["udepth"])
	}'
}
$DTRACE -qn 'syscall::getppid:entry /pid == $target/ {
	printf("zone %s\n", zonename);
	printf("caller %a\nucaller %A\n", caller, ucaller);
	printf("depth %d\n", stackdepth); stack();
	printf("\nudepth %d\n", ustackdepth); ustack(); }' -c "$T/getppid-loop 1" | check 1
# at a pid entry probe (the caller's frame added, as ustack() adds it)
$DTRACE -qn 'pid$target:a.out:c:entry {
	printf("caller %a\nucaller %A\n", caller, ucaller);
	printf("depth %d\n", stackdepth); stack();
	printf("\nudepth %d\n", ustackdepth); ustack(); }' -c "$T/ustack-fp 1 1" | check
