/*
 * The USDT provider of the uchain triggers: dtrace -h makes
 * build/triggers/uchain.h.
 */
provider uchain {
	probe leaf(int);
	probe spin__start();
	probe spin__done();
};
