/*
 * io.d -- DTrace's stable views of block I/O, the io provider's
 * arguments: bufinfo_t, devinfo_t and fileinfo_t, translated from Linux's
 * struct request (start, done) and struct bio (wait-start, wait-done);
 * fileinfo_t also from a struct file.
 *
 * Linux's dev_t is major << 20 | minor.  A block request does not know
 * the file it reads or writes; its first page does, if it is a page of a
 * file's cache: fileinfo_t from a request is that file's (fi_offset: the
 * page's index in its file, from its folio's, times the 4096-byte page,
 * plus the data's offset in the page), else DTrace's
 * for a buffer without a file ("<none>": metadata, direct I/O, swap); the
 * path of a file on another file system than the thread's root is
 * "<unknown>" (the request does not say where it is mounted).  From a
 * struct file, the path is the one the file was opened through.  Paths
 * are walked by the library's __dt_dpath() (lib/cg/dt_cg_mem.c).
 */

#pragma D depends_on provider io

inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

typedef struct bufinfo {
	int b_flags;		/* B_READ or B_WRITE, ... */
	size_t b_bcount;	/* bytes */
	caddr_t b_addr;		/* buffer address */
	uint64_t b_blkno;	/* first 512-byte sector on the device */
	uint64_t b_lblkno;	/* the same */
	size_t b_resid;		/* bytes not transferred */
	size_t b_bufsize;	/* bytes of the buffer */
	caddr_t b_iodone;	/* completion routine */
	int b_error;		/* error */
	dev_t b_edev;		/* the device */
} bufinfo_t;

typedef struct devinfo {
	int dev_major;		/* major number */
	int dev_minor;		/* minor number */
	int dev_instance;	/* instance */
	string dev_name;	/* device (driver) name: the disk's (sda) */
	string dev_statname;	/* name as iostat shows it: the partition's (sda1) */
	string dev_pathname;	/* path of the device: /dev/ and dev_statname */
} devinfo_t;

typedef struct fileinfo {
	string fi_name;		/* file name (last component) */
	string fi_dirname;	/* directory */
	string fi_pathname;	/* full path */
	loff_t fi_offset;	/* offset in the file */
	string fi_fs;		/* file system type */
	string fi_mount;	/* mount point */
	int fi_oflags;		/* open(2) flags */
} fileinfo_t;

/* REQ_OP_*: odd operations write (op_is_write()) */
translator bufinfo_t < struct request *R > {
	b_flags = ((R->cmd_flags & 0xff) & 1) ? B_WRITE : B_READ;
	b_bcount = R->__data_len;
	b_blkno = R->__sector;
	b_lblkno = R->__sector;
	b_bufsize = R->__data_len;
	b_resid = 0;
	b_error = 0;
	b_edev = R->part != 0 ? R->part->bd_dev : 0;
};

translator devinfo_t < struct request *R > {
	dev_major = R->part != 0 ? R->part->bd_dev >> 20 : 0;
	dev_minor = R->part != 0 ? R->part->bd_dev & 0xfffff : 0;
	dev_instance = R->q->disk->first_minor;
	dev_name = stringof(R->q->disk->disk_name);
	dev_statname = R->part != 0 ? stringof(R->part->bd_device.kobj.name) :
	    stringof(R->q->disk->disk_name);
	dev_pathname = strjoin("/dev/", R->part != 0 ? stringof(R->part->bd_device.kobj.name) :
	    stringof(R->q->disk->disk_name));
};

/*
 * Where a file is, from a request or a struct file: its dentry and a
 * struct mount it is reached through (kept as numbers: a kernel type in
 * a library typedef would open the BTF at load), and their paths, walked
 * by __dt_dpath(dentry, mount, root dentry, root mount, offsets...)
 * (lib/cg/dt_cg_mem.c) up to the thread's root with the offsets of struct
 * dentry's and struct mount's members that the library gives it.
 *
 * A request's file is the one its first page caches (f_dentry 0 if none);
 * its mount is known if it is on the file system of the current thread's
 * root (as the kernel's own threads' files are): the root's mount (else
 * f_mount 0 and the paths "<unknown>", as when illumos has no v_path).
 */
typedef struct __dt_iofile {
	uintptr_t f_dentry;	/* struct dentry * */
	uintptr_t f_mount;	/* struct mount * */
	string f_path;		/* the file's path */
	string f_mpath;		/* its mount point's */
} __dt_iofile_t;

