/* Inputs in the formats of Rodinia's bfs and hotspot, whose data sets
 * cannot be downloaded here: seeded and deterministic (its own generator,
 * not the C library's rand(), so every machine writes the same bytes).
 *
 *   rodinia_inputs bfs NODES DEGREE SEED GRAPH_FILE
 *     NODES nodes, each given 1 to DEGREE - 1 random undirected edges
 *     (DEGREE >= 2), listed from both ends: DEGREE entries per node on
 *     average; costs 1..10, source node 0: the layout of Rodinia's
 *     graphgen ("N", "start count" per node, the source, "E",
 *     "destination cost" per edge).
 *   rodinia_inputs hotspot ROWS COLS SEED TEMP_FILE POWER_FILE
 *     one value per line, row by row: temperatures of 323-343 K and
 *     powers of 0-0.0005 W per cell, the ranges of Rodinia's temp_N and
 *     power_N. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64: a full-period 64-bit sequence from any seed */
static uint64_t next_random(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

static uint64_t random_below(uint64_t *state, uint64_t bound) { return next_random(state) % bound; }

static double random_unit(uint64_t *state) { return (double)(next_random(state) >> 11) / 9007199254740992.0; }

static int positive(const char *text, long *value) {
  char *end;
  *value = strtol(text, &end, 10);
  return *end == '\0' && *value > 0 && *value <= 100000000;
}

static FILE *open_output(const char *path) {
  FILE *file = fopen(path, "w");
  if (!file)
    fprintf(stderr, "rodinia_inputs: cannot write %s\n", path);
  return file;
}

static int close_output(FILE *file, const char *path) {
  if (ferror(file) | fclose(file)) {
    fprintf(stderr, "rodinia_inputs: writing %s failed\n", path);
    return 1;
  }
  return 0;
}

struct edge {
  int32_t from, to, cost;
};

static int by_source(const void *a, const void *b) {
  const struct edge *x = a, *y = b;
  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  return x->to < y->to ? -1 : x->to > y->to;
}

/* each undirected edge is listed from both ends, sorted by source, so the
 * nodes' "start count" lines index one edge list */
static int write_graph(long nodes, long degree, uint64_t seed, const char *path) {
  uint64_t state = seed;
  long most_picks = degree - 1;
  size_t capacity = (size_t)nodes * 2 * (size_t)most_picks, count = 0;
  struct edge *edges = malloc(capacity * sizeof *edges);
  if (!edges) {
    fprintf(stderr, "rodinia_inputs: out of memory for %zu edges\n", capacity);
    return 1;
  }
  for (long node = 0; node < nodes; node++) {
    long picks = 1 + (long)random_below(&state, (uint64_t)most_picks);
    for (long pick = 0; pick < picks; pick++) {
      int32_t to = (int32_t)random_below(&state, (uint64_t)nodes);
      int32_t cost = 1 + (int32_t)random_below(&state, 10);
      edges[count++] = (struct edge){(int32_t)node, to, cost};
      edges[count++] = (struct edge){to, (int32_t)node, cost};
    }
  }
  qsort(edges, count, sizeof *edges, by_source);
  FILE *file = open_output(path);
  if (!file) {
    free(edges);
    return 1;
  }
  fprintf(file, "%ld\n", nodes);
  size_t next = 0;
  for (long node = 0; node < nodes; node++) {
    size_t start = next;
    while (next < count && edges[next].from == node)
      next++;
    fprintf(file, "%zu %zu\n", start, next - start);
  }
  fprintf(file, "\n0\n\n%zu\n", count);
  for (size_t i = 0; i < count; i++)
    fprintf(file, "%d %d\n", edges[i].to, edges[i].cost);
  free(edges);
  return close_output(file, path);
}

static int write_grid(long cells, double low, double span, uint64_t *state, const char *path) {
  FILE *file = open_output(path);
  if (!file)
    return 1;
  for (long cell = 0; cell < cells; cell++)
    fprintf(file, "%.9g\n", low + span * random_unit(state));
  return close_output(file, path);
}

int main(int argc, char **argv) {
  long a, b, seed;
  if (argc == 6 && strcmp(argv[1], "bfs") == 0 && positive(argv[2], &a) && positive(argv[3], &b) &&
      b >= 2 && positive(argv[4], &seed))
    return write_graph(a, b, (uint64_t)seed, argv[5]);
  if (argc == 7 && strcmp(argv[1], "hotspot") == 0 && positive(argv[2], &a) && positive(argv[3], &b) &&
      positive(argv[4], &seed)) {
    uint64_t state = (uint64_t)seed;
    return write_grid(a * b, 323.0, 20.0, &state, argv[5]) || write_grid(a * b, 0.0, 0.0005, &state, argv[6]);
  }
  fprintf(stderr, "usage: rodinia_inputs bfs NODES DEGREE SEED GRAPH_FILE\n"
                  "       rodinia_inputs hotspot ROWS COLS SEED TEMP_FILE POWER_FILE\n");
  return 2;
}
