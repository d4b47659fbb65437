# -F: a read(2) through ksys_read, vfs_read and rw_verify_area, indented
# with -> and <- marks under the CPU FUNCTION header (CPU numbers as C).
for mode in fentry kprobe; do
	$DTRACE -x fbtmode=$mode -F -n 'fbt::ksys_read:entry /pid == $target/ { self->t = 1; }' -n 'fbt::ksys_read:entry,fbt::ksys_read:return,fbt::vfs_read:entry,fbt::vfs_read:return,fbt::rw_verify_area:entry,fbt::rw_verify_area:return /self->t/ {}' -n 'fbt::ksys_read:return /self->t/ { self->t = 0; }' -c "$T/read-n 1" 2>err | sed -e "s/^ *[0-9][0-9]*  /  C  /"
	sed -e "s/pid [0-9]*/pid NNN/" err # after the output: the two streams are not ordered
done
