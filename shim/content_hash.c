/* Whole and sampled content hashes; see content_hash.h. */
#include "content_hash.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <xxhash.h>
#ifdef OMPT_INST_XXH3_DISPATCH
#include <xxh_x86dispatch.h>
#endif

#include "aes_hash.h"
#include "chunked_hash.h"
#include "ompt-inst/events.h"

/* Whole by default: a sampled hash can take a changed buffer for an
 * unchanged one (a sparse update between the blocks), and findings must be
 * right before they are cheap. */
static oi_hash_mode configured = OI_HASH_FULL;

static const char *const mode_names[] = {
    [OI_HASH_SAMPLED] = "sampled",
    [OI_HASH_FULL] = "full",
    [OI_HASH_OFF] = "off",
};

const char *oi_hash_mode_name(oi_hash_mode mode) {
  return (unsigned)mode < sizeof mode_names / sizeof mode_names[0] ? mode_names[mode] : "?";
}

int oi_hash_mode_parse(const char *name, oi_hash_mode *mode) {
  for (unsigned m = 0; m < sizeof mode_names / sizeof mode_names[0]; m++)
    if (strcmp(name, mode_names[m]) == 0) {
      *mode = (oi_hash_mode)m;
      return 0;
    }
  return -1;
}

void oi_hash_configure(const char *value) {
  configured = OI_HASH_FULL;
  if (!value || !*value || oi_hash_mode_parse(value, &configured) == 0)
    return;
  fprintf(stderr,
          "ompt-inst: OMPT_INST_HASH: unknown mode '%s' (expected full, "
          "sampled or off); using full\n",
          value);
}

oi_hash_mode oi_hash_mode_get(void) { return configured; }

/* libxxhash's run-time dispatch picks the widest vector unit the CPU and
 * the kernel offer (AVX-512, AVX2, else SSE2): 3.4 times the baseline build's
 * speed on cached buffers here, the same values (docs/performance.md). */
#ifdef OMPT_INST_XXH3_DISPATCH
uint64_t oi_xxh3_whole(const void *data, size_t bytes) { return XXH3_64bits_dispatch(data, bytes); }
static uint64_t xxh3_seeded(const void *data, size_t bytes, uint64_t seed) {
  return XXH3_64bits_withSeed_dispatch(data, bytes, seed);
}

const char *oi_xxh3_path(void) {
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return "xxh3-64 avx512";
  return __builtin_cpu_supports("avx2") ? "xxh3-64 avx2" : "xxh3-64 sse2";
}
#else
uint64_t oi_xxh3_whole(const void *data, size_t bytes) { return XXH3_64bits(data, bytes); }
static uint64_t xxh3_seeded(const void *data, size_t bytes, uint64_t seed) {
  return XXH3_64bits_withSeed(data, bytes, seed);
}

const char *oi_xxh3_path(void) { return "xxh3-64 baseline"; }
#endif

/* Whole buffers: where the CPU has VAES, the AES-round hash (1.3 to 1.75
 * times XXH3's AVX2 speed on cached buffers from 4 KiB here) for buffers
 * of OI_AES_HASH_SHORT_BYTES or more and XXH3 for shorter ones, which it
 * hashes faster; else XXH3. One function for the whole run, named in its
 * info: hashes are compared within a run. */
typedef uint64_t whole_hash_fn(const void *data, size_t bytes);
static whole_hash_fn *_Atomic whole_hash;

static uint64_t aes_for_long_buffers(const void *data, size_t bytes) {
  return bytes < OI_AES_HASH_SHORT_BYTES ? oi_xxh3_whole(data, bytes) : oi_aes_hash(data, bytes);
}

static whole_hash_fn *automatic_choice(void) {
  return oi_aes_hash_available() ? aes_for_long_buffers : oi_xxh3_whole;
}

static whole_hash_fn *whole_hash_function(void) {
  whole_hash_fn *function = atomic_load_explicit(&whole_hash, memory_order_relaxed);
  if (!function) {
    function = automatic_choice();
    atomic_store_explicit(&whole_hash, function, memory_order_relaxed);
  }
  return function;
}

