# Every option of illumos' option table is recognised (issue 12 item 8):
# those that mean something here work, those that configure what Linux
# lacks are refused saying why; values are checked (item 9).
run() { $DTRACE "$@" -qn 'BEGIN { printf("ran\n"); exit(0); }' 2>&1; }
for o in aggpercpu amin=Evolving/Evolving/Common argref core cpp cpphdrs \
    cpppath=cpp debug disasm=1 empty encoding=ascii encoding=utf8 evaltime=exec \
    evaltime=main iregs=8 kdefs knodefs late=dynamic lazyload ldpath=/bin/ld \
    linkmode=kernel linktype=elf pgmax=8 pspec \
    setenv=DT_X=1 stdc=a strip syslibdir=/nonexistent temporal tree=0 tregs=8 \
    udefs unodefs unsetenv=DT_X version=1.0 version=1.6.1 version=1.13 \
    jstackframes=50 jstackstrsize=512 aggpack agghist aggzoom stackindent=14 \
    preallocate=1m procrate=10hz ctypes=c.btf dtypes=d.btf; do
	printf '%s: ' "$o"; run -x "$o"
done
# refused: what Linux lacks, and bad values
for o in ctypes=/nonexistent/x dtypes dof grabanon zone=global encoding=ebcdic \
    evaltime=never late=soon linkmode=odd linktype=coff stdc=x version=2.0 \
    version=1.x version=1.13.99 nspec=-1 nspec=99999999999999999999999 quiet=um \
    flowindent=maybe cpu=-2; do
	run -x "$o"; echo "rc=$?"
done
# define/undef/incdir are -D/-U/-I
printf '#include "inc.h"\nBEGIN { printf("%%d %%s\\n", VAL, STR); exit(0); }\n#ifdef GONE\n#error GONE is defined\n#endif\n' >p.d
mkdir -p incdir && echo '#define STR "from incdir"' >incdir/inc.h
$DTRACE -x define=VAL=42 -x define=GONE -x undef=GONE -x incdir=incdir -x cpp -qs p.d
# quiet: off/no/false/0 are off, on/yes/true/1 and no value on
for v in off no false 0 on yes true 1; do
	$DTRACE -x quiet=$v -n 'BEGIN { exit(0); }' 2>&1 | grep -c matched | sed "s/^/quiet=$v matched lines: /"
done
# verbose is -S
$DTRACE -x verbose -qn 'BEGIN { exit(0); }' 2>&1 | grep -c '^BPF program for probe'
# stackindent
$DTRACE -x stackindent=3 -qn 'BEGIN { stack(); exit(0); }' | grep -q '^   [^ ]' && echo 'stackindent=3 ok'
# #pragma D option: one argument
printf '#pragma D option nspec=24 * 44\nBEGIN { exit(0); }\n' >n.d
$DTRACE -qs n.d
echo "rc=$?"
printf '#pragma D option quiet /* a comment */\nBEGIN { printf("pragma ok\\n"); exit(0); }\n' >q.d
$DTRACE -s q.d
# setopt() errors are reported against the probe
$DTRACE -qn 'BEGIN { setopt("quiet", "um, no"); setopt("nosuch"); setopt("bufsize", "1m");
    setopt("stackindent", "4"); printf("done\n"); exit(0); }'
# stdc: __STDC__ under -C as illumos' cpp modes give it
printf 'BEGIN {\n#ifdef __STDC__\nprintf("__STDC__ %%d\\n", __STDC__);\n#else\nprintf("no __STDC__\\n");\n#endif\nexit(0); }\n' >s.d
for m in a c s t; do printf 'stdc=%s: ' $m; $DTRACE -C -x stdc=$m -qs s.d; done
