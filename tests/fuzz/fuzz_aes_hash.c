/* libFuzzer target: the AES-round hash's vector code gives its portable
 * definition's value on any bytes at any length and alignment, and reads
 * nothing outside them (AddressSanitizer sees the copy's exact bounds). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "shim/aes_hash.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* the first byte picks an alignment; the rest is the buffer, copied to
   * a heap block of exactly its size so an overread is caught */
  size_t offset = size ? data[0] % 32 : 0;
  size_t bytes = size ? size - 1 : 0;
  size_t needed = offset + bytes;
  unsigned char *block = malloc(needed ? needed : 1);
  if (!block)
    return 0;
  unsigned char *buffer = block + offset;
  if (bytes)
    memcpy(buffer, data + 1, bytes);
  uint64_t expected = oi_aes_hash_reference(buffer, bytes);
  if (oi_aes_hash_available() && oi_aes_hash(buffer, bytes) != expected)
    abort();
  free(block);
  return 0;
}
