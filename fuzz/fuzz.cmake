# Fuzz targets. Each target is one file defining LLVMFuzzerTestOneInput beside the parser it
# feeds, with a committed seed corpus in fuzz_corpus/NAME next to it.
#  - Normal build (any compiler): the target is linked with fuzz/replay_main.cpp, which runs every
#    file of the corpus once; ctest runs it under the label `fuzz`.
#  - ARBITER_FUZZ=ON (clang only; scripts/fuzz): everything is instrumented for libFuzzer with
#    AddressSanitizer and UndefinedBehaviorSanitizer, and the target is a libFuzzer binary.
option(ARBITER_FUZZ "Build the fuzz targets as libFuzzer binaries (clang; see scripts/fuzz)" OFF)
if(ARBITER_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "ARBITER_FUZZ needs clang++ (libFuzzer)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=all)
  add_link_options(-fsanitize=address,undefined)
endif()

# arbiter_fuzz(NAME SOURCE file.cpp LIBS ...) builds NAME_fuzz and, outside ARBITER_FUZZ,
# registers the replay of fuzz_corpus/NAME as the test fuzz_NAME.
function(arbiter_fuzz name)
  cmake_parse_arguments(F "" "SOURCE" "LIBS" ${ARGN})
  set(target ${name}_fuzz)
  add_executable(${target} ${F_SOURCE})
  target_link_libraries(${target} PRIVATE ${F_LIBS})
  set(corpus ${CMAKE_CURRENT_SOURCE_DIR}/fuzz_corpus/${name})
  set_property(GLOBAL APPEND PROPERTY ARBITER_FUZZ_TARGETS "${target}=${corpus}")
  if(ARBITER_FUZZ)
    target_link_options(${target} PRIVATE -fsanitize=fuzzer)
  else()
    target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/fuzz/replay_main.cpp)
    target_compile_options(${target} PRIVATE ${ARBITER_TEST_OPTIONS})
    add_test(NAME fuzz_${name} COMMAND ${target} ${corpus})
    set_tests_properties(fuzz_${name} PROPERTIES LABELS fuzz)
  endif()
endfunction()

# After every room is added: build/fuzz-targets.txt lists "target=corpus" for scripts/fuzz.
function(arbiter_write_fuzz_list)
  get_property(targets GLOBAL PROPERTY ARBITER_FUZZ_TARGETS)
  list(JOIN targets "\n" text)
  file(WRITE ${CMAKE_BINARY_DIR}/fuzz-targets.txt "${text}\n")
endfunction()