translator __dt_iofile_t < struct request *R > {
	f_dentry = R->bio == NULL || R->bio->bi_io_vec == NULL ||
	    R->bio->bi_io_vec->bv_page == NULL ||
	    R->bio->bi_io_vec->bv_page->mapping == NULL ||
	    ((uintptr_t)R->bio->bi_io_vec->bv_page->mapping & 3) != 0 ||
	    R->bio->bi_io_vec->bv_page->mapping->host == NULL ||
	    (R->bio->bi_io_vec->bv_page->mapping->host->i_mode & 0170000) == 0060000 ||
	    R->bio->bi_io_vec->bv_page->mapping->host->i_dentry.first == NULL ? 0 :
	    (uintptr_t)((char *)R->bio->bi_io_vec->bv_page->mapping->host->i_dentry.first -
	    offsetof(struct dentry, d_u.d_alias));
	f_mount = R->bio == NULL || R->bio->bi_io_vec == NULL ||
	    R->bio->bi_io_vec->bv_page == NULL ||
	    R->bio->bi_io_vec->bv_page->mapping == NULL ||
	    ((uintptr_t)R->bio->bi_io_vec->bv_page->mapping & 3) != 0 ||
	    R->bio->bi_io_vec->bv_page->mapping->host == NULL ||
	    R->bio->bi_io_vec->bv_page->mapping->host->i_sb != curthread->fs->root.mnt->mnt_sb ? 0 :
	    (uintptr_t)((char *)curthread->fs->root.mnt - offsetof(struct mount, mnt));
	f_path = xlate <__dt_iofile_t> (R).f_mount == 0 ? "<unknown>" :
	    __dt_dpath(xlate <__dt_iofile_t> (R).f_dentry, xlate <__dt_iofile_t> (R).f_mount,
	    curthread->fs->root.dentry,
	    (struct mount *)((char *)curthread->fs->root.mnt - offsetof(struct mount, mnt)),
	    offsetof(struct dentry, d_parent), offsetof(struct dentry, d_name.name),
	    offsetof(struct mount, mnt.mnt_root),
	    offsetof(struct mount, mnt_parent), offsetof(struct mount, mnt_mountpoint));
	f_mpath = xlate <__dt_iofile_t> (R).f_mount == 0 ? "<unknown>" :
	    __dt_dpath(((struct mount *)xlate <__dt_iofile_t> (R).f_mount)->mnt.mnt_root,
	    xlate <__dt_iofile_t> (R).f_mount,
	    curthread->fs->root.dentry,
	    (struct mount *)((char *)curthread->fs->root.mnt - offsetof(struct mount, mnt)),
	    offsetof(struct dentry, d_parent), offsetof(struct dentry, d_name.name),
	    offsetof(struct mount, mnt.mnt_root),
	    offsetof(struct mount, mnt_parent), offsetof(struct mount, mnt_mountpoint));
};

translator __dt_iofile_t < struct file *F > {
	f_dentry = (uintptr_t)F->f_path.dentry;
	f_mount = (uintptr_t)((char *)F->f_path.mnt - offsetof(struct mount, mnt));
	f_path = __dt_dpath(F->f_path.dentry,
	    (struct mount *)((char *)F->f_path.mnt - offsetof(struct mount, mnt)),
	    curthread->fs->root.dentry,
	    (struct mount *)((char *)curthread->fs->root.mnt - offsetof(struct mount, mnt)),
	    offsetof(struct dentry, d_parent), offsetof(struct dentry, d_name.name),
	    offsetof(struct mount, mnt.mnt_root),
	    offsetof(struct mount, mnt_parent), offsetof(struct mount, mnt_mountpoint));
	f_mpath = __dt_dpath(F->f_path.mnt->mnt_root,
	    (struct mount *)((char *)F->f_path.mnt - offsetof(struct mount, mnt)),
	    curthread->fs->root.dentry,
	    (struct mount *)((char *)curthread->fs->root.mnt - offsetof(struct mount, mnt)),
	    offsetof(struct dentry, d_parent), offsetof(struct dentry, d_name.name),
	    offsetof(struct mount, mnt.mnt_root),
	    offsetof(struct mount, mnt_parent), offsetof(struct mount, mnt_mountpoint));
};

