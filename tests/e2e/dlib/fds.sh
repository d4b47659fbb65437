# fds[fd]: the current process's descriptor fd as a fileinfo_t (an
# inline with a parameter in the D library, dlib/io.d, as illumos'): the
# DTrace books' one-liner counting reads by file (read-n reads /dev/zero
# 5 times; the dynamic loader's reads are on the root's file system), its
# offset (a character device's stays 0) and open flags; a descriptor that
# is not open and a negative one (a char index too) are "<none>"; a pipe's
# path is "<unknown>"; fds must have one integer index.
$DTRACE -qn 'syscall::read:entry /pid == $target && fds[arg0].fi_fs == "devtmpfs"/ {
	@[fds[arg0].fi_pathname, fds[arg0].fi_dirname, fds[arg0].fi_name, fds[arg0].fi_mount,
	    fds[arg0].fi_offset, fds[arg0].fi_oflags & 3] = count();
}
syscall::close:entry /pid == $target && arg0 == 3/ {
	printf("%s|%s|%s %d\n", fds[99].fi_pathname, fds[-1].fi_name, fds[(char)-1].fi_fs, fds[99].fi_offset);
}
END { printa("%s %s %s %s offset %d flags %d: %@d\n", @); }' -c "$T/read-n 5"
echo "rc=$?"
echo x | $DTRACE -qn 'syscall::read:entry /pid == $target && arg0 == 0/ {
	printf("%s|%s|%s|%s\n", fds[0].fi_name, fds[0].fi_dirname, fds[0].fi_pathname, fds[0].fi_fs);
	exit(0);
}' -c "dd bs=1 count=1 status=none of=/dev/null"
echo "rc=$?"
$DTRACE -qn 'BEGIN { trace(fds); }'
$DTRACE -qn 'BEGIN { trace(fds[1, 2].fi_name); }'
$DTRACE -qn 'BEGIN { trace(fds["a"].fi_name); }'
