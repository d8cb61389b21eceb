/* `ompt-inst doctor [PROGRAM]`: the offload stack as PROGRAM will see it
 * (offload_stack.h), ending with one verdict line; exit 1 when its target
 * regions cannot run where they were built for. Without PROGRAM, what this
 * machine offers any program: the driver and its devices. */
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "offload_stack.h"
#include "paths.h"

int oi_cmd_doctor(int argc, char **argv) {
  if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
    fprintf(stderr, "usage: ompt-inst doctor [PROGRAM]\n");
    return OI_EXIT_USAGE;
  }
  oi_offload_stack stack;
  char verdict[1024];
  if (argc < 2) {
    stack = (oi_offload_stack){0};
    oi_offload_stack_machine(&stack);
    oi_offload_stack_print(stdout, &stack);
    const char *nvidia = stack.cuda_devices > 0 ? "NVIDIA" : NULL;
    const char *amd = stack.amd_devices > 0 ? "AMD" : NULL;
    if (nvidia || amd)
      printf("verdict    %s%s%s devices are here for programs built for them\n",
             nvidia ? nvidia : "", nvidia && amd ? " and " : "", amd ? amd : "");
    else
      printf("verdict    no NVIDIA or AMD GPU answers: target regions run on the host\n");
    return OI_EXIT_OK;
  }
  char *program = oi_program_path(argv[1]);
  if (!program) {
    fprintf(stderr, "ompt-inst: cannot find the program %s\n", argv[1]);
    return OI_EXIT_FAILURE;
  }
  bool readable = oi_offload_stack_read(program, &stack);
  free(program);
  if (!readable) {
    fprintf(stderr, "ompt-inst: %s is not an ELF program\n", argv[1]);
    return OI_EXIT_FAILURE;
  }
  oi_offload_stack_machine(&stack);
  oi_offload_stack_print(stdout, &stack);
  bool fits = oi_offload_verdict(&stack, argv[1], verdict, sizeof verdict);
  printf("verdict    %s\n", verdict[0] ? verdict : "no offloading: nothing to check");
  return fits ? OI_EXIT_OK : OI_EXIT_FAILURE;
}
