# Run by ctest (tests/install/CMakeLists.txt): installs the build into WORK_DIR/prefix, builds the
# example of API_DOC against it (find_package, then pkg-config), runs it and checks what it prints.
cmake_minimum_required(VERSION 3.25)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "failed (${status}): ${ARGN}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})

# What must be there.
set(expected bin/taquin include/taquin/taquin.hpp include/taquin/solve.hpp
  ${LIBDIR}/libtaquin.a ${LIBDIR}/cmake/taquin/taquinConfig.cmake
  ${LIBDIR}/cmake/taquin/taquinConfigVersion.cmake ${LIBDIR}/cmake/taquin/taquinTargets.cmake
  ${LIBDIR}/pkgconfig/taquin.pc share/taquin/catalogues/7-8.cat share/man/man1/taquin.1
  share/bash-completion/completions/taquin share/zsh/vendor-completions/_taquin)
if(SHARED)
  list(APPEND expected ${LIBDIR}/libtaquin.so)
endif()
foreach(file ${expected})
  if(NOT EXISTS ${prefix}/${file})
    message(FATAL_ERROR "not installed: ${file}")
  endif()
endforeach()
if(SHARED)  # a versioned soname
  run(objdump -p ${prefix}/${LIBDIR}/libtaquin.so)
  if(NOT run_output MATCHES "SONAME +libtaquin\\.so\\.[0-9]+")
    message(FATAL_ERROR "libtaquin.so has no versioned soname:\n${run_output}")
  endif()
endif()

# The example: the one C++ block of docs/api.md that starts with "// example.cpp".
file(READ ${API_DOC} doc)
string(REGEX MATCH "```cpp\n// example\\.cpp[^`]*```" block "${doc}")
if(NOT block)
  message(FATAL_ERROR "${API_DOC} has no ```cpp block starting with // example.cpp")
endif()
string(REGEX REPLACE "^```cpp\n" "" block "${block}")
string(REGEX REPLACE "```$" "" block "${block}")
set(project ${WORK_DIR}/project)
file(WRITE ${project}/example.cpp "${block}")
file(WRITE ${project}/CMakeLists.txt [=[
cmake_minimum_required(VERSION 3.25)
project(taquin_example LANGUAGES CXX)
find_package(taquin 0.1 REQUIRED)
add_executable(example example.cpp)
target_link_libraries(example PRIVATE taquin::taquin)
]=])
run(${CMAKE_COMMAND} -S ${project} -B ${project}/build -DCMAKE_PREFIX_PATH=${prefix}
  -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release)
run(${CMAKE_COMMAND} --build ${project}/build)
# Korf's #1 (zero-first goal): 57 moves.
set(korf1 "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
run(${project}/build/example ${korf1} zero-first)
if(NOT run_output MATCHES "length 57 optimal")
  message(FATAL_ERROR "the example built with find_package(taquin) printed:\n${run_output}")
endif()
message(STATUS "find_package(taquin): ${run_output}")

# The same program through pkg-config.
set(ENV{PKG_CONFIG_PATH} ${prefix}/${LIBDIR}/pkgconfig)
run(pkg-config --cflags --libs taquin)
string(STRIP "${run_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
run(${CXX} -O2 ${project}/example.cpp -o ${project}/example_pc ${flags}
  -Wl,-rpath,${prefix}/${LIBDIR})
run(${project}/example_pc "1 2 3 4 5 6 0 7 8")
if(NOT run_output MATCHES "length 2 optimal")
  message(FATAL_ERROR "the example built with pkg-config printed:\n${run_output}")
endif()

# The man page reads as one, and the completions know the commands.
execute_process(COMMAND man -l -Tutf8 ${prefix}/share/man/man1/taquin.1 COMMAND col -b
  OUTPUT_VARIABLE run_output RESULT_VARIABLE status)
if(NOT status EQUAL 0 OR NOT run_output MATCHES "taquin solve" OR NOT run_output MATCHES "EXIT STATUS")
  message(FATAL_ERROR "the man page lacks its commands:\n${run_output}")
endif()
run(bash -c "source ${prefix}/share/bash-completion/completions/taquin && COMP_WORDS=(taquin so) && COMP_CWORD=1 && _taquin && echo \${COMPREPLY[*]} && COMP_WORDS=(taquin solve --algorithm '') && COMP_CWORD=3 && _taquin && echo \${COMPREPLY[*]}")
if(NOT run_output MATCHES "^solve\n" OR NOT run_output MATCHES "ida astar greedy uniform bfs")
  message(FATAL_ERROR "bash completion: got\n${run_output}")
endif()
