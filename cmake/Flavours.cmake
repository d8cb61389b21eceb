# The flavour registry: one `ompt-inst` drives every clang a flavour is built
# for (tools/cmd/flavours.h). Each build describes its own flavour in
# lib/ompt-inst-flavours/<major>; a build of another flavour than the primary
# (configured with OMPT_INST_PRIMARY_BUILD) copies its file into the
# primary build's registry and takes the primary's registry into its own, so
# the primary `ompt-inst cc --clang=clang-22` finds the 22 plugin and runtime,
# and a plugin loaded into the wrong clang names the one that fits. Build-tree
# paths: an install carries only its own flavour (config.h), no registry.
set(OI_FLAVOURS_DIR "${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/ompt-inst-flavours")
set(OI_FLAVOUR_FILE "${OI_FLAVOURS_DIR}/${OMPT_INST_LLVM}")
file(GENERATE OUTPUT "${OI_FLAVOUR_FILE}" CONTENT
"plugin=$<TARGET_FILE:ompt_inst_plugin>
clang=${OMPT_INST_CLANG}
clangxx=${OMPT_INST_CLANGXX}
flang=${OMPT_INST_FLANG}
runtime=${OMPT_INST_RUNTIME_DIR}
include=${OMPT_INST_RUNTIME_INCLUDE_DIR}
")

# Registration is explicit: only a build configured with
# -DOMPT_INST_PRIMARY_BUILD=<folder> registers, and it refuses to replace
# another build's registration of the same major (cmake/RegisterFlavour.cmake)
# unless -DOMPT_INST_REPLACE_FLAVOUR=ON says so: otherwise what
# `ompt-inst cc --clang=clang-N` uses would depend on what was configured last.
option(OMPT_INST_REPLACE_FLAVOUR "Replace another build's registration of this LLVM major in OMPT_INST_PRIMARY_BUILD" OFF)
# The primary flavour's own build registers nothing.
get_filename_component(OI_PRIMARY_BUILD "${OMPT_INST_PRIMARY_BUILD}" ABSOLUTE)
if(OMPT_INST_PRIMARY_BUILD AND NOT OMPT_INST_LLVM EQUAL OMPT_INST_PRIMARY_LLVM AND
   NOT OI_PRIMARY_BUILD STREQUAL CMAKE_BINARY_DIR)
  if(NOT IS_DIRECTORY "${OI_PRIMARY_BUILD}/lib/ompt-inst-flavours")
    message(FATAL_ERROR "OMPT_INST_PRIMARY_BUILD=${OMPT_INST_PRIMARY_BUILD} is no built "
      "ompt-inst (no lib/ompt-inst-flavours): build the primary flavour there first")
  endif()
  include(cmake/RegisterFlavour.cmake)
  oi_flavour_refusal("${OI_PRIMARY_BUILD}/lib/ompt-inst-flavours" ${OMPT_INST_LLVM}
                     "${CMAKE_LIBRARY_OUTPUT_DIRECTORY}/ompt-inst.so" ${OMPT_INST_REPLACE_FLAVOUR} why)
  if(why)
    message(FATAL_ERROR "${why}")
  endif()
  add_custom_target(ompt_inst_register_flavour ALL
    COMMAND "${CMAKE_COMMAND}" -DFLAVOUR_FILE=${OI_FLAVOUR_FILE}
            -DREGISTRY=${OI_PRIMARY_BUILD}/lib/ompt-inst-flavours -DOWN_REGISTRY=${OI_FLAVOURS_DIR}
            -DREPLACE=${OMPT_INST_REPLACE_FLAVOUR} -DPLUGIN=$<TARGET_FILE:ompt_inst_plugin>
            -P "${PROJECT_SOURCE_DIR}/cmake/RegisterFlavour.cmake"
    COMMENT "Registering the LLVM ${OMPT_INST_LLVM} flavour with ${OI_PRIMARY_BUILD}"
    VERBATIM)
  add_dependencies(ompt_inst_register_flavour ompt_inst_plugin)
endif()
