# The six engine binaries: each a short main choosing its search features.
foreach(engine random greedy minimax alphabeta alphabeta-mvvlva alphabeta-mvvlva-tt)
  add_executable(${engine} ${engine}.cpp)
  target_link_libraries(${engine} PRIVATE arbiter_uci)
endforeach()
