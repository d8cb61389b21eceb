/* The offload stack of a program: offload_stack.h. Nothing here loads the
 * offload runtime (its constructors would start the plugins). A program's
 * stack opens the driver libraries of the images it carries and starts no
 * device (`ompt-inst run` reads it before every program); the machine's
 * part also asks the NVIDIA driver and the HSA runtime for their devices. */
#define _GNU_SOURCE
#include "offload_stack.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linked_libraries.h"
#include "ompt-inst/config.h"

static bool loads(const char *library) {
  void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
  if (handle)
    dlclose(handle);
  return handle != NULL;
}

/* Whether the NVIDIA driver library libcuda.so.1 loads, and the devices it
 * sees (cuInit, cuDeviceGetCount; -1 when it fails). */
static bool cuda_driver(int *devices) {
  *devices = -1;
  void *cuda = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!cuda)
    return false;
  int (*init)(unsigned) = (int (*)(unsigned))dlsym(cuda, "cuInit");
  int (*count)(int *) = (int (*)(int *))dlsym(cuda, "cuDeviceGetCount");
  if (!init || !count || init(0) != 0 || count(devices) != 0)
    *devices = -1;
  dlclose(cuda);
  return true;
}

/* HSA's C interface, the little of it used here (hsa.h): an agent is a
 * struct of one handle, passed by value. */
enum { OI_HSA_AGENT_INFO_DEVICE = 17, OI_HSA_DEVICE_TYPE_GPU = 1 };
typedef struct {
  uint64_t handle;
} oi_hsa_agent;
typedef int (*oi_hsa_agent_info_fn)(oi_hsa_agent, int, void *);
static oi_hsa_agent_info_fn hsa_agent_info;

static int count_gpu_agent(oi_hsa_agent agent, void *count) {
  int type = -1;
  if (hsa_agent_info(agent, OI_HSA_AGENT_INFO_DEVICE, &type) == 0 && type == OI_HSA_DEVICE_TYPE_GPU)
    ++*(int *)count;
  return 0;
}

/* Whether the HSA runtime libhsa-runtime64.so.1 loads, and the GPU agents
 * it sees (-1 when hsa_init fails: no AMD GPU driver here). It stays
 * loaded: the runtime keeps threads and handlers after hsa_shut_down. */
static bool hsa_runtime(int *devices) {
  *devices = -1;
  void *hsa = dlopen("libhsa-runtime64.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!hsa)
    return false;
  int (*init)(void) = (int (*)(void))dlsym(hsa, "hsa_init");
  int (*shut_down)(void) = (int (*)(void))dlsym(hsa, "hsa_shut_down");
  int (*iterate)(int (*)(oi_hsa_agent, void *), void *) =
      (int (*)(int (*)(oi_hsa_agent, void *), void *))dlsym(hsa, "hsa_iterate_agents");
  hsa_agent_info = (oi_hsa_agent_info_fn)dlsym(hsa, "hsa_agent_get_info");
  if (init && shut_down && iterate && hsa_agent_info && init() == 0) {
    int count = 0;
    if (iterate(count_gpu_agent, &count) == 0)
      *devices = count;
    shut_down();
  }
  return true;
}

/* The runtime file: in the OpenMP runtime folder the program's RUNPATH
 * names, LD_LIBRARY_PATH, the folder of its LLVM release, or the one this
 * ompt-inst was built with. */
static void find_runtime(oi_offload_stack *s, const char *program) {
  char folders[8192], llvm[64];
  snprintf(llvm, sizeof llvm, "/usr/lib/llvm-%d/lib", s->runtime_major);
  const char *path = getenv("LD_LIBRARY_PATH");
  char *own = oi_runpath_openmp_runtime(program); /* `ompt-inst run` puts it first */
  snprintf(folders, sizeof folders, "%s:%s:%s:%s", own ? own : "", path ? path : "", llvm,
           OMPT_INST_RUNTIME_DIR);
  free(own);
  for (char *save = NULL, *dir = strtok_r(folders, ":", &save); dir;
       dir = strtok_r(NULL, ":", &save)) {
    snprintf(s->runtime_path, sizeof s->runtime_path, "%s/%s", dir, s->runtime);
    if (access(s->runtime_path, R_OK) == 0)
      return;
  }
  s->runtime_path[0] = '\0';
}

/* Which device plugins the runtime has (`cuda`, `amd`: the kinds asked):
 * LLVM 17 and later build them into libomptarget, which then names the
 * driver library each opens; LLVM 14 keeps one libomptarget.rtl.<kind>.so
 * beside it. The runtime is read once for both (a few MB: asked only where
 * an answer is needed, not before every program's run). */
static bool plugin_beside(const oi_offload_stack *s, const char *rtl) {
  char beside[4200];
  const char *slash = strrchr(s->runtime_path, '/');
  snprintf(beside, sizeof beside, "%.*s/libomptarget.rtl.%s.so",
           slash ? (int)(slash - s->runtime_path) : 0, s->runtime_path, rtl);
  return access(beside, R_OK) == 0;
}

static bool names_driver(const void *map, size_t size, const char *driver) {
  return memmem(map, size, driver, strlen(driver) + 1) != NULL;
}

static void find_plugins(oi_offload_stack *s, bool cuda, bool amd) {
  if (!s->runtime_path[0])
    return;
  s->cuda_plugin = cuda && plugin_beside(s, "cuda");
  s->amdgpu_plugin = amd && plugin_beside(s, "amdgpu");
  cuda = cuda && !s->cuda_plugin;
  amd = amd && !s->amdgpu_plugin;
  if (!cuda && !amd)
    return;
  int fd = open(s->runtime_path, O_RDONLY | O_CLOEXEC);
  struct stat info;
  if (fd >= 0 && fstat(fd, &info) == 0 && info.st_size > 0) {
    void *map = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map != MAP_FAILED) {
      s->cuda_plugin =
          s->cuda_plugin || (cuda && names_driver(map, (size_t)info.st_size, "libcuda.so"));
      s->amdgpu_plugin = s->amdgpu_plugin ||
                         (amd && names_driver(map, (size_t)info.st_size, "libhsa-runtime64.so"));
      munmap(map, (size_t)info.st_size);
    }
  }
  if (fd >= 0)
    close(fd);
}

