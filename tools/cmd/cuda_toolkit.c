/* The CUDA toolkit of an NVPTX compile: found where the user or the usual
 * layouts put it, and probed, not looked up in a table of versions: its
 * ptxas assembles a one-instruction kernel and the cubin's ELF header says
 * which ABI it writes (offload_images.c says which runtimes read it). */
#define _GNU_SOURCE
#include "cuda_toolkit.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "offload_images.h"

/* The SM of the compile (90 for sm_90), 0 when it asks for no NVPTX
 * offload; *nvptx says whether it asks for it at all (a triple alone:
 * clang then picks sm_52, its default, unless -march says otherwise). */
static unsigned nvptx_sm(int argc, char **argv, bool *nvptx) {
  unsigned sm = 0;
  *nvptx = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i], *arch = NULL;
    if (strncmp(a, "--offload-arch=", 15) == 0)
      arch = a + 15;
    else if (strncmp(a, "-march=", 7) == 0)
      arch = a + 7;
    else if (strncmp(a, "-fopenmp-targets=", 17) == 0 && strstr(a, "nvptx"))
      *nvptx = true;
    if (arch && strncmp(arch, "sm_", 3) == 0) {
      *nvptx = true;
      sm = (unsigned)atoi(arch + 3);
    }
  }
  return *nvptx && !sm ? 52 : sm;
}

static bool is_file(const char *path) { return access(path, X_OK) == 0; }

/* The toolkit folder: --cuda-path=, CUDA_HOME, CUDA_PATH, /usr/local/cuda,
 * Debian's /usr/lib/cuda (whose ptxas is /usr/bin/ptxas); its ptxas in
 * `ptxas`. NULL when none has a ptxas. */
static const char *toolkit(int argc, char **argv, char *ptxas, size_t size, bool *given) {
  const char *candidates[5] = {NULL, getenv("CUDA_HOME"), getenv("CUDA_PATH"), "/usr/local/cuda",
                               "/usr/lib/cuda"};
  for (int i = 1; i < argc; i++)
    if (strncmp(argv[i], "--cuda-path=", 12) == 0)
      candidates[0] = argv[i] + 12;
  *given = candidates[0] != NULL;
  for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++) {
    if (!candidates[i] || !candidates[i][0])
      continue;
    snprintf(ptxas, size, "%s/bin/ptxas", candidates[i]);
    if (is_file(ptxas))
      return candidates[i];
    if (strcmp(candidates[i], "/usr/lib/cuda") == 0 && is_file("/usr/bin/ptxas")) {
      snprintf(ptxas, size, "/usr/bin/ptxas");
      return candidates[i];
    }
    if (*given && i == 0)
      return NULL; /* the user's choice is not replaced by another */
  }
  return NULL;
}

/* Runs `ptxas -arch=sm_NN` on a one-instruction kernel; the cubin's
 * header, false when ptxas fails. */
static bool probe(const char *ptxas, unsigned sm, oi_offload_image *cubin) {
  const char *tmp = getenv("TMPDIR");
  char dir[4096], ptx[4200], out[4200], arch[32];
  snprintf(dir, sizeof dir, "%s/ompt-inst-ptxas.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
  if (!mkdtemp(dir))
    return false;
  snprintf(ptx, sizeof ptx, "%s/probe.ptx", dir);
  snprintf(out, sizeof out, "%s/probe.cubin", dir);
  snprintf(arch, sizeof arch, "-arch=sm_%u", sm);
  FILE *f = fopen(ptx, "w");
  bool ok = false;
  if (f) {
    fprintf(f,
            ".version %s\n.target sm_%u\n.address_size 64\n.visible .entry probe()\n{\n  ret;\n}\n",
            sm >= 90 ? "7.8" : "7.0", sm);
    fclose(f);
    pid_t child = fork();
    if (child == 0) {
      int null = open("/dev/null", O_WRONLY);
      if (null >= 0) {
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
      }
      execl(ptxas, ptxas, arch, ptx, "-o", out, (char *)NULL);
      _exit(127);
    }
    int status = 0;
    while (child > 0 && waitpid(child, &status, 0) < 0 && errno == EINTR)
      ;
    ok = child > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
         oi_offload_image_of_file(out, cubin);
  }
  unlink(ptx);
  unlink(out);
  rmdir(dir);
  return ok;
}

static bool add(oi_cuda_compile *c, const char *format, const char *value) {
  if (c->count >= OI_CUDA_MAX_ARGS || asprintf(&c->args[c->count], format, value) < 0)
    return false;
  c->count++;
  return true;
}

bool oi_cuda_prepare(int argc, char **argv, int llvm_major, const char *llvm_lib_dir,
                     oi_cuda_compile *c) {
  *c = (oi_cuda_compile){0};
  bool nvptx;
  unsigned sm = nvptx_sm(argc, argv, &nvptx);
  if (!nvptx)
    return true;
  char library[4096];
  snprintf(library, sizeof library, "%s/libomptarget-nvptx-sm_%u.bc", llvm_lib_dir, sm);
  if (access(library, R_OK) != 0) {
    fprintf(stderr,
            "ompt-inst: no NVPTX device library for sm_%u with LLVM %d (%s is missing): this "
            "flavour cannot build for NVIDIA GPUs (see docs/gpu.md)\n",
            sm, llvm_major, library);
    return false;
  }
  char ptxas[4096];
  bool given;
  const char *cuda = toolkit(argc, argv, ptxas, sizeof ptxas, &given);
  if (!cuda) {
    fprintf(stderr,
            "ompt-inst: no CUDA toolkit with a ptxas found (%s): give --cuda-path=DIR or set "
            "CUDA_HOME\n",
            given ? "not under the --cuda-path given"
                  : "CUDA_HOME, CUDA_PATH, /usr/local/cuda, /usr/lib/cuda");
    return false;
  }
  oi_offload_image cubin;
  char reason[160];
  if (!probe(ptxas, sm, &cubin)) {
    fprintf(stderr, "ompt-inst: %s cannot assemble a kernel for sm_%u\n", ptxas, sm);
    return false;
  }
  if (oi_image_refusal(&cubin, llvm_major, reason, sizeof reason)) {
    fprintf(stderr,
            "ompt-inst: %s writes cubins in ELF ABI %u, which LLVM %d's offload runtime cannot "
            "read: use a ptxas that writes ELF ABI 7 (CUDA 11.8 from Debian's non-free "
            "nvidia-cuda-toolkit works) or an LLVM whose runtime reads ABI %u\n",
            ptxas, cubin.abi_version, llvm_major, cubin.abi_version);
    return false;
  }
  bool ok = (given || add(c, "--cuda-path=%s", cuda)) &&
            add(c, "--libomptarget-nvptx-bc-path=%s", library) &&
            add(c, "%s", "-Wno-unknown-cuda-version");
  if (!ok) {
    fprintf(stderr, "ompt-inst: out of memory\n");
    oi_cuda_compile_free(c);
  }
  return ok;
}

void oi_cuda_compile_free(oi_cuda_compile *c) {
  for (int i = 0; i < c->count; i++)
    free(c->args[i]);
  *c = (oi_cuda_compile){0};
}
