# oi_unpack_openmp_runtime(VERSION DEST): Debian's libomp-N-dev packages
# conflict with each other, so an OpenMP runtime of another LLVM version than
# the installed one is unpacked from its .debs into DEST (apt-get download +
# dpkg -x), once; later configures reuse it. The packages: libomp-N-dev, the
# libomp5-* it depends on (libomp5-14 for 14; for 22 it is libomp5-19:
# Debian builds no libomp5-22, LLVM 22 programs run LLVM 19's libomp), and
# liboffload-N-dev with liboffload-N where they exist (22: libomptarget moved
# there). Sets, in the caller's scope:
#   OI_PRIVATE_RUNTIME_LIB_DIR     libomp.so, libomptarget.so
#   OI_PRIVATE_RUNTIME_INCLUDE_DIR omp.h, omp-tools.h
function(oi_unpack_openmp_runtime version dest)
  set(stamp "${dest}/unpacked.stamp")
  if(NOT EXISTS "${stamp}")
    find_program(OI_APT_GET apt-get REQUIRED)
    find_program(OI_APT_CACHE apt-cache REQUIRED)
    find_program(OI_DPKG_DEB dpkg-deb REQUIRED)
    set(packages libomp-${version}-dev)
    execute_process(COMMAND "${OI_APT_CACHE}" depends libomp-${version}-dev
                    RESULT_VARIABLE result OUTPUT_VARIABLE depends ERROR_QUIET)
    string(REGEX MATCHALL "Depends: libomp5-[0-9]+" runtime "${depends}")
    string(REPLACE "Depends: " "" runtime "${runtime}")
    if(NOT result EQUAL 0 OR NOT runtime)
      message(FATAL_ERROR "ompt-inst: 'apt-cache depends libomp-${version}-dev' names no "
                          "libomp5 package (run 'apt-get update')")
    endif()
    list(APPEND packages ${runtime})
    execute_process(COMMAND "${OI_APT_CACHE}" show liboffload-${version}-dev
                    RESULT_VARIABLE result OUTPUT_QUIET ERROR_QUIET)
    if(result EQUAL 0)
      list(APPEND packages liboffload-${version}-dev liboffload-${version})
    endif()
    set(download "${dest}/debs")
    file(REMOVE_RECURSE "${dest}")
    file(MAKE_DIRECTORY "${download}")
    message(STATUS "ompt-inst: unpacking the LLVM ${version} OpenMP runtime into ${dest}")
    execute_process(COMMAND "${OI_APT_GET}" download ${packages}
                    WORKING_DIRECTORY "${download}"
                    RESULT_VARIABLE result ERROR_VARIABLE error OUTPUT_QUIET)
    if(NOT result EQUAL 0)
      string(JOIN " " names ${packages})
      string(REGEX MATCH "E: [^\n]*" error "${error}") # apt's first error line
      message(FATAL_ERROR "ompt-inst: 'apt-get download ${names}' failed "
                          "(run 'apt-get update' or check the network): ${error}")
    endif()
    file(GLOB debs "${download}/*.deb")
    foreach(deb IN LISTS debs)
      # dpkg-deb -x is what 'dpkg -x' runs; it needs no root.
      execute_process(COMMAND "${OI_DPKG_DEB}" -x "${deb}" "${dest}/root"
                      RESULT_VARIABLE result ERROR_VARIABLE error)
      if(NOT result EQUAL 0)
        message(FATAL_ERROR "ompt-inst: 'dpkg-deb -x ${deb}' failed: ${error}")
      endif()
    endforeach()
    file(REMOVE_RECURSE "${download}")
    file(TOUCH "${stamp}")
  endif()

  set(lib_dir "${dest}/root/usr/lib/llvm-${version}/lib")
  foreach(needed libomp.so libomptarget.so)
    if(NOT EXISTS "${lib_dir}/${needed}")
      message(FATAL_ERROR "ompt-inst: ${needed} is not in the unpacked runtime ${lib_dir}; "
                          "remove ${dest} to unpack again")
    endif()
  endforeach()
  file(GLOB include_dir LIST_DIRECTORIES true "${lib_dir}/clang/*/include")
  if(NOT EXISTS "${include_dir}/omp.h" OR NOT EXISTS "${include_dir}/omp-tools.h")
    message(FATAL_ERROR "ompt-inst: omp.h/omp-tools.h missing under ${lib_dir}/clang/*/include")
  endif()
  set(OI_PRIVATE_RUNTIME_LIB_DIR "${lib_dir}" PARENT_SCOPE)
  set(OI_PRIVATE_RUNTIME_INCLUDE_DIR "${include_dir}" PARENT_SCOPE)
endfunction()
