/* Where the command's companions live: the plugin and the shim sit in
 * ../lib/ beside the folder of the executable, in the build tree and in an
 * install prefix alike. */
#ifndef OMPT_INST_PATHS_H
#define OMPT_INST_PATHS_H

#define OI_PLUGIN_FILE_NAME "ompt-inst.so"
#define OI_SHIM_FILE_NAME "libompt-inst.so"
#define OI_MPI_LIBRARY_FILE_NAME "libompt-inst-mpi.so"
#define OI_OFFLOAD_LIBRARY_FILE_NAME "libompt-inst-offload.so"
#define OI_GOMP_LIBRARY_FILE_NAME "libompt-inst-gomp.so"

/* "<prefix>/lib/<name>" for the running executable's prefix; malloc'd, NULL
 * (with a message on stderr) if /proc/self/exe cannot be resolved. */
char *oi_companion_path(const char *name);

/* oi_companion_path(name) when that file is readable; else NULL after one
 * line on stderr: "ompt-inst: the <what> <path> is missing: <reason>". */
char *oi_installed_companion(const char *name, const char *what);

/* `program` as exec would find it: a path when it holds a '/', else the
 * first executable match in PATH (a shell's default folders when PATH is
 * unset). malloc'd; NULL with errno set when not found. */
char *oi_program_path(const char *program);

/* The last path component of `path` (no allocation). */
const char *oi_base_name(const char *path);

#endif
