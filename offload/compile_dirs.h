/* Where a relative source path of the program's location strings lies.
 * clang writes a source file into a construct's location string as the
 * compile command named it (`src/heat.c`): relative to the folder the
 * compiler ran in, not to the one the program runs from. The debug info
 * says which folder that was (DW_AT_comp_dir of the compile unit), so a
 * program reads its pragmas, and names its files, the same from any
 * working folder. */
#ifndef OMPT_INST_OFFLOAD_COMPILE_DIRS_H
#define OMPT_INST_OFFLOAD_COMPILE_DIRS_H

#include <stddef.h>

/* The absolute path (symbolic links resolved) of source `file` (its
 * `length` bytes), named by a location string that lies in the module
 * holding address `in_module`: absolute already, or joined to the
 * compilation folder of the compile unit named `file` (else of any compile
 * unit of the module) where that file exists. NULL when none does, or the
 * module has no debug info this reader understands (DWARF 4 or 5, 32-bit,
 * uncompressed sections of a 64-bit ELF file). Free with free(). Not
 * thread-safe: callers hold their own lock. */
char *oi_source_path(const void *in_module, const char *file, size_t length);

#endif
