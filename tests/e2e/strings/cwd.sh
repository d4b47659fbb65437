# cwd and root: the process's working and root directories as paths,
# walked up through the dentries and across mounts (tracefs is mounted on
# sysfs); a process chrooted sees paths from its own root, and its root is
# the jail's path from dtrace's root.
run() {
	$DTRACE -qn 'syscall::getppid:entry /pid == $target/ { printf("cwd %s root %s\n", cwd, root); }' -c "$1"
}
(cd /sys/kernel/tracing && run "$T/getppid-loop 1")
(cd / && run "$T/getppid-loop 1")
mkdir -p jail/sub && cp "$T/getppid-loop" jail/sub/
run "chroot jail /sub/getppid-loop 1" | sed "s|$(pwd)|TMP|g"
# a path longer than strsize keeps its first strsize characters
(cd /sys/kernel/tracing && $DTRACE -x strsize=10 -qn 'syscall::getppid:entry /pid == $target/ { printf("cwd %s\n", cwd); }' -c "$T/getppid-loop 1")
