# Flavour registration (cmake/Flavours.cmake). Included, it defines
# oi_flavour_refusal; run as a script,
#   cmake -DFLAVOUR_FILE=F -DREGISTRY=D -DOWN_REGISTRY=O -DPLUGIN=P -DREPLACE=ON|OFF -P ...
# it copies this build's flavour file F into the primary build's registry D
# and D's files into this build's registry O, or stops with the refusal.

# oi_flavour_refusal(REGISTRY MAJOR PLUGIN REPLACE VAR): VAR = why this build
# (its plugin PLUGIN) may not register LLVM MAJOR in REGISTRY: another build
# registered that major there and REPLACE is off; "" when it may.
function(oi_flavour_refusal registry major plugin replace var)
  set(why "")
  set(registered "${registry}/${major}")
  if(EXISTS "${registered}" AND NOT replace)
    file(STRINGS "${registered}" owner REGEX "^plugin=")
    string(REGEX REPLACE "^plugin=" "" owner "${owner}")
    if(NOT owner STREQUAL plugin)
      string(CONCAT why "the LLVM ${major} flavour is already registered in ${registry} by another build "
              "(plugin ${owner}); this build (${plugin}) does not replace it: use that build, "
              "remove ${registered}, or configure with -DOMPT_INST_REPLACE_FLAVOUR=ON")
    endif()
  endif()
  set(${var} "${why}" PARENT_SCOPE)
endfunction()

if(CMAKE_SCRIPT_MODE_FILE STREQUAL CMAKE_CURRENT_LIST_FILE)
  get_filename_component(major "${FLAVOUR_FILE}" NAME)
  oi_flavour_refusal("${REGISTRY}" "${major}" "${PLUGIN}" "${REPLACE}" why)
  if(why)
    message(FATAL_ERROR "${why}")
  endif()
  # COPY_FILE, not COPY: COPY skips a file whose time stamp matches
  file(COPY_FILE "${FLAVOUR_FILE}" "${REGISTRY}/${major}")
  file(MAKE_DIRECTORY "${OWN_REGISTRY}")
  file(GLOB registered "${REGISTRY}/*")
  foreach(file IN LISTS registered)
    get_filename_component(name "${file}" NAME)
    file(COPY_FILE "${file}" "${OWN_REGISTRY}/${name}")
  endforeach()
endif()