static bool has_image(const oi_offload_stack *s, uint16_t machine) {
  for (int i = 0; i < s->image_count && i < OI_STACK_MAX_IMAGES; i++)
    if (s->images[i].machine == machine)
      return true;
  return false;
}

bool oi_offload_stack_read(const char *program, oi_offload_stack *s) {
  *s = (oi_offload_stack){.cuda_devices = -1, .amd_devices = -1};
  oi_offload_image header;
  if (!oi_offload_image_of_file(program, &header))
    return false;
  static const char *const runtime[] = {"libomptarget.so", NULL};
  if (oi_linked_library(program, runtime, s->runtime, sizeof s->runtime))
    s->runtime_major = atoi(s->runtime + strlen("libomptarget.so."));
  if (s->runtime[0]) {
    /* only a program that links the offload runtime has images to check:
     * `ompt-inst run` reads none (LLVM 14's are found by reading the
     * whole file) from any other program before it starts */
    s->image_count = oi_offload_images(program, s->images, OI_STACK_MAX_IMAGES);
    if (s->image_count < 0)
      return false;
    find_runtime(s, program);
    /* the verdict asks only about the kinds of GPU image the program has */
    find_plugins(s, has_image(s, OI_EM_CUDA), has_image(s, OI_EM_AMDGPU));
  }
  int shown = s->image_count < OI_STACK_MAX_IMAGES ? s->image_count : OI_STACK_MAX_IMAGES;
  char reason[160];
  for (int i = 0; i < shown; i++) {
    if (s->images[i].machine != OI_EM_X86_64)
      s->device_images++;
    if (oi_image_refusal(&s->images[i], s->runtime_major, reason, sizeof reason))
      s->refused++;
  }
  /* what the verdict asks about: the driver library each kind of GPU
   * image's plugin opens, opened and closed, no device started */
  if (has_image(s, OI_EM_CUDA)) {
    s->libcuda = loads("libcuda.so");
    s->libcuda_1 = loads("libcuda.so.1");
  }
  if (has_image(s, OI_EM_AMDGPU)) {
    s->libhsa = loads("libhsa-runtime64.so");
    s->libhsa_1 = loads("libhsa-runtime64.so.1");
  }
  return true;
}

void oi_offload_stack_machine(oi_offload_stack *s) {
  find_plugins(s, true, true); /* what the runtime could run, whatever the program has */
  s->libcuda = loads("libcuda.so");
  s->libcuda_1 = cuda_driver(&s->cuda_devices);
  s->libhsa = loads("libhsa-runtime64.so");
  s->libhsa_1 = hsa_runtime(&s->amd_devices);
}

