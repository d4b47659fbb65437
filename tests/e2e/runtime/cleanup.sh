# However dtrace ends (exit(), SIGINT, SIGTERM, the end of -c, kill -9), no
# BPF program, map or link of it stays in the kernel: every object is a file
# descriptor of the dtrace process, nothing is pinned.
#
# The ids of dtrace's programs, maps and links are read from
# /proc/PID/fdinfo while it runs; afterwards bpftool (Debian's bpftool
# package, installed by scripts/deps.sh) must not find any of them.
ids() {	# pid -> "prog N" / "map N" / "link N" lines
	for f in /proc/$1/fdinfo/*; do
		sed -n -e 's/^prog_id:[[:space:]]*/prog /p' -e 's/^map_id:[[:space:]]*/map /p' \
		    -e 's/^link_id:[[:space:]]*/link /p' "$f" 2>/dev/null
	done | sort -u
}
gone() {	# ids file -> lines for ids still present, after up to 30 s
	i=0
	while [ $i -lt 300 ]; do
		left=$(while read kind id; do
			bpftool $kind show id $id >/dev/null 2>&1 && echo "$kind $id"
		done < "$1")
		[ -z "$left" ] && return 0
		sleep 0.1
		i=$((i + 1))
	done
	echo "left behind: $left"
}
command -v bpftool >/dev/null || { echo "bpftool is missing"; exit 1; }
# BEGIN's line says dtrace has loaded and attached everything (it waits
# for it, up to 30 s: a loaded machine starts slowly)
D_PROG='BEGIN { printf("ready\n"); } syscall::getppid:entry { n++; } syscall::getppid:return /0/ { } profile-97 { } tick-1s { } END { }'
run() {	# how: signal to send, or "exit" / "-c"
	rm -f ready.$1
	case $1 in
	exit) $DTRACE -qn "$D_PROG tick-2s { exit(0); }" > ready.$1 2>&1 & ;;
	-c) $DTRACE -qn "$D_PROG" -c "$T/sleep-ms 2000" > ready.$1 2>&1 & ;;
	INT) env --default-signal=INT $DTRACE -qn "$D_PROG" > ready.$1 2>&1 & ;;
	*) $DTRACE -qn "$D_PROG" > ready.$1 2>&1 & ;;
	esac
	p=$!
	i=0
	while [ $i -lt 300 ] && ! grep -q ready ready.$1 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	ids $p > ids.$1
	n=$(grep -c . ids.$1)
	case $1 in
	exit|-c) ;;
	*) kill -$1 $p ;;
	esac
	{ wait $p; } 2>/dev/null
	[ "$n" -ge 3 ] || echo "$1: only $n objects seen"
	gone ids.$1 && echo "$1: nothing left ($(cut -d' ' -f1 ids.$1 | sort -u | tr '\n' ' '))"
}
run exit
run -c
run INT
run TERM
run KILL
