// Which OpenMP directives the plugin instruments, and how.
#pragma once

#include "clang/Basic/OpenMPKinds.h"

namespace ompt_inst {

enum class Shape {
  Unknown,      // not handled: left untouched, body not visited
  Wrap,         // ENTER/EXIT around the directive
  Fork,         // ENTER/EXIT around + BEGIN/END inside the body (every thread)
  Masked,       // ENTER/EXIT around + BEGIN/END inside the body: BEGIN/END run
                // on the one thread that executes it (master, masked)
  Section,      // BEGIN/END inside the body only (a section of sections)
  DeviceRegion, // target execution: ENTER carries the map data; device body
  DeviceData,   // target data/enter/exit/update: ENTER carries the map data
};

struct ConstructKind {
  Shape Kind = Shape::Unknown;
  // The associated statement runs on the host and may hold constructs to
  // instrument (false for device bodies, atomic and simd bodies).
  bool VisitBody = false;
  // An EXIT point closes the construct (ENTER/EXIT shapes). Not for
  // `atomic`: no runtime reports it and the shim only counts its instances
  // at ENTER, so an EXIT call would be pure cost.
  bool HasExit = true;
};

ConstructKind classifyDirective(clang::OpenMPDirectiveKind DKind);

} // namespace ompt_inst
