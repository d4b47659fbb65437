# fileinfo_t from a struct file (dlib/io.d): the path the file was opened
# through, walked up its dentries and across mount points (tracefs on
# sysfs, devtmpfs), the root itself, and a path of more than 16 steps,
# whose top is "..." (a path of 16 names is whole); fi_fs is the type
# findmnt(8) names (FSTYPE).  dd reads its input from fd 0.
deep=$(pwd -P)
for i in $(seq 1 18); do deep=$deep/fid$i; done
mkdir -p "$deep" && echo x > "$deep/deep"
# 16 names from the root: the test directory's, then fiw.., then f
whole=$(pwd -P)
n=$(echo "$whole" | tr -cd / | wc -c)
while [ "$n" -lt 15 ]; do n=$((n + 1)); whole=$whole/fiw$n; done
mkdir -p "$whole" && echo x > "$whole/f"
for f in /sys/kernel/tracing/trace_clock /dev/null / "$deep/deep" "$whole/f"; do
	$DTRACE -qn 'syscall::read:entry /pid == $target && arg0 == 0/ {
		this->f = curthread->files->fdt->fd[0];
		printf("%s|%s|%s|%s|%s\n", xlate<fileinfo_t *>(this->f)->fi_name,
		    xlate<fileinfo_t *>(this->f)->fi_dirname, xlate<fileinfo_t *>(this->f)->fi_pathname,
		    xlate<fileinfo_t *>(this->f)->fi_fs, xlate<fileinfo_t *>(this->f)->fi_mount);
		exit(0);
	}' -c "dd if=$f of=/dev/null bs=1 count=1 status=none" 2>/dev/null |
		sed -e "s|$whole|WHOLE|g" -e "s/|$(findmnt -n -o FSTYPE -T "$f")|/|FSTYPE|/"
done
rm -rf fid1 fiw*
