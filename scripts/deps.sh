#!/bin/sh
# Install the Debian build dependencies that are missing (run as root).
# The build needs: gcc, make, pkg-config, libbpf, libelf, libdw (symbols), zlib, json-c
# (-x oformat=json), libprotobuf-c and protoc-c (-x oformat=pprof), and cpp(1)
# for -C.  Tests use static triggers (libc6-dev has libc.a) and bpftool
# (runtime/cleanup checks that nothing stays in the kernel); python3-minimal
# for a real package's USDT probes (tests/e2e/usdt/python); strace (the D
# library's test checks that a program without kernel types opens no BTF); man-db
# (tests/e2e/install/manpage renders the manual pages with man --warnings).  The kernel
# tests (tests/kernel/run-guests.sh) boot Debian's kernels under qemu: they
# need qemu-system-x86, busybox-static, cpio, kmod, xz-utils and zstd; if
# those cannot be installed, the kernel tests are skipped (with one line).
set -e
need=""
want=""
check() { dpkg -s "$1" >/dev/null 2>&1 || need="$need $1"; }
for p in gcc make pkg-config libbpf-dev libelf-dev libdw-dev zlib1g-dev libjson-c-dev cpp libc6-dev bpftool \
	libprotobuf-c-dev protobuf-c-compiler xz-utils \
	python3-minimal strace man-db; do
	check "$p"
done
# The profile tests (tests/e2e/stacks/svg, pprof) read dtrace's flame graph
# in headless Chromium and its pprof file with Go's pprof: they say they are
# skipped if chromium-headless-shell or golang-go cannot be installed.
for p in qemu-system-x86 busybox-static cpio kmod xz-utils zstd chromium-headless-shell golang-go; do
	dpkg -s "$p" >/dev/null 2>&1 || want="$want $p"
done
if [ -n "$need$want" ]; then
	echo "deps: installing$need$want"
	if [ "$(id -u)" != 0 ]; then
		[ -z "$need" ] && exit 0 # the kernel tests will say they are skipped
		echo "deps: missing packages:$need (run as root to install them)" >&2
		exit 1
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq >/dev/null
	[ -z "$need" ] || apt-get install -y -qq --no-install-recommends $need >/dev/null
	for p in $want; do # each on its own: one that cannot be had skips only its tests
		apt-get install -y -qq --no-install-recommends "$p" >/dev/null ||
			echo "deps: could not install $p: the tests that need it will be skipped" >&2
	done
fi
