# What an installation holds beyond the programs and libraries, and the
# Debian package (`cpack -G DEB` in a build folder). The layout stays
# <prefix>/bin and <prefix>/lib: the command finds its plugin and shim
# relative to itself, so an unpacked package works where it lies.
include(CMakePackageConfigHelpers)

install(FILES include/ompt-inst/hooks.h include/ompt-inst/instrument.h include/ompt-inst/events.def include/ompt-inst/descriptor.h
              include/ompt-inst/events.h include/ompt-inst/trace.h
        DESTINATION include/ompt-inst)
# README.md links to docs/...: the same relative layout
install(FILES README.md DESTINATION share/doc/ompt-inst)
install(DIRECTORY docs/ DESTINATION share/doc/ompt-inst/docs PATTERN man EXCLUDE)
install(FILES docs/man/ompt-inst.1 docs/man/ompt-inst-cc.1 docs/man/ompt-inst-c++.1
              docs/man/ompt-inst-fc.1
        DESTINATION share/man/man1)

# find_package(ompt-inst): imported targets and ompt_inst_instrument(<target>).
configure_package_config_file(cmake/ompt-instConfig.cmake.in
  "${CMAKE_BINARY_DIR}/cmake/ompt-instConfig.cmake"
  INSTALL_DESTINATION lib/cmake/ompt-inst)
write_basic_package_version_file("${CMAKE_BINARY_DIR}/cmake/ompt-instConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion)
install(FILES "${CMAKE_BINARY_DIR}/cmake/ompt-instConfig.cmake"
              "${CMAKE_BINARY_DIR}/cmake/ompt-instConfigVersion.cmake"
        DESTINATION lib/cmake/ompt-inst)

# pkg-config: relocatable through ${pcfiledir}. A runtime unpacked into the
# build (LLVM 14) needs its omp.h and -L as well.
set(OI_PC_RUNTIME_CFLAGS "")
set(OI_PC_RUNTIME_LIBS "")
if(OMPT_INST_RUNTIME_INCLUDE_DIR)
  set(OI_PC_RUNTIME_CFLAGS " -isystem ${OMPT_INST_RUNTIME_INCLUDE_DIR}")
  set(OI_PC_RUNTIME_LIBS " -L${OMPT_INST_RUNTIME_DIR}")
endif()
configure_file(cmake/ompt-inst.pc.in "${CMAKE_BINARY_DIR}/pkgconfig/ompt-inst.pc" @ONLY)
install(FILES "${CMAKE_BINARY_DIR}/pkgconfig/ompt-inst.pc" DESTINATION lib/pkgconfig)

# The .deb. Library dependencies come from dpkg-shlibdeps (libdw, libelf,
# xxHash, OTF2, libc, libstdc++); the compiler, the offload tools clang's
# driver runs and the OpenMP runtime programs link against are named here.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME ompt-inst)
set(CPACK_PACKAGE_VENDOR "ompt-inst developers")
set(CPACK_PACKAGE_CONTACT "ompt-inst developers <ompt-inst@users.noreply.invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "where an OpenMP program's time and data movement go, per construct and variable")
set(CPACK_PACKAGE_DESCRIPTION
    "A Clang plugin, an OMPT tool and the ompt-inst command: every OpenMP construct and
mapped variable of a program, on any OpenMP runtime, with data-mapping findings
(duplicate, round-trip, repeated-alloc, unused-alloc, unused-transfer) and reports.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "clang-${OMPT_INST_LLVM}, clang-tools-${OMPT_INST_LLVM}, libomp-${OMPT_INST_LLVM}-dev")
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "")
if(NOT OMPT_INST_LLVM EQUAL OMPT_INST_PRIMARY_LLVM)
  # its OpenMP runtime lives unpacked inside this build folder, not in a package
  set(CPACK_GENERATOR "")
endif()
include(CPack)
