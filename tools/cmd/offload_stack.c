/* The offload stack of a program: offload_stack.h. Nothing here loads the
 * offload runtime (its constructors would start the plugins); the NVIDIA
 * driver library is opened, which starts nothing until cuInit. */
#include "offload_stack.h"

#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "linked_libraries.h"

static bool loads(const char *library) {
  void *handle = dlopen(library, RTLD_LAZY | RTLD_LOCAL);
  if (handle)
    dlclose(handle);
  return handle != NULL;
}

/* The NVIDIA devices the driver sees (cuInit, cuDeviceGetCount); -1 when
 * there is no driver or it fails. */
static int cuda_devices(void) {
  void *cuda = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
  if (!cuda)
    return -1;
  int (*init)(unsigned) = (int (*)(unsigned))dlsym(cuda, "cuInit");
  int (*count)(int *) = (int (*)(int *))dlsym(cuda, "cuDeviceGetCount");
  int devices = -1;
  if (!init || !count || init(0) != 0 || count(&devices) != 0)
    devices = -1;
  dlclose(cuda);
  return devices;
}

bool oi_offload_stack_read(const char *program, oi_offload_stack *s) {
  *s = (oi_offload_stack){0};
  s->image_count = oi_offload_images(program, s->images, OI_STACK_MAX_IMAGES);
  if (s->image_count < 0)
    return false;
  static const char *const runtime[] = {"libomptarget.so", NULL};
  if (oi_linked_library(program, runtime, s->runtime, sizeof s->runtime))
    s->runtime_major = atoi(s->runtime + strlen("libomptarget.so."));
  int shown = s->image_count < OI_STACK_MAX_IMAGES ? s->image_count : OI_STACK_MAX_IMAGES;
  char reason[160];
  for (int i = 0; i < shown; i++) {
    if (s->images[i].machine != OI_EM_X86_64)
      s->device_images++;
    if (oi_image_refusal(&s->images[i], s->runtime_major, reason, sizeof reason))
      s->refused++;
  }
  s->libcuda = loads("libcuda.so");
  s->libcuda_1 = loads("libcuda.so.1");
  s->cuda_devices = s->libcuda_1 ? cuda_devices() : -1;
  return true;
}

static bool has_cubin(const oi_offload_stack *s) {
  for (int i = 0; i < s->image_count && i < OI_STACK_MAX_IMAGES; i++)
    if (s->images[i].machine == OI_EM_CUDA)
      return true;
  return false;
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
  if (has_cubin(s) && !s->libcuda) {
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
  fprintf(out, "libcuda    libcuda.so %s, libcuda.so.1 %s\n", s->libcuda ? "loads" : "not found",
          s->libcuda_1 ? "loads" : "not found");
  if (s->cuda_devices >= 0)
    fprintf(out, "devices    %d NVIDIA device%s\n", s->cuda_devices, s->cuda_devices == 1 ? "" : "s");
  else
    fprintf(out, "devices    no NVIDIA driver answers\n");
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
