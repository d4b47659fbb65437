/*
 * A program the BPF verifier cannot finish (see verifier.sh).
 */
BEGIN
{
	n = 1;
}

BEGIN
{
	s0 = speculation(); s1 = speculation(); s2 = speculation(); s3 = speculation(); s4 = speculation(); s5 = speculation(); s6 = speculation(); s7 = speculation(); s8 = speculation(); s9 = speculation(); s10 = speculation(); s11 = speculation(); s12 = speculation(); s13 = speculation(); s14 = speculation(); s15 = speculation(); s16 = speculation(); s17 = speculation(); s18 = speculation(); s19 = speculation(); s20 = speculation(); s21 = speculation(); s22 = speculation(); s23 = speculation(); s24 = speculation(); s25 = speculation(); s26 = speculation(); s27 = speculation(); s28 = speculation(); s29 = speculation(); s30 = speculation(); s31 = speculation(); s32 = speculation(); s33 = speculation(); s34 = speculation(); s35 = speculation(); s36 = speculation(); s37 = speculation(); s38 = speculation(); s39 = speculation(); s40 = speculation(); s41 = speculation(); s42 = speculation(); s43 = speculation(); s44 = speculation(); s45 = speculation(); s46 = speculation(); s47 = speculation(); s48 = speculation(); s49 = speculation(); s50 = speculation(); s51 = speculation(); s52 = speculation(); s53 = speculation(); s54 = speculation(); s55 = speculation(); s56 = speculation(); s57 = speculation(); s58 = speculation(); s59 = speculation(); s60 = speculation(); s61 = speculation(); s62 = speculation(); s63 = speculation(); s64 = speculation(); s65 = speculation(); s66 = speculation(); s67 = speculation(); s68 = speculation(); s69 = speculation(); s70 = speculation(); s71 = speculation(); s72 = speculation(); s73 = speculation(); s74 = speculation(); s75 = speculation(); s76 = speculation(); s77 = speculation(); s78 = speculation(); s79 = speculation(); s80 = speculation(); s81 = speculation(); s82 = speculation(); s83 = speculation(); s84 = speculation(); s85 = speculation(); s86 = speculation(); s87 = speculation(); s88 = speculation(); s89 = speculation(); s90 = speculation(); s91 = speculation(); s92 = speculation(); s93 = speculation(); s94 = speculation(); s95 = speculation(); s96 = speculation(); s97 = speculation(); s98 = speculation(); s99 = speculation();
}
