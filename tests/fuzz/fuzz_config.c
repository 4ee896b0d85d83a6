/* fuzz_config.c: a configuration file through the reader and the checks that need no
 * network. The reader takes a path, so the input is written to a file of this process's. */
#include "fuzz.h"

#include <stdio.h>
#include <unistd.h>

#include "config/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char path[64];
	static struct config c;
	struct err e;
	FILE *f;

	if (!path[0])
		snprintf(path, sizeof path, "/tmp/tempest-fuzz-config.%ld", (long)getpid());
	if (!(f = fopen(path, "w")))
		return 0;
	fwrite(data, 1, size, f);
	fclose(f);
	if (config_load(&c, path, &e) == 0)
		(void)config_check(&c, &e);
	unlink(path);
	return 0;
}
