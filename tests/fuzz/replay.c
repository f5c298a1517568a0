/*
 * replay.c: a fuzz target without libFuzzer: every file named on the
 * command line (a directory: every file in it, sorted) is given to
 * LLVMFuzzerTestOneInput() once, in order. `make test` builds one per target
 * with gcc's address and undefined-behaviour sanitizers and runs it over
 * tests/fuzz/corpus/NAME/: a crash, a sanitizer report or a leak fails it.
 * Prints "replay NAME: N inputs" at the end.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int one(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (!f) {
		fprintf(stderr, "replay: cannot open '%s'\n", path);
		return -1;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n > 0 ? (size_t)n : 1);
	if (!buf || (n > 0 && fread(buf, 1, (size_t)n, f) != (size_t)n)) {
		fprintf(stderr, "replay: cannot read '%s'\n", path);
		fclose(f);
		free(buf);
		return -1;
	}
	fclose(f);
	LLVMFuzzerTestOneInput(buf, (size_t)n);
	free(buf);
	return 0;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	long inputs = 0;
	int rc = 0;

	for (int i = 1; i < argc; i++) {
		struct stat st;
		DIR *d;
		struct dirent *de;
		char **names = NULL;
		size_t n = 0;

		if (stat(argv[i], &st) != 0 || !S_ISDIR(st.st_mode)) {
			rc |= one(argv[i]) ? 1 : 0;
			inputs++;
			continue;
		}
		if (!(d = opendir(argv[i])))
			return 1;
		while ((de = readdir(d)))
			if (de->d_name[0] != '.') {
				names = realloc(names, (n + 1) * sizeof *names);
				names[n] = malloc(strlen(argv[i]) + strlen(de->d_name) + 2);
				sprintf(names[n++], "%s/%s", argv[i], de->d_name);
			}
		closedir(d);
		qsort(names, n, sizeof *names, cmp);
		for (size_t k = 0; k < n; k++) {
			rc |= one(names[k]) ? 1 : 0;
			inputs++;
			free(names[k]);
		}
		free(names);
	}
	fprintf(stderr, "replay %s: %ld inputs\n", argc > 0 ? argv[0] : "?", inputs);
	return rc;
}
