#include "ConstructKinds.h"

#include "ClangCompat.h"

#include "ompt-inst/events.h"

using namespace clang;

namespace ompt_inst {

// The shapes below agree with the shim's construct rows (events.def): the
// shim expects BEGIN/END inside exactly the TEAM constructs, the map data
// at ENTER of exactly the DEVICE constructs, a host body to visit only in
// the constructs that map data around one, and no EXIT of a COUNTED one.
// (Unary + compares the values, not two enumeration types.)
static_assert(+OI_CATEGORY_OF_PARALLEL == +OI_CATEGORY_TEAM &&
                  +OI_CATEGORY_OF_TEAMS == +OI_CATEGORY_TEAM,
              "Shape::Fork is for the constructs that start a team");
static_assert(+OI_CATEGORY_OF_TARGET == +OI_CATEGORY_DEVICE &&
                  +OI_CATEGORY_OF_TARGET_DATA == +OI_CATEGORY_DEVICE &&
                  +OI_CATEGORY_OF_TARGET_ENTER_DATA == +OI_CATEGORY_DEVICE &&
                  +OI_CATEGORY_OF_TARGET_EXIT_DATA == +OI_CATEGORY_DEVICE &&
                  +OI_CATEGORY_OF_TARGET_UPDATE == +OI_CATEGORY_DEVICE,
              "Shape::DeviceRegion/DeviceData are the device constructs");
static_assert(+OI_DATA_OF_TARGET_DATA == +OI_DATA_MAPS &&
                  +OI_DATA_OF_TARGET == +OI_DATA_MAPS,
              "target data maps around a host body, target around device code");
static_assert(+OI_FLAGS_OF_ATOMIC == +OI_CONSTRUCT_FLAG_COUNTED &&
                  +OI_FLAGS_OF_FLUSH == +OI_CONSTRUCT_FLAG_COUNTED &&
                  +OI_FLAGS_OF_TASKYIELD == +OI_CONSTRUCT_FLAG_COUNTED,
              "the counted constructs are counted at ENTER: HasExit is false for them");
static_assert(+OI_CATEGORY_OF_SECTION == +OI_CATEGORY_WORK,
              "Shape::Section: BEGIN/END of a section of sections");

// Directives whose body or position cannot be wrapped safely, or that are
// not constructs with run-time behaviour (loop transformations, scan,
// depobj, dispatch, metadirective, nothing, workshare). `error` is listed;
// BodyRewriter skips its compile-time form. `interop` is: no runtime
// reports it to a tool.
static bool isKnownConstruct(OpenMPDirectiveKind K) {
  if (isOpenMPLoopTransformationDirective(K))
    return false;
  switch (K) {
  case llvm::omp::OMPD_parallel:
  case llvm::omp::OMPD_for:
  case llvm::omp::OMPD_for_simd:
  case llvm::omp::OMPD_simd:
  case llvm::omp::OMPD_loop:
  case llvm::omp::OMPD_distribute:
  case llvm::omp::OMPD_distribute_simd:
  case llvm::omp::OMPD_distribute_parallel_for:
  case llvm::omp::OMPD_distribute_parallel_for_simd:
  case llvm::omp::OMPD_taskloop:
  case llvm::omp::OMPD_taskloop_simd:
  case llvm::omp::OMPD_master_taskloop:
  case llvm::omp::OMPD_master_taskloop_simd:
  case llvm::omp::OMPD_parallel_for:
  case llvm::omp::OMPD_parallel_for_simd:
  case llvm::omp::OMPD_parallel_sections:
  case llvm::omp::OMPD_parallel_master:
  case llvm::omp::OMPD_parallel_master_taskloop:
  case llvm::omp::OMPD_parallel_master_taskloop_simd:
  case llvm::omp::OMPD_sections:
  case llvm::omp::OMPD_section:
  case llvm::omp::OMPD_single:
  case llvm::omp::OMPD_masked:
  case llvm::omp::OMPD_master:
  case llvm::omp::OMPD_critical:
  case llvm::omp::OMPD_barrier:
  case llvm::omp::OMPD_taskwait:
  case llvm::omp::OMPD_taskyield:
  case llvm::omp::OMPD_taskgroup:
  case llvm::omp::OMPD_task:
  case llvm::omp::OMPD_ordered:
  case llvm::omp::OMPD_atomic:
  case llvm::omp::OMPD_flush:
  case llvm::omp::OMPD_cancel:
  case llvm::omp::OMPD_cancellation_point:
  case llvm::omp::OMPD_teams:
  case llvm::omp::OMPD_teams_distribute:
  case llvm::omp::OMPD_teams_distribute_simd:
  case llvm::omp::OMPD_teams_distribute_parallel_for:
  case llvm::omp::OMPD_teams_distribute_parallel_for_simd:
  case llvm::omp::OMPD_interop:
    return true;
  default:
    return compat::isConstructNewerThanClang14(K) ||
           isOpenMPTargetExecutionDirective(K) ||
           isOpenMPTargetDataManagementDirective(K);
  }
}

ConstructKind classifyDirective(OpenMPDirectiveKind K) {
  ConstructKind C;
  if (!isKnownConstruct(K))
    return C;
  if (isOpenMPTargetExecutionDirective(K)) {
    C.Kind = Shape::DeviceRegion;
    return C; // its body is device code
  }
  if (isOpenMPTargetDataManagementDirective(K)) {
    C.Kind = Shape::DeviceData;
    C.VisitBody = K == llvm::omp::OMPD_target_data; // host code inside
    return C;
  }
  // BEGIN/END go inside bodies that are plain structured blocks: combined
  // forms (parallel for, parallel sections...) have a loop or a section list
  // there, which must stay as is.
  if (K == llvm::omp::OMPD_parallel || K == llvm::omp::OMPD_teams)
    C.Kind = Shape::Fork;
  else if (K == llvm::omp::OMPD_master || K == llvm::omp::OMPD_masked)
    C.Kind = Shape::Masked; // without OMPT only BEGIN tells who executes it
  else if (K == llvm::omp::OMPD_section)
    C.Kind = Shape::Section;
  else
    C.Kind = Shape::Wrap;
  // Calls inside simd loops would change vectorisation; atomic bodies are
  // expressions.
  C.VisitBody = !isOpenMPSimdDirective(K) && K != llvm::omp::OMPD_atomic;
  // `error` is one event at its ENTER: a fatal one never returns. A counted
  // construct is counted at its ENTER, and its EXIT would say nothing.
  C.HasExit = K != llvm::omp::OMPD_atomic && K != llvm::omp::OMPD_flush &&
              K != llvm::omp::OMPD_taskyield && !compat::isErrorDirective(K);
  return C;
}

} // namespace ompt_inst