bool oi_offload_verdict(const oi_offload_stack *s, const char *program, char *buf, size_t size) {
  buf[0] = '\0';
  if (s->image_count == 0 && !s->runtime[0])
    return true;
  char reason[160] = "";
  for (int i = 0; !reason[0] && i < s->image_count && i < OI_STACK_MAX_IMAGES; i++)
    oi_image_refusal(&s->images[i], s->runtime_major, reason, sizeof reason);
  if (s->device_images && s->refused == s->device_images) {
    snprintf(buf, size,
             "no image in %s fits this runtime: %s; its target regions will not run on a GPU "
             "(see `ompt-inst doctor %s`)",
             program, reason, program);
    return false;
  }
  bool cubin = has_image(s, OI_EM_CUDA), amd = has_image(s, OI_EM_AMDGPU);
  if (cubin && s->runtime_path[0] && !s->cuda_plugin) {
    snprintf(buf, size, "%s has no CUDA plugin: the target regions of %s will run on the host",
             s->runtime_path, program);
    return false;
  }
  if (amd && !cubin && s->runtime_path[0] && !s->amdgpu_plugin) {
    snprintf(buf, size, "%s has no AMD GPU plugin: the target regions of %s will run on the host",
             s->runtime_path, program);
    return false;
  }
  if (amd && !cubin && !s->libhsa) {
    snprintf(buf, size,
             s->libhsa_1
                 ? "the offload runtime opens libhsa-runtime64.so and only libhsa-runtime64.so.1 "
                   "is installed: the target regions of %s will run on the host (install "
                   "libhsa-runtime-dev, or make the libhsa-runtime64.so link)"
                 : "no HSA runtime (libhsa-runtime64.so) here: the target regions of %s will run "
                   "on the host",
             program);
    return false;
  }
  if (cubin && !s->libcuda) {
    snprintf(buf, size,
             s->libcuda_1
                 ? "the offload runtime opens libcuda.so and only libcuda.so.1 is installed: the "
                   "target regions of %s will run on the host (make the libcuda.so link)"
                 : "no NVIDIA driver library (libcuda.so) here: the target regions of %s will run "
                   "on the host",
             program);
    return false;
  }
  if (!s->device_images) {
    snprintf(buf, size, "%s runs its target regions on the host device (x86_64 image%s)", program,
             s->image_count > 1 ? "s" : "");
    return true;
  }
  snprintf(buf, size, "%s: its %d GPU image%s fit%s %s", program, s->device_images,
           s->device_images > 1 ? "s" : "", s->device_images > 1 ? "" : "s",
           s->runtime[0] ? s->runtime : "the runtime");
  return true;
}

void oi_offload_stack_print(FILE *out, const oi_offload_stack *s) {
  if (s->runtime_major)
    fprintf(out, "runtime    %s (LLVM %d)\n", s->runtime, s->runtime_major);
  else if (s->runtime[0])
    fprintf(out, "runtime    %s (its name says no LLVM version)\n", s->runtime);
  else
    fprintf(out, "runtime    none: the program does not link libomptarget\n");
  if (s->runtime[0] && s->runtime_path[0])
    fprintf(out, "plugins    %s%s%s (in %s)\n", s->cuda_plugin ? "cuda " : "",
            s->amdgpu_plugin ? "amdgpu " : "", "host", s->runtime_path);
  else if (s->runtime[0])
    fprintf(out, "plugins    not known: %s not found\n", s->runtime);
  fprintf(out, "libcuda    libcuda.so %s, libcuda.so.1 %s\n", s->libcuda ? "loads" : "not found",
          s->libcuda_1 ? "loads" : "not found");
  fprintf(out, "libhsa     libhsa-runtime64.so %s, libhsa-runtime64.so.1 %s\n",
          s->libhsa ? "loads" : "not found", s->libhsa_1 ? "loads" : "not found");
  if (s->cuda_devices >= 0)
    fprintf(out, "devices    %d NVIDIA device%s", s->cuda_devices, s->cuda_devices == 1 ? "" : "s");
  else
    fprintf(out, "devices    no NVIDIA driver answers");
  if (s->amd_devices >= 0)
    fprintf(out, "; %d AMD GPU%s\n", s->amd_devices, s->amd_devices == 1 ? "" : "s");
  else
    fprintf(out, "; no AMD GPU runtime answers\n");
  fprintf(out, "images     %d\n", s->image_count);
  char text[160], reason[160];
  for (int i = 0; i < s->image_count && i < OI_STACK_MAX_IMAGES; i++) {
    const char *refusal = oi_image_refusal(&s->images[i], s->runtime_major, reason, sizeof reason);
    fprintf(out, "  %d. %s: %s\n", i + 1, oi_image_describe(&s->images[i], text, sizeof text),
            refusal ? refusal : "loadable");
  }
  if (s->image_count > OI_STACK_MAX_IMAGES)
    fprintf(out, "  ... %d more\n", s->image_count - OI_STACK_MAX_IMAGES);
}
