# Run by ctest (tests/install/CMakeLists.txt): installs the build into WORK_DIR/prefix, then compiles
# each installed header alone (`#include <taquin/X.hpp>` in an otherwise empty file), with only the
# prefix's include directory on the path: no src/, no MPI.
cmake_minimum_required(VERSION 3.25)

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix}
  RESULT_VARIABLE status OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${status}):\n${err}")
endif()

file(GLOB_RECURSE installed RELATIVE ${prefix}/include ${prefix}/include/*)
if(NOT installed)
  message(FATAL_ERROR "no header installed under ${prefix}/include")
endif()
list(SORT installed)
foreach(header ${installed})
  if(NOT header MATCHES "^taquin/.*\\.hpp$")
    message(FATAL_ERROR "installed under include/, but not a header of taquin/: ${header}")
  endif()
  string(MAKE_C_IDENTIFIER ${header} stem)
  set(source ${WORK_DIR}/${stem}.cpp)
  file(WRITE ${source} "#include <${header}>\n")
  execute_process(COMMAND ${CXX} -std=c++20 -fsyntax-only -I${prefix}/include ${source}
    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "the installed header ${header} does not compile alone (does it include "
      "an internal header, one under src/, or MPI's?):\n${out}\n${err}")
  endif()
  message(STATUS "compiles alone: ${header}")
endforeach()
list(LENGTH installed count)
message(STATUS "${count} installed headers, each compiled alone")