translator fileinfo_t < struct request *R > {
	fi_name = xlate <__dt_iofile_t> (R).f_dentry == 0 ? "<none>" :
	    stringof(((struct dentry *)xlate <__dt_iofile_t> (R).f_dentry)->d_name.name);
	fi_dirname = xlate <__dt_iofile_t> (R).f_dentry == 0 ? "<none>" :
	    xlate <__dt_iofile_t> (R).f_mount == 0 ? "<unknown>" :
	    dirname(xlate <__dt_iofile_t> (R).f_path);
	fi_pathname = xlate <__dt_iofile_t> (R).f_dentry == 0 ? "<none>" :
	    xlate <__dt_iofile_t> (R).f_path;
	fi_offset = xlate <__dt_iofile_t> (R).f_dentry == 0 ? -1 :
	    (loff_t)((((struct folio *)((R->bio->bi_io_vec->bv_page->compound_head & 1) != 0 ?
	    R->bio->bi_io_vec->bv_page->compound_head - 1 : (uintptr_t)R->bio->bi_io_vec->bv_page))->index +
	    ((uintptr_t)R->bio->bi_io_vec->bv_page - ((R->bio->bi_io_vec->bv_page->compound_head & 1) != 0 ?
	    R->bio->bi_io_vec->bv_page->compound_head - 1 : (uintptr_t)R->bio->bi_io_vec->bv_page)) /
	    sizeof (struct page)) << 12) + R->bio->bi_io_vec->bv_offset;
	fi_fs = xlate <__dt_iofile_t> (R).f_dentry == 0 ? "<none>" :
	    stringof(((struct dentry *)xlate <__dt_iofile_t> (R).f_dentry)->d_sb->s_type->name);
	fi_mount = xlate <__dt_iofile_t> (R).f_dentry == 0 ? "<none>" : xlate <__dt_iofile_t> (R).f_mpath;
	fi_oflags = 0;
};

/*
 * The same from a struct bio: the bio a thread waits for (wait-start,
 * wait-done).  At wait-done a driver may have advanced the bio's
 * iterator over what it transferred (b_bcount and b_blkno then say what
 * remains: keep wait-start's); b_error is 0 (a bio's status is the block
 * layer's code, not an errno).  A bio's file is its first page's, as a
 * request's.
 */
translator bufinfo_t < struct bio *B > {
	b_flags = ((B->bi_opf & 0xff) & 1) ? B_WRITE : B_READ;
	b_bcount = B->bi_iter.bi_size;
	b_blkno = B->bi_iter.bi_sector;
	b_lblkno = B->bi_iter.bi_sector;
	b_bufsize = B->bi_iter.bi_size;
	b_resid = 0;
	b_error = 0;
	b_edev = B->bi_bdev != 0 ? B->bi_bdev->bd_dev : 0;
};

translator devinfo_t < struct bio *B > {
	dev_major = B->bi_bdev != 0 ? B->bi_bdev->bd_dev >> 20 : 0;
	dev_minor = B->bi_bdev != 0 ? B->bi_bdev->bd_dev & 0xfffff : 0;
	dev_instance = B->bi_bdev != 0 ? B->bi_bdev->bd_disk->first_minor : 0;
	dev_name = B->bi_bdev != 0 ? stringof(B->bi_bdev->bd_disk->disk_name) : "<none>";
	dev_statname = B->bi_bdev != 0 ? stringof(B->bi_bdev->bd_device.kobj.name) : "<none>";
	dev_pathname = B->bi_bdev != 0 ? strjoin("/dev/", stringof(B->bi_bdev->bd_device.kobj.name)) :
	    "<none>";
};

