/* libFuzzer target: any bytes as a run's trace.oit. The reader must answer
 * with a status, stream to an end and free everything: no crash, no hang,
 * no leak, no undefined behaviour (built with ASan and UBSan). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace/trace_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/oi-fuzz-trace.XXXXXX";
static char path[sizeof dir + 16];

/* libFuzzer ends with exit(): the folder goes with it */
static void remove_folder(void) {
  unlink(path);
  rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static oi_trace_reader trace; /* ~41 KB */
  if (!path[0]) {
    if (!mkdtemp(dir))
      abort();
    snprintf(path, sizeof path, "%s/%s", dir, OI_TRACE_FILE_NAME);
    atexit(remove_folder);
  }
  FILE *file = fopen(path, "wb");
  if (!file || (size && fwrite(data, size, 1, file) != 1) || fclose(file) != 0)
    abort();
  enum oi_reader_status status = oi_reader_open(&trace, dir);
  if (status == OI_READER_OK || status == OI_READER_DAMAGED) {
    const oi_event *event;
    uint64_t events = 0;
    while (oi_reader_next(&trace, &event) > 0) {
      oi_reader_site(&trace, event->site);
      oi_reader_module(&trace, event->codeptr);
      if (++events > trace.file_size) /* more events than bytes: a loop */
        abort();
    }
    char ending[256];
    oi_reader_ending(&trace, ending, sizeof ending);
  }
  oi_reader_close(&trace);
  return 0;
}