void oi_hash_function_configure(const char *value) {
  whole_hash_fn *function = automatic_choice();
  if (value && strcmp(value, "xxh3") == 0)
    function = oi_xxh3_whole;
  else if (value && strcmp(value, "aes") == 0 && function != aes_for_long_buffers)
    fprintf(stderr, "ompt-inst: OMPT_INST_HASH_FUNCTION: this CPU cannot run the AES hash "
                    "(it needs VAES and AVX2); using xxh3\n");
  else if (value && *value && strcmp(value, "auto") != 0 && strcmp(value, "aes") != 0)
    fprintf(stderr,
            "ompt-inst: OMPT_INST_HASH_FUNCTION: unknown function '%s' (expected auto, aes or "
            "xxh3); using auto\n",
            value);
  atomic_store_explicit(&whole_hash, function, memory_order_relaxed);
}

/* The function's code path, then how buffers from OI_HASH_CHUNKED_FROM bytes
 * are hashed: their value is the chunks' combination, not the function's
 * value of the whole buffer. */
#define OI_CHUNKS_NAME_FORMAT ", by %zu KiB chunks from %zu KiB"
static char aes_name[128], xxh3_name[96];
static pthread_once_t aes_name_once = PTHREAD_ONCE_INIT;
static pthread_once_t xxh3_name_once = PTHREAD_ONCE_INIT;

static void name_aes_for_long_buffers(void) {
  snprintf(aes_name, sizeof aes_name, "oi-aes64 vaes, %s under %u bytes" OI_CHUNKS_NAME_FORMAT,
           oi_xxh3_path(), OI_AES_HASH_SHORT_BYTES, OI_HASH_CHUNK_BYTES >> 10,
           OI_HASH_CHUNKED_FROM >> 10);
}

static void name_xxh3(void) {
  snprintf(xxh3_name, sizeof xxh3_name, "%s" OI_CHUNKS_NAME_FORMAT, oi_xxh3_path(),
           OI_HASH_CHUNK_BYTES >> 10, OI_HASH_CHUNKED_FROM >> 10);
}

const char *oi_hash_code_path(void) {
  if (whole_hash_function() != aes_for_long_buffers) {
    pthread_once(&xxh3_name_once, name_xxh3);
    return xxh3_name;
  }
  pthread_once(&aes_name_once, name_aes_for_long_buffers);
  return aes_name;
}

/* Blocks at evenly spread offsets, the first at 0 and the last ending at
 * the buffer's end, each hash seeding the next; the first seed is the size,
 * so buffers of different sizes differ. */
static uint64_t sampled_hash(const unsigned char *data, size_t bytes) {
  uint64_t seed = bytes;
  size_t span = bytes - OI_HASH_BLOCK_BYTES;
  size_t blocks = oi_hash_sample_blocks(bytes);
  for (size_t i = 0; i < blocks; i++) {
    size_t offset = (size_t)((unsigned __int128)span * i / (blocks - 1));
    seed = xxh3_seeded(data + offset, OI_HASH_BLOCK_BYTES, seed);
  }
  return seed;
}

unsigned oi_content_hash_flags(oi_hash_mode mode, size_t bytes) {
  if (mode == OI_HASH_OFF)
    return 0;
  if (mode == OI_HASH_SAMPLED && bytes > OI_HASH_WHOLE_LIMIT)
    return OI_FLAG_HASH_VALID | OI_FLAG_HASH_SAMPLED;
  return OI_FLAG_HASH_VALID;
}

unsigned oi_content_hash_as(oi_hash_mode mode, const void *data, size_t bytes, uint64_t *hash) {
  unsigned flags = oi_content_hash_flags(mode, bytes);
  if (flags & OI_FLAG_HASH_SAMPLED)
    *hash = sampled_hash(data, bytes);
  else if (flags && bytes >= OI_HASH_CHUNKED_FROM)
    *hash = oi_chunked_hash(whole_hash_function(), data, bytes);
  else if (flags)
    *hash = whole_hash_function()(data, bytes);
  return flags;
}
