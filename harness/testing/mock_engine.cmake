# The mock UCI engine of the harness's tests (see mock_engine.cpp). Any room whose tests need it
# writes `include(${PROJECT_SOURCE_DIR}/harness/testing/mock_engine.cmake)`; the guard defines
# the target once, and tests find the binary through
# target_compile_definitions(TEST PRIVATE MOCK_ENGINE_PATH="$<TARGET_FILE:mock_engine>").
include_guard(GLOBAL)
add_executable(mock_engine ${CMAKE_CURRENT_LIST_DIR}/mock_engine.cpp)
target_link_libraries(mock_engine PRIVATE arbiter_core)
