# The Python module `taquin` (src/python/module.cpp), built when Debian's pybind11 and Python's
# headers are found, against the shared library. The interpreter is the system's /usr/bin/python3
# when there is one (Debian's pybind11, pytest and numpy are its), unless -DPython_EXECUTABLE=...
option(TAQUIN_PYTHON "Build the Python module when pybind11 is found" ON)
if(TAQUIN_PYTHON AND TARGET taquin_shared)
  if(NOT DEFINED Python_EXECUTABLE AND EXISTS /usr/bin/python3)
    set(Python_EXECUTABLE /usr/bin/python3 CACHE FILEPATH "The Python of the taquin module")
  endif()
  find_package(Python COMPONENTS Interpreter Development.Module QUIET)
  if(Python_FOUND)
    set(PYBIND11_FINDPYTHON ON)
    find_package(pybind11 CONFIG QUIET)
  endif()
  if(pybind11_FOUND)
    # NO_EXTRAS: no link-time optimisation of the module (the search is in the library).
    pybind11_add_module(taquin_python MODULE NO_EXTRAS ${PROJECT_SOURCE_DIR}/src/python/module.cpp ${PROJECT_SOURCE_DIR}/src/python/boards.cpp)
    target_link_libraries(taquin_python PRIVATE taquin_shared taquin_internals)
    set(TAQUIN_PYTHON_DIR lib/python3/dist-packages CACHE STRING
      "Where the Python module is installed, under the prefix")
    file(RELATIVE_PATH TAQUIN_PYTHON_TO_LIB /prefix/${TAQUIN_PYTHON_DIR}
      /prefix/${CMAKE_INSTALL_LIBDIR})
    set_target_properties(taquin_python PROPERTIES OUTPUT_NAME taquin
      LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/python
      INSTALL_RPATH "$ORIGIN/${TAQUIN_PYTHON_TO_LIB}")
    install(TARGETS taquin_python LIBRARY DESTINATION ${TAQUIN_PYTHON_DIR})
    message(STATUS "taquin: the Python module for ${Python_EXECUTABLE} (${Python_VERSION})")
  else()
    message(STATUS "taquin: no Python module (pybind11-dev and python3-dev not found)")
  endif()
endif()
