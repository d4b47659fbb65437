# io: 16 reads with O_DIRECT of a file in the test's directory (on a
# block device: here the root disk) are 16 io:::start in the reader's
# context, during its preads (not its own pages read in by exec), and 16
# io:::done of the same requests.  The arguments are DTrace's stable
# types, translated from the struct request (dlib/io.d): bufinfo_t *
# (a 4096-byte read), devinfo_t * (the file's device, as stat(1) and
# /sys/dev/block name it), fileinfo_t * (a request knows no file).
dd if=/dev/zero of=direct.dat bs=4096 count=16 conv=fsync 2>/dev/null
maj=$(stat -c %Hd direct.dat) min=$(stat -c %Ld direct.dat)
name=$(basename "$(readlink /sys/dev/block/$maj:$min)")
$DTRACE -qn '
syscall::pread64:entry /pid == $target/ { self->in = 1; }
syscall::pread64:return /pid == $target/ { self->in = 0; }
io:::start /self->in && (args[0]->b_flags & B_READ)/ {
	starts++; pending[arg0] = 1;
	@["read of 4096 bytes", args[0]->b_bcount == 4096 && !(args[0]->b_flags & B_WRITE)] = count();
	@["the file'"'"'s device", args[1]->dev_major == $1 && args[1]->dev_minor == $2 &&
	    args[0]->b_edev == ($1 << 20 | $2)] = count();
	@["its name", args[1]->dev_statname == $$3 && args[1]->dev_pathname == strjoin("/dev/", $$3)] = count();
	@["no file", args[2]->fi_pathname == "<none>" && args[2]->fi_offset == -1] = count(); }
io:::done /pending[arg0]/ { dones++; pending[arg0] = 0; }
END { printf("%d reads started, %d done\n", starts, dones); printa("%s: %d %@d\n", @); }' \
	-c "$T/read-direct direct.dat 16" $maj $min $name
rm -f direct.dat
