# xlate<> to the library's types from any expression of the input type:
# the parent's psinfo_t, a thread's lwpsinfo_t by value, a struct file's
# fileinfo_t (read-n reads /dev/zero: fd 3, on devtmpfs, opened O_RDONLY).
$DTRACE -qn '
syscall::read:entry /pid == $target && arg0 == 3/ {
	this->f = curthread->files->fdt->fd[arg0];
	printf("parent %d %s, lwp %d\n", xlate<psinfo_t *>(curthread->real_parent)->pr_pid == $pid,
	    xlate<psinfo_t *>(curthread->real_parent)->pr_fname, xlate<lwpsinfo_t>(curthread).pr_lwpid == tid);
	printf("file %s on %s, offset %d, flags O_RDONLY %d\n", xlate<fileinfo_t *>(this->f)->fi_name,
	    xlate<fileinfo_t *>(this->f)->fi_fs, xlate<fileinfo_t *>(this->f)->fi_offset,
	    (xlate<fileinfo_t>(this->f).fi_oflags & 3) == 0);
	exit(0);
}' -c "$T/read-n 2"
