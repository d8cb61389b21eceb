#include "run_folder_check.h"

#include <dirent.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ompt-inst/trace.h"

/* "rank-<N>": a rank's folder in an MPI job's folder (launcher.h) */
static int is_rank_folder_name(const char *name) {
  if (strncmp(name, "rank-", 5) != 0 || !name[5])
    return 0;
  for (name += 5; *name; name++)
    if (*name < '0' || *name > '9')
      return 0;
  return 1;
}

static int holds_only_run_files(const char *path) {
  DIR *folder = opendir(path);
  if (!folder)
    return 0;
  int only = 1;
  for (struct dirent *entry; only && (entry = readdir(folder));) {
    const char *name = entry->d_name;
    only = strcmp(name, ".") == 0 || strcmp(name, "..") == 0 ||
           strcmp(name, OI_TRACE_FILE_NAME) == 0 || strcmp(name, "trace.reserve") == 0 ||
           is_rank_folder_name(name);
  }
  closedir(folder);
  return only;
}

const char *oi_run_folder_unusable(const char *path) {
  struct stat info;
  if (lstat(path, &info) != 0)
    return "cannot be examined";
  if (S_ISLNK(info.st_mode))
    return "is a symbolic link";
  if (!S_ISDIR(info.st_mode))
    return "is not a folder";
  if (info.st_uid != geteuid())
    return "belongs to another user";
  if (info.st_mode & (S_IWGRP | S_IWOTH))
    return "is writable by other users";
  if (access(path, W_OK | X_OK) != 0)
    return "is not writable";
  if (!holds_only_run_files(path))
    return "holds files that are not an ompt-inst run's";
  return NULL;
}
