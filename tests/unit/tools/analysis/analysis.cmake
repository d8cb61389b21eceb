# cmocka tests of the data-mapping analysis (tools/analysis); included from
# tests/unit/CMakeLists.txt. They share a builder of synthetic event streams.
add_library(oi_analysis_fixture STATIC "${CMAKE_CURRENT_LIST_DIR}/analysis_fixture.c")
target_include_directories(oi_analysis_fixture PUBLIC ${CMOCKA_INCLUDE_DIR})
target_link_libraries(oi_analysis_fixture PUBLIC ompt_inst_analysis ompt_inst_report ${CMOCKA_LIBRARIES})
foreach(name transfers allocations unused_transfers totals llvm19_streams
    kernel_writes mapping_bugs)
  oi_add_unit_test(test_analysis_${name}
    SOURCES "${CMAKE_CURRENT_LIST_DIR}/test_analysis_${name}.c"
    LIBS oi_analysis_fixture)
endforeach()
# the identical-content detector's bounded memory, alone
oi_add_unit_test(test_content_memory
  SOURCES "${CMAKE_CURRENT_LIST_DIR}/test_content_memory.c" LIBS ompt_inst_analysis)
