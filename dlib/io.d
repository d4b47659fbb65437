/*
 * io.d -- DTrace's stable views of block I/O, the io provider's
 * arguments: bufinfo_t, devinfo_t and fileinfo_t, translated from Linux's
 * struct request; fileinfo_t also from a struct file.
 *
 * Linux's dev_t is major << 20 | minor.  A block request does not know
 * the file it reads or writes: fileinfo_t from a request is DTrace's for
 * a buffer without a file ("<none>").  From a struct file, the file's
 * directory, path and mount point are not translated (BPF has no d_path
 * for them here): fi_name is the last component.
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

translator fileinfo_t < struct request *R > {
	fi_name = "<none>";
	fi_dirname = "<none>";
	fi_pathname = "<none>";
	fi_offset = -1;
	fi_fs = "<none>";
	fi_mount = "<none>";
	fi_oflags = 0;
};

translator fileinfo_t < struct file *F > {
	fi_name = stringof(F->f_path.dentry->d_name.name);
	fi_offset = F->f_pos;
	fi_fs = stringof(F->f_inode->i_sb->s_type->name);
	fi_oflags = F->f_flags;
};
