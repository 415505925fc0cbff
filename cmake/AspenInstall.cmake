# Installing aspen, and the package config and .deb that go with it
# (docs/install.md). An installed tree and the build tree have the same
# layout, which aspenc relies on (codegen/include/aspen/CodeGen/Layout.h):
#
#   bin/aspenc
#   lib/aspen/libaspenrt.a                  (-asan.a, -tsan.a when built)
#   lib/cmake/Aspen/AspenConfig.cmake       find_package(Aspen)
#   include/aspen/runtime.h ...
#   share/aspen/stdlib/NAME.asp
#   share/aspen/examples/                   (lit-template among them)
#   share/aspen/editors/
#   share/doc/aspen/                        README, LICENSE, docs/
#
# (lib, include, share as GNUInstallDirs names them.)

include(CMakePackageConfigHelpers)

# The build tree: the headers and the standard library are linked from the
# source tree where an installed aspenc finds its copies.
file(MAKE_DIRECTORY ${PROJECT_BINARY_DIR}/${CMAKE_INSTALL_INCLUDEDIR}
                    ${PROJECT_BINARY_DIR}/${ASPEN_INSTALL_DATADIR})
foreach(link IN ITEMS
    "${CMAKE_INSTALL_INCLUDEDIR}/aspen|rt/include/aspen"
    "${ASPEN_INSTALL_DATADIR}/stdlib|stdlib"
    "${ASPEN_INSTALL_DATADIR}/examples|examples")
  string(REPLACE "|" ";" link "${link}")
  list(GET link 0 from)
  list(GET link 1 to)
  if(NOT EXISTS ${PROJECT_BINARY_DIR}/${from})
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/${to} ${PROJECT_BINARY_DIR}/${from}
         SYMBOLIC)
  endif()
endforeach()

install(TARGETS aspenc RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS aspenrt ${ASPEN_RT_VARIANTS}
        ARCHIVE DESTINATION ${ASPEN_INSTALL_RTDIR})
# `--strip` (and the .deb) strips the runtime's debug information too,
# which is most of its size.
foreach(lib aspenrt ${ASPEN_RT_VARIANTS})
  install(CODE "
    if(CMAKE_INSTALL_DO_STRIP AND NOT \"${CMAKE_STRIP}\" STREQUAL \"\")
      execute_process(COMMAND \"${CMAKE_STRIP}\" --strip-debug
        \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${ASPEN_INSTALL_RTDIR}/$<TARGET_FILE_NAME:${lib}>\")
    endif()")
endforeach()
install(DIRECTORY rt/include/aspen DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY stdlib/ DESTINATION ${ASPEN_INSTALL_DATADIR}/stdlib)
install(DIRECTORY examples/ DESTINATION ${ASPEN_INSTALL_DATADIR}/examples)
install(DIRECTORY editors/ DESTINATION ${ASPEN_INSTALL_DATADIR}/editors)
install(FILES README.md LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

# find_package(Aspen): written where the build tree's layout puts it, so
# that Aspen_DIR=<build>/lib/cmake/Aspen works as the installed one does.
set(config_dir ${PROJECT_BINARY_DIR}/${ASPEN_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/AspenConfig.cmake.in
  ${config_dir}/AspenConfig.cmake
  INSTALL_DESTINATION ${ASPEN_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_INCLUDEDIR ASPEN_INSTALL_RTDIR
            ASPEN_INSTALL_DATADIR)
# 0.x: a minor version may change what aspenc accepts.
write_basic_package_version_file(${config_dir}/AspenConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${config_dir}/AspenConfig.cmake
              ${config_dir}/AspenConfigVersion.cmake
        DESTINATION ${ASPEN_INSTALL_CMAKEDIR})

# A .deb (cpack -G DEB): aspen under /usr. What aspenc needs to build
# programs is a dependency: LLVM's clang++ and lld, and the libraries every
# program links (the -dev packages hold the names the linker looks up).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME aspen)
set(CPACK_PACKAGE_VENDOR aspen)
set(CPACK_PACKAGE_CONTACT "aspen maintainers <aspen@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Compiler and runtime for the Aspen flow-graph coordination language")
set(CPACK_PACKAGE_DESCRIPTION
    "aspenc compiles Aspen programs (a root module wiring C++ action modules
into a flow graph) into executables that run on one node or on several,
with a work-stealing fiber runtime.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libllvm16, libclang-cpp16, libantlr4-runtime4.9, clang-16, lld-16, \
libstdc++-12-dev, libboost-context${Boost_VERSION_MAJOR}.${Boost_VERSION_MINOR}.0, \
libhwloc-dev, libssl-dev, libjemalloc-dev")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "llvm-16-tools, cmake, ninja-build")
# The packages are built where the test and the user ask (cpack -B DIR);
# the source package is not offered.
set(CPACK_SOURCE_GENERATOR "")
include(CPack)
