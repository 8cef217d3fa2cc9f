#!/usr/bin/env python3
"""harness/check_floors.py on small made-up trees: it passes a tree whose includes and links point
down, and names the file, line and floors of each include or link that climbs."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_floors  # noqa: E402

TABLE = """# FLOOR | FOLDER | LIBRARIES | ROOM
#  0 | text | arbiter_text | text
#  1 | game | arbiter_game | the referee
#  2 | uci  | arbiter_uci_client | a protocol
#  2 | store | arbiter_store | SQL
#  3 | cli  | - | commands
add_subdirectory(text)
"""

FILES = {
    "harness/CMakeLists.txt": TABLE,
    "harness/text/CMakeLists.txt": "add_library(arbiter_text STATIC text.cpp)\n",
    "harness/text/text.h": "#pragma once\n#include <string>\n",
    "harness/game/CMakeLists.txt":
        "add_library(arbiter_game STATIC game.cpp)\n"
        "target_link_libraries(arbiter_game PUBLIC arbiter_text\n  arbiter_core)\n",
    "harness/game/game.h": '#pragma once\n#include "engines/core/types.h"\n'
                           '#include "harness/text/text.h"\n',
    "harness/game/game.cpp": '#include "harness/game/game.h"\n',
    "harness/game/game_test.cpp": '#include "harness/store/store.h"\n',
    "harness/uci/CMakeLists.txt": "add_library(arbiter_uci_client STATIC client.cpp)\n"
                                  "target_link_libraries(arbiter_uci_client PUBLIC arbiter_game)\n",
    "harness/uci/client.h": '#include "harness/game/game.h"\n',
    "harness/store/CMakeLists.txt": "add_library(arbiter_store STATIC store.cpp)\n",
    "harness/store/store.h": '#include "harness/game/game.h"\n',
    "harness/cli/main.cpp": '#include "harness/uci/client.h"\n#include "harness/store/store.h"\n',
    "engines/core/types.h": "#pragma once\n",
}


class CheckFloorsTest(unittest.TestCase):
    def tree(self, changes):
        """A made-up checkout: FILES with `changes` laid over them (None removes a file)."""
        directory = tempfile.TemporaryDirectory()
        self.addCleanup(directory.cleanup)
        files = dict(FILES)
        files.update(changes)
        for path, text in files.items():
            if text is None:
                continue
            full = os.path.join(directory.name, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        return check_floors.check(directory.name)

    def test_a_tree_whose_includes_and_links_point_down_passes(self):
        self.assertEqual(self.tree({}), [])

    def test_an_include_that_climbs_is_named_with_its_line_and_floors(self):
        problems = self.tree({"harness/game/game.h": '#pragma once\n#include "harness/uci/client.h"\n'})
        self.assertEqual(problems, [
            "harness/game/game.h:2: includes harness/uci/client.h: game (floor 1) may include only "
            "its own folder and floors below; uci is floor 2"])

    def test_two_folders_on_one_floor_do_not_include_each_other(self):
        problems = self.tree({"harness/store/store.h": '#include "harness/uci/client.h"\n'})
        self.assertEqual(len(problems), 1)
        self.assertIn("store (floor 2)", problems[0])
        self.assertIn("uci is floor 2", problems[0])

    def test_a_link_that_climbs_is_named(self):
        problems = self.tree({"harness/game/CMakeLists.txt":
                              "add_library(arbiter_game STATIC game.cpp)\n\n"
                              "target_link_libraries(arbiter_game PUBLIC arbiter_text\n"
                              "                      arbiter_store)\n"})
        self.assertEqual(problems, [
            "harness/game/CMakeLists.txt:3: arbiter_game links arbiter_store: game (floor 1) may "
            "link only its own folder and floors below; store is floor 2"])

    def test_a_folder_or_library_missing_from_the_table_is_named(self):
        problems = self.tree({"harness/extra/extra.h": "#pragma once\n",
                              "harness/store/CMakeLists.txt":
                                  "add_library(arbiter_store STATIC store.cpp)\n"
                                  "add_library(arbiter_store_more STATIC more.cpp)\n"})
        self.assertEqual(problems, [
            "harness/extra/extra.h: its folder is not in the floors table of harness/CMakeLists.txt",
            "harness/store/CMakeLists.txt: library arbiter_store_more is not listed in the row of "
            "store in the floors table"])

    def test_a_listed_library_that_is_not_added_is_named(self):
        problems = self.tree({"harness/store/CMakeLists.txt": "# no library yet\n"})
        self.assertEqual(problems, [
            "harness/CMakeLists.txt: the floors table lists arbiter_store in store, but "
            "harness/store/CMakeLists.txt does not add it"])

    def test_the_chess_core_never_includes_the_harness(self):
        problems = self.tree({"engines/core/types.h": '#include "harness/text/text.h"\n'})
        self.assertEqual(problems, [
            "engines/core/types.h:1: includes harness/text/text.h: engines/ never includes the "
            "harness"])

    def test_tests_may_include_any_floor(self):
        # game_test.cpp includes store/store.h (a floor up) in every tree above.
        self.assertEqual(self.tree({"harness/text/text_test.cpp": '#include "harness/cli/x.h"\n'}),
                         [])

    def test_a_sub_folder_on_a_decimal_floor_sits_between_two_floors(self):
        sub_floor = {"harness/CMakeLists.txt": TABLE + "#  1.5 | dialect/lines | arbiter_lines | x\n",
                     "harness/dialect/lines/CMakeLists.txt":
                         "add_library(arbiter_lines STATIC lines.cpp)\n"
                         "target_link_libraries(arbiter_lines PUBLIC arbiter_game)\n",
                     "harness/dialect/lines/lines.h": '#include "harness/game/game.h"\n',
                     "harness/uci/client.h": '#include "harness/dialect/lines/lines.h"\n'}
        self.assertEqual(self.tree(sub_floor), [])
        sub_floor["harness/game/game.cpp"] = '#include "harness/dialect/lines/lines.h"\n'
        self.assertEqual(self.tree(sub_floor), [
            "harness/game/game.cpp:1: includes harness/dialect/lines/lines.h: game (floor 1) may "
            "include only its own folder and floors below; dialect/lines is floor 1.5"])

    def test_a_missing_table_is_named(self):
        self.assertEqual(self.tree({"harness/CMakeLists.txt": "add_subdirectory(text)\n"}),
                         ["harness/CMakeLists.txt: no floors table (# FLOOR | FOLDER | ...)"])


if __name__ == "__main__":
    unittest.main()
