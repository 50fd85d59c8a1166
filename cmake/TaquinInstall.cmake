# The shared library, `cmake --install` (binary, headers, libraries, catalogues, CMake package,
# pkg-config file, man page, completions) and `cpack -G DEB`. Included by the top CMakeLists.txt
# after taquin_lib and taquin are defined.
include(CMakePackageConfigHelpers)

# (Not in sanitizer builds: their libraries need the sanitizer's runtime in every program that
# loads them, Python's included.)
if(TAQUIN_SANITIZE)
  set(TAQUIN_SHARED_DEFAULT OFF)
else()
  set(TAQUIN_SHARED_DEFAULT ON)
endif()
option(TAQUIN_SHARED "Also build the shared library libtaquin.so (installed; the Python module's)"
  ${TAQUIN_SHARED_DEFAULT})

# The shared library: the static library's objects (position-independent), linked once more.
if(TAQUIN_SHARED)
  add_library(taquin_shared SHARED $<TARGET_OBJECTS:taquin_objects>)
  target_include_directories(taquin_shared PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_link_libraries(taquin_shared PUBLIC $<BUILD_INTERFACE:taquin_flags> TBB::tbb
    PkgConfig::XXHASH Threads::Threads PRIVATE GIF::GIF)
  target_compile_features(taquin_shared PUBLIC cxx_std_20)
  set_target_properties(taquin_shared PROPERTIES OUTPUT_NAME taquin EXPORT_NAME taquin
    VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
  add_library(taquin::taquin ALIAS taquin_shared)
else()
  add_library(taquin::taquin ALIAS taquin_lib)
endif()
set_target_properties(taquin_lib PROPERTIES OUTPUT_NAME taquin EXPORT_NAME taquin_static)
add_library(taquin::taquin_static ALIAS taquin_lib)

# taquin::version() (src/api.cpp).
set_source_files_properties(${PROJECT_SOURCE_DIR}/src/api.cpp PROPERTIES COMPILE_DEFINITIONS
  TAQUIN_VERSION="${PROJECT_VERSION}")

set(TAQUIN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/taquin)
set(TAQUIN_LIB_TARGETS taquin_lib)
if(TAQUIN_SHARED)
  list(APPEND TAQUIN_LIB_TARGETS taquin_shared)
endif()
install(TARGETS taquin RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS ${TAQUIN_LIB_TARGETS} EXPORT taquinTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_COMPONENT Unspecified
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The public headers, include/taquin/ (docs/api.md); the internal ones, under src/, are not
# installed (tests/install/installed_headers_test.cmake compiles each installed header alone).
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/taquin DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.hpp")
# The catalogues (also built into the binary and the library: `taquin pdb build 7-8`).
file(GLOB TAQUIN_CATALOGUES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/pdb/*.cat)
install(FILES ${TAQUIN_CATALOGUES} DESTINATION ${CMAKE_INSTALL_DATADIR}/taquin/catalogues)

# The CMake package: find_package(taquin) gives taquin::taquin (shared when built, else static)
# and taquin::taquin_static, with their oneTBB, xxHash and giflib usage requirements.
install(EXPORT taquinTargets NAMESPACE taquin:: DESTINATION ${TAQUIN_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/taquinConfig.cmake.in
  ${PROJECT_BINARY_DIR}/taquinConfig.cmake INSTALL_DESTINATION ${TAQUIN_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_DATADIR)
# 0.x releases promise nothing across minor versions.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/taquinConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/taquinConfig.cmake ${PROJECT_BINARY_DIR}/taquinConfigVersion.cmake
  DESTINATION ${TAQUIN_CMAKE_DIR})
# pkg-config: `pkg-config --cflags --libs taquin`; the prefix found from the file's own place, so
# that `cmake --install --prefix P` needs no reconfiguration.
file(RELATIVE_PATH TAQUIN_PC_TO_PREFIX /prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig /prefix)
configure_file(${PROJECT_SOURCE_DIR}/cmake/taquin.pc.in ${PROJECT_BINARY_DIR}/taquin.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/taquin.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The man page and the bash and zsh completions, written by the binary from its own command tree
# (`taquin completion man|bash|zsh`, src/cli/completion.cpp).
set(TAQUIN_GENERATED_DOCS ${PROJECT_BINARY_DIR}/taquin.1 ${PROJECT_BINARY_DIR}/taquin.bash
  ${PROJECT_BINARY_DIR}/_taquin)
add_custom_command(OUTPUT ${TAQUIN_GENERATED_DOCS}
  COMMAND taquin completion man > ${PROJECT_BINARY_DIR}/taquin.1
  COMMAND taquin completion bash > ${PROJECT_BINARY_DIR}/taquin.bash
  COMMAND taquin completion zsh > ${PROJECT_BINARY_DIR}/_taquin
  DEPENDS taquin
  COMMENT "Writing the man page and the shell completions of taquin")
add_custom_target(taquin_docs ALL DEPENDS ${TAQUIN_GENERATED_DOCS})
install(FILES ${PROJECT_BINARY_DIR}/taquin.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_BINARY_DIR}/taquin.bash DESTINATION
  ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME taquin)
install(FILES ${PROJECT_BINARY_DIR}/_taquin DESTINATION
  ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

# `cpack -G DEB` in the build directory: one package with all of the above (configure with
# -DTAQUIN_PORTABLE=ON -DCMAKE_INSTALL_PREFIX=/usr for a package other machines can run).
set(CPACK_PACKAGE_NAME taquin)
set(CPACK_PACKAGE_VENDOR "taquin")
set(CPACK_PACKAGE_CONTACT "taquin maintainers <taquin@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "Optimal sliding-tile puzzle solver (IDA*, pattern databases): CLI, C++ library, Python module")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # libtbb12, libxxhash0, libgif7... from the binaries
# The headers and the CMake package need the development packages of the usage requirements.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libtbb-dev, libxxhash-dev, libgif-dev, python3")
include(CPack)
