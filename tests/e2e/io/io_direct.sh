# io: 16 reads with O_DIRECT of a file in the test's directory (on a
# block device: here the root disk) are 16 io:::start in the reader's
# context, during its preads (not its own pages read in by exec), and 16
# io:::done of the same requests (args[0]: the request).
dd if=/dev/zero of=direct.dat bs=4096 count=16 conv=fsync 2>/dev/null
$DTRACE -qn '
syscall::pread64:entry /pid == $target/ { self->in = 1; }
syscall::pread64:return /pid == $target/ { self->in = 0; }
io:::start /self->in && (args[0]->cmd_flags & 0xff) == 0/ { starts++; pending[arg0] = 1; }
io:::done /pending[arg0]/ { dones++; pending[arg0] = 0; }
END { printf("%d reads started, %d done\n", starts, dones); }' -c "$T/read-direct direct.dat 16"
rm -f direct.dat
