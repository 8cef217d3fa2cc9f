# `arbiter report`: the HTML page (harness/report/html).
target_link_libraries(arbiter PRIVATE arbiter_report_html)
