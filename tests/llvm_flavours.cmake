# Tests that hold for one LLVM flavour only. In a build for another version
# (OMPT_INST_LLVM) oi_add_script_test registers them as skipped: ctest lists
# them under "did not run (Skipped)" and their output names the reason.
# oi_llvm_only(VERSION REASON TEST...)
function(oi_llvm_only version reason)
  if(reason MATCHES ";")
    message(FATAL_ERROR "oi_llvm_only: a reason must not contain ';' (a CMake list separator)")
  endif()
  foreach(test IN LISTS ARGN)
    set_property(GLOBAL PROPERTY OI_LLVM_ONLY_${test} "${version}" "${reason}")
  endforeach()
endfunction()

set(no_device_callbacks "LLVM 14's runtime reports no data operations (target_data_op_emi=never)")
oi_llvm_only(19 "${no_device_callbacks}, and the test asserts the runtime's own"
  shim_target_copies shim_target_alloc unify_mappings
  report_json report_chrome report_otf2 mpi_job
  patterns_duplicate_transfer patterns_round_trip patterns_repeated_alloc
  patterns_unused_alloc patterns_unused_transfer patterns_identical_content
  patterns_clean golden_heat report_native_grouping
  shim_kernel_constructs)
oi_llvm_only(19 "${no_device_callbacks}, and the diffs assert the findings and savings of the runtime's data operations"
  diff_pattern_duplicate_transfer diff_pattern_round_trip diff_pattern_repeated_alloc
  diff_pattern_unused_alloc diff_pattern_unused_transfer diff_pattern_identical_content
  diff_heat diff_moved_lines diff_fail_on mpi_diff_job)
oi_llvm_only(19 "asserts dispatch chunks: LLVM 14 answers never for the dispatch callback"
  shim_host_constructs unify_host_constructs)
oi_llvm_only(19 "asserts LLVM 19's events per construct instance (dispatch chunks, device callbacks)"
  bench_smoke_host bench_smoke_offload bench_smoke_record bench_smoke_shapes)
oi_llvm_only(19 "atomic directly inside teams is OpenMP 5.1, rejected by clang 14"
  shim_more_constructs)
oi_llvm_only(19 "LLVM 14's runtime ends the inner loop of distribute parallel for with work type distribute (its begin says loop), so the dump's begin/end pairing fails"
  plugin_e2e_dump)
oi_llvm_only(19 "the .deb packages the primary flavour: the clang 14 build's OpenMP runtime lies unpacked in its build folder, which no package can depend on"
  install_deb)
oi_llvm_only(14 "needs the clang 14 build, which runs programs on the LLVM 14 runtime"
  llvm14_runtime_capabilities llvm14_same_findings)

# oi_llvm_skip_reason(TEST VAR): VAR = why TEST cannot run in this build, or "".
function(oi_llvm_skip_reason test var)
  get_property(only GLOBAL PROPERTY OI_LLVM_ONLY_${test})
  set(reason "")
  if(only)
    list(GET only 0 version)
    list(GET only 1 why)
    if(NOT version EQUAL OMPT_INST_LLVM)
      set(reason "LLVM ${version} only: ${why}")
    endif()
  endif()
  set(${var} "${reason}" PARENT_SCOPE)
endfunction()
