# io: a buffered read of a file whose pages are not cached (dropped with
# dd's iflag=nocache) starts requests for them in the reader, and the
# fileinfo_t of such a request is the file's (dlib/io.d: from the
# request's first page, its file's dentry, the path walked by
# __dt_dpath()): name, directory and path (the test's directory is on
# the root's file system here; on another, the path is "<unknown>"), file
# system type and mount point.  A request's file offset is its first
# page's: the 8 pages are read from offset 0, in one request or more, each
# starting at a page boundary inside the file's 32768 bytes, the first at 0.
dd if=/dev/urandom of=iofile.dat bs=4096 count=8 conv=fsync status=none
dd if=iofile.dat iflag=nocache count=0 status=none
dir=$(pwd -P)
mnt=$(findmnt -n -o TARGET -T .)
fs=$(findmnt -n -o FSTYPE -T .)
if [ "$mnt" = / ]; then path=$dir/iofile.dat; else path="<unknown>" dir="<unknown>" mnt="<unknown>"; fi
$DTRACE -qn '
io:::start /args[2]->fi_name == "iofile.dat"/ {
	@[args[2]->fi_pathname == $$1, args[2]->fi_dirname == $$2, args[2]->fi_fs == $$3,
	    args[2]->fi_mount == $$4, args[2]->fi_offset >= 0 && args[2]->fi_offset < 32768 &&
	    args[2]->fi_offset % 4096 == 0, pid == $target,
	    args[0]->b_flags & B_READ ? "read" : "write"] = count();
	@first = min(args[2]->fi_offset);
}
END {
	printa("path %d, directory %d, file system %d, mount %d, offset in the file %d, by the reader %d: %s\n", @);
	printa("first offset %@d\n", @first);
}' \
	-c "dd if=iofile.dat of=/dev/null bs=4096 status=none" "$path" "$dir" "$fs" "$mnt"
echo "rc=$?"
rm -f iofile.dat
