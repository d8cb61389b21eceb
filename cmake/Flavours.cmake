# The flavour registry: one `ompt-inst` drives every clang a flavour is built
# for (tools/cmd/flavours.h). Each build describes its own flavour in
# lib/ompt-inst-flavours/<major>; a build of another flavour than the primary
# (OMPT_INST_PRIMARY_BUILD, when that folder exists) copies its file into the
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

get_filename_component(OI_PRIMARY_BUILD "${OMPT_INST_PRIMARY_BUILD}" ABSOLUTE)
if(NOT OMPT_INST_LLVM EQUAL OMPT_INST_PRIMARY_LLVM AND
   NOT OI_PRIMARY_BUILD STREQUAL CMAKE_BINARY_DIR AND
   IS_DIRECTORY "${OI_PRIMARY_BUILD}/lib/ompt-inst-flavours")
  set(OI_PRIMARY_FLAVOURS "${OI_PRIMARY_BUILD}/lib/ompt-inst-flavours")
  add_custom_target(ompt_inst_register_flavour ALL
    COMMAND "${CMAKE_COMMAND}" -E copy "${OI_FLAVOUR_FILE}" "${OI_PRIMARY_FLAVOURS}/"
    COMMAND "${CMAKE_COMMAND}" -E copy_directory "${OI_PRIMARY_FLAVOURS}" "${OI_FLAVOURS_DIR}"
    COMMENT "Registering the LLVM ${OMPT_INST_LLVM} flavour with ${OI_PRIMARY_BUILD}"
    VERBATIM)
  add_dependencies(ompt_inst_register_flavour ompt_inst_plugin)
endif()
