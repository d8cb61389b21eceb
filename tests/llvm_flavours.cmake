# Tests that hold for one LLVM flavour only, or not in one. In a build for
# another version (OMPT_INST_LLVM) oi_add_script_test registers them as
# skipped: ctest lists them under "did not run (Skipped)" and their output
# names the reason.
# oi_llvm_only(VERSION REASON TEST...): run only in the VERSION build.
# oi_llvm_skip(VERSION REASON TEST...): skipped in the VERSION build.
function(oi_llvm_only version reason)
  oi_llvm_rule(ONLY ${version} "${reason}" ${ARGN})
endfunction()
function(oi_llvm_skip version reason)
  oi_llvm_rule(SKIP_${version} ${version} "${reason}" ${ARGN})
endfunction()
function(oi_llvm_rule rule version reason)
  if(reason MATCHES ";")
    message(FATAL_ERROR "oi_llvm_${rule}: a reason must not contain ';' (a CMake list separator)")
  endif()
  foreach(test IN LISTS ARGN)
    set_property(GLOBAL PROPERTY OI_LLVM_${rule}_${test} "${version}" "${reason}")
  endforeach()
endfunction()

set(no_device_callbacks "LLVM 14's runtime reports no data operations (target_data_op_emi=never)")
oi_llvm_skip(14 "${no_device_callbacks}, and the test asserts the runtime's own"
  shim_target_copies shim_target_alloc shim_attached_pointers unify_mappings
  report_json report_chrome report_otf2 mpi_job
  patterns_duplicate_transfer patterns_round_trip patterns_repeated_alloc
  patterns_unused_alloc patterns_unused_transfer patterns_identical_content
  patterns_clean golden_heat report_native_grouping
  shim_kernel_constructs)
oi_llvm_skip(14 "${no_device_callbacks}, and the diffs assert the findings and savings of the runtime's data operations"
  diff_pattern_duplicate_transfer diff_pattern_round_trip diff_pattern_repeated_alloc
  diff_pattern_unused_alloc diff_pattern_unused_transfer diff_pattern_identical_content
  diff_heat diff_moved_lines diff_fail_on mpi_diff_job)
oi_llvm_skip(14 "${no_device_callbacks} and no kernels, and the stress programs' plain runs under the test build of the tool (OMP_TOOL_LIBRARIES, no offload calls library) count the runtime's own"
  stress_kernels stress_maps stress_miniapp stress_items)
oi_llvm_skip(14 "asserts dispatch chunks: LLVM 14 answers never for the dispatch callback"
  shim_host_constructs)
oi_llvm_skip(14 "asserts LLVM 19's events per construct instance (dispatch chunks, device callbacks)"
  bench_smoke_host bench_smoke_threads bench_smoke_offload bench_smoke_record bench_smoke_shapes)
foreach(v 14 15 16)
  oi_llvm_skip(${v} "LLVM ${v}'s runtime ends the inner loop of distribute parallel for with work type distribute (its begin says loop), so the dump's begin/end pairing fails"
    plugin_e2e_dump)
endforeach()
oi_llvm_only(19 "the .deb packages the primary flavour: the clang 14 and 22 builds' OpenMP runtimes lie unpacked in their build folders, which no package can depend on"
  install_deb)
oi_llvm_skip(22 "the libFuzzer and sanitizer runtimes are libclang-rt-19-dev's: Debian's LLVM 22 would need libclang-rt-22-dev, and the fuzz targets test the reader, not the compiler"
  fuzz_short)
# The primary flavour's alone: what these test does not depend on the clang
# that builds the programs or on the OpenMP runtime (the shim's own file
# handling and crash paths, the report's rendering, the reader, the source
# layout, the installed packages, which carry the primary flavour only).
# Every flavour runs the rest, which keeps a flavour's suite to what can
# differ there (CI time: docs/building.md). Unit tests likewise
# (oi_add_unit_test): gcc builds the code they test alike in every flavour.
oi_llvm_only(${OMPT_INST_PRIMARY_LLVM} "flavour-independent: the shim's file handling and exit paths are the same library whatever compiled the program"
  shim_exit_from_worker shim_crash shim_killed shim_terminated shim_heap_overrun
  shim_leave_without_exit shim_hostile_files
  shim_closed_descriptors shim_full_disk shim_file_size_limit shim_run_folder
  shim_shared_folder shim_clock)
oi_llvm_only(${OMPT_INST_PRIMARY_LLVM} "flavour-independent: the report's rendering, progress and exit summary read traces the same way whatever recorded them"
  report_html_clean report_html_duplicate_transfer report_html_identical_content
  report_html_repeated_alloc report_html_round_trip report_html_unused_alloc
  report_html_unused_transfer report_html_trace_state report_progress report_summary_events
  cli_dump_fuzz cli_dump_errors bench_smoke_analysis)
oi_llvm_only(${OMPT_INST_PRIMARY_LLVM} "the packages carry the primary flavour only: the others' runtimes lie unpacked in their build folders"
  install_cmake_package)
oi_llvm_only(${OMPT_INST_PRIMARY_LLVM} "the prefix is made from the installed LLVM with its runtime, the primary's (Debian installs no other runtime)"
  install_llvm_prefix)
oi_llvm_only(${OMPT_INST_PRIMARY_LLVM} "flavour-independent: the source tree's layout"
  layout_imports)
oi_llvm_only(${OMPT_INST_PRIMARY_LLVM} "the AMD device runtime (libomptarget-amdgpu*.bc) is the primary LLVM's: the other flavours' clang has none here, and ompt-inst cc refuses gfx targets there in one line"
  gpu_amd_compile)
oi_llvm_only(14 "needs the clang 14 build, which runs programs on the LLVM 14 runtime"
  llvm14_runtime_capabilities llvm14_same_findings)
oi_llvm_only(22 "needs the clang 22 build: its plugin, its privately unpacked runtime and flang-22"
  llvm22_same_findings llvm22_plugin_mismatch llvm22_fortran)
foreach(v ${OMPT_INST_RANGE_LLVM})
  oi_llvm_only(${v} "needs the clang ${v} build: its plugin and its privately unpacked runtime"
    llvm${v}_same_findings llvm${v}_dropped_constructs)
endforeach()

# oi_llvm_skip_reason(TEST VAR): VAR = why TEST cannot run in this build, or "".
function(oi_llvm_skip_reason test var)
  get_property(only GLOBAL PROPERTY OI_LLVM_ONLY_${test})
  get_property(skip GLOBAL PROPERTY OI_LLVM_SKIP_${OMPT_INST_LLVM}_${test})
  set(reason "")
  if(only)
    list(GET only 0 version)
    list(GET only 1 why)
    if(NOT version EQUAL OMPT_INST_LLVM)
      set(reason "LLVM ${version} only: ${why}")
    endif()
  elseif(skip)
    list(GET skip 1 why)
    set(reason "not on LLVM ${OMPT_INST_LLVM}: ${why}")
  endif()
  set(${var} "${reason}" PARENT_SCOPE)
endfunction()
oi_llvm_skip(22 "the LLVM 22 runtime folder that ompt-inst run puts on the library path holds a libgomp.so.1 that is libomp: a gcc program runs on libomp there and is recorded"
  gcc_no_ompt_runtime gcc_host_constructs gcc_patterns gcc_fortran)