translator __dt_iofile_t < struct bio *B > {
	f_dentry = B == NULL || B->bi_io_vec == NULL ||
	    B->bi_io_vec->bv_page == NULL ||
	    B->bi_io_vec->bv_page->mapping == NULL ||
	    ((uintptr_t)B->bi_io_vec->bv_page->mapping & 3) != 0 ||
	    B->bi_io_vec->bv_page->mapping->host == NULL ||
	    (B->bi_io_vec->bv_page->mapping->host->i_mode & 0170000) == 0060000 ||
	    B->bi_io_vec->bv_page->mapping->host->i_dentry.first == NULL ? 0 :
	    (uintptr_t)((char *)B->bi_io_vec->bv_page->mapping->host->i_dentry.first -
	    offsetof(struct dentry, d_u.d_alias));
	f_mount = B == NULL || B->bi_io_vec == NULL ||
	    B->bi_io_vec->bv_page == NULL ||
	    B->bi_io_vec->bv_page->mapping == NULL ||
	    ((uintptr_t)B->bi_io_vec->bv_page->mapping & 3) != 0 ||
	    B->bi_io_vec->bv_page->mapping->host == NULL ||
	    B->bi_io_vec->bv_page->mapping->host->i_sb != curthread->fs->root.mnt->mnt_sb ? 0 :
	    (uintptr_t)((char *)curthread->fs->root.mnt - offsetof(struct mount, mnt));
	f_path = xlate <__dt_iofile_t> (B).f_mount == 0 ? "<unknown>" :
	    __dt_dpath(xlate <__dt_iofile_t> (B).f_dentry, xlate <__dt_iofile_t> (B).f_mount,
	    curthread->fs->root.dentry,
	    (struct mount *)((char *)curthread->fs->root.mnt - offsetof(struct mount, mnt)),
	    offsetof(struct dentry, d_parent), offsetof(struct dentry, d_name.name),
	    offsetof(struct mount, mnt.mnt_root),
	    offsetof(struct mount, mnt_parent), offsetof(struct mount, mnt_mountpoint));
	f_mpath = xlate <__dt_iofile_t> (B).f_mount == 0 ? "<unknown>" :
	    __dt_dpath(((struct mount *)xlate <__dt_iofile_t> (B).f_mount)->mnt.mnt_root,
	    xlate <__dt_iofile_t> (B).f_mount,
	    curthread->fs->root.dentry,
	    (struct mount *)((char *)curthread->fs->root.mnt - offsetof(struct mount, mnt)),
	    offsetof(struct dentry, d_parent), offsetof(struct dentry, d_name.name),
	    offsetof(struct mount, mnt.mnt_root),
	    offsetof(struct mount, mnt_parent), offsetof(struct mount, mnt_mountpoint));
};

translator fileinfo_t < struct bio *B > {
	fi_name = xlate <__dt_iofile_t> (B).f_dentry == 0 ? "<none>" :
	    stringof(((struct dentry *)xlate <__dt_iofile_t> (B).f_dentry)->d_name.name);
	fi_dirname = xlate <__dt_iofile_t> (B).f_dentry == 0 ? "<none>" :
	    xlate <__dt_iofile_t> (B).f_mount == 0 ? "<unknown>" :
	    dirname(xlate <__dt_iofile_t> (B).f_path);
	fi_pathname = xlate <__dt_iofile_t> (B).f_dentry == 0 ? "<none>" :
	    xlate <__dt_iofile_t> (B).f_path;
	fi_offset = xlate <__dt_iofile_t> (B).f_dentry == 0 ? -1 :
	    (loff_t)((((struct folio *)((B->bi_io_vec->bv_page->compound_head & 1) != 0 ?
	    B->bi_io_vec->bv_page->compound_head - 1 : (uintptr_t)B->bi_io_vec->bv_page))->index +
	    ((uintptr_t)B->bi_io_vec->bv_page - ((B->bi_io_vec->bv_page->compound_head & 1) != 0 ?
	    B->bi_io_vec->bv_page->compound_head - 1 : (uintptr_t)B->bi_io_vec->bv_page)) /
	    sizeof (struct page)) << 12) + B->bi_io_vec->bv_offset;
	fi_fs = xlate <__dt_iofile_t> (B).f_dentry == 0 ? "<none>" :
	    stringof(((struct dentry *)xlate <__dt_iofile_t> (B).f_dentry)->d_sb->s_type->name);
	fi_mount = xlate <__dt_iofile_t> (B).f_dentry == 0 ? "<none>" : xlate <__dt_iofile_t> (B).f_mpath;
	fi_oflags = 0;
};

/* A pipe's or socket's path is "<unknown>" (outside its mount's tree). */
translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : F->f_path.dentry->d_name.name[0] == '\0' ? "<unknown>" :
	    stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" : xlate <__dt_iofile_t> (F).f_path == "<unknown>" ?
	    "<unknown>" : dirname(xlate <__dt_iofile_t> (F).f_path);
	fi_pathname = F == NULL ? "<none>" : xlate <__dt_iofile_t> (F).f_path;
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_inode->i_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : xlate <__dt_iofile_t> (F).f_mpath;
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

/*
 * fds[fd]: the current process's file descriptor fd, as DTrace's
 * (a descriptor that is not open: "<none>").
 */
inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && curthread->files != NULL && fd < curthread->files->fdt->max_fds ?
    curthread->files->fdt->fd[fd] : NULL);
